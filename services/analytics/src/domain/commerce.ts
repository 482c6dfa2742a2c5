/**
 * Commerce figures (issue 25, A2): the vocabulary of the order, cart and customer rollups.
 */
import { erasedUserToken } from '@inkwell/platform';
import { dayInZone } from './periods';

/** The store's currency: every figure is in its minor units (cents). */
export const STORE_CURRENCY = 'USD';

/** How long a cart with items stays untouched, with no order since, before it counts as abandoned. */
export const ABANDONED_AFTER_MS = 24 * 3_600_000;

export type Format = 'Digital' | 'Print';

/** An order item's format from its distribution type (the order service writes Digital or Print). */
export function formatOf(distributionType: string): Format {
  return /print/i.test(distributionType) ? 'Print' : 'Digital';
}

/**
 * A signed-in customer as the rollups know them: the anonymous token of their id (the same one an
 * erasure leaves behind), never the id in clear.
 */
export function customerToken(userId: string): string {
  return erasedUserToken(userId);
}

/** The reporting-zone day of an event time (ISO string or Date). */
export function reportingDay(at: string | Date, timeZone: string): string {
  return dayInZone(typeof at === 'string' ? new Date(at) : at, timeZone);
}

/** The first day of a day's month (the `period` of monthly rows). */
export function monthRow(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** A whole-cent mean rounded half up (0 without a count). */
export function meanHalfUp(totalCents: number, count: number): number {
  if (count <= 0) return 0;
  const sign = totalCents < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(totalCents) + count) / (2 * count));
}
