import { EVENTS, InvalidEventError, assertEventData, type EventData, type EventEffect, type Logger } from '@inkwell/platform';
import { LIBRARY_PATH } from '../domain/order-mails';
import { SCHEDULED_TEMPLATES } from '../domain/support-templates';
import { scheduleEmail } from '../store/scheduled-emails';

export const PRE_ORDER_MAIL_EVENTS = [EVENTS.orderPlaced.type, EVENTS.orderCancelled.type] as const;

/** One reminder per order line: the key makes a redelivered event schedule nothing more. */
const dedupeKey = (orderId: string, line: number, variantId: string) => `pre-order-reminder:${orderId}:${line}:${variantId}`;
/** The reminder goes out this long before the release. */
const REMINDER_LEAD_MS = 86_400_000;

/**
 * A paid pre-order (`order.placed` with status Scheduled and its release date in `scheduleDate`)
 * schedules a 'pre-order-reminder' mail per order line for the day before its release (none when
 * that moment has passed: the release mail of the order mails follows soon); a cancelled order
 * cancels the ones still waiting. Runs in the inbox's transaction.
 */
export function preOrderMails(deps: { publicUrl: string; logger: Logger }): EventEffect {
  return async (tx, event) => {
    try {
      assertEventData(event.type, event.data);
    } catch (error) {
      if (!(error instanceof InvalidEventError)) throw error;
      deps.logger.error({ eventId: event.id, type: event.type }, 'order event with invalid data; no release mail scheduled');
      return;
    }
    if (event.type === EVENTS.orderCancelled.type) {
      const { orderId } = event.data as EventData<'orderCancelled'>;
      await tx.query(
        `UPDATE scheduled_emails SET status = 'Cancelled', note = 'The order was cancelled.', last_edited = now()
          WHERE dedupe_key LIKE $1 AND status IN ('Scheduled', 'Deferred')`,
        [`pre-order-reminder:${orderId.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`],
      );
      return;
    }
    const placed = event.data as EventData<'orderPlaced'>;
    if (placed.status !== 'Scheduled' || !placed.scheduleDate || !placed.email) return;
    const remindAt = new Date(new Date(placed.scheduleDate).getTime() - REMINDER_LEAD_MS);
    if (Number.isNaN(remindAt.getTime()) || remindAt.getTime() <= new Date(event.occurredAt).getTime()) return;
    const base = deps.publicUrl.replace(/\/+$/, '');
    for (const [line, item] of placed.items.entries()) {
      await scheduleEmail(tx, {
        to: placed.email,
        userId: placed.userId && /^[0-9a-f-]{36}$/i.test(placed.userId) ? placed.userId : null,
        templateName: SCHEDULED_TEMPLATES.preOrderReminder,
        templateData: {
          itemName: item.name ?? 'Your pre-order',
          orderNumber: placed.accountingId ?? placed.orderId,
          link: placed.userId ? `${base}${LIBRARY_PATH}` : `${base}/`,
        },
        sendFrom: remindAt,
        reason: 'pre-order-reminder',
        dedupeKey: dedupeKey(placed.orderId, line, item.variantId),
      });
    }
  };
}
