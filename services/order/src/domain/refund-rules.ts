import { ORDER_STAFF_MESSAGES } from '@inkwell/contracts/dashboard-customers';
import { WHOLE_REQUEST } from '@inkwell/contracts/problems';
import { allocate, fromGrains, toGrains } from './money';
import type { OrderStatus } from './order-status';

/**
 * Staff refunds of an order (issue 23, dashboard spec §3 Refund): what may be refunded, and how much
 * a refund of chosen lines and shipping comes to. Pure: the flow (flows/staff-refund.ts) gives the
 * order and what its earlier refunds took, and records the plan.
 *
 * Amounts are cents at 4-decimal precision (domain/money.ts), computed in grains (integers):
 *  - a line of `quantity` units at `price` (whole cents each) with `tax` (the line's tax) and
 *    `couponShare` (its part of the order's coupon saving) is worth price × quantity − couponShare + tax;
 *  - refunding q of its units gives back price × q − couponShare × q / quantity + tax × q / quantity,
 *    each share rounded half up at the 4th decimal; the refund that takes the line's last units
 *    takes exactly what is left of it, so the parts of a line always add up to the line;
 *  - shipping is given back as asked, at most what is left of it;
 *  - a refund that leaves nothing (every unit and all the shipping refunded) is `full`: it takes
 *    exactly what is left of the order's total (its shipping tax and roundings included) and the
 *    order ends Cancelled; any other refund is at most what is left of the total.
 *
 * The processor refunds whole cents of the purchase's charge (`refundCents`).
 */

export interface RefundableLine {
  position: number;
  productId: number;
  variantId: number;
  name: string;
  distributionType: 'Digital' | 'Print';
  quantity: number;
  /** Whole cents, one unit. */
  price: number;
  /** The line's tax, cents at 4 decimals. */
  tax: number;
  /** The line's part of the order's coupon saving, cents at 4 decimals. */
  couponShare: number;
}

/** What earlier refunds (pending or succeeded) took of one line. */
export interface RefundedLine {
  quantity: number;
  /** Price and tax given back, cents at 4 decimals. */
  amount: number;
  tax: number;
}

export interface RefundableOrder {
  lines: readonly RefundableLine[];
  /** By position. */
  refunded: ReadonlyMap<number, RefundedLine>;
  shippingCost: number;
  refundedShipping: number;
  totalPrice: number;
  refundedTotal: number;
}

export interface RefundRequest {
  items?: ReadonlyArray<{ position: number; quantity: number }>;
  shippingAmount?: number;
}

export interface PlannedRefundItem {
  position: number;
  productId: number;
  variantId: number;
  name: string;
  distributionType: 'Digital' | 'Print';
  quantity: number;
  /** Price and tax given back, cents at 4 decimals. */
  amount: number;
  /** The tax in `amount`. */
  tax: number;
  /** These are the line's last units. */
  lineDone: boolean;
}

export interface RefundPlan {
  items: PlannedRefundItem[];
  shippingAmount: number;
  amount: number;
  /** Nothing is left to refund after it. */
  full: boolean;
  /** Digital products whose whole quantity is refunded by this refund (the reader takes them back). */
  revokedProductIds: number[];
}

export type RefundProblemReason = 'refundTooLarge' | 'itemAlreadyRefunded' | 'unknownItem' | 'nothingToRefund';

export type RefundPlanResult = { ok: true; plan: RefundPlan } | { ok: false; reason: RefundProblemReason; field: string; message: string };

const fill = (template: string, values: Record<string, string | number>): string => template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

/** q/n of an amount in grains, rounded half up. */
const shareOf = (grains: number, q: number, n: number): number => {
  if (q === n) return grains;
  const big = BigInt(grains) * BigInt(q);
  const d = BigInt(n);
  return Number((2n * big + d) / (2n * d));
};

/** The order's paid statuses a refund may start from (OnHold only when the purchase is paid: see domain/order-status.ts). */
export function refundableStatus(status: OrderStatus, { paid, refundedBefore }: { paid: boolean; refundedBefore: boolean }): boolean {
  if (!paid) return false;
  if (status === 'Scheduled' || status === 'PendingProcessing' || status === 'Processing' || status === 'Completed' || status === 'OnHold') return true;
  // A Cancelled order refunded by staff before: the rules answer what is (not) left.
  return status === 'Cancelled' && refundedBefore;
}

/** Each line's part of the order's coupon saving, by the lines' prices (largest remainder: they add up exactly). */
export function couponShares(couponSaveAmount: number, lines: ReadonlyArray<{ price: number; quantity: number }>): number[] {
  if (toGrains(couponSaveAmount) === 0 || lines.length === 0) return lines.map(() => 0);
  const weights = lines.map((line) => line.price * line.quantity);
  if (weights.every((weight) => weight === 0)) return lines.map(() => 0);
  return allocate(couponSaveAmount, weights);
}

/** What is left to refund of each line (units), of the shipping and of the total. */
export function refundableLeft(order: RefundableOrder): { quantities: Map<number, number>; shipping: number; total: number } {
  const quantities = new Map(order.lines.map((line) => [line.position, Math.max(0, line.quantity - (order.refunded.get(line.position)?.quantity ?? 0))]));
  return {
    quantities,
    shipping: fromGrains(Math.max(0, toGrains(order.shippingCost) - toGrains(order.refundedShipping))),
    total: fromGrains(Math.max(0, toGrains(order.totalPrice) - toGrains(order.refundedTotal))),
  };
}

/**
 * The refund a request asks for, or the first rule it breaks (with the request field it is about).
 * No items and no shipping amount: everything still refundable.
 */
export function planRefund(order: RefundableOrder, request: RefundRequest): RefundPlanResult {
  const left = refundableLeft(order);
  const whole = request.items === undefined && request.shippingAmount === undefined;
  const byPosition = new Map(order.lines.map((line) => [line.position, line]));

  // What is asked, line by line (a position named twice adds up).
  const asked = new Map<number, { quantity: number; index: number }>();
  if (whole) {
    for (const line of order.lines) {
      const units = left.quantities.get(line.position) ?? 0;
      if (units > 0) asked.set(line.position, { quantity: units, index: -1 });
    }
  } else {
    for (const [index, item] of (request.items ?? []).entries()) {
      const line = byPosition.get(item.position);
      const field = `items[${index}].position`;
      if (!line) return { ok: false, reason: 'unknownItem', field, message: fill(ORDER_STAFF_MESSAGES.unknownItem, { position: item.position }) };
      const units = left.quantities.get(item.position) ?? 0;
      if (units === 0) return { ok: false, reason: 'itemAlreadyRefunded', field, message: fill(ORDER_STAFF_MESSAGES.itemAlreadyRefunded, { position: item.position }) };
      const before = asked.get(item.position);
      const quantity = (before?.quantity ?? 0) + item.quantity;
      if (quantity > units) return { ok: false, reason: 'refundTooLarge', field: `items[${index}].quantity`, message: ORDER_STAFF_MESSAGES.refundTooLarge };
      asked.set(item.position, { quantity, index: before?.index ?? index });
    }
  }

  const shippingGrains = whole ? toGrains(left.shipping) : toGrains(request.shippingAmount ?? 0);
  if (shippingGrains > toGrains(left.shipping)) return { ok: false, reason: 'refundTooLarge', field: 'shippingAmount', message: ORDER_STAFF_MESSAGES.refundTooLarge };

  if (asked.size === 0 && shippingGrains === 0) {
    // A whole refund of an order with nothing left, or a request that chose nothing.
    if (whole) return { ok: false, reason: 'refundTooLarge', field: WHOLE_REQUEST, message: ORDER_STAFF_MESSAGES.refundTooLarge };
    return { ok: false, reason: 'nothingToRefund', field: request.items && request.items.length > 0 ? 'items' : WHOLE_REQUEST, message: ORDER_STAFF_MESSAGES.nothingToRefund };
  }

  const items: PlannedRefundItem[] = [];
  for (const line of order.lines) {
    const chosen = asked.get(line.position);
    if (!chosen) continue;
    const units = left.quantities.get(line.position) ?? 0;
    const before = order.refunded.get(line.position) ?? { quantity: 0, amount: 0, tax: 0 };
    const lineDone = chosen.quantity === units;
    const taxGrains = toGrains(line.tax);
    const lineGrains = line.price * line.quantity * 100 - toGrains(line.couponShare) + taxGrains;
    let amount: number;
    let tax: number;
    if (lineDone) {
      // The line's last units: exactly what is left of it.
      amount = Math.max(0, lineGrains - toGrains(before.amount));
      tax = Math.max(0, taxGrains - toGrains(before.tax));
    } else {
      tax = shareOf(taxGrains, chosen.quantity, line.quantity);
      const coupon = shareOf(toGrains(line.couponShare), chosen.quantity, line.quantity);
      amount = Math.min(line.price * chosen.quantity * 100 - coupon + tax, Math.max(0, lineGrains - toGrains(before.amount)));
    }
    items.push({
      position: line.position,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      distributionType: line.distributionType,
      quantity: chosen.quantity,
      amount: fromGrains(amount),
      tax: fromGrains(Math.min(tax, amount)),
      lineDone,
    });
  }

  const allLinesDone = order.lines.every((line) => (left.quantities.get(line.position) ?? 0) === (asked.get(line.position)?.quantity ?? 0));
  const full = allLinesDone && shippingGrains === toGrains(left.shipping);
  const totalLeft = toGrains(left.total);
  const asking = items.reduce((sum, item) => sum + toGrains(item.amount), 0) + shippingGrains;
  if (!full && asking > totalLeft) return { ok: false, reason: 'refundTooLarge', field: WHOLE_REQUEST, message: ORDER_STAFF_MESSAGES.refundTooLarge };
  const amount = full ? totalLeft : asking;
  if (amount <= 0) return { ok: false, reason: whole ? 'refundTooLarge' : 'nothingToRefund', field: WHOLE_REQUEST, message: whole ? ORDER_STAFF_MESSAGES.refundTooLarge : ORDER_STAFF_MESSAGES.nothingToRefund };

  return {
    ok: true,
    plan: {
      items,
      shippingAmount: fromGrains(shippingGrains),
      amount: fromGrains(amount),
      full,
      revokedProductIds: [...new Set(items.filter((item) => item.lineDone && item.distributionType === 'Digital').map((item) => item.productId))],
    },
  };
}

/**
 * Whole cents to refund at the processor for a refund of `amount` (cents at 4 decimals) of a
 * purchase whose earlier refunds (pending or succeeded, of any of its orders) came to `before`:
 * rounded cumulatively, half up — the cents refunded so far are always the half-up rounding of
 * the 4-decimal amounts refunded so far, so several partial refunds never drift from their sum,
 * and refunding every order of the purchase in full gives back exactly the charge (`amountDue` is
 * the half-up rounding of the purchase's total). Never more than what is left of the charge.
 */
export function refundCents({ amount, before, amountDue }: { amount: number; before: number; amountDue: number }): number {
  const roundHalfUp = (grains: number) => Math.floor((grains + 50) / 100);
  const beforeGrains = toGrains(before);
  const centsBefore = Math.min(amountDue, roundHalfUp(beforeGrains));
  const centsAfter = Math.min(amountDue, roundHalfUp(beforeGrains + toGrains(amount)));
  return Math.max(0, centsAfter - centsBefore);
}
