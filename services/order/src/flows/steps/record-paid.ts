import { nextOrderStatus } from '../../domain';
import { findPurchase, ordersOfPurchase, setOrderStatus } from '../../store/purchases';
import { done, type FlowStep } from '../flow';
import { completed, placed } from '../order-events';
import { cancelRefunded } from '../refund-purchase';
import type { ChargeOutput } from './charge';
import type { PlaceContext } from './context';

/**
 * The charge went through (or none was needed): in one transaction the purchase becomes Paid, each
 * order moves by the status rule (Scheduled for a pre-order, PendingProcessing with Print, else
 * Completed) and `order.placed` — and, for what is available now, `order.completed`, which grants
 * the Digital items — go out through the outbox. Run again, it finds the purchase Paid and does nothing.
 */
export const recordPaid: FlowStep<PlaceContext, Record<string, never>> = {
  name: 'record-paid',
  recordWithNext: true,
  async run({ deps, purchase: { id } }, log) {
    const { payment } = log.get('charge')?.output as ChargeOutput;
    await deps.db.transaction(async (tx) => {
      const purchase = await findPurchase(tx, id, { lock: true });
      if (!purchase || !['Paying', 'RequiresAction', 'Failed'].includes(purchase.state)) return;
      const now = deps.now();
      for (const order of await ordersOfPurchase(tx, id, { lock: true })) {
        const releaseAhead = order.scheduleDate !== null && order.scheduleDate > now;
        const next = nextOrderStatus(order.status, { type: 'paymentSucceeded', hasPrint: order.hasPrint, releaseAhead });
        if (!next.ok) continue;
        await setOrderStatus(tx, order.id, next.status, { completed: next.status === 'Completed', history: { from: order.status, cause: 'paid' } });
        await placed(deps.outbox, tx, purchase, order, next.status);
        if (!releaseAhead) await completed(deps.outbox, tx, purchase, order);
      }
      await tx.query(`UPDATE purchases SET state = 'Paid', payment = $2, payment_id = coalesce($3, payment_id), updated_at = now() WHERE id = $1`, [id, JSON.stringify(payment), payment.paymentId]);
    });
    return done({});
  },
  /** Cancels the orders with their refund recorded (`order.cancelled`, `order.refunded` for what was owned) and marks the purchase Compensated. */
  async undo({ deps, purchase }, _output, log) {
    const reason = [...log.values()].find((record) => record.status === 'failed')?.error ?? 'The purchase could not be completed. Your payment has been refunded in full.';
    const current = (await findPurchase(deps.db, purchase.id)) ?? purchase;
    await cancelRefunded(deps, current, reason, { compensated: true });
  },
};
