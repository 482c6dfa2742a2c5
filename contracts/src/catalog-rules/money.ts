/**
 * Money is held in minor units (cents) with an ISO currency; prices have 2 decimals; default
 * currency USD (storefront spec §9, dashboard spec §9).
 */

export const DEFAULT_CURRENCY = 'USD';
const LOCALE = 'en-US';

/**
 * Dashboard spec §9: "price times 100, rounded". The product is first cut to 12 significant digits so
 * binary noise does not decide the rounding (1.005 × 100 is 100.49999999999999 in floating point).
 */
export function toCents(price: number): number {
  if (!Number.isFinite(price)) throw new RangeError(`Not a price: ${price}`);
  return Math.round(Number((price * 100).toPrecision(12)));
}

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format;
}

/** 499 → '$4.99'. Minor units follow the currency (2 for USD and EUR, none for JPY). */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const format = formatFor(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(cents / 10 ** digits);
}

/** On sale when a sale price exists and is below the full price. */
export function isOnSale(fullCents: number, saleCents: number | null | undefined): boolean {
  return saleCents !== null && saleCents !== undefined && saleCents >= 0 && saleCents < fullCents;
}
