import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_STATUS } from '@inkwell/ui-kit/api-client';
import {
  addressErrors,
  cardNonce,
  cardNumberProblem,
  CARD_MESSAGES,
  EMPTY_ADDRESS,
  fieldOfProblem,
  formatAmount,
  isAddressComplete,
  isReadyForRates,
  mandatoryFields,
  paymentProblem,
  PaymentFlow,
  ratesKey,
  roundToCents,
  successTarget,
  suggestedChanges,
  taxKey,
  toAddressInput,
  type AddressForm,
} from './checkout-rules';

const complete = (overrides: Partial<AddressForm> = {}): AddressForm => ({
  ...EMPTY_ADDRESS,
  firstName: 'Ada',
  surName: 'Lovelace',
  country: 'US',
  address: '1 Main St',
  locality: 'Portland',
  postalCode: '97201',
  administrativeArea: 'OR',
  phoneNumber: '555 0100',
  email: 'ada@example.com',
  ...overrides,
});

describe('address rules (spec §5)', () => {
  it('names every blank mandatory field with the spec message, word for word', () => {
    expect(addressErrors({ ...EMPTY_ADDRESS, country: '' }, true)).toEqual({
      firstName: 'Missing first name',
      surName: 'Missing surname',
      country: 'Missing country',
      address: 'Missing address field',
      locality: 'Missing city',
      postalCode: 'Missing ZIP code',
      administrativeArea: 'Missing state',
      phoneNumber: 'Missing phone number',
      email: 'Missing email',
    });
  });

  it('asks for the state only where the country has states, and never for the company', () => {
    expect(mandatoryFields(false)).not.toContain('administrativeArea');
    expect(mandatoryFields(true)).toContain('administrativeArea');
    expect(addressErrors(complete({ country: 'FR', administrativeArea: '', companyName: '' }), false)).toEqual({});
    expect(addressErrors(complete({ administrativeArea: '' }), true)).toEqual({ administrativeArea: 'Missing state' });
  });

  it('counts spaces as blank and refuses an email that is not one', () => {
    expect(addressErrors(complete({ firstName: '   ' }), true)).toEqual({ firstName: 'Missing first name' });
    expect(addressErrors(complete({ email: 'ada@example' }), true)).toEqual({ email: 'Please enter a valid email.' });
    expect(isAddressComplete(complete(), true)).toBe(true);
    expect(isAddressComplete(complete({ phoneNumber: '' }), true)).toBe(false);
  });

  it('is ready for rates with a country and a postal code only', () => {
    expect(isReadyForRates({ country: 'US', postalCode: '97201' })).toBe(true);
    expect(isReadyForRates({ country: 'US', postalCode: ' ' })).toBe(false);
    expect(isReadyForRates({ country: '', postalCode: '97201' })).toBe(false);
  });

  it('changes the rates key only for country, postal code, and mandatory fields filled or emptied', () => {
    const base = complete();
    const key = ratesKey(base, true);
    expect(ratesKey(complete({ firstName: 'Grace' }), true)).toBe(key);
    expect(ratesKey(complete({ address: '2 Side St', locality: 'Salem', phoneNumber: '555 0199' }), true)).toBe(key);
    expect(ratesKey(complete({ postalCode: ' 97201 ' }), true)).toBe(key);
    expect(ratesKey(complete({ country: 'us' }), true)).toBe(key);
    expect(ratesKey(complete({ postalCode: '97202' }), true)).not.toBe(key);
    expect(ratesKey(complete({ country: 'CA', postalCode: '97201' }), true)).not.toBe(key);
    expect(ratesKey(complete({ firstName: '' }), true)).not.toBe(key);
    expect(ratesKey(complete({ postalCode: '' }), true)).toBeNull();
    // A state change changes the tax, not the rates.
    expect(ratesKey(complete({ administrativeArea: 'WA' }), true)).toBe(key);
    expect(taxKey(complete({ administrativeArea: 'WA' }))).not.toBe(taxKey(base));
  });

  it('sends the address trimmed, of its kind, without an empty company', () => {
    expect(toAddressInput(complete({ firstName: ' Ada ', companyName: ' ' }), 'Shipping')).toMatchObject({ firstName: 'Ada', companyName: null, isShippingAddress: true, isBillingAddress: false });
  });

  it('puts the service’s problems at their field', () => {
    expect(fieldOfProblem('Missing ZIP code')).toBe('postalCode');
    expect(fieldOfProblem('Missing state')).toBe('administrativeArea');
    expect(fieldOfProblem('"ZZZ" is not a postal code of United States of America. Check it and try again.')).toBe('postalCode');
    expect(fieldOfProblem('"XX" is not a state of Canada. Choose one from the list.')).toBe('administrativeArea');
    expect(fieldOfProblem('We do not ship to "Atlantis". Choose a country from the list.')).toBe('country');
    expect(fieldOfProblem('Please enter a valid email.')).toBe('email');
    expect(fieldOfProblem('Could not calculate tax')).toBeUndefined();
  });
});

describe('address verification advice', () => {
  const verification = (suggested: Partial<Record<'locality' | 'administrativeArea' | 'postalCode', string>>) =>
    ({ suggestedAddress: { country: 'US', address: '1 Main Street', locality: 'Beverly Hills', administrativeArea: 'CA', postalCode: '90210', ...suggested } }) as never;
  it('offers the city, state or postal code the postal data knows when they differ', () => {
    expect(suggestedChanges(complete({ locality: 'Beverly Hils', administrativeArea: 'CA', postalCode: '90210' }), verification({}))).toEqual({ locality: 'Beverly Hills' });
    expect(suggestedChanges(complete({ locality: 'Beverly Hills', administrativeArea: 'NV', postalCode: '90210' }), verification({}))).toEqual({ administrativeArea: 'CA' });
  });
  it('ignores case and spacing, and blanks it does not know', () => {
    expect(suggestedChanges(complete({ locality: ' beverly  hills ', administrativeArea: 'ca', postalCode: '90210' }), verification({}))).toEqual({});
    expect(suggestedChanges(complete({ locality: 'Anywhere' }), verification({ locality: '' , administrativeArea: 'OR', postalCode: '97201' }))).toEqual({});
  });
});

describe('money at 4-decimal precision (spec §9)', () => {
  it.each([
    [1234.5, 1235],
    [1234.49, 1234],
    [1234.51, 1235],
    [0.5, 1],
    [0.49, 0],
    [0, 0],
    [1999, 1999],
    // Binary noise must not decide: 1.005 × 100 is 100.49999999999999 in floating point.
    [100.5, 101],
    [-1234.5, -1235],
  ])('%s cents shows as %s whole cents', (minor, cents) => {
    expect(roundToCents(minor)).toBe(cents);
  });

  it('formats $12.345 as $12.35', () => {
    expect(formatAmount(1234.5, 'USD')).toBe('$12.35');
    expect(formatAmount(299.85, 'USD')).toBe('$3.00');
    expect(formatAmount(299.84, 'USD')).toBe('$3.00');
    expect(formatAmount(299.49, 'USD')).toBe('$2.99');
  });
});

describe('card numbers for the simulated processor', () => {
  it('takes test cards with spaces or dashes, and pm_ ids', () => {
    expect(cardNonce('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cardNonce('4000-0000-0000-0002')).toBe('4000000000000002');
    expect(cardNonce('pm_card_visa')).toBe('pm_card_visa');
  });

  it('refuses blanks, letters, short numbers and a wrong check digit', () => {
    expect(cardNumberProblem('')).toBe(CARD_MESSAGES.missing);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(CARD_MESSAGES.invalid);
    expect(cardNumberProblem('4242')).toBe(CARD_MESSAGES.invalid);
    expect(cardNumberProblem('abcd efgh ijkl mnop')).toBe(CARD_MESSAGES.invalid);
    expect(cardNumberProblem('4242424242424242')).toBeUndefined();
  });
});

describe('payment flow states (spec §4, §8)', () => {
  it('keeps the card error wording the service gives', () => {
    const problem = paymentProblem(new ApiError(400, 'CardError', 'There was an error with your card. Your card was declined.'));
    expect(problem).toEqual({ state: PaymentFlow.CardError, message: 'There was an error with your card. Your card was declined.', retrySameKey: false, requote: false });
  });

  it('retries with the same key only when the outcome is unknown', () => {
    expect(paymentProblem(new ApiError(0, CLIENT_STATUS.networkError, 'offline'))).toMatchObject({ state: PaymentFlow.ApiError, retrySameKey: true });
    expect(paymentProblem(new ApiError(502, 'ApiError', 'We could not reach the payment provider.'))).toMatchObject({ state: PaymentFlow.ApiError, retrySameKey: true });
    expect(paymentProblem(new ApiError(400, 'InvalidRequestError', 'Payment method not implemented'))).toMatchObject({ state: PaymentFlow.InvalidRequestError, retrySameKey: false });
  });

  it('prices again after a conflict (cart or total changed, or a payment under way)', () => {
    expect(paymentProblem(new ApiError(409, 'Conflict', 'The total of your purchase changed. Check it and pay again.'))).toMatchObject({ state: PaymentFlow.IdempotencyError, requote: true });
    expect(paymentProblem(new ApiError(409, 'Conflict', 'This purchase is being paid. Wait a moment and check your orders.'))).toMatchObject({ state: PaymentFlow.IdempotencyError });
    expect(paymentProblem(new ApiError(409, 'IdempotencyError', 'used'))).toMatchObject({ state: PaymentFlow.IdempotencyError });
  });

  it("calls anything it cannot name 'Purchase Failed'", () => {
    expect(paymentProblem(new Error('boom'))).toMatchObject({ state: PaymentFlow.InternalError, message: 'Purchase Failed' });
    expect(paymentProblem(new ApiError(500, 'Http500', 'Something went wrong on our side.'))).toMatchObject({ message: 'Purchase Failed' });
  });
});

describe('where a paid purchase lands (spec §2)', () => {
  const order = (id: string) => ({ id }) as never;
  it('sends a signed-in reader with one order to /orderSuccess/{id}', () => {
    expect(successTarget({ id: 'p', userId: 'u', orders: [order('o1')] })).toEqual({ kind: 'order', orderId: 'o1' });
  });
  it('sends guests and split purchases to the guest success page', () => {
    expect(successTarget({ id: 'p', userId: null, orders: [order('o1')] })).toEqual({ kind: 'guest', purchaseId: 'p' });
    expect(successTarget({ id: 'p', userId: 'u', orders: [order('o1'), order('o2')] })).toEqual({ kind: 'guest', purchaseId: 'p' });
  });
});
