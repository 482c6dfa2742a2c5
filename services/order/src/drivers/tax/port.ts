import type { SalesTaxResult, TaxDestination, TaxLine } from '../../domain/tax';

/**
 * The tax port: what one order of a purchase owes, line by line and on its shipping. The embedded
 * driver answers from the checked-in table (domain/tax.ts); the Stripe driver asks Stripe Tax. The
 * quote asks it once per order and the order keeps the quote's answer, so what is charged is what
 * was quoted. A destination it cannot tax is CouldNotCalculateTaxError ('Could not calculate tax').
 */
export interface TaxRequest {
  destination: TaxDestination & { city?: string | null; line1?: string | null };
  /** Whose address it is: shipping for a purchase with printed goods, else billing. */
  addressSource: 'shipping' | 'billing';
  lines: readonly TaxLine[];
  /** The order's share of shipping, minor units; null when nothing is shipped. */
  shipping: number | null;
  /** ISO 4217, e.g. USD. */
  currency: string;
  at: Date;
}

export interface TaxCalculator {
  readonly name: 'embedded' | 'stripe';
  calculate(request: TaxRequest): Promise<SalesTaxResult>;
}
