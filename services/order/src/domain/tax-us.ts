/**
 * United States sales tax data of the embedded tax table (see tax.ts and docs/tax.md for the rule).
 * Three things, each with where it comes from:
 *
 * 0. STATE_RATES: each state's own sales tax rate. Source: Tax Foundation, "State and Local Sales
 *    Tax Rates, 2025" (rates as of 1 January 2025), column "State Tax Rate". They replace the
 *    `sales-tax` package's US figures, several of which are years out of date (it has New Jersey
 *    at 7 %, cut to 6.625 % in 2018; North Carolina at 5.75 %; California at 8.25 %). As Tax
 *    Foundation lists them, California's 7.25 %, Utah's 6.1 % and Virginia's 5.3 % include the
 *    local add-on levied statewide. Louisiana's 5 % is from 1 January 2025.
 *
 * 1. DIGITAL_PRODUCTS_TAXED: whether a state taxes digital products (e-books, digital comics, music,
 *    films) sold to a consumer. Source: doola Help Center, "Sales Tax Applicability for Online
 *    Services", column "Digital Products (movies, books and eBooks, music, ringtones, photographs,
 *    and magazine and newspaper subscriptions)"; cross-read with TaxJar, "Sales
 *    tax by state: should you charge sales tax on digital products?" (updated 13 January 2024) and the
 *    Multistate Tax Commission's list of state agency guidance on digital products. States without a
 *    state sales tax (AK, DE, MT, NH, OR) are absent: nothing is charged there at all. Where the
 *    source says "taxable" only for a permanent right to use (Idaho), a purchase here is one.
 *
 * 2. LOCAL_RATES: combined state + local rates for places where the shop's postal code alone names
 *    the rate, from the state's own rate publication. Only New York City and Long Island are listed:
 *    New York State Department of Taxation and Finance, Publication 718, "New York State Sales and
 *    Use Tax Rates by Jurisdiction" (2025 edition): New York City 8.875 % (4 % state, 4.5 % city,
 *    0.375 % Metropolitan Commuter Transportation District); Nassau and Suffolk counties 8.625 %.
 *    ZIP code prefixes (the first three digits, a USPS sectional centre) are those wholly inside
 *    those places; prefix 110 (Queens and Nassau mixed) is left out. No maintained ZIP-level table
 *    for the whole country is checked in: elsewhere the embedded table charges the state rate
 *    (no county, city or district tax), which is why TAX_DRIVER=stripe exists.
 *
 * These tables were transcribed from those publications as their authors know them; no copy of the
 * publications is checked in, and they have not been compared line by line with a downloaded copy.
 * Check them against the sources (and their newer editions) before charging real customers.
 */

/** Two-letter state code → the state's own sales tax rate; states without one are absent. */
export const STATE_RATES: Readonly<Record<string, number>> = {
  AL: 0.04,
  AR: 0.065,
  AZ: 0.056,
  CA: 0.0725,
  CO: 0.029,
  CT: 0.0635,
  DC: 0.06,
  FL: 0.06,
  GA: 0.04,
  HI: 0.04,
  IA: 0.06,
  ID: 0.06,
  IL: 0.0625,
  IN: 0.07,
  KS: 0.065,
  KY: 0.06,
  LA: 0.05,
  MA: 0.0625,
  MD: 0.06,
  ME: 0.055,
  MI: 0.06,
  MN: 0.06875,
  MO: 0.04225,
  MS: 0.07,
  NC: 0.0475,
  ND: 0.05,
  NE: 0.055,
  NJ: 0.06625,
  NM: 0.04875,
  NV: 0.0685,
  NY: 0.04,
  OH: 0.0575,
  OK: 0.045,
  PA: 0.06,
  RI: 0.07,
  SC: 0.06,
  SD: 0.042,
  TN: 0.07,
  TX: 0.0625,
  UT: 0.061,
  VA: 0.053,
  VT: 0.06,
  WA: 0.065,
  WI: 0.05,
  WV: 0.06,
  WY: 0.04,
};

/** Two-letter state code → whether its sales tax applies to digital products sold to consumers. */
export const DIGITAL_PRODUCTS_TAXED: Readonly<Record<string, boolean>> = {
  AL: true,
  AR: true,
  AZ: true,
  CA: false,
  CO: true,
  CT: true,
  DC: true,
  FL: false,
  GA: false,
  HI: true,
  IA: true,
  ID: true,
  IL: false,
  IN: true,
  KS: false,
  KY: true,
  LA: true,
  MA: false,
  MD: true,
  ME: true,
  MI: false,
  MN: true,
  MO: false,
  MS: true,
  NC: true,
  ND: false,
  NE: true,
  NJ: true,
  NM: true,
  NV: false,
  NY: false,
  OH: true,
  OK: false,
  PA: true,
  RI: true,
  SC: false,
  SD: true,
  TN: true,
  TX: true,
  UT: true,
  VA: false,
  VT: true,
  WA: true,
  WI: true,
  WV: false,
  WY: true,
};

export interface LocalRate {
  state: string;
  /** The place the rate is for, as the state's publication names it. */
  name: string;
  /** Combined state and local rate. */
  rate: number;
  /** Local parts of the rate (the state's own comes from the state table). */
  parts: ReadonlyArray<{ type: string; rate: number }>;
  /** First three digits of the ZIP codes wholly inside the place. */
  zipPrefixes: readonly string[];
}

export const LOCAL_RATES: readonly LocalRate[] = [
  {
    state: 'NY',
    name: 'New York City',
    rate: 0.08875,
    parts: [{ type: 'city', rate: 0.045 }, { type: 'district', rate: 0.00375 }],
    zipPrefixes: ['100', '101', '102', '103', '104', '111', '112', '113', '114', '116'],
  },
  { state: 'NY', name: 'Nassau County', rate: 0.08625, parts: [{ type: 'county', rate: 0.0425 }, { type: 'district', rate: 0.00375 }], zipPrefixes: ['115', '118'] },
  { state: 'NY', name: 'Suffolk County', rate: 0.08625, parts: [{ type: 'county', rate: 0.0425 }, { type: 'district', rate: 0.00375 }], zipPrefixes: ['117', '119'] },
];

/** The listed place a US ZIP code (5 digits, or ZIP+4) of this state lies in, if any. */
export function localRateOf(state: string, postalCode: string | null | undefined): LocalRate | null {
  const zip = typeof postalCode === 'string' ? postalCode.trim() : '';
  if (!/^\d{5}(-?\d{4})?$/.test(zip)) return null;
  const prefix = zip.slice(0, 3);
  return LOCAL_RATES.find((local) => local.state === state && local.zipPrefixes.includes(prefix)) ?? null;
}
