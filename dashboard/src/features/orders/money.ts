/**
 * Order money as staff read it: amounts are held in cents, shipping, tax, refund and coupon
 * amounts at 4-decimal precision (dashboard spec §9), so they are shown with up to 4 decimals of
 * the currency unit rather than rounded to 2 (a tax of 8.2575 cents is $0.0826, not $0.08).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat | undefined {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
    } catch {
      return undefined;
    }
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** `cents` (at up to 4 decimals) in `currency`, e.g. 1234.5 → "$12.345". */
export function formatCents(cents: number | null | undefined, currency = 'USD'): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '—';
  const formatter = formatterFor(currency || 'USD');
  const units = cents / 100;
  return formatter ? formatter.format(units) : `${units.toFixed(4)} ${currency}`;
}

/** Rounds cents to the 4 decimals the API keeps. */
export function roundCents(cents: number): number {
  return Math.round(cents * 10_000) / 10_000;
}
