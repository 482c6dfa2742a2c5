import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceContext, ServiceDefinition } from '@inkwell/platform';
import { accountEmails } from './consumers/account-emails';
import { ACCOUNT_MAIL_EVENTS } from './domain/account-mails';
import { EmailDispatcher } from './email/dispatcher';
import { MailQueue } from './email/mail-queue';
import type { EmailSender } from './email/sender';
import { SmtpEmailSender } from './email/smtp-sender';
import { StoredEmailSender } from './email/stored-sender';
import { emailTemplateRoutes } from './routes/email-templates';
import { sentEmailRoutes } from './routes/sent-emails';
import { syncAuthTemplates } from './store/templates';
import { AUTH_TEMPLATE_CONTENT } from './templates/auth-templates';

const here = path.dirname(fileURLToPath(import.meta.url));

interface Email {
  sender: EmailSender;
  dispatcher: EmailDispatcher;
  queue: MailQueue;
}

/** The email parts of each running support service, so stopping the service can end them. */
const emailParts = new WeakMap<ServiceContext, Email>();

/** The email driver: SMTP when `SMTP_URL` is set, otherwise stored and readable in the dashboard. */
function emailOf(context: ServiceContext): Email {
  let email = emailParts.get(context);
  if (!email) {
    const logger = context.logger.child({ component: 'email' });
    const { smtpUrl, from } = context.config.email;
    const sender: EmailSender = smtpUrl ? new SmtpEmailSender(smtpUrl) : new StoredEmailSender(logger);
    const dispatcher = new EmailDispatcher(context.db, sender, logger);
    email = { sender, dispatcher, queue: new MailQueue(from, () => dispatcher.nudge()) };
    emailParts.set(context, email);
  }
  return email;
}

/** Sends what is queued and due now; tests await it instead of waiting for the background pass. */
export function sendQueuedEmails(context: ServiceContext): Promise<number> {
  return emailOf(context).dispatcher.drain();
}

/**
 * Support: email templates, sent emails and every transactional email. Account events become
 * mails queued in the consumer's transaction and sent after it commits.
 */
export const supportService: ServiceDefinition = {
  name: 'support',
  migrationsDir: path.resolve(here, '../migrations'),
  async routes(app, context) {
    await sentEmailRoutes(app, context);
    await emailTemplateRoutes(app, context, emailOf(context).queue);
  },
  async subscriptions(context) {
    // The templates are in place before the first account event can arrive.
    await syncAuthTemplates(context.db, AUTH_TEMPLATE_CONTENT);
    await context.consume('emails', ACCOUNT_MAIL_EVENTS, accountEmails({ publicUrl: context.config.publicUrl, queue: emailOf(context).queue, logger: context.logger }));
  },
  async onStart(context) {
    const { sender, dispatcher } = emailOf(context);
    dispatcher.start();
    context.logger.info({ driver: sender.driver }, 'email ready');
  },
  async onStop(context) {
    const email = emailParts.get(context);
    await email?.dispatcher.stop();
    await email?.sender.close();
  },
};
