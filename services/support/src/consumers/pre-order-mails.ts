import { EVENTS, InvalidEventError, assertEventData, type EventData, type EventEffect, type Logger } from '@inkwell/platform';
import { LIBRARY_PATH } from '../domain/order-mails';
import { SCHEDULED_TEMPLATES } from '../domain/support-templates';
import { scheduleEmail } from '../store/scheduled-emails';

export const PRE_ORDER_MAIL_EVENTS = [EVENTS.orderPlaced.type, EVENTS.orderCancelled.type] as const;

/** One release mail per order line: the key makes a redelivered event schedule nothing more. */
const dedupeKey = (orderId: string, line: number, variantId: string) => `pre-order-release:${orderId}:${line}:${variantId}`;

/**
 * A paid pre-order (`order.placed` with status Scheduled and its release date in `scheduleDate`)
 * schedules a 'pre-order-release' mail per order line for the release date; a cancelled order
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
        [`pre-order-release:${orderId.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`],
      );
      return;
    }
    const placed = event.data as EventData<'orderPlaced'>;
    if (placed.status !== 'Scheduled' || !placed.scheduleDate || !placed.email) return;
    const releaseAt = new Date(placed.scheduleDate);
    if (Number.isNaN(releaseAt.getTime())) return;
    const base = deps.publicUrl.replace(/\/+$/, '');
    for (const [line, item] of placed.items.entries()) {
      await scheduleEmail(tx, {
        to: placed.email,
        userId: placed.userId && /^[0-9a-f-]{36}$/i.test(placed.userId) ? placed.userId : null,
        templateName: SCHEDULED_TEMPLATES.preOrderRelease,
        templateData: {
          itemName: item.name ?? 'Your pre-order',
          orderNumber: placed.accountingId ?? placed.orderId,
          link: placed.userId ? `${base}${LIBRARY_PATH}` : `${base}/`,
        },
        sendFrom: releaseAt,
        reason: 'pre-order-release',
        dedupeKey: dedupeKey(placed.orderId, line, item.variantId),
      });
    }
  };
}
