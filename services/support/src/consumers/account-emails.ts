import { InvalidEventError, type EventEffect, type Logger } from '@inkwell/platform';
import { mailForAccountEvent } from '../domain/account-mails';
import { renderEmail } from '../domain/render';
import type { MailQueue } from '../email/mail-queue';
import { contentOf, findTemplateByName } from '../store/templates';

/**
 * Account events → the verification, password-reset and email-change mails. Runs in the inbox's
 * transaction, so the mail is queued exactly once per event however often it is delivered.
 */
export function accountEmails(deps: { publicUrl: string; queue: MailQueue; logger: Logger }): EventEffect {
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
    // Thrown, so the event stays undelivered and is retried once the template exists.
    if (!template) throw new Error(`The authentication template ${request.template} is missing`);
    await deps.queue.add(tx, {
      to: request.to,
      content: renderEmail(contentOf(template), request.values),
      templateName: template.name,
      userId: request.userId,
      sourceEventId: event.id,
    });
  };
}
