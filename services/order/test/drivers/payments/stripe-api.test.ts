import { freePort } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PAYMENT_ERROR_MESSAGES, StripePaymentProcessor, failureOfStripeError } from '../../../src/drivers/payments';

const keys = { secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: 'whsec_test', publicUrl: 'https://shop.example' };

describe('Stripe errors as the shopper reads them', () => {
  it.each([
    [{ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }, 'CardError', 'There was an error with your card. Your card has insufficient funds.'],
    [{ type: 'card_error', code: 'expired_card' }, 'CardError', 'There was an error with your card. Your card has expired.'],
    [{ type: 'card_error', code: 'incorrect_cvc' }, 'CardError', "There was an error with your card. Your card's security code is incorrect."],
    [{ type: 'invalid_request_error', code: 'parameter_missing' }, 'InvalidRequestError', PAYMENT_ERROR_MESSAGES.requestNotUnderstood],
    [{ type: 'idempotency_error' }, 'IdempotencyError', PAYMENT_ERROR_MESSAGES.communicationError],
    [{ type: 'api_error' }, 'ApiError', PAYMENT_ERROR_MESSAGES.couldNotCommunicate],
    [{ type: 'rate_limit_error' }, 'ApiError', PAYMENT_ERROR_MESSAGES.rateLimited],
    [{ type: 'authentication_error' }, 'ApiError', PAYMENT_ERROR_MESSAGES.noSecureConnection],
  ] as const)('%j → %s', (raw, kind, message) => {
    const error = Stripe.errors.StripeError.generate({ ...raw, message: 'from Stripe' } as never);
    expect(failureOfStripeError(error)).toMatchObject({ kind, message, code: 'code' in raw ? raw.code : raw.type });
  });

  it('answers an unreachable Stripe as an ApiError with the connection message, charging nothing it knows of', async () => {
    const processor = new StripePaymentProcessor({ ...keys, apiUrl: `http://127.0.0.1:${await freePort()}` });
    const result = await processor.createPayment({
      purchaseId: 'p-1',
      amount: 1299,
      currency: 'USD',
      method: 'Card',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: 'key-unreachable',
      returnUrl: '/checkout/success',
    });
    expect(result).toMatchObject({ paymentId: '', status: 'failed', failure: { kind: 'ApiError', code: 'api_connection_error', message: PAYMENT_ERROR_MESSAGES.connectionFailure } });
  });

  it('refuses a relative return address when no public address is known, before calling Stripe', async () => {
    const processor = new StripePaymentProcessor({ ...keys, publicUrl: undefined, apiUrl: 'http://127.0.0.1:1' });
    const result = await processor.createPayment({ purchaseId: 'p', amount: 100, currency: 'USD', method: 'Card', paymentMethodId: 'pm_card_visa', idempotencyKey: 'k', returnUrl: '/x' });
    expect(result.failure).toMatchObject({ kind: 'InvalidRequestError', code: 'url_invalid' });
  });
});

/**
 * Against stripe-mock (scripts/stripe-mock.sh): it checks each request against Stripe's OpenAPI
 * document and answers fixtures, so these prove the requests are ones Stripe accepts and that the
 * answers map, not what Stripe would decide.
 */
const stripeMockUrl = process.env.TEST_STRIPE_MOCK_URL;
describe.skipIf(skipBecause(!stripeMockUrl && 'TEST_STRIPE_MOCK_URL is not set: start stripe-mock with `bash scripts/stripe-mock.sh start --background` and set TEST_STRIPE_MOCK_URL=http://127.0.0.1:12111'))(
  'the Stripe driver against stripe-mock',
  () => {
    const processor = new StripePaymentProcessor({ ...keys, apiUrl: stripeMockUrl });

    it('creates and confirms a PaymentIntent with a PaymentMethod, under the idempotency key', async () => {
      const result = await processor.createPayment({
        purchaseId: 'purchase-1',
        amount: 1299,
        currency: 'USD',
        method: 'Card',
        paymentMethodId: 'pm_card_visa',
        idempotencyKey: `create-${Date.now()}`,
        returnUrl: '/checkout/success',
        email: 'reader@example.com',
      });
      expect(result.paymentId).toMatch(/^pi_/);
      expect(result).toMatchObject({ amount: 1299, currency: 'USD' });
      expect(result.failure?.kind).not.toBe('InvalidRequestError');
    });

    it('creates an unconfirmed PaymentIntent for the Payment Element (wallets) and hands out its client secret', async () => {
      const result = await processor.createPayment({ purchaseId: 'purchase-2', amount: 500, currency: 'EUR', method: 'PayPal', idempotencyKey: `wallet-${Date.now()}`, returnUrl: '/checkout' });
      expect(result.paymentId).toMatch(/^pi_/);
      expect(result.failure?.kind).not.toBe('InvalidRequestError');
    });

    it('retrieves a PaymentIntent', async () => {
      const result = await processor.retrievePayment('pi_123');
      expect(result.paymentId).toBe('pi_123');
      expect(typeof result.amount).toBe('number');
    });

    it('refunds part of a payment under the idempotency key', async () => {
      const refund = await processor.refund({ paymentId: 'pi_123', amount: 500, idempotencyKey: `refund-${Date.now()}`, reason: 'requested_by_customer' });
      expect(refund).toMatchObject({ paymentId: 'pi_123', amount: 500, status: 'succeeded' });
      expect(refund.refundId).toMatch(/^re_/);
    });

    it('deletes the customers of an erased person: listed by email, searched by metadata, each deleted (stripe-mock lists its fixture customer)', async () => {
      const deleted = await processor.deleteCustomer({ userId: '5b0c7c4e-2f7e-4a55-9a43-3d1a1f0b2c11', email: 'erased.reader@example.com' });
      expect(deleted).toBeGreaterThan(0);
    });

    it('answers a request Stripe refuses as an InvalidRequestError', async () => {
      const refund = await processor.refund({ paymentId: 'pi_123', amount: 500, idempotencyKey: `refund-bad-${Date.now()}`, reason: 'because' as never });
      expect(refund).toMatchObject({ refundId: '', status: 'failed', failure: { kind: 'InvalidRequestError', message: PAYMENT_ERROR_MESSAGES.requestNotUnderstood } });
    });
  },
);
