import { InvalidEventError, type EventEffect, type Logger } from '@inkwell/platform';
import { MESSAGES } from '../domain/messages';
import { mailForOrderEvent } from '../domain/order-mails';
import { MissingValuesError, renderEmail } from '../domain/render';
import type { MailQueue } from '../store/mail-queue';
import { contentOf, findTemplateByName } from '../store/templates';

/**
 * Order events → the order confirmation, pre-order release, cancellation and refund mails, from
 * the database templates staff may edit. Runs in the inbox's transaction, so the mail is queued
 * exactly once per event however often it is delivered.
 */
export function orderEmails(deps: { publicUrl: string; queue: MailQueue; logger: Logger }): EventEffect {
  return async (tx, event) => {
    let request;
    try {
      request = mailForOrderEvent(event.type, event.data, deps.publicUrl);
    } catch (error) {
      // Redelivering data that breaks the catalogue's schema cannot fix it: record and move on.
      if (!(error instanceof InvalidEventError)) throw error;
      deps.logger.error({ eventId: event.id, type: event.type, err: error }, 'order event with invalid data; no email sent');
      return;
    }
    if (!request) return;
    if (!request.to) {
      deps.logger.info({ eventId: event.id, type: event.type, orderId: request.orderId }, 'order event names no email address; nothing to send to');
      return;
    }
    const template = await findTemplateByName(tx, 'db', request.template);
    // Thrown, so the event stays undelivered and is retried once staff restore or fix the
    // template: a confirmation sent late is better than none, or one with a hole in it.
    if (!template) throw new Error(MESSAGES.orderTemplateMissing(request.template));
    let content;
    try {
      content = renderEmail(contentOf(template), request.values);
    } catch (error) {
      if (!(error instanceof MissingValuesError)) throw error;
      throw new Error(MESSAGES.orderTemplateValues(template.name, error.missing), { cause: error });
    }
    await deps.queue.add(tx, { to: request.to, content, templateName: template.name, userId: request.userId, sourceEventId: event.id });
  };
}
