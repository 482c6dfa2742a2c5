import { randomUUID } from 'node:crypto';
import { postalCodeMatches, type Address, type AddressInput } from './address';
import { countryHasStates, isShippingCountry, normalizeCode, stateCode } from './countries';

/**
 * Address verification (storefront spec §5, `POST /verify-address?previousResponseId=`).
 *
 * The port answers with a verification result shaped like a postal verification service's: how
 * precisely the address was found (granularity), which parts were inferred, spell-corrected,
 * replaced or left unconfirmed, and in the USA the delivery-point (DPV) confirmation. The spec's
 * strict rule (home delivery), lenient rule and S/D/N warnings are pure functions over that result.
 *
 * The embedded verifier (the default; a street-level service would be a second driver of the same
 * port) has no street data, so it says so: see EmbeddedAddressVerifier.
 */

export const GRANULARITIES = ['SubPremise', 'Premise', 'PremiseProximity', 'Block', 'Route', 'PostalCode', 'Locality', 'AdministrativeArea', 'Country', 'Other'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The parts of an address a verification speaks of; postalCodeSuffix is the ZIP+4 add-on. */
export type AddressComponent = 'address' | 'locality' | 'postalCode' | 'postalCodeSuffix' | 'administrativeArea' | 'country';

/** USPS delivery-point confirmation: '' when none was made. */
export type DpvConfirmation = 'Y' | 'S' | 'D' | 'N' | '';

export interface VerifiedAddress {
  country: string;
  address: string;
  locality: string;
  postalCode: string;
  administrativeArea: string;
}

export interface VerificationResult {
  /** ISO code of the country the address was verified in ('' when none could be told). */
  country: string;
  /** No mandatory part missing. */
  addressComplete: boolean;
  granularity: Granularity;
  /** Parts filled in that the address did not give. */
  inferredComponents: AddressComponent[];
  /** Parts whose spelling was corrected (a close match). */
  spellCorrectedComponents: AddressComponent[];
  /** Parts replaced by a different value. */
  replacedComponents: AddressComponent[];
  /** Parts that could not be confirmed to be correct. */
  unconfirmedComponents: AddressComponent[];
  /** Parts confirmed against data. */
  confirmedComponents: AddressComponent[];
  /** Blank mandatory parts. */
  missingComponents: AddressComponent[];
  /** In the USA: the delivery-point confirmation; null elsewhere. */
  dpvConfirmation: DpvConfirmation | null;
  /** The address as the verifier would write it: codes in upper case, corrections applied. */
  suggestedAddress: VerifiedAddress;
}

export interface AddressVerification {
  responseId: string;
  previousResponseId: string | null;
  result: VerificationResult;
  /** Meets the strict rule (home delivery). */
  strict: boolean;
  /** Meets the lenient rule. */
  lenient: boolean;
  warnings: string[];
}

/**
 * Verifies addresses. The composition root picks the driver; the embedded one is the default.
 * `previousResponseId` names an earlier answer this one re-verifies (the shopper edited or accepted
 * its suggestion); an id the verifier does not know is an UnknownVerificationError.
 */
export interface AddressVerifier {
  verify(address: Address, previousResponseId?: string): Promise<AddressVerification>;
}

export class UnknownVerificationError extends Error {
  constructor(readonly responseId: string) {
    super(`There is no recent address verification ${responseId}. Verify the address again without previousResponseId.`);
    this.name = 'UnknownVerificationError';
  }
}

/** Spec §5 warnings in its words, keyed by DPV confirmation (N also stands for blank). */
export const VERIFICATION_WARNINGS = {
  S: 'Extra details such as apartment, suite or floor not confirmed by the postal authority.',
  D: 'Missing secondary information such as apartment or suite number.',
  N: 'Address not confirmed by the postal authority.',
} as const;

const STRICT_GRANULARITIES: ReadonlySet<Granularity> = new Set(['Premise', 'SubPremise']);
const LENIENT_GRANULARITIES: ReadonlySet<Granularity> = new Set(['SubPremise', 'Premise', 'PremiseProximity', 'Block', 'Route']);

const inUsa = (result: VerificationResult) => result.country === 'US';

/**
 * Spec §5 strict mode (home delivery): address complete; granularity Premise or SubPremise; no
 * inferred components except the postal code suffix; no spell-corrected components; in the USA
 * dpv confirmation must be Y; no replaced components.
 */
export function meetsStrict(result: VerificationResult): boolean {
  return (
    result.addressComplete &&
    STRICT_GRANULARITIES.has(result.granularity) &&
    result.inferredComponents.every((component) => component === 'postalCodeSuffix') &&
    result.spellCorrectedComponents.length === 0 &&
    (!inUsa(result) || result.dpvConfirmation === 'Y') &&
    result.replacedComponents.length === 0
  );
}

/** Spec §5 lenient mode: granularity down to Premise proximity, Block or Route; no inferred or replaced parts; USA dpv Y or S. */
export function meetsLenient(result: VerificationResult): boolean {
  return (
    LENIENT_GRANULARITIES.has(result.granularity) &&
    result.inferredComponents.length === 0 &&
    result.replacedComponents.length === 0 &&
    (!inUsa(result) || result.dpvConfirmation === 'Y' || result.dpvConfirmation === 'S')
  );
}

/** Spec §5 warnings for a USA result: S, D, and N or blank; none for Y or outside the USA. */
export function verificationWarnings(result: VerificationResult): string[] {
  if (!inUsa(result)) return [];
  switch (result.dpvConfirmation) {
    case 'Y':
      return [];
    case 'S':
      return [VERIFICATION_WARNINGS.S];
    case 'D':
      return [VERIFICATION_WARNINGS.D];
    default:
      return [VERIFICATION_WARNINGS.N];
  }
}

/** The answer the port gives for a result: derived flags and warnings beside it. */
export function verificationOf(result: VerificationResult, responseId: string, previousResponseId: string | null): AddressVerification {
  return { responseId, previousResponseId, result, strict: meetsStrict(result), lenient: meetsLenient(result), warnings: verificationWarnings(result) };
}

/** What the embedded verifier knows of a postal code: the US ZIP or Canadian FSA it names. */
export interface PostalArea {
  /** The state or province codes it may lie in (one, but for Canada's X: Northwest Territories or Nunavut). */
  states: string[];
  /** The ZIP's preferred city name; null for Canadian FSAs, whose names are regions, not cities. */
  city: string | null;
}

export interface PostalData {
  /** The area of a 5-digit US ZIP; null when no such ZIP exists. */
  usZip(zip5: string): PostalArea | null;
  /** The province of a Canadian forward sortation area (first 3 characters); null when none exists. */
  caFsa(fsa: string): PostalArea | null;
}

/**
 * Canada Post gives each province the first letters of its postal codes; the FSA data's own province
 * names are too untidy to read ('Nunavut Territory', 'Renforth').
 */
const CANADIAN_PROVINCES_BY_LETTER: Record<string, string[]> = {
  A: ['NL'], B: ['NS'], C: ['PE'], E: ['NB'], G: ['QC'], H: ['QC'], J: ['QC'], K: ['ON'], L: ['ON'], M: ['ON'], N: ['ON'], P: ['ON'],
  R: ['MB'], S: ['SK'], T: ['AB'], V: ['BC'], X: ['NT', 'NU'], Y: ['YT'],
};

/** US ZIP and Canadian FSA data of the `zipcodes` package, loaded on first use (5 MB). */
async function zipcodesData(): Promise<PostalData> {
  const { default: zipcodes } = await import('zipcodes');
  return {
    usZip(zip5) {
      const hit = /^\d{5}$/.test(zip5) ? zipcodes.lookup(zip5) : undefined;
      return hit && hit.country === 'US' ? { states: [hit.state], city: hit.city } : null;
    },
    caFsa(fsa) {
      const hit = /^[A-Z]\d[A-Z]$/.test(fsa) ? zipcodes.lookup(fsa) : undefined;
      const states = CANADIAN_PROVINCES_BY_LETTER[fsa.charAt(0)];
      return hit && hit.country === 'Canada' && states ? { states, city: null } : null;
    },
  };
}

const squash = (text: string) => text.trim().replace(/\s+/g, ' ');

const CITY_ABBREVIATIONS: Record<string, string> = { saint: 'st', sainte: 'ste', fort: 'ft', mount: 'mt', north: 'n', south: 's', east: 'e', west: 'w' };

/** A city name reduced to what tells cities apart: 'St. Louis' and 'Saint Louis' are one. */
function cityKey(city: string): string {
  return city
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => CITY_ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** Optimal string alignment distance: edits, with a swap of two neighbours counted as one. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** A typo, not another city: one edit in a name of 4 or more letters, two in one of 8 or more. */
function isCloseSpelling(typed: string, known: string): boolean {
  const allowed = known.length >= 8 ? 2 : known.length >= 4 ? 1 : 0;
  return editDistance(typed, known) <= allowed;
}

type CityMatch = 'same' | 'close' | 'different';

function compareCity(typed: string, known: string): CityMatch {
  const a = cityKey(typed);
  const b = cityKey(known);
  if (a === b) return 'same';
  return isCloseSpelling(a, b) ? 'close' : 'different';
}

class Findings {
  readonly inferred = new Set<AddressComponent>();
  readonly spellCorrected = new Set<AddressComponent>();
  readonly replaced = new Set<AddressComponent>();
  readonly unconfirmed = new Set<AddressComponent>();
  readonly confirmed = new Set<AddressComponent>();
  readonly missing = new Set<AddressComponent>();
}

const ORDER: AddressComponent[] = ['address', 'locality', 'postalCode', 'postalCodeSuffix', 'administrativeArea', 'country'];
const inOrder = (set: Set<AddressComponent>) => ORDER.filter((component) => set.has(component));

/**
 * Verifies an address against postal-code data alone. What it can and cannot tell:
 *
 * - Everywhere: the country is one shipped to; the postal code has the country's format
 *   (postcode-validator). A format says nothing of existence, so outside the US and Canada the
 *   postal code stays unconfirmed even when well formed.
 * - USA: the ZIP exists, and which state and (preferred) city it belongs to (`zipcodes`). A blank
 *   state or city is inferred from the ZIP; a misspelt city close to the ZIP's is spell-corrected; a
 *   state that is not the ZIP's is replaced when the city agrees with the ZIP, and left unconfirmed
 *   (with the ZIP) when it does not; a city that is not the ZIP's preferred name stays unconfirmed
 *   (ZIPs have other acceptable names this data lacks). A ZIP+4 suffix cannot be checked.
 * - Canada: the forward sortation area (first three characters) exists and which province it is in.
 * - No street data: the street line is never confirmed, no delivery point is confirmed (the USA
 *   dpv confirmation is blank, which the spec reads as not confirmed), and the granularity is at
 *   best PostalCode: the address was placed in a postal code area, no finer. So no answer of this
 *   verifier meets the strict or the lenient rule; callers treat it as advice, and a street-level
 *   driver can be put behind the same port.
 */
export function verifyAgainstPostalData(address: AddressInput, data: PostalData): VerificationResult {
  const text = (value: unknown) => (typeof value === 'string' ? squash(value) : '');
  const found = new Findings();
  const typedCountry = normalizeCode(text(address.country));
  const country = typedCountry !== '' && isShippingCountry(typedCountry) ? typedCountry : '';
  const suggested: VerifiedAddress = {
    country: country || typedCountry,
    address: text(address.address),
    locality: text(address.locality),
    postalCode: text(address.postalCode).toUpperCase(),
    administrativeArea: text(address.administrativeArea),
  };

  for (const [component, value] of [['address', suggested.address], ['locality', suggested.locality], ['postalCode', suggested.postalCode], ['country', typedCountry]] as const) {
    if (value === '') found.missing.add(component);
  }
  if (countryHasStates(typedCountry) && suggested.administrativeArea === '') found.missing.add('administrativeArea');

  if (typedCountry !== '' && country === '') found.unconfirmed.add('country');
  if (country !== '') found.confirmed.add('country');

  const typedState = suggested.administrativeArea === '' ? null : country !== '' && countryHasStates(country) ? stateCode(country, suggested.administrativeArea) : null;
  if (typedState) suggested.administrativeArea = typedState;

  let area: PostalArea | null = null;
  if (country !== '' && suggested.postalCode !== '') {
    if (!postalCodeMatches(country, suggested.postalCode)) {
      found.unconfirmed.add('postalCode');
    } else if (country === 'US') {
      const [zip5 = '', suffix] = suggested.postalCode.replace(/\s/g, '').split('-');
      suggested.postalCode = suffix ? `${zip5}-${suffix}` : zip5;
      if (suffix) found.unconfirmed.add('postalCodeSuffix');
      area = data.usZip(zip5);
      if (!area) found.unconfirmed.add('postalCode');
    } else if (country === 'CA') {
      const compact = suggested.postalCode.replace(/\s/g, '');
      suggested.postalCode = `${compact.slice(0, 3)} ${compact.slice(3)}`;
      area = data.caFsa(compact.slice(0, 3));
      if (!area) found.unconfirmed.add('postalCode');
    } else {
      found.unconfirmed.add('postalCode');
    }
  }

  if (area) {
    const cityMatch: CityMatch | null = area.city && suggested.locality !== '' ? compareCity(suggested.locality, area.city) : null;
    const cityAgrees = cityMatch === 'same' || cityMatch === 'close';
    const [onlyState] = area.states.length === 1 ? area.states : [];
    if (suggested.administrativeArea === '') {
      if (onlyState) {
        found.inferred.add('administrativeArea');
        found.missing.delete('administrativeArea');
        suggested.administrativeArea = onlyState;
      }
    } else if (typedState !== null && area.states.includes(typedState)) {
      found.confirmed.add('administrativeArea');
    } else if (cityAgrees && onlyState) {
      // Two of three agree: the ZIP and its city outvote the state (another state's code, or no state's name).
      found.replaced.add('administrativeArea');
      suggested.administrativeArea = onlyState;
    } else {
      // The state and the ZIP disagree and nothing says which is right.
      found.unconfirmed.add('administrativeArea');
      found.unconfirmed.add('postalCode');
    }
    if (!found.unconfirmed.has('postalCode')) found.confirmed.add('postalCode');
    if (area.city) {
      if (suggested.locality === '') {
        found.inferred.add('locality');
        found.missing.delete('locality');
        suggested.locality = area.city;
      } else if (cityMatch === 'same') {
        found.confirmed.add('locality');
      } else if (cityMatch === 'close') {
        found.spellCorrected.add('locality');
        suggested.locality = area.city;
      }
    }
  }
  // Whatever was given and neither confirmed nor changed could not be confirmed.
  const given: Record<AddressComponent, string> = { ...suggested, postalCodeSuffix: '' };
  for (const component of ORDER) {
    const settled = [found.confirmed, found.inferred, found.spellCorrected, found.replaced].some((set) => set.has(component));
    if (given[component] !== '' && !settled) found.unconfirmed.add(component);
  }

  const granularity: Granularity = found.confirmed.has('postalCode') ? 'PostalCode' : found.confirmed.has('country') ? 'Country' : 'Other';
  return {
    country,
    addressComplete: found.missing.size === 0,
    granularity,
    inferredComponents: inOrder(found.inferred),
    spellCorrectedComponents: inOrder(found.spellCorrected),
    replacedComponents: inOrder(found.replaced),
    unconfirmedComponents: inOrder(found.unconfirmed),
    confirmedComponents: inOrder(found.confirmed),
    missingComponents: inOrder(found.missing),
    dpvConfirmation: country === 'US' ? '' : null,
    suggestedAddress: suggested,
  };
}

/** The embedded verifier: postal-code data (see verifyAgainstPostalData), recent answers kept in memory. */
export class EmbeddedAddressVerifier implements AddressVerifier {
  readonly #recent = new Map<string, VerificationResult>();
  #data: Promise<PostalData> | null = null;

  /** @param keep how many recent answers a later call may refer to; the oldest go first. */
  constructor(private readonly keep = 10_000, data?: PostalData) {
    if (data) this.#data = Promise.resolve(data);
  }

  async verify(address: Address, previousResponseId?: string): Promise<AddressVerification> {
    if (previousResponseId !== undefined && !this.#recent.has(previousResponseId)) throw new UnknownVerificationError(previousResponseId);
    this.#data ??= zipcodesData();
    const result = verifyAgainstPostalData(address, await this.#data);
    const responseId = randomUUID();
    this.#recent.set(responseId, result);
    while (this.#recent.size > this.keep) {
      const oldest = this.#recent.keys().next().value;
      if (oldest === undefined) break;
      this.#recent.delete(oldest);
    }
    return verificationOf(result, responseId, previousResponseId ?? null);
  }

  /** The result of a recent answer, or null once forgotten. */
  recall(responseId: string): VerificationResult | null {
    return this.#recent.get(responseId) ?? null;
  }
}
