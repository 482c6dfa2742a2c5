/**
 * Checkout's rules as pure functions (storefront spec §4 payment flow, §5 addresses and rates, §8
 * purchase errors, §9 money): what the checkout overlay checks before it asks the order service,
 * when it asks again, and how it words what went wrong. The order service checks everything again;
 * these spare a round trip and put each message at its field.
 */
import { ACCOUNT_MESSAGES, isValidEmail } from '@inkwell/contracts/account-rules';
import { ApiError, CLIENT_STATUS } from '@inkwell/ui-kit/api-client';
import { formatMoney } from '@/lib/format';
import { MISSING_FIELD_MESSAGES, PURCHASE_FAILED } from '@inkwell/contracts/order-rules';
import type { AddressInput, AddressVerification, PaymentMethodName, Purchase } from './types';

export { PURCHASE_FAILED };

/** An address as the form holds it: every field of the API's address, each a string. */
export type AddressForm = { [Field in Exclude<keyof AddressInput, 'isShippingAddress' | 'isBillingAddress'>]-?: string };

export type AddressField = keyof AddressForm;

export const EMPTY_ADDRESS: AddressForm = {
  firstName: '',
  surName: '',
  companyName: '',
  country: 'US',
  address: '',
  locality: '',
  postalCode: '',
  administrativeArea: '',
  phoneNumber: '',
  email: '',
};

export { MISSING_FIELD_MESSAGES };

type MandatoryField = keyof typeof MISSING_FIELD_MESSAGES;

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The mandatory fields of an address, in the spec's order. The state is asked for only where the
 * country has states (the service's list gives them): most countries address a parcel without one.
 */
export function mandatoryFields(hasStates: boolean): MandatoryField[] {
  return (Object.keys(MISSING_FIELD_MESSAGES) as MandatoryField[]).filter((field) => field !== 'administrativeArea' || hasStates);
}

/** The message for each field that is wrong: spec §5's 'Missing …' for blanks, 'Please enter a valid email.' for a bad email. */
export function addressErrors(address: AddressForm, hasStates: boolean): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const field of mandatoryFields(hasStates)) if (blank(address[field])) errors[field] = MISSING_FIELD_MESSAGES[field];
  if (!errors.email && !isValidEmail(address.email)) errors.email = ACCOUNT_MESSAGES.invalidEmail;
  return errors;
}

export function isAddressComplete(address: AddressForm, hasStates: boolean): boolean {
  return Object.keys(addressErrors(address, hasStates)).length === 0;
}

/** Spec §5: a shipping address counts as valid for rate lookup only with country and postal code. */
export function isReadyForRates(address: Pick<AddressForm, 'country' | 'postalCode'>): boolean {
  return !blank(address.country) && !blank(address.postalCode);
}

/** Case and spacing are not a change: 'sw1a 1aa' is 'SW1A 1AA'. */
const normalized = (value: string) => value.trim().toUpperCase().replace(/\s+/g, ' ');

/**
 * What the shipping rates of an address depend on (spec §5): its country, its postal code and which
 * mandatory fields are filled. Rates are asked for again only when this changes; null while the
 * address is not ready for rates.
 */
export function ratesKey(address: AddressForm, hasStates: boolean): string | null {
  if (!isReadyForRates(address)) return null;
  const filled = mandatoryFields(hasStates).map((field) => (blank(address[field]) ? 0 : 1)).join('');
  return [normalized(address.country), normalized(address.postalCode), filled].join('|');
}

/** What the tax of an address depends on besides its rates: the state or province. */
export function taxKey(address: AddressForm): string {
  return [normalized(address.country), normalized(address.administrativeArea)].join('|');
}

/** The address as the order service takes it: trimmed, of its kind. */
export function toAddressInput(address: AddressForm, kind: 'Billing' | 'Shipping'): AddressInput {
  const trimmed = Object.fromEntries(Object.entries(address).map(([key, value]) => [key, value.trim()])) as unknown as AddressForm;
  return {
    ...trimmed,
    companyName: trimmed.companyName || null,
    isBillingAddress: kind === 'Billing',
    isShippingAddress: kind === 'Shipping',
  };
}

/** The parts of an address the postal data may know better than the shopper typed them. */
const SUGGESTED_FIELDS = ['locality', 'administrativeArea', 'postalCode'] as const;

/** What the postal data would change in the typed address: the city, state or postal code it knows for it. */
export function suggestedChanges(typed: AddressForm, verification: AddressVerification): Partial<Pick<AddressForm, (typeof SUGGESTED_FIELDS)[number]>> {
  const changes: Partial<Pick<AddressForm, (typeof SUGGESTED_FIELDS)[number]>> = {};
  for (const field of SUGGESTED_FIELDS) {
    const suggested = verification.suggestedAddress[field];
    if (suggested && normalized(suggested) !== normalized(typed[field])) changes[field] = suggested;
  }
  return changes;
}

/**
 * Which field a problem the order service names belongs to: the spec's 'Missing …' messages and
 * its own value messages (a country not shipped to, a state not of the country, a postal code of
 * the wrong format, a bad email). Undefined for problems that are not about one field.
 */
export function fieldOfProblem(message: string): AddressField | undefined {
  const missing = (Object.entries(MISSING_FIELD_MESSAGES) as Array<[MandatoryField, string]>).find(([, text]) => text === message);
  if (missing) return missing[0];
  if (message === ACCOUNT_MESSAGES.invalidEmail) return 'email';
  if (/^We do not ship to /.test(message)) return 'country';
  if (/is not a state of /.test(message)) return 'administrativeArea';
  if (/is not a postal code of /.test(message)) return 'postalCode';
  return undefined;
}

/**
 * Spec §9: shipping, tax, coupon and refund amounts are minor units at 4-decimal precision of the
 * currency (cents with 2 decimals: 1234.5 is $12.345). Shown in whole cents, rounded half up
 * ($12.35); the 15-significant-digit cut keeps binary noise (1234.4999999) from deciding it.
 */
export function roundToCents(minor: number): number {
  const hundredths = Math.round(Number((Math.abs(minor) * 100).toPrecision(15)));
  const cents = Math.floor((hundredths + 50) / 100);
  return minor < 0 && cents !== 0 ? -cents : cents;
}

/** A 4-decimal-precision amount as money: '$12.35' for 1234.5 cents. */
export function formatAmount(minor: number, currency: string): string {
  return formatMoney(roundToCents(minor), currency);
}

/** Spec §4's payment flow states. */
export const PaymentFlow = {
  Ready: 'Ready',
  Processing: 'Processing',
  Successful: 'Successful',
  ApiError: 'ApiError',
  CardError: 'CardError',
  IdempotencyError: 'IdempotencyError',
  InvalidRequestError: 'InvalidRequestError',
  InternalError: 'InternalError',
} as const;
export type PaymentFlow = (typeof PaymentFlow)[keyof typeof PaymentFlow];

export interface PaymentProblem {
  state: PaymentFlow;
  message: string;
  /** The outcome is unknown (the answer never came): paying again must reuse the same Idempotency-Key. */
  retrySameKey: boolean;
  /** The purchase no longer matches what was shown (cart or total changed): it is priced again. */
  requote: boolean;
}

/**
 * A failed `POST /order/purchase` as a payment flow state and the words the shopper reads (spec
 * §8): the card error wording and the other failures come from the order service as it words them;
 * a failure it did not word is 'Purchase Failed'.
 */
export function paymentProblem(error: unknown): PaymentProblem {
  const problem = (state: PaymentFlow, message: string, extra: Partial<PaymentProblem> = {}): PaymentProblem => ({ state, message, retrySameKey: false, requote: false, ...extra });
  if (!(error instanceof ApiError)) return problem(PaymentFlow.InternalError, PURCHASE_FAILED);
  if (error.type === CLIENT_STATUS.networkError) return problem(PaymentFlow.ApiError, error.message, { retrySameKey: true });
  switch (error.type) {
    case 'CardError':
      return problem(PaymentFlow.CardError, error.message);
    case 'InvalidRequestError':
    case 'BadRequest':
    case 'ValidationError':
      return problem(PaymentFlow.InvalidRequestError, error.message);
    case 'IdempotencyError':
      return problem(PaymentFlow.IdempotencyError, error.message);
    case 'Conflict':
      // The cart or the total changed while paying, or the purchase is being paid: priced again, it shows as it is now.
      return problem(PaymentFlow.IdempotencyError, error.message, { requote: true });
    case 'ApiError':
      // 502: the provider could not be reached; the service checks the payment itself.
      return problem(PaymentFlow.ApiError, error.message, { retrySameKey: true });
    default:
      return problem(PaymentFlow.ApiError, error.httpStatus >= 500 ? PURCHASE_FAILED : error.message || PURCHASE_FAILED);
  }
}

/** What the card field says about a number (spec §5: card number invalid is a payment error kind). */
export const CARD_MESSAGES = {
  missing: 'Enter your card number.',
  invalid: 'Your card number is invalid.',
} as const;

/** Luhn's check digit, which every card number carries. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The card number as the simulated processor takes it (the nonce): its digits, or a Stripe test
 * PaymentMethod id (pm_…) as API clients send. Undefined when it cannot be a card.
 */
export function cardNonce(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^pm_[A-Za-z0-9_]+$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return undefined;
  return digits;
}

export function cardNumberProblem(value: string): string | undefined {
  if (blank(value)) return CARD_MESSAGES.missing;
  return cardNonce(value) ? undefined : CARD_MESSAGES.invalid;
}

/** Spec §4's payment methods as the shopper reads them. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethodName, string>> = {
  Card: 'Card',
  PayPal: 'PayPal',
  GooglePay: 'Google Pay',
  ApplePay: 'Apple Pay',
};

/** The purchase is paid (or needed no payment): nothing more to do but show it. */
export function isPaid(purchase: Pick<Purchase, 'state'>): boolean {
  return purchase.state === 'Paid' || purchase.state === 'Completed';
}

/**
 * Where a paid purchase lands (spec §2): a signed-in reader's single order on /orderSuccess/{id};
 * a guest's purchase, or one split into several orders, on /checkout/success/guest.
 */
export function successTarget(purchase: Pick<Purchase, 'id' | 'userId' | 'orders'>): { kind: 'order'; orderId: string } | { kind: 'guest'; purchaseId: string } {
  const [only] = purchase.orders;
  if (purchase.userId && purchase.orders.length === 1 && only) return { kind: 'order', orderId: only.id };
  return { kind: 'guest', purchaseId: purchase.id };
}
