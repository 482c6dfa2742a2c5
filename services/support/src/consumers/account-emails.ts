import { InvalidEventError, type EventEffect, type Logger } from '@inkwell/platform';
import { mailForAccountEvent } from '../domain/account-mails';
import { MESSAGES } from '../domain/messages';
import { renderEmail } from '../domain/render';
import type { MailQueue } from '../store/mail-queue';
import { contentOf, findTemplateByName } from '../store/templates';
import type { AccountLinks } from '../peers/account-links';

/**
 * Account events → the verification, password-reset and email-change mails. Runs in the inbox's
 * transaction, so the mail is queued exactly once per event however often it is delivered. The
 * events name their link by id only; the account service issues the link as the mail is composed.
 */
export function accountEmails(deps: { publicUrl: string; links: Pick<AccountLinks, 'issue'>; queue: MailQueue; logger: Logger }): EventEffect {
  return async (tx, event) => {
    let request;
    try {
      request = mailForAccountEvent(event.type, event.data, deps.publicUrl);
    } catch (error) {
      // Redelivering data that breaks the catalogue's schema cannot fix it: record and move on.
      if (!(error instanceof InvalidEventError)) throw error;
      deps.logger.error({ eventId: event.id, type: event.type, err: error }, 'account event with invalid data; no email sent');
      return;
    }
    if (!request) return;
    const template = await findTemplateByName(tx, 'auth', request.template);
    // Thrown, so the event stays undelivered and is retried once the template exists. Checked
    // before the link is issued: a link is issued once, and a retry could not get it again.
    if (!template) throw new Error(MESSAGES.authTemplateMissing(request.template));
    let values = request.values;
    if (request.linkId) {
      const link = await deps.links.issue(request.linkId);
      if (link === undefined) {
        deps.logger.warn({ eventId: event.id, type: event.type, linkId: request.linkId }, 'the account service no longer issues this link; no email sent');
        return;
      }
      values = { ...values, link };
    }
    await deps.queue.add(tx, {
      to: request.to,
      content: renderEmail(contentOf(template), values),
      templateName: template.name,
      userId: request.userId,
      sourceEventId: event.id,
    });
  };
}
