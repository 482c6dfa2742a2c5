import { allocate, fromGrains, round4, sum4, toGrains } from './money';
import type { DistributionType } from './tax';

/**
 * One purchase, one or more orders (storefront spec §4: "a purchase with several orders can be split
 * by variant schedule date"). What is available now is one order; what is released later is one
 * order per release day (UTC), pre-orders apart from the rest; a pre-order without a date is an
 * order of its own. The purchase's coupon saving and shipping are shared out so the orders' parts
 * add up exactly to the purchase's:
 *
 * - the coupon saving goes to the lines the coupon covers, in proportion to their amounts (largest
 *   remainder, in hundredths of a cent), so no line is discounted below zero;
 * - shipping goes to the orders that hold Print items, in proportion to their Print weight (or,
 *   when a weight is unknown, their Print units).
 *
 * Tax comes after: each order's tax is salesTax() over its lines' taxable amounts and its shipping
 * share; lines are taxed one by one, so the purchase's tax is the sum of its orders'.
 */

export interface PurchaseItem {
  productId: number;
  variantId: number;
  distributionType: DistributionType;
  /** Price of one unit, whole minor units. */
  price: number;
  quantity: number;
  /** When the variant is released; null or past: available now. */
  scheduleDate: Date | string | null;
  isPreOrder: boolean;
  /** Whether the purchase's coupon applies to this item (default: yes). */
  couponCovered?: boolean;
  /** Weight of one Print unit, for sharing shipping. */
  weightLb?: number | null;
}

export interface SplitLine extends PurchaseItem {
  /** price × quantity. */
  amount: number;
  /** This line's part of the coupon saving, 4-decimal precision. */
  couponShare: number;
  /** amount − couponShare: what tax is charged on. */
  taxableAmount: number;
}

export interface SplitOrder {
  /**
   * 'now'; the UTC release day 'YYYY-MM-DD' (items released later that are not pre-orders);
   * 'YYYY-MM-DD:pre-order'; or 'pre-order' for pre-orders without a date.
   */
  key: string;
  /** When every item of the order is released; null for what is available now or has no date yet. */
  releaseAt: Date | null;
  isPreOrder: boolean;
  hasPrint: boolean;
  lines: SplitLine[];
  /** Sum of the lines' amounts, whole minor units. */
  subtotal: number;
  /** 4-decimal precision. */
  couponSaveAmount: number;
  /** 4-decimal precision. */
  shippingCost: number;
  /** subtotal − couponSaveAmount + shippingCost, before tax. */
  total: number;
}

export interface SplitOptions {
  /** The purchase's coupon saving, 4-decimal precision (the cart's couponSaveAmount). */
  couponSaveAmount?: number;
  /** The chosen shipping rate's totalPrice. */
  shippingCost?: number;
}

export class SplitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SplitError';
  }
}

function releaseDate(item: PurchaseItem, index: number): Date | null {
  if (item.scheduleDate === null || item.scheduleDate === undefined) return null;
  const date = item.scheduleDate instanceof Date ? item.scheduleDate : new Date(item.scheduleDate);
  if (Number.isNaN(date.getTime())) throw new SplitError(`items[${index}].scheduleDate is not a date: ${String(item.scheduleDate)}`);
  return date;
}

function checkItem(item: PurchaseItem, index: number): void {
  if (item.distributionType !== 'Digital' && item.distributionType !== 'Print') throw new SplitError(`items[${index}].distributionType is Digital or Print.`);
  if (!Number.isSafeInteger(item.price) || item.price < 0) throw new SplitError(`items[${index}].price is a whole number of minor units of 0 or more.`);
  if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) throw new SplitError(`items[${index}].quantity is a whole number from 1.`);
  if (item.weightLb !== undefined && item.weightLb !== null && (!Number.isFinite(item.weightLb) || item.weightLb < 0)) throw new SplitError(`items[${index}].weightLb is a number of 0 or more.`);
}

function checkAmount(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new SplitError(`${name} is an amount of 0 or more, not ${value}.`);
  return round4(value);
}

/** Shares a coupon saving among the covered lines by their amounts. */
export function allotCoupon(items: readonly PurchaseItem[], couponSaveAmount: number): number[] {
  const saving = checkAmount('couponSaveAmount', couponSaveAmount);
  const weights = items.map((item) => (item.couponCovered === false ? 0 : item.price * item.quantity));
  const covered = weights.reduce((a, b) => a + b, 0);
  if (saving > covered) throw new SplitError(`The coupon saving ${saving} is more than the ${covered} it covers.`);
  return allocate(saving, weights);
}

/** Splits a purchase into its orders at `now`; the orders come in release order, what is available now first. */
export function splitPurchase(items: readonly PurchaseItem[], now: Date, options: SplitOptions = {}): SplitOrder[] {
  if (items.length === 0) throw new SplitError('A purchase has at least one item.');
  items.forEach(checkItem);
  const shippingCost = checkAmount('shippingCost', options.shippingCost ?? 0);
  const shares = allotCoupon(items, options.couponSaveAmount ?? 0);

  const groups = new Map<string, { key: string; releaseAt: Date | null; isPreOrder: boolean; lines: SplitLine[] }>();
  items.forEach((item, index) => {
    const date = releaseDate(item, index);
    const ahead = date !== null && date.getTime() > now.getTime();
    const day = ahead ? (date as Date).toISOString().slice(0, 10) : null;
    const key = day ? (item.isPreOrder ? `${day}:pre-order` : day) : item.isPreOrder && date === null ? 'pre-order' : 'now';
    const group = groups.get(key) ?? { key, releaseAt: null, isPreOrder: key.endsWith('pre-order'), lines: [] };
    if (ahead && (group.releaseAt === null || (date as Date) > group.releaseAt)) group.releaseAt = date;
    const amount = item.price * item.quantity;
    const couponShare = shares[index] ?? 0;
    group.lines.push({ ...item, amount, couponShare, taxableAmount: fromGrains(toGrains(amount) - toGrains(couponShare)) });
    groups.set(key, group);
  });

  const orders = [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
  const printWeights = orders.map((order) => order.lines.filter((line) => line.distributionType === 'Print'));
  const knowWeights = printWeights.flat().every((line) => typeof line.weightLb === 'number' && line.weightLb > 0);
  const weights = printWeights.map((lines) => lines.reduce((sum, line) => sum + (knowWeights ? (line.weightLb as number) : 1) * line.quantity, 0));
  if (shippingCost > 0 && weights.every((weight) => weight === 0)) throw new SplitError('Shipping is charged, but the purchase has no Print item to ship.');
  const shipping = allocate(shippingCost, weights);

  return orders.map((order, index) => {
    const subtotal = order.lines.reduce((sum, line) => sum + line.amount, 0);
    const couponSaveAmount = sum4(order.lines.map((line) => line.couponShare));
    const shippingShare = shipping[index] ?? 0;
    return {
      key: order.key,
      releaseAt: order.releaseAt,
      isPreOrder: order.isPreOrder,
      hasPrint: order.lines.some((line) => line.distributionType === 'Print'),
      lines: order.lines,
      subtotal,
      couponSaveAmount,
      shippingCost: shippingShare,
      total: fromGrains(toGrains(subtotal) - toGrains(couponSaveAmount) + toGrains(shippingShare)),
    };
  });
}

/** What is available now first, then dated orders by day, the undated pre-order last. */
function rank(order: { key: string }): number {
  if (order.key === 'now') return 0;
  return order.key === 'pre-order' ? 2 : 1;
}
