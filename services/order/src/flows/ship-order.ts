import { ORDER_STAFF_MESSAGES, type ShipOrderBody } from '@inkwell/contracts/dashboard-customers';
import { ConflictError, EVENTS, NotFoundError } from '@inkwell/platform';
import { nextOrderStatus } from '../domain';
import { recordOrderAudit, recordStatusMove, type OrderActor } from '../store/order-history';
import { accountingIdOf, setOrderStatus } from '../store/purchases';
import { factsOf, loadOrderState } from '../store/staff-orders';
import { statusMoveRefusal, type StaffOrderDeps } from './edit-order';
import { withEmail } from './order-events';

/**
 * Print fulfilment (issue 23). Both touch only the order database, so each is one transaction
 * rather than a step flow: nothing outside it needs undoing.
 *
 * Ship: a PendingProcessing order (or a Processing one sending another parcel) with Print items gets
 * a shipment with the carrier and tracking number, moves to Processing (fulfilmentStarted), and
 * `order.shipped` asks the support service for the shipped email. The same carrier and tracking
 * number again is the same parcel: nothing more is recorded. No Print items: 409 noPrintItems; any
 * other status: 409 notShippable.
 */
export async function shipOrder(deps: StaffOrderDeps, actor: OrderActor, orderId: string, body: ShipOrderBody): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const state = await loadOrderState(tx, orderId, { lock: true });
    if (!state) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
    const { order, purchase } = state;
    if (!factsOf(state, deps.now()).hasPrint) throw new ConflictError(ORDER_STAFF_MESSAGES.noPrintItems);
    const next = nextOrderStatus(order.status, { type: 'fulfilmentStarted' });
    if (!next.ok) throw new ConflictError(ORDER_STAFF_MESSAGES.notShippable);
    const carrier = body.carrier.trim();
    const trackingNumber = body.trackingNumber.trim();
    const trackingUrl = body.trackingUrl?.trim() || null;
    // A repeat (a double click) of a parcel already recorded records nothing and sends no second email.
    const { rowCount } = await tx.query('SELECT 1 FROM order_shipments WHERE order_id = $1 AND lower(carrier) = lower($2) AND upper(tracking_number) = upper($3)', [orderId, carrier, trackingNumber]);
    if ((rowCount ?? 0) > 0) return;
    await tx.query('INSERT INTO order_shipments (order_id, carrier, tracking_number, tracking_url, actor_id, actor_email) VALUES ($1, $2, $3, $4, $5, $6)', [
      orderId,
      carrier,
      trackingNumber,
      trackingUrl,
      actor.id,
      actor.email,
    ]);
    if (next.changed) {
      await setOrderStatus(tx, orderId, next.status);
      await recordStatusMove(tx, { orderId, from: order.status, to: next.status, cause: 'shipped', actor });
    }
    await recordOrderAudit(tx, {
      entity: 'order',
      entityId: orderId,
      action: 'ship',
      actor,
      changes: { carrier: { from: null, to: carrier }, trackingNumber: { from: null, to: trackingNumber }, ...(next.changed ? { orderStatus: { from: order.status, to: next.status } } : {}) },
    });
    await deps.outbox.add(tx, {
      type: EVENTS.orderShipped.type,
      key: orderId,
      data: {
        orderId,
        ...(order.userId ? { userId: order.userId } : {}),
        ...withEmail(purchase),
        accountingId: accountingIdOf(order),
        carrier,
        trackingNumber,
        ...(trackingUrl ? { trackingUrl } : {}),
      },
    });
  });
}

/**
 * Complete: the parcel arrived. Processing (or PendingProcessing handed over without tracking) →
 * Completed (fulfilmentFinished), the shipments delivered. No `order.completed`: that event says the
 * items are owned, and it was sent when the order was paid (the reader granted what is Digital then).
 */
export async function completeOrder(deps: StaffOrderDeps, actor: OrderActor, orderId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const state = await loadOrderState(tx, orderId, { lock: true });
    if (!state) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
    const { order } = state;
    if (!factsOf(state, deps.now()).hasPrint) throw new ConflictError(ORDER_STAFF_MESSAGES.noPrintItems);
    const next = nextOrderStatus(order.status, { type: 'fulfilmentFinished' });
    if (!next.ok) throw statusMoveRefusal(order.status, 'Completed', next.reason);
    if (!next.changed) throw new ConflictError(ORDER_STAFF_MESSAGES.notShippable);
    await setOrderStatus(tx, orderId, next.status, { completed: true });
    await tx.query('UPDATE order_shipments SET delivered_at = now() WHERE order_id = $1 AND delivered_at IS NULL', [orderId]);
    await recordStatusMove(tx, { orderId, from: order.status, to: next.status, cause: 'completed', actor });
    await recordOrderAudit(tx, { entity: 'order', entityId: orderId, action: 'complete', actor, changes: { orderStatus: { from: order.status, to: next.status } } });
  });
}
