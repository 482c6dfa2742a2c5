import type { DeliveryEstimate, OrderStatus } from '@inkwell/contracts/order';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DeliveryFacts {
  status: OrderStatus;
  hasPrint: boolean;
  orderDate: Date;
  /** A pre-order's release day; its Print items leave on or after it. */
  scheduleDate: Date | null;
  /** The shipping rate chosen at checkout (storefront spec §3 shipping rate). */
  deliveryTimeInDays: number | null;
  shipments: ReadonlyArray<{ shippedAt: Date; deliveredAt: Date | null }>;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const latest = (dates: readonly Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

/**
 * When the shopper's Print items should arrive: the rate's deliveryTimeInDays counted from the
 * latest parcel's shipping day once shipped, else from the later of the order date and the
 * pre-order's release day. Delivered once every parcel is marked delivered. None for an order
 * without Print items or a shipping rate, and none once it is cancelled.
 */
export function deliveryEstimate(facts: DeliveryFacts): DeliveryEstimate | null {
  if (!facts.hasPrint || facts.deliveryTimeInDays === null || facts.status === 'Cancelled') return null;
  const days = facts.deliveryTimeInDays;
  const { shipments } = facts;
  if (shipments.length > 0 && shipments.every((shipment) => shipment.deliveredAt !== null)) {
    return { basis: 'delivered', arrivesBy: dayOf(latest(shipments.map((shipment) => shipment.deliveredAt!))), deliveryTimeInDays: days };
  }
  const released = facts.scheduleDate !== null && facts.scheduleDate > facts.orderDate;
  const start = shipments.length > 0 ? latest(shipments.map((shipment) => shipment.shippedAt)) : released ? facts.scheduleDate! : facts.orderDate;
  const basis = shipments.length > 0 ? 'shipped' : released ? 'release' : 'ordered';
  return { basis, arrivesBy: dayOf(new Date(start.getTime() + days * DAY_MS)), deliveryTimeInDays: days };
}
