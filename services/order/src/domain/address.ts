import { ACCOUNT_MESSAGES, isValidEmail } from '@inkwell/contracts/account-rules';
import type { AddressInput as ApiAddress } from '@inkwell/contracts/order';
import { MISSING_FIELD_MESSAGES } from '@inkwell/contracts/order-rules';
import { problem, type Problem } from '@inkwell/contracts/problems';
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
export type Address = Omit<ApiAddress, 'companyName'> & { companyName?: string };

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
  /** The account rule's words: an address's email is checked by the account rule itself. */
  email: ACCOUNT_MESSAGES.invalidEmail,
} as const;

/** The request's path of an address field: `email`, or `shippingAddress.email` under `at`. */
export function addressField(at: string, field: keyof Address): string {
  return at ? `${at}.${field}` : field;
}

export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** The mandatory fields of an address in this country, in the spec's order. */
export function mandatoryFields(country: unknown): MandatoryField[] {
  const withState = typeof country === 'string' && countryHasStates(country);
  return (Object.keys(MISSING_FIELD_MESSAGES) as MandatoryField[]).filter((field) => field !== 'administrativeArea' || withState);
}

/**
 * The spec's 'Missing …' messages for every blank mandatory field, in the spec's order, each on its
 * field (under `at`, the address's own path in the request); empty when complete.
 */
export function addressProblems(address: AddressInput, at = ''): Problem[] {
  return mandatoryFields(address.country)
    .filter((field) => isBlank(address[field]))
    .map((field) => problem(addressField(at, field), MISSING_FIELD_MESSAGES[field]));
}

/**
 * What is wrong with the filled-in values: a country not shipped to, a state not of the country,
 * a postal code that does not have the country's format (postcode-validator; countries it has no
 * format for pass), an email the account rule refuses. Blank fields are addressProblems' business.
 * Each on its field, under `at` as addressProblems'.
 */
export function addressValueProblems(address: AddressInput, at = ''): Problem[] {
  const problems: Problem[] = [];
  const add = (field: keyof Address, message: string) => problems.push(problem(addressField(at, field), message));
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const country = normalizeCode(text(address.country));
  const known = country !== '' && isShippingCountry(country);
  if (country !== '' && !known) add('country', ADDRESS_VALUE_MESSAGES.unknownCountry(text(address.country)));
  const state = text(address.administrativeArea);
  if (known && state !== '' && countryHasStates(country) && stateCode(country, state) === null) {
    add('administrativeArea', ADDRESS_VALUE_MESSAGES.unknownState(state, countryName(country) ?? country));
  }
  const postalCode = text(address.postalCode);
  if (known && postalCode !== '' && !postalCodeMatches(country, postalCode)) add('postalCode', ADDRESS_VALUE_MESSAGES.postalCodeFormat(postalCode, countryName(country) ?? country));
  const email = text(address.email);
  if (email !== '' && !isValidEmail(email)) add('email', ADDRESS_VALUE_MESSAGES.email);
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
