import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

/**
 * Where the store ships (storefront spec §3 shipping country, §9 "US first, then CA, then the
 * rest"). Country names come from i18n-iso-countries (ISO 3166-1, English), states and provinces
 * from `provinces`. The US entry lists its 50 states and DC; Canada lists its 13 provinces and
 * territories, because Canadian sales tax depends on the province (see tax.ts). US territories
 * (Puerto Rico, Guam, ...) are countries of their own in ISO 3166-1 and are listed as such.
 */

export interface ShippingState {
  code: string;
  name: string;
}

export interface ShippingCountry {
  countryCode: string;
  name: string;
  states?: ShippingState[];
}

interface ProvinceRecord {
  short?: string;
  name: string;
  country: string;
}

const require = createRequire(import.meta.url);
const PROVINCES = require('provinces/provinces.json') as ProvinceRecord[];

/** ISO codes of places nobody lives to receive a parcel. */
const UNINHABITED = new Set(['AQ', 'BV', 'HM', 'UM']);
/** Also ISO 3166-1 countries of their own, so not listed as US states. */
const US_TERRITORIES = new Set(['AS', 'GU', 'MP', 'PR', 'UM', 'VI']);
const FIRST = ['US', 'CA'];

function statesOf(countryCode: string): ShippingState[] {
  return PROVINCES.filter((record) => record.country === countryCode && record.short && !(countryCode === 'US' && US_TERRITORIES.has(record.short)))
    .map((record) => ({ code: record.short as string, name: record.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

const STATES: ReadonlyMap<string, ShippingState[]> = new Map(FIRST.map((code) => [code, statesOf(code)]));

const LIST: ShippingCountry[] = (() => {
  const names = countries.getNames('en', { select: 'official' });
  const entry = (countryCode: string): ShippingCountry => {
    const states = STATES.get(countryCode);
    return { countryCode, name: names[countryCode] ?? countryCode, ...(states ? { states } : {}) };
  };
  const rest = Object.keys(names)
    .filter((code) => !FIRST.includes(code) && !UNINHABITED.has(code))
    .map(entry)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...FIRST.map(entry), ...rest];
})();

const BY_CODE: ReadonlyMap<string, ShippingCountry> = new Map(LIST.map((country) => [country.countryCode, country]));

/** Every country shipped to: US first, then CA, then the rest by English name. */
export function shippingCountries(): ShippingCountry[] {
  return LIST.map((country) => ({ ...country, ...(country.states ? { states: country.states.map((state) => ({ ...state })) } : {}) }));
}

/** The states of a country, by name; empty for a country without states in this list or an unknown one. */
export function shippingStates(countryCode: string): ShippingState[] {
  return (STATES.get(normalizeCode(countryCode)) ?? []).map((state) => ({ ...state }));
}

/** Upper case, trimmed: 'us ' is 'US'. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isShippingCountry(countryCode: string): boolean {
  return BY_CODE.has(normalizeCode(countryCode));
}

/** Whether an address in this country needs a state (administrativeArea). */
export function countryHasStates(countryCode: string): boolean {
  return STATES.has(normalizeCode(countryCode));
}

/**
 * The state code an administrativeArea names in this country, given as its code ('ny') or its name
 * ('New York'); null when the country has no states or the state is not one of them.
 */
export function stateCode(countryCode: string, administrativeArea: string): string | null {
  const states = STATES.get(normalizeCode(countryCode));
  if (!states) return null;
  const wanted = administrativeArea.trim().toLowerCase();
  const state = states.find((candidate) => candidate.code.toLowerCase() === wanted || candidate.name.toLowerCase() === wanted);
  return state ? state.code : null;
}

export function countryName(countryCode: string): string | null {
  return BY_CODE.get(normalizeCode(countryCode))?.name ?? null;
}
