import { MISSING_FIELD_MESSAGES } from '@inkwell/contracts/order-rules';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countryHasStates, countryName, isShippingCountry, normalizeCode, stateCode } from './countries';

/**
 * A billing or shipping address (storefront spec §3) and its rules (§5).
 *
 * Which fields are mandatory: the spec says an address is valid only when all are non-blank. That
 * holds here for every field but the state: 'Missing state' is asked only where the country has
 * states in countries.ts (US, CA); elsewhere administrativeArea may be blank, since most countries
 * address a parcel without one. companyName is optional.
 */
export interface Address {
  firstName: string;
  surName: string;
  companyName?: string;
  country: string;
  address: string;
  locality: string;
  postalCode: string;
  administrativeArea: string;
  phoneNumber: string;
  email: string;
  isShippingAddress?: boolean;
  isBillingAddress?: boolean;
}

export type AddressKind = 'Billing' | 'Shipping';

/** An address as it arrives, before anything is known of its fields. */
export type AddressInput = Partial<Record<keyof Address, unknown>>;

export { MISSING_FIELD_MESSAGES };

export type MandatoryField = keyof typeof MISSING_FIELD_MESSAGES;

/** Problems with what was filled in; the spec leaves these unworded. */
export const ADDRESS_VALUE_MESSAGES = {
  unknownCountry: (country: string) => `We do not ship to "${country}". Choose a country from the list.`,
  unknownState: (state: string, country: string) => `"${state}" is not a state of ${country}. Choose one from the list.`,
  postalCodeFormat: (postalCode: string, country: string) => `"${postalCode}" is not a postal code of ${country}. Check it and try again.`,
  email: 'Please enter a valid email.',
} as const;

/** The stricter email pattern of spec §5: a top-level domain of 2 to 12 letters. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,12}$/;

export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** The mandatory fields of an address in this country, in the spec's order. */
export function mandatoryFields(country: unknown): MandatoryField[] {
  const withState = typeof country === 'string' && countryHasStates(country);
  return (Object.keys(MISSING_FIELD_MESSAGES) as MandatoryField[]).filter((field) => field !== 'administrativeArea' || withState);
}

/** The spec's 'Missing …' messages for every blank mandatory field, in the spec's order; empty when complete. */
export function addressProblems(address: AddressInput): string[] {
  return mandatoryFields(address.country)
    .filter((field) => isBlank(address[field]))
    .map((field) => MISSING_FIELD_MESSAGES[field]);
}

/**
 * What is wrong with the filled-in values: a country not shipped to, a state not of the country,
 * a postal code that does not have the country's format (postcode-validator; countries it has no
 * format for pass), an email that is not one. Blank fields are addressProblems' business.
 */
export function addressValueProblems(address: AddressInput): string[] {
  const problems: string[] = [];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const country = normalizeCode(text(address.country));
  const known = country !== '' && isShippingCountry(country);
  if (country !== '' && !known) problems.push(ADDRESS_VALUE_MESSAGES.unknownCountry(text(address.country)));
  const state = text(address.administrativeArea);
  if (known && state !== '' && countryHasStates(country) && stateCode(country, state) === null) {
    problems.push(ADDRESS_VALUE_MESSAGES.unknownState(state, countryName(country) ?? country));
  }
  const postalCode = text(address.postalCode);
  if (known && postalCode !== '' && !postalCodeMatches(country, postalCode)) problems.push(ADDRESS_VALUE_MESSAGES.postalCodeFormat(postalCode, countryName(country) ?? country));
  const email = text(address.email);
  if (email !== '' && !EMAIL.test(email)) problems.push(ADDRESS_VALUE_MESSAGES.email);
  return problems;
}

/** Whether the postal code has the country's format; true where no format is known. */
export function postalCodeMatches(countryCode: string, postalCode: string): boolean {
  const country = normalizeCode(countryCode);
  if (!postcodeValidatorExistsForCountry(country)) return true;
  return postcodeValidator(postalCode.trim(), country);
}

/** Spec §5: a shipping address counts as valid for rate lookup only with country and postal code. */
export function isReadyForRates(address: AddressInput | null | undefined): boolean {
  return !!address && !isBlank(address.country) && !isBlank(address.postalCode);
}

const key = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase().replace(/\s+/g, ' ') : '');

/**
 * Spec §5: shipping rates are recalculated only when country or postal code changes, or mandatory
 * shipping fields become filled or empty. True only when the new address is ready for rates (one
 * that is not has its rates cleared, not recalculated). With no previous address, a ready one is a
 * change. Case and spacing do not count as a change ('sw1a 1aa' is 'SW1A 1AA').
 */
export function shouldRecalculateRates(
  previous: AddressInput | null | undefined,
  next: AddressInput,
): boolean {
  if (!isReadyForRates(next)) return false;
  if (!previous || !isReadyForRates(previous)) return true;
  if (key(previous.country) !== key(next.country) || key(previous.postalCode) !== key(next.postalCode)) return true;
  return mandatoryFields(next.country).some((field) => isBlank(previous[field]) !== isBlank(next[field]));
}
