import { EVENTS } from '@inkwell/platform';
import { nextOrderStatus } from '../domain';
import { recordStatusMove } from '../store/order-history';
import { accountingIdOf, findPurchase, ordersOfPurchase, type PurchaseRecord } from '../store/purchases';
import type { CheckoutDeps } from './deps';
import { done, runFlow, type FlowResult, type FlowStep } from './flow';
import { totalOf, withEmail } from './order-events';

/**
 * A purchase refunded in full (compensation, or a refund made at the processor): each order
 * Cancelled with its refund recorded, `order.cancelled`, and `order.refunded` for what was already
 * owned so the reader takes access back. Done once: a purchase whose orders are all Cancelled is left as it is.
 */
export async function cancelRefunded(deps: CheckoutDeps, purchase: PurchaseRecord, reason: string, { compensated }: { compensated: boolean }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await findPurchase(tx, purchase.id, { lock: true });
    if (!locked || locked.state === 'Compensated') return;
    const orders = await ordersOfPurchase(tx, purchase.id, { lock: true });
    if (orders.every((order) => order.status === 'Cancelled') && !compensated) return;
    for (const order of orders) {
      if (order.status === 'Cancelled') continue;
      const wasOwned = order.status === 'Completed' || order.status === 'PendingProcessing' || order.status === 'Processing';
      const next = nextOrderStatus(order.status, { type: 'refunded', full: true });
      const status = next.ok ? next.status : 'Cancelled';
      const refund = { refundReason: reason, orderRefundItems: order.items.map((item) => ({ productId: item.productId, variantId: item.variantId, amount: item.price * item.quantity })), shippingAmount: order.shippingCost, amount: order.totalPrice, refundedAt: deps.now().toISOString() };
      await tx.query(`UPDATE orders SET status = $2, refund = $3, updated_at = now() WHERE id = $1`, [order.id, status, JSON.stringify(refund)]);
      await recordStatusMove(tx, { orderId: order.id, from: order.status, to: status, cause: 'refund', actor: null });
      await deps.outbox.add(tx, { type: EVENTS.orderCancelled.type, key: order.id, data: { orderId: order.id, purchaseId: purchase.id, ...(purchase.userId ? { userId: purchase.userId } : {}), ...withEmail(purchase), accountingId: accountingIdOf(order), reason } });
      if (wasOwned) {
        await deps.outbox.add(tx, {
          type: EVENTS.orderRefunded.type,
          key: order.id,
          data: { orderId: order.id, ...(purchase.userId ? { userId: purchase.userId } : {}), ...withEmail(purchase), accountingId: accountingIdOf(order), amount: totalOf(order), productIds: order.items.map((item) => String(item.productId)) },
        });
      }
    }
    if (compensated) await tx.query(`UPDATE purchases SET state = 'Compensated', last_error = $2, updated_at = now() WHERE id = $1`, [purchase.id, reason]);
  });
}

/** What the steps of a full refund share: the purchase, why, and whether the processor refunded it already. */
export interface RefundContext {
  deps: CheckoutDeps;
  purchase: PurchaseRecord;
  reason: string;
  /** The money went back at the processor (its dashboard, a dispute): only the orders are left to cancel. */
  refundedAtProcessor: boolean;
}

/** Gives the whole charge back (once: the refund's key is the purchase's); throwing leaves the flow for the sweeper. */
export const refundCharge: FlowStep<RefundContext, { refunded: number }> = {
  name: 'refund:refund-charge',
  async run({ deps, purchase, refundedAtProcessor }) {
    if (refundedAtProcessor || !purchase.paymentId || purchase.amountDue <= 0) return done({ refunded: 0 });
    const refund = await deps.payments.refund({ paymentId: purchase.paymentId, amount: purchase.amountDue, idempotencyKey: `refund:${purchase.id}`, reason: 'requested_by_customer' });
    if (refund.status === 'failed') throw new Error(`refund of ${purchase.id} failed: ${refund.failure?.message ?? 'unknown'}`);
    return done({ refunded: purchase.amountDue });
  },
};

/** Cancels the orders with their refund recorded and takes access back (see `cancelRefunded`). */
export const cancelOrders: FlowStep<RefundContext, Record<string, never>> = {
  name: 'refund:cancel-orders',
  async run({ deps, purchase, reason }) {
    await cancelRefunded(deps, purchase, reason, { compensated: false });
    return done({});
  },
};

export const REFUND_PURCHASE_STEPS = [refundCharge, cancelOrders] as const;

/**
 * A full refund of a paid purchase as steps (the money first, then the orders), each recorded: a
 * crash resumes after the last recorded step. The processor's own refunds come here with
 * `refundedAtProcessor`; staff refunds will too. A Compensated purchase is refunded already.
 * Undefined when this process is running a flow of the purchase now: the processor's word on the
 * refund that flow just made is left to it, so the orders are cancelled once, with its reason.
 */
export async function refundPurchase(deps: CheckoutDeps, purchase: PurchaseRecord, reason: string, { refundedAtProcessor }: { refundedAtProcessor: boolean }): Promise<FlowResult | undefined> {
  // Compensated: refunded and cancelled by the checkout's own undo already (its refund's event comes back here).
  if (purchase.state === 'Compensated') return { status: 'completed', log: new Map() };
  if (deps.active.has(purchase.id)) return undefined;
  deps.active.add(purchase.id);
  try {
    return await runFlow({ db: deps.db, logger: deps.logger, purchaseId: purchase.id, context: { deps, purchase, reason, refundedAtProcessor }, steps: REFUND_PURCHASE_STEPS });
  } finally {
    deps.active.delete(purchase.id);
  }
}
