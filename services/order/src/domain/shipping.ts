import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDRESS_VALUE_MESSAGES } from './address';
import { isShippingCountry, normalizeCode } from './countries';
import { applyRate, round4 } from './money';

/**
 * Shipping rates (storefront spec §3 shipping rate): by mail class, from the Print items' weight
 * and size and the destination. A port, so a carrier's API can answer later; the default driver
 * reads a rate table from config/shipping-rates.json.
 */

export interface ShippingRate {
  mailClass: string;
  mailService: string;
  /** Minor units at 4-decimal precision (spec §9). */
  totalPrice: number;
  deliveryTimeInDays: number;
}

/** One Print line: the size and weight of one unit, and how many units. */
export interface ParcelItem {
  weightLb: number;
  heightIn: number;
  widthIn: number;
  lengthIn: number;
  quantity: number;
}

export interface ShippingDestination {
  country: string;
  postalCode: string;
  administrativeArea: string;
}

/**
 * Rates for sending these items to this destination, cheapest first; none when nothing is to be
 * shipped (a Digital-only purchase) or no class takes a parcel that heavy. The composition root
 * picks the driver (the table below by default).
 */
export interface ShippingRates {
  rates(parcels: ParcelItem[], destination: ShippingDestination): Promise<ShippingRate[]>;
  /** The shipping account behind the rates, for the dashboard (orders/shipping/getAccountInfo). */
  describe?(): ShippingAccount;
}

/** Who answers the rates: the driver, the table or account's name, its currency and mail services, and whether it is reachable. */
export interface ShippingAccount {
  provider: string;
  name: string;
  currency: string;
  connected: boolean;
  services: string[];
}

export class UnknownDestinationError extends Error {
  constructor(readonly country: string) {
    super(ADDRESS_VALUE_MESSAGES.unknownCountry(country));
    this.name = 'UnknownDestinationError';
  }
}

export interface ZonePrice {
  firstPound: number;
  additionalPound: number;
  deliveryTimeInDays: number;
}

export interface MailClassRow {
  mailClass: string;
  mailService: string;
  /** Cubic inches per pound of dimensional weight; null: priced by actual weight only (Media Mail). */
  dimensionalDivisor: number | null;
  /** Dimensional weight counts only for parcels larger than this (USPS: one cubic foot). */
  dimensionalMinCubicIn: number | null;
  maxWeightLb: number;
  fuelSurchargeRate?: number;
  prices: Record<string, ZonePrice>;
}

export interface RateTable {
  currency: string;
  zones: { zone: string; countries: string[] }[];
  mailClasses: MailClassRow[];
}

export const DEFAULT_RATE_TABLE_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../config/shipping-rates.json');

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** Every problem of a table at once, so one edit fixes the file. */
export function rateTableProblems(table: unknown): string[] {
  const problems: string[] = [];
  if (typeof table !== 'object' || table === null) return ['The rate table is not a JSON object.'];
  const t = table as Partial<RateTable>;
  if (typeof t.currency !== 'string' || !/^[A-Z]{3}$/.test(t.currency)) problems.push('currency is an ISO 4217 code such as USD.');
  const zones = Array.isArray(t.zones) ? t.zones : [];
  if (zones.length === 0) problems.push('zones lists at least one zone.');
  const names = new Set<string>();
  zones.forEach((zone, index) => {
    if (typeof zone?.zone !== 'string' || zone.zone === '') problems.push(`zones[${index}] has no name.`);
    else names.add(zone.zone);
    if (!Array.isArray(zone?.countries) || zone.countries.length === 0) problems.push(`zones[${index}] lists no countries.`);
    else for (const code of zone.countries) if (code !== '*' && !isShippingCountry(code)) problems.push(`zones[${index}] names an unknown country "${code}".`);
  });
  const classes = Array.isArray(t.mailClasses) ? t.mailClasses : [];
  if (classes.length === 0) problems.push('mailClasses lists at least one mail class.');
  classes.forEach((row, index) => {
    const at = `mailClasses[${index}]`;
    if (typeof row?.mailClass !== 'string' || row.mailClass === '') problems.push(`${at} has no mailClass.`);
    if (typeof row?.mailService !== 'string' || row.mailService === '') problems.push(`${at} has no mailService.`);
    if (!isCount(row?.maxWeightLb) || row.maxWeightLb === 0) problems.push(`${at}.maxWeightLb is a positive number.`);
    if (row?.dimensionalDivisor !== null && (!isCount(row?.dimensionalDivisor) || row.dimensionalDivisor === 0)) problems.push(`${at}.dimensionalDivisor is a positive number or null.`);
    if (row?.dimensionalMinCubicIn !== null && !isCount(row?.dimensionalMinCubicIn)) problems.push(`${at}.dimensionalMinCubicIn is a number or null.`);
    if (row?.fuelSurchargeRate !== undefined && (!isCount(row.fuelSurchargeRate) || row.fuelSurchargeRate >= 1)) problems.push(`${at}.fuelSurchargeRate is a fraction from 0 to 1.`);
    const prices = row?.prices && typeof row.prices === 'object' ? Object.entries(row.prices) : [];
    if (prices.length === 0) problems.push(`${at}.prices names at least one zone.`);
    for (const [zone, price] of prices) {
      if (!names.has(zone)) problems.push(`${at}.prices names an unknown zone "${zone}".`);
      if (!Number.isInteger(price?.firstPound) || price.firstPound < 0) problems.push(`${at}.prices.${zone}.firstPound is a whole number of cents.`);
      if (!Number.isInteger(price?.additionalPound) || price.additionalPound < 0) problems.push(`${at}.prices.${zone}.additionalPound is a whole number of cents.`);
      if (!Number.isInteger(price?.deliveryTimeInDays) || price.deliveryTimeInDays < 1) problems.push(`${at}.prices.${zone}.deliveryTimeInDays is a whole number of days from 1.`);
    }
  });
  return problems;
}

export class RateTableError extends Error {
  constructor(source: string, readonly problems: string[]) {
    super(`The shipping rate table ${source} is not valid:\n- ${problems.join('\n- ')}`);
    this.name = 'RateTableError';
  }
}

function checkParcel(item: ParcelItem, index: number): void {
  for (const field of ['weightLb', 'heightIn', 'widthIn', 'lengthIn', 'quantity'] as const) {
    if (!isCount(item[field])) throw new RangeError(`parcels[${index}].${field} is a number of 0 or more, not ${String(item[field])}`);
  }
  if (!Number.isInteger(item.quantity)) throw new RangeError(`parcels[${index}].quantity is a whole number, not ${item.quantity}`);
}

/**
 * What the items weigh for this class, in whole pounds: all units packed together, so the actual
 * weight is the units' sum and the size is the units' volume summed (one box, no padding). The
 * dimensional weight (volume / divisor) counts above the class's size threshold; the greater
 * weight is billed, rounded up to a pound, at least one.
 */
export function billableWeightLb(parcels: readonly ParcelItem[], row: Pick<MailClassRow, 'dimensionalDivisor' | 'dimensionalMinCubicIn'>): number {
  const actual = parcels.reduce((sum, item) => sum + item.weightLb * item.quantity, 0);
  const volume = parcels.reduce((sum, item) => sum + item.heightIn * item.widthIn * item.lengthIn * item.quantity, 0);
  const dimensional = row.dimensionalDivisor !== null && volume > (row.dimensionalMinCubicIn ?? 0) ? volume / row.dimensionalDivisor : 0;
  // Cut to 9 significant digits first, so 2.0000000000000004 lb bills as 2.
  return Math.max(1, Math.ceil(Number(Math.max(actual, dimensional).toPrecision(9))));
}

/** The default driver: the rate table of config/shipping-rates.json. */
export class TableShippingRates implements ShippingRates {
  readonly #zoneOf: Map<string, string>;
  readonly #otherZone: string | null;

  readonly #source: string;

  constructor(private readonly table: RateTable, source = 'given') {
    this.#source = source;
    const problems = rateTableProblems(table);
    if (problems.length > 0) throw new RateTableError(source, problems);
    this.#zoneOf = new Map(table.zones.flatMap(({ zone, countries }) => countries.filter((code) => code !== '*').map((code) => [code, zone] as const)));
    this.#otherZone = table.zones.find(({ countries }) => countries.includes('*'))?.zone ?? null;
  }

  static async fromFile(file = DEFAULT_RATE_TABLE_PATH): Promise<TableShippingRates> {
    let table: unknown;
    try {
      table = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new RateTableError(file, [`cannot be read as JSON: ${(error as Error).message}`]);
    }
    return new TableShippingRates(table as RateTable, file);
  }

  get currency(): string {
    return this.table.currency;
  }

  /** The embedded table: named by its file, always there (connected), its mail services in the table's order. */
  describe(): ShippingAccount {
    const services = [...new Set(this.table.mailClasses.map((row) => row.mailService))];
    return { provider: 'rate-table', name: path.basename(this.#source), currency: this.table.currency, connected: true, services };
  }

  /** The zone a country ships in; null where the table has none for it. */
  zoneOf(countryCode: string): string | null {
    const code = normalizeCode(countryCode);
    return this.#zoneOf.get(code) ?? this.#otherZone;
  }

  async rates(parcels: ParcelItem[], destination: ShippingDestination): Promise<ShippingRate[]> {
    parcels.forEach(checkParcel);
    const country = normalizeCode(typeof destination.country === 'string' ? destination.country : '');
    if (!isShippingCountry(country)) throw new UnknownDestinationError(String(destination.country));
    const shipped = parcels.filter((item) => item.quantity > 0);
    if (shipped.length === 0) return [];
    const zone = this.zoneOf(country);
    if (zone === null) return [];
    const rates: ShippingRate[] = [];
    for (const row of this.table.mailClasses) {
      const price = row.prices[zone];
      if (!price) continue;
      const pounds = billableWeightLb(shipped, row);
      if (pounds > row.maxWeightLb) continue;
      const postage = price.firstPound + price.additionalPound * (pounds - 1);
      const surcharge = row.fuelSurchargeRate ? applyRate(postage, row.fuelSurchargeRate) : 0;
      rates.push({ mailClass: row.mailClass, mailService: row.mailService, totalPrice: round4(postage + surcharge), deliveryTimeInDays: price.deliveryTimeInDays });
    }
    return rates.sort((a, b) => a.totalPrice - b.totalPrice || a.deliveryTimeInDays - b.deliveryTimeInDays);
  }
}
