import { ConfigError, type Database } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createPaymentProcessor, SimulatedPaymentProcessor, StripePaymentProcessor, WebhookSignatureError } from '../../../src/drivers/payments';

const WEBHOOK_SECRET = 'whsec_test_secret_for_inkwell';
const processor = new StripePaymentProcessor({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: WEBHOOK_SECRET });

/** A Stripe event as Stripe sends it: the JSON body and its Stripe-Signature header. */
function signed(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  return { payload, header };
}

const now = () => Math.floor(Date.now() / 1000);

const intentEvent = (type: string, intent: object) => ({
  id: `evt_${type.replace(/\W/g, '_')}`,
  object: 'event',
  type,
  created: 1_700_000_000,
  livemode: false,
  data: { object: { id: 'pi_123', object: 'payment_intent', amount: 2499, currency: 'usd', metadata: { purchaseId: 'purchase-9' }, ...intent } },
});

describe('Stripe webhooks', () => {
  it('reads payment_intent.succeeded', () => {
    const { payload, header } = signed(intentEvent('payment_intent.succeeded', { status: 'succeeded' }));
    expect(processor.parseWebhook(payload, header)).toEqual({
      id: 'evt_payment_intent_succeeded',
      type: 'payment.succeeded',
      paymentId: 'pi_123',
      purchaseId: 'purchase-9',
      amount: 2499,
      currency: 'USD',
      createdAt: new Date(1_700_000_000_000).toISOString(),
    });
  });

  it('reads payment_intent.payment_failed with the decline in the spec’s words', () => {
    const { payload, header } = signed(
      intentEvent('payment_intent.payment_failed', {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      }),
    );
    expect(processor.parseWebhook(Buffer.from(payload), header)).toMatchObject({
      type: 'payment.failed',
      paymentId: 'pi_123',
      failure: { kind: 'CardError', code: 'card_declined', declineCode: 'insufficient_funds', message: 'There was an error with your card. Your card has insufficient funds.' },
    });
  });

  it('reads charge.refunded with the running refunded total', () => {
    const { payload, header } = signed({
      id: 'evt_refund',
      object: 'event',
      type: 'charge.refunded',
      created: 1_700_000_100,
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_123', amount: 2499, amount_refunded: 1000, currency: 'usd', metadata: {} } },
    });
    expect(processor.parseWebhook(payload, header)).toMatchObject({ id: 'evt_refund', type: 'payment.refunded', paymentId: 'pi_123', amount: 2499, amountRefunded: 1000 });
  });

  it('answers undefined for a signed event of another type, and for a refund of a charge outside a PaymentIntent', () => {
    const other = signed({ id: 'evt_c', object: 'event', type: 'customer.created', created: now(), data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(processor.parseWebhook(other.payload, other.header)).toBeUndefined();
    const bare = signed({ id: 'evt_r', object: 'event', type: 'charge.refunded', created: now(), data: { object: { id: 'ch_2', object: 'charge', payment_intent: null, amount: 5, amount_refunded: 5, currency: 'usd' } } });
    expect(processor.parseWebhook(bare.payload, bare.header)).toBeUndefined();
  });

  it('refuses a wrong secret, a changed body, a missing or malformed header', () => {
    const event = intentEvent('payment_intent.succeeded', { status: 'succeeded' });
    const forged = signed(event, { secret: 'whsec_someone_else' });
    expect(() => processor.parseWebhook(forged.payload, forged.header)).toThrow(WebhookSignatureError);
    const good = signed(event);
    expect(() => processor.parseWebhook(good.payload.replace('2499', '1'), good.header)).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(good.payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(good.payload, 'v1=abc')).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(good.payload, '')).toThrow(WebhookSignatureError);
  });

  it('refuses a replay older than the five-minute tolerance, and takes one within it', () => {
    const event = intentEvent('payment_intent.succeeded', { status: 'succeeded' });
    const stale = signed(event, { timestamp: now() - 301 });
    expect(() => processor.parseWebhook(stale.payload, stale.header)).toThrow(WebhookSignatureError);
    const recent = signed(event, { timestamp: now() - 240 });
    expect(processor.parseWebhook(recent.payload, recent.header)).toMatchObject({ type: 'payment.succeeded' });
  });
});

describe('createPaymentProcessor', () => {
  // Neither driver touches the database when built.
  const db = {} as Database;
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

  it('picks the simulated processor when no Stripe setting is given', () => {
    const chosen = createPaymentProcessor({}, db, testLogger);
    expect(chosen).toBeInstanceOf(SimulatedPaymentProcessor);
    expect(chosen.publicConfig()).toEqual({ provider: 'simulated' });
  });

  it('picks Stripe when all three are given, and hands out the publishable key only', () => {
    const chosen = createPaymentProcessor(stripe, db, testLogger);
    expect(chosen).toBeInstanceOf(StripePaymentProcessor);
    expect(chosen.kind).toBe('stripe');
    expect(chosen.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_1' });
  });

  it('refuses some but not all settings, or values of the wrong kind, naming each problem', () => {
    expect(() => createPaymentProcessor({ STRIPE_SECRET_KEY: 'sk_test_1' }, db, testLogger)).toThrow(ConfigError);
    try {
      createPaymentProcessor({ ...stripe, STRIPE_SECRET_KEY: 'pk_oops', STRIPE_WEBHOOK_SECRET: undefined }, db, testLogger);
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'STRIPE_SECRET_KEY should start with sk_ or rk_',
        'STRIPE_WEBHOOK_SECRET is not set: Stripe needs all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET (or none, for the simulated processor)',
      ]);
    }
  });
});
