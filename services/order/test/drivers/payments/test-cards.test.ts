import { describe, expect, it } from 'vitest';
import { PAYMENT_ERROR_MESSAGES, paymentFailure, providerFailure } from '../../../src/drivers/payments';
import { luhnValid, resolveCard, TEST_CARDS } from '../../../src/drivers/payments/simulated/test-cards';

describe('Stripe test cards', () => {
  it('lists only numbers that pass the Luhn check, each once, and each PaymentMethod id once', () => {
    const numbers = TEST_CARDS.flatMap((card) => card.numbers);
    const ids = TEST_CARDS.flatMap((card) => card.paymentMethods);
    expect(numbers.filter((number) => !luhnValid(number))).toEqual([]);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('pm_card_'))).toBe(true);
  });

  it.each([
    ['pm_card_visa', 'succeed'],
    ['4242 4242 4242 4242', 'succeed'],
    ['4242-4242-4242-4242', 'succeed'],
    ['pm_card_chargeDeclined', 'decline'],
    ['4000000000000002', 'decline'],
    ['pm_card_authenticationRequired', 'authenticate'],
    ['4000002500003155', 'authenticate'],
    ['4000002760003184', 'authenticate'],
  ])('%s → %s', (nonce, kind) => {
    const card = resolveCard(nonce);
    expect(card.found && card.outcome.kind).toBe(kind);
  });

  it('keeps only the brand and last four digits of a number', () => {
    expect(resolveCard('4000 0566 5566 5556')).toMatchObject({ found: true, brand: 'visa', last4: '5556' });
    expect(resolveCard('pm_card_amex')).toMatchObject({ found: true, brand: 'amex', last4: '0005' });
  });

  it('answers a number failing the Luhn check as incorrect_number, and a real card as a test-mode decline', () => {
    expect(resolveCard('4242424242424241')).toMatchObject({ found: true, outcome: { kind: 'decline', decline: { code: 'incorrect_number' } } });
    expect(resolveCard('4111111111111111')).toMatchObject({
      found: true,
      outcome: { kind: 'decline', decline: { code: 'card_declined', declineCode: 'test_mode_live_card' } },
    });
  });

  it.each(['pm_card_nonsense', 'tok_visa', '', '4242', 'card 4242 4242 4242 4242', '42424242424242424242'])('does not know %j', (nonce) => {
    expect(resolveCard(nonce)).toEqual({ found: false });
  });
});

describe('failure messages', () => {
  it('gives a card error the spec sentence and the reason', () => {
    expect(paymentFailure('CardError', 'card_declined', 'insufficient_funds')).toEqual({
      kind: 'CardError',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'There was an error with your card. Your card has insufficient funds.',
    });
    expect(paymentFailure('CardError', 'incorrect_cvc').message).toBe("There was an error with your card. Your card's security code is incorrect.");
  });

  it('reads a lost or stolen card as a plain decline', () => {
    for (const declineCode of ['lost_card', 'stolen_card', 'fraudulent']) {
      expect(paymentFailure('CardError', 'card_declined', declineCode).message).toBe('There was an error with your card. Your card was declined.');
    }
  });

  it.each([
    ['api_connection_error', 'ApiError', PAYMENT_ERROR_MESSAGES.connectionFailure],
    ['api_error', 'ApiError', PAYMENT_ERROR_MESSAGES.couldNotCommunicate],
    ['authentication_error', 'ApiError', PAYMENT_ERROR_MESSAGES.noSecureConnection],
    ['idempotency_error', 'IdempotencyError', PAYMENT_ERROR_MESSAGES.communicationError],
    ['invalid_request_error', 'InvalidRequestError', PAYMENT_ERROR_MESSAGES.requestNotUnderstood],
    ['rate_limit_error', 'ApiError', PAYMENT_ERROR_MESSAGES.rateLimited],
    ['validation_error', 'CardError', PAYMENT_ERROR_MESSAGES.couldNotValidateCard],
    ['something_new', 'ApiError', PAYMENT_ERROR_MESSAGES.chargeFailed],
  ])('maps the provider error type %s to %s with the spec message', (type, kind, message) => {
    expect(providerFailure(type, undefined)).toMatchObject({ kind, message, code: type });
  });
});
