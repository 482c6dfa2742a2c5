/**
 * How the storefront writes money and dates. Prices are held in minor units (cents) with an ISO
 * currency (storefront spec §9: two decimals, default USD); dates are shown as abbreviated month,
 * day, year ('Nov 1, 2026').
 */

export const DEFAULT_CURRENCY = 'USD';
const LOCALE = 'en-US';

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency || DEFAULT_CURRENCY;
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(code, format);
  }
  return format.format(cents / 100);
}

// Release and publish dates are calendar days chosen by the publisher, sent as UTC midnight. Shown
// in the visitor's own zone, a Nov 1 release would read Oct 31 across the Americas, so they are
// shown in UTC.
const dateFormat = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: 'UTC' });

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 1, 2026'; an unreadable date gives an empty string rather than 'Invalid Date'. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** 'Sunday'. */
export function formatWeekday(value: string | Date): string {
  const date = toDate(value);
  return date ? weekdayFormat.format(date) : '';
}

/** Today as the calendar day the catalog uses (YYYY-MM-DD, UTC). */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** '1 chapter', '12 chapters'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString(LOCALE)} ${count === 1 ? singular : plural}`;
}

export function formatCount(count: number): string {
  return count.toLocaleString(LOCALE);
}
