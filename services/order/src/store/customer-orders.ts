import { ORDER_STATUS_LABELS, type OrderDetail, type OrderStatus } from '@inkwell/contracts/order';
import type { Queryable } from '@inkwell/platform';
import { deliveryEstimate } from '../domain';
import { addressesOf, loadOrderState, shipmentsOf } from './staff-orders';
import { orderView } from './purchases';

/**
 * GET /order/{id} for its buyer: the order with its status timeline, its parcels and when they
 * should arrive. The timeline starts with the order's placing (PendingPayment at the order date)
 * and follows every recorded move oldest first; it names statuses only (who moved them and why
 * is staff's). The shipping address is the one the order uses now (staff's correction, if any).
 * Undefined when there is no such order.
 */
export async function loadCustomerOrder(db: Queryable, orderId: string): Promise<{ detail: OrderDetail; userId: string | null } | undefined> {
  const state = await loadOrderState(db, orderId);
  if (!state) return undefined;
  const { order, purchase } = state;
  const { rows: moves } = await db.query<{ to_status: OrderStatus; at: Date }>('SELECT to_status, at FROM order_status_history WHERE order_id = $1 ORDER BY at, id', [orderId]);
  const statusHistory = [{ status: 'PendingPayment' as OrderStatus, at: order.orderDate }, ...moves.map((move) => ({ status: move.to_status, at: move.at }))].map((move) => ({
    status: move.status,
    label: ORDER_STATUS_LABELS[move.status],
    at: move.at.toISOString(),
  }));
  const shipments = (await shipmentsOf(db, orderId)).map(({ carrier, trackingNumber, trackingUrl, shippedAt, deliveredAt }) => ({ carrier, trackingNumber, trackingUrl, shippedAt, deliveredAt }));
  const view = orderView(order, purchase);
  const estimate = deliveryEstimate({
    status: order.status,
    hasPrint: order.hasPrint,
    orderDate: order.orderDate,
    scheduleDate: order.scheduleDate,
    deliveryTimeInDays: view.shippingMethod?.deliveryTimeInDays ?? null,
    shipments: shipments.map((shipment) => ({ shippedAt: new Date(shipment.shippedAt), deliveredAt: shipment.deliveredAt ? new Date(shipment.deliveredAt) : null })),
  });
  return {
    userId: purchase.userId,
    detail: { ...view, shippingAddress: addressesOf(state).shippingAddress, statusHistory, shipments, deliveryEstimate: estimate },
  };
}
