import { salesTax, type SalesTaxResult } from '../../domain/tax';
import type { TaxCalculator, TaxRequest } from './port';

/** The checked-in table (domain/tax.ts, domain/tax-us.ts); the default. */
export class EmbeddedTaxCalculator implements TaxCalculator {
  readonly name = 'embedded';

  async calculate(request: TaxRequest): Promise<SalesTaxResult> {
    const { country, administrativeArea, postalCode } = request.destination;
    return salesTax({ country, administrativeArea, postalCode }, request.lines, request.shipping, request.at);
  }
}
