import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmailSender, EVENTS, type ServiceDefinition } from '@inkwell/platform';
import { eraseAccount } from './consumers/account-erasure';
import { accountEmails } from './consumers/account-emails';
import { orderEmails } from './consumers/order-emails';
import { ACCOUNT_MAIL_EVENTS } from './domain/account-mails';
import { AUTH_TEMPLATE_CONTENT } from './domain/auth-templates';
import { ORDER_MAIL_EVENTS } from './domain/order-mails';
import { ORDER_TEMPLATE_CONTENT } from './domain/order-templates';
import { EmailDispatcher } from './flows/email-dispatcher';
import { EmailScheduler } from './flows/email-scheduler';
import { displayNameOf, mailbox } from './domain/reply-headers';
import { PRE_ORDER_MAIL_EVENTS, preOrderMails } from './consumers/pre-order-mails';
import { SUPPORT_TEMPLATE_CONTENT } from './domain/support-templates';
import { scheduledEmailRoutes } from './routes/scheduled-emails';
import { InboundListener } from './flows/inbound-listener';
import { receiveInboundMail } from './flows/inbound-mail';
import { MailQueue } from './store/mail-queue';
import { AccountLinks } from './peers/account-links';
import { ReportLinks } from './peers/report-links';
import { REPORT_MAIL_EVENTS, reportMails } from './consumers/report-mails';
import { REPORT_TEMPLATE_CONTENT } from './domain/report-templates';
import { AccountStaff } from './peers/account-staff';
import { emailTemplateRoutes } from './routes/email-templates';
import { sentEmailRoutes } from './routes/sent-emails';
import { emailEventRoutes } from './routes/email-events';
import { emailProviderRoutes } from './routes/email-provider';
import { listConfiguredIdentities } from './store/email-identities';
import { supportTicketRoutes } from './routes/support-tickets';
import { ticketReplyRoutes } from './routes/ticket-replies';
import { submittedFormRoutes } from './routes/submitted-forms';
import { installShippedTemplates, syncAuthTemplates } from './store/templates';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What scripts and tests reach of a running support service. */
export interface SupportParts {
  /** Sends what is queued and due now; tests await it instead of waiting for the background pass. */
  sendQueuedEmails(): Promise<number>;
  /** Queues the scheduled emails due now (within the daily budget); tests await it, then sendQueuedEmails. */
  runScheduledEmails(): Promise<number>;
  /** The inbound SMTP listener's bound port (SUPPORT_SMTP_PORT; undefined when it is off). */
  inboundSmtpPort(): number | undefined;
}

/**
 * Support: email templates, sent emails and every transactional email. Account events become
 * mails queued in the consumer's transaction and sent after it commits.
 */
export const supportService: ServiceDefinition<SupportParts> = {
  name: 'support',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup(context) {
    const logger = context.logger.child({ component: 'email' });
    // The templates are in place before the first account event can arrive.
    await syncAuthTemplates(context.db, AUTH_TEMPLATE_CONTENT);
    await installShippedTemplates(context.db, [...ORDER_TEMPLATE_CONTENT, ...SUPPORT_TEMPLATE_CONTENT, ...REPORT_TEMPLATE_CONTENT]);
    const sender = createEmailSender(context.config, logger);
    const dispatcher = new EmailDispatcher(context.db, sender, logger);
    const queue = new MailQueue(context.config.email.from, () => dispatcher.nudge());
    const scheduler = new EmailScheduler(context.db, queue, logger, { dailyCap: context.config.email.dailySendCap, storeUrl: `${context.config.publicUrl.replace(/\/+$/, '')}/`, supportFrom: mailbox(displayNameOf(context.config.email.from), context.config.support.address) });
    // The embedded and SMTP drivers list the configured senders as identities (SES keeps its own).
    if (!sender.account) await listConfiguredIdentities(context.db, [context.config.email.from, context.config.support.address]);
    const links = new AccountLinks(context.config.peers.account.grpcAddress);
    const reportLinks = new ReportLinks(context.config.peers.analytics.grpcAddress);
    const staff = new AccountStaff(context.config.peers.account.grpcAddress);
    const { support } = context.config;
    const inbound = support.inboundSmtp
      ? new InboundListener(
          { ...support.inboundSmtp, supportAddress: support.address, maxMessageBytes: support.maxMessageBytes },
          (raw, envelope) =>
            receiveInboundMail(
              {
                db: context.db,
                files: context.files,
                logger: context.logger.child({ component: 'inbound-mail' }),
                settings: {
                  supportAddress: support.address,
                  ownAddresses: [context.config.email.from, support.address],
                  maxAttachments: support.maxAttachments,
                  maxAttachmentBytes: support.maxAttachmentBytes,
                },
              },
              raw,
              envelope,
            ),
          context.logger.child({ component: 'inbound-smtp' }),
        )
      : undefined;
    return {
      async routes(app) {
        await sentEmailRoutes(app, context);
        await scheduledEmailRoutes(app, context);
        await emailProviderRoutes(app, context, { sender, queue });
        await app.register(emailEventRoutes, { db: context.db, logger: context.logger.child({ component: 'email-events' }), topicArns: context.config.email.ses?.snsTopicArns ?? [] });
        await supportTicketRoutes(app, context, staff);
        await emailTemplateRoutes(app, context, queue);
        await ticketReplyRoutes(app, context, queue, () => dispatcher.nudge());
        await submittedFormRoutes(app, context, queue);
      },
      subscriptions: [
        { group: 'emails', types: ACCOUNT_MAIL_EVENTS, effect: accountEmails({ publicUrl: context.config.publicUrl, links, queue, logger: context.logger }) },
        { group: 'pre-order-mails', types: PRE_ORDER_MAIL_EVENTS, effect: preOrderMails({ publicUrl: context.config.publicUrl, logger: context.logger }) },
        { group: 'order-emails', types: ORDER_MAIL_EVENTS, effect: orderEmails({ publicUrl: context.config.publicUrl, queue, logger: context.logger }) },
        { group: 'report-mails', types: REPORT_MAIL_EVENTS, effect: reportMails({ publicUrl: context.config.publicUrl, links: reportLinks, queue, logger: context.logger }) },
        { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: eraseAccount({ files: context.files, logger: context.logger.child({ component: 'erasure' }) }) },
      ],
      async onStart() {
        dispatcher.start();
        scheduler.start();
        await inbound?.start();
        context.logger.info({ driver: sender.driver }, 'email ready');
      },
      async close() {
        await inbound?.close();
        await scheduler.stop();
        await dispatcher.stop();
        await sender.close();
        links.close();
        reportLinks.close();
        staff.close();
      },
      exposed: { sendQueuedEmails: () => dispatcher.drain(), runScheduledEmails: () => scheduler.drain(), inboundSmtpPort: () => inbound?.port() },
    };
  },
};
