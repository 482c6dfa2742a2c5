import { DomainError } from '@inkwell/platform';
import Stripe from 'stripe';
import { CouldNotCalculateTaxError, type DistributionType, type SalesTaxResult, type TaxPart } from '../../domain/tax';
import type { TaxCalculator, TaxRequest } from './port';

/**
 * Stripe's product tax codes for what the shop sells (https://docs.stripe.com/tax/tax-codes):
 * a digital comic is a digital book bought outright; a printed volume is a printed book; shipping
 * its own code. Stripe then decides per jurisdiction whether each is taxed and at what rate.
 */
export const STRIPE_TAX_CODES: Readonly<Record<DistributionType | 'Shipping', string>> = {
  Digital: 'txcd_10302000', // Digital Books - downloaded - non subscription - with permanent rights
  Print: 'txcd_35010000', // Books (printed)
  Shipping: 'txcd_92010001', // Shipping
};

export const TAX_UNAVAILABLE = 'Tax could not be calculated just now. Please try again in a few minutes.';

/** Stripe Tax did not answer (down, rate limited, a key it refuses): a 503, not the shopper's mistake. */
export class TaxUnavailableError extends DomainError {
  constructor(detail: string) {
    super(503, 'ServiceUnavailable', TAX_UNAVAILABLE, { detail });
  }
}

export interface StripeTaxOptions {
  secretKey: string;
  /** Another API host, e.g. stripe-mock in tests. */
  apiUrl?: string;
}

/** Stripe amounts are whole minor units; ours keep 4 decimals after a coupon's share. */
const whole = (amount: number) => Math.round(amount);
const rate6 = (rate: number) => Math.round(rate * 1_000_000) / 1_000_000;

/**
 * TAX_DRIVER=stripe: one `POST /v1/tax/calculations` per order, its lines and shipping tax-exclusive
 * with the tax codes above, the customer's address (with its source, shipping or billing), the line
 * items expanded in the answer. Each line's tax is Stripe's `amount_tax` of the line item at the same
 * position (Stripe keeps the request's order; a count that differs is refused), shipping's is
 * `shipping_cost.amount_tax`. Stripe refusing the address (`customer_tax_location_invalid`, a
 * country it cannot tax) is 'Could not calculate tax' on the address; Stripe not answering is a 503.
 */
export class StripeTaxCalculator implements TaxCalculator {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(options: StripeTaxOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }

  /** The request Stripe is sent; exported for the driver test. */
  static params(request: TaxRequest): Stripe.Tax.CalculationCreateParams {
    const { destination } = request;
    const address: Stripe.Tax.CalculationCreateParams.CustomerDetails.Address = {
      country: destination.country.trim().toUpperCase(),
      ...(destination.administrativeArea ? { state: destination.administrativeArea } : {}),
      ...(destination.postalCode ? { postal_code: destination.postalCode } : {}),
      ...(destination.city ? { city: destination.city } : {}),
      ...(destination.line1 ? { line1: destination.line1 } : {}),
    };
    return {
      currency: request.currency.toLowerCase(),
      line_items: request.lines.map((line, index) => ({
        amount: whole(line.amount),
        reference: `line-${index + 1}`,
        tax_code: STRIPE_TAX_CODES[line.distributionType],
        tax_behavior: 'exclusive',
      })),
      customer_details: { address, address_source: request.addressSource },
      ...(request.shipping !== null ? { shipping_cost: { amount: whole(request.shipping), tax_code: STRIPE_TAX_CODES.Shipping, tax_behavior: 'exclusive' } } : {}),
      tax_date: Math.floor(request.at.getTime() / 1000),
      expand: ['line_items'],
    };
  }

  /** Our result from Stripe's answer (exported for the driver test). */
  static result(request: TaxRequest, calculation: Stripe.Tax.Calculation): SalesTaxResult {
    const items = calculation.line_items?.data ?? [];
    if (items.length !== request.lines.length) throw new TaxUnavailableError(`Stripe answered ${items.length} line items for ${request.lines.length}`);
    const lines = request.lines.map((line, index) => {
      const item = items[index]!;
      return { amount: line.amount, distributionType: line.distributionType, rate: item.amount > 0 ? rate6(item.amount_tax / item.amount) : 0, tax: item.amount_tax };
    });
    const shippingCost = calculation.shipping_cost;
    const shipping =
      request.shipping === null ? null : { amount: request.shipping, rate: shippingCost && shippingCost.amount > 0 ? rate6(shippingCost.amount_tax / shippingCost.amount) : 0, tax: shippingCost?.amount_tax ?? 0 };
    const parts: TaxPart[] = (calculation.tax_breakdown ?? [])
      .filter((entry) => entry.taxable_amount > 0)
      .map((entry) => ({ type: entry.tax_rate_details.tax_type ?? 'sales_tax', rate: rate6(Number(entry.tax_rate_details.percentage_decimal) / 100) }));
    const rate = parts.reduce((highest, part) => Math.max(highest, part.rate), 0);
    const digital = lines.filter((line) => line.distributionType === 'Digital');
    const digitalAmount = digital.reduce((sum, line) => sum + whole(line.amount), 0);
    const address = calculation.customer_details.address;
    return {
      country: (address?.country ?? request.destination.country).toUpperCase(),
      administrativeArea: address?.state ?? request.destination.administrativeArea ?? null,
      rate,
      digitalRate: digitalAmount > 0 ? rate6(digital.reduce((sum, line) => sum + line.tax, 0) / digitalAmount) : rate,
      locality: null,
      parts,
      lines,
      shipping,
      total: calculation.tax_amount_exclusive,
    };
  }

  async calculate(request: TaxRequest): Promise<SalesTaxResult> {
    let calculation: Stripe.Tax.Calculation;
    try {
      calculation = await this.stripe.tax.calculations.create(StripeTaxCalculator.params(request));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        // The address is one Stripe cannot tax (customer_tax_location_invalid and the like).
        throw new CouldNotCalculateTaxError(`Stripe Tax: ${error.code ?? error.type}`);
      }
      const kind = error instanceof Stripe.errors.StripeError ? error.type : 'unknown';
      throw new TaxUnavailableError(`Stripe Tax: ${kind}`);
    }
    return StripeTaxCalculator.result(request, calculation);
  }
}
