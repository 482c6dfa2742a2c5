/**
 * Order money as staff read it: amounts are held in cents, shipping, tax, refund and coupon
 * amounts at 4-decimal precision (dashboard spec §9), so they are shown with up to 4 decimals of
 * the currency unit rather than rounded to 2 (a tax of 8.2575 cents is $0.0826, not $0.08).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string | undefined): Intl.NumberFormat | undefined {
  const key = `${locale ?? ''}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
    } catch {
      return undefined;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `cents` (at up to 4 decimals) in `currency`, e.g. 1234.5 → "$12.345"; in the staff member's locale unless told. */
export function formatCents(cents: number | null | undefined, currency = 'USD', locale?: string): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '—';
  const formatter = formatterFor(currency || 'USD', locale);
  const units = cents / 100;
  return formatter ? formatter.format(units) : `${units.toFixed(4)} ${currency}`;
}

/** Rounds cents to the 4 decimals the API keeps. */
export function roundCents(cents: number): number {
  return Math.round(cents * 10_000) / 10_000;
}

/** A day the orders API can filter on: while staff type the year ("2", "20", "202") the picker already holds a date; it waits for four digits. */
export function isWholeDay(value: string | null): boolean {
  return value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1000);
}
