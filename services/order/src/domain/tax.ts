import { createRequire } from 'node:module';
import { countryHasStates, isShippingCountry, normalizeCode, stateCode } from './countries';
import { applyRate, sum4 } from './money';
import { DIGITAL_PRODUCTS_TAXED, localRateOf, STATE_RATES } from './tax-us';

/**
 * Sales tax (issue 13; storefront spec §7 `GET /order/shipping/getSalesTax/`, §8 'Could not
 * calculate tax'). Rates come from the table the `sales-tax` package maintains
 * (res/sales_tax_rates.json: national rates, Canadian GST with each province's
 * HST, PST or QST, dated changes under `before`). The package's calculator is not used: it is
 * asynchronous, keeps process-wide settings and does not apply dated changes below country level.
 *
 * Who pays what, as decided here:
 * - United States (issue 26): state rates from tax-us.ts (Tax Foundation, 2025), not the package's,
 *   which are out of date for several states. Print lines and shipping pay the combined rate of the ZIP code where
 *   tax-us.ts lists one (New York City 8.875 %, Long Island 8.625 %), else the state's rate (no
 *   county or city tax: the embedded table has no country-wide local rates; TAX_DRIVER=stripe
 *   has). Digital lines pay the same rate only in states that tax digital products (tax-us.ts,
 *   with its source), else nothing. States absent from the table (AK, DE, MT, NH, OR) have none.
 * - Canada: GST plus the province's part (HST provinces are listed as their provincial share, so
 *   the sum is the HST) on every line and on shipping.
 * - Elsewhere: Digital lines pay the buyer's country's VAT or GST (EU VAT on digital services by
 *   the buyer's country, and the like in the UK, Norway, Switzerland, Australia...). Print lines
 *   and shipping pay nothing at checkout: a parcel from the US is imported by the buyer, whose
 *   import VAT and duty the carrier collects on delivery. Countries the table does not list have
 *   no such tax (Hong Kong, ...).
 * A country not shipped to, or a US or Canadian address without a state or province of its
 * country, cannot be taxed: CouldNotCalculateTaxError.
 */

export { COULD_NOT_CALCULATE_TAX } from '@inkwell/contracts/order-rules';
import { COULD_NOT_CALCULATE_TAX } from '@inkwell/contracts/order-rules';

export class CouldNotCalculateTaxError extends Error {
  constructor(readonly detail: string) {
    super(COULD_NOT_CALCULATE_TAX);
    this.name = 'CouldNotCalculateTaxError';
  }
}

export type DistributionType = 'Digital' | 'Print';

export interface TaxDestination {
  country: string;
  administrativeArea?: string | null;
  /** Names the local rate in the US where tax-us.ts lists one. */
  postalCode?: string | null;
}

export interface TaxLine {
  /** What the line costs after any coupon share, minor units. */
  amount: number;
  distributionType: DistributionType;
}

/** One tax that makes up the rate, e.g. GST 0.05 and PST 0.07 in British Columbia. */
export interface TaxPart {
  type: string;
  rate: number;
}

export interface TaxedLine extends TaxLine {
  rate: number;
  /** Minor units at 4-decimal precision. */
  tax: number;
}

export interface SalesTaxResult {
  country: string;
  /** The state or province code the tax was found for; null outside the US and Canada. */
  administrativeArea: string | null;
  /** The rate of goods that are taxed here (Digital lines outside the US and Canada). */
  rate: number;
  /** The rate on Digital lines: 0 in a US state that does not tax digital products. */
  digitalRate: number;
  /** The place whose combined local rate applies (e.g. 'New York City'); null when only the state's. */
  locality: string | null;
  parts: TaxPart[];
  lines: TaxedLine[];
  shipping: { amount: number; rate: number; tax: number } | null;
  /** Sum of the lines' and shipping's tax, minor units at 4-decimal precision. */
  total: number;
}

interface RateEntry {
  type: string;
  rate: number;
  currency?: string;
  before?: Record<string, RateEntry>;
  states?: Record<string, RateEntry>;
}

const require = createRequire(import.meta.url);
const RATES = require('sales-tax/res/sales_tax_rates.json') as Record<string, RateEntry>;

/**
 * The entry in force at `at`: the package lists earlier rates under `before`, keyed by the moment
 * the next rate starts; the earliest such moment still ahead of `at` names the rate in force.
 */
function inForce(entry: RateEntry, at: Date): RateEntry {
  const ahead = Object.keys(entry.before ?? {})
    .map((key) => ({ key, starts: new Date(key).getTime() }))
    .filter(({ starts }) => Number.isFinite(starts) && at.getTime() < starts)
    .sort((a, b) => a.starts - b.starts);
  const first = ahead[0];
  return first ? { ...(entry.before?.[first.key] as RateEntry), states: entry.states } : entry;
}

/** Rates add in millionths, so 0.05 + 0.07 is 0.12 and not 0.12000000000000001. */
const addRates = (parts: readonly TaxPart[]) => parts.reduce((sum, part) => sum + Math.round(part.rate * 1_000_000), 0) / 1_000_000;

function taxParts(country: string, state: string | null, at: Date): TaxPart[] {
  if (country === 'US') {
    const rate = state ? STATE_RATES[state] : undefined;
    return rate ? [{ type: 'state', rate }] : [];
  }
  const entry = RATES[country];
  if (!entry) return [];
  const national = inForce(entry, at);
  const parts: TaxPart[] = national.rate > 0 ? [{ type: national.type, rate: national.rate }] : [];
  const regional = state ? national.states?.[state] : undefined;
  if (regional) {
    const current = inForce(regional, at);
    if (current.rate > 0) parts.push({ type: current.type, rate: current.rate });
  }
  return parts;
}

/**
 * The tax of each line and of shipping at the destination, and their total, at 4-decimal precision.
 * Each line's tax is rounded on its own, so an order's tax is the sum of its lines' (see split.ts).
 */
export function salesTax(destination: TaxDestination, lines: readonly TaxLine[], shipping?: number | null, at: Date = new Date()): SalesTaxResult {
  const country = normalizeCode(typeof destination?.country === 'string' ? destination.country : '');
  if (!isShippingCountry(country)) throw new CouldNotCalculateTaxError(`unknown country "${String(destination?.country)}"`);
  let state: string | null = null;
  if (countryHasStates(country)) {
    const area = typeof destination.administrativeArea === 'string' ? destination.administrativeArea : '';
    state = stateCode(country, area);
    if (!state) throw new CouldNotCalculateTaxError(`unknown state "${area}" of ${country}`);
  }
  for (const [index, line] of lines.entries()) {
    if (typeof line?.amount !== 'number' || !Number.isFinite(line.amount) || line.amount < 0) throw new RangeError(`lines[${index}].amount is an amount of 0 or more, not ${String(line?.amount)}`);
    if (line.distributionType !== 'Digital' && line.distributionType !== 'Print') throw new RangeError(`lines[${index}].distributionType is Digital or Print, not ${String(line.distributionType)}`);
  }
  if (shipping !== undefined && shipping !== null && (!Number.isFinite(shipping) || shipping < 0)) throw new RangeError(`shipping is an amount of 0 or more, not ${shipping}`);

  const parts = taxParts(country, state, at);
  const local = country === 'US' && state ? localRateOf(state, destination.postalCode) : null;
  if (local && parts.length > 0) parts.push(...local.parts.map((part) => ({ ...part })));
  const rate = addRates(parts);
  const domestic = country === 'US' || country === 'CA';
  const digitalRate = country === 'US' && state && DIGITAL_PRODUCTS_TAXED[state] === false ? 0 : rate;
  const rateFor = (distributionType: DistributionType) => (distributionType === 'Digital' ? digitalRate : domestic ? rate : 0);
  const taxed = lines.map((line) => {
    const lineRate = rateFor(line.distributionType);
    return { amount: line.amount, distributionType: line.distributionType, rate: lineRate, tax: applyRate(line.amount, lineRate) };
  });
  const shippingRate = domestic ? rate : 0;
  const shippingTax = shipping === undefined || shipping === null ? null : { amount: shipping, rate: shippingRate, tax: applyRate(shipping, shippingRate) };
  return {
    country,
    administrativeArea: state,
    rate,
    digitalRate,
    locality: local && parts.length > 0 ? local.name : null,
    parts,
    lines: taxed,
    shipping: shippingTax,
    total: sum4([...taxed.map((line) => line.tax), shippingTax?.tax ?? 0]),
  };
}
