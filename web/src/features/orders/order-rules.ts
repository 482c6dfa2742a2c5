import type { OrderStatus } from '@inkwell/contracts/order-rules';
import { formatDate, formatMoney } from '@/lib/format';
import type { DeliveryEstimate, OrderDetail } from './types';

/**
 * Shipping, tax, coupon and totals are minor units at 4-decimal precision (storefront spec §9):
 * shown as whole cents, half up, as the checkout charged them.
 */
export function formatAmount(minor: number, currency: string): string {
  const hundredths = Math.round(Number((Math.abs(minor) * 100).toPrecision(15)));
  const cents = Math.floor((hundredths + 50) / 100);
  return formatMoney(minor < 0 && cents !== 0 ? -cents : cents, currency);
}

/**
 * Digital items are owned once their order is paid and released (a pre-order's on its release
 * day): an order still sending its Print items already gave its Digital ones.
 */
const READABLE: ReadonlySet<OrderStatus> = new Set(['PendingProcessing', 'Processing', 'Completed']);
export const digitalReadable = (status: OrderStatus): boolean => READABLE.has(status);

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Mar 10, 2026, 10:00 AM' in the shopper's own zone: when something happened to their order. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/** What the page says of the delivery estimate: a headline and how it was reckoned. */
export function deliveryText(estimate: DeliveryEstimate, mailService: string | null): { headline: string; detail: string } {
  const day = formatDate(`${estimate.arrivesBy}T00:00:00Z`);
  const days = `${estimate.deliveryTimeInDays} ${estimate.deliveryTimeInDays === 1 ? 'day' : 'days'}`;
  const service = mailService ?? 'Shipping';
  switch (estimate.basis) {
    case 'delivered':
      return { headline: `Delivered on ${day}`, detail: `${service}.` };
    case 'shipped':
      return { headline: `Arriving by ${day}`, detail: `${service}: ${days} from when it shipped.` };
    case 'release':
      return { headline: `Estimated delivery by ${day}`, detail: `${service}: ${days} from the release day.` };
    case 'ordered':
      return { headline: `Estimated delivery by ${day}`, detail: `${service}: ${days} from your order date.` };
  }
}

export interface TimelineEntry {
  key: string;
  label: string;
  at: string;
  detail: string | null;
}

/**
 * The order's story, oldest first: each status it reached (spec §4's labels: 'Payment TBC',
 * 'Blocked', …) and each parcel's shipping and delivery. Entries at the same instant keep the
 * order the service gave them.
 */
export function timelineOf(order: Pick<OrderDetail, 'statusHistory' | 'shipments'>): TimelineEntry[] {
  const entries: TimelineEntry[] = order.statusHistory.map((move, index) => ({
    key: `status-${index}`,
    label: index === 0 ? 'Order placed' : move.label,
    at: move.at,
    detail: index === 0 ? `Status: ${move.label}` : null,
  }));
  order.shipments.forEach((shipment, index) => {
    entries.push({ key: `shipped-${index}`, label: 'Shipped', at: shipment.shippedAt, detail: `${shipment.carrier} ${shipment.trackingNumber}` });
    if (shipment.deliveredAt) entries.push({ key: `delivered-${index}`, label: 'Delivered', at: shipment.deliveredAt, detail: `${shipment.carrier} ${shipment.trackingNumber}` });
  });
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** A carrier's tracking link is followed only when it is a web address. */
export function safeTrackingUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
