import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentNotFoundError, TEST_CARDS, WebhookSignatureError, type PaymentEvent, type PaymentMethod, type SimulatedPaymentProcessor } from '../../../src/drivers/payments';
import { cardPayment, simulatedProcessor, startPaymentsDb, waitFor, type PaymentsDb } from './support';

let store: PaymentsDb;
let processor: SimulatedPaymentProcessor;

beforeAll(async () => {
  store = await startPaymentsDb();
  processor = simulatedProcessor(store.db);
});
afterAll(async () => {
  await processor.stop();
  await store.close();
});

const count = async (sql: string, values: unknown[] = []) => (await store.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, values)).rows[0]!.n;

describe('every test card and PaymentMethod id', () => {
  const nonces = TEST_CARDS.flatMap((card) => [...card.numbers, ...card.paymentMethods].map((nonce) => ({ nonce, card })));

  it.each(nonces)('$nonce behaves as in Stripe test mode', async ({ nonce, card }) => {
    const result = await processor.createPayment(cardPayment(nonce));
    expect(result.paymentId).toMatch(/^pi_sim_/);
    expect(result.amount).toBe(1299);
    expect(result.currency).toBe('USD');
    const { outcome } = card;
    if (outcome.kind === 'succeed') {
      expect(result).toMatchObject({ status: 'succeeded' });
      expect(result.failure).toBeUndefined();
    } else if (outcome.kind === 'decline') {
      expect(result).toMatchObject({ status: 'failed', failure: { kind: 'CardError', code: outcome.decline.code } });
      expect(result.failure?.declineCode).toBe(outcome.decline.declineCode);
      expect(result.failure?.message).toMatch(/^There was an error with your card\. /);
    } else {
      expect(result).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: `/api/order/simulated-provider/${result.paymentId}` } });
    }
    expect(await processor.retrievePayment(result.paymentId)).toEqual(result);
  });

  it('declines the named cases with Stripe’s codes', async () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['4000000000000002', 'card_declined', 'generic_decline'],
      ['pm_card_chargeDeclined', 'card_declined', 'generic_decline'],
      ['4000000000000127', 'incorrect_cvc', undefined],
      ['4000000000000069', 'expired_card', undefined],
      ['4000000000009995', 'card_declined', 'insufficient_funds'],
      ['4242424242424241', 'incorrect_number', undefined],
    ];
    for (const [nonce, code, declineCode] of cases) {
      const { failure } = await processor.createPayment(cardPayment(nonce));
      expect(failure, nonce).toMatchObject({ kind: 'CardError', code });
      expect(failure?.declineCode, nonce).toBe(declineCode);
    }
  });

  it('never stores a card number, only its brand and last four digits', async () => {
    const { paymentId } = await processor.createPayment(cardPayment('4242 4242 4242 4242'));
    const { rows } = await store.db.query<Record<string, unknown>>('SELECT * FROM simulated_processor.payments WHERE id = $1', [paymentId]);
    expect(JSON.stringify(rows[0])).not.toContain('4242424242424242');
    expect(rows[0]).toMatchObject({ card_brand: 'visa', card_last4: '4242' });
  });
});

describe('bad requests', () => {
  it.each([
    ['an unknown PaymentMethod', { paymentMethodId: 'pm_card_nonsense' }, 'resource_missing'],
    ['a card payment without a nonce', { paymentMethodId: undefined }, 'parameter_missing'],
    ['a zero amount', { amount: 0 }, 'amount_too_small'],
    ['a negative amount', { amount: -5 }, 'amount_too_small'],
    ['a fractional amount', { amount: 12.5 }, 'parameter_invalid_integer'],
    ['an amount of nine digits', { amount: 100_000_000 }, 'amount_too_large'],
    ['a currency that is no code', { currency: 'dollars' }, 'parameter_invalid_string'],
    ['an unknown method', { method: 'Cheque' }, 'payment_method_invalid_parameter'],
    ['an empty key', { idempotencyKey: '' }, 'idempotency_key_invalid'],
    ['a protocol-relative return address', { returnUrl: '//evil.example/x' }, 'url_invalid'],
    ['a script return address', { returnUrl: 'javascript:alert(1)' }, 'url_invalid'],
    ['a malformed email', { email: 'not an email' }, 'email_invalid'],
    ['an empty purchase id', { purchaseId: '' }, 'parameter_invalid_string'],
  ])('refuses %s with an InvalidRequestError and records nothing', async (_what, overrides, code) => {
    const before = await count('simulated_processor.payments');
    const result = await processor.createPayment(cardPayment('pm_card_visa', overrides));
    expect(result).toMatchObject({ paymentId: '', status: 'failed', failure: { kind: 'InvalidRequestError', code } });
    expect(result.failure?.message).toBe('The payment provider did not understand the request.');
    expect(await count('simulated_processor.payments')).toBe(before);
  });

  it('answers PaymentNotFoundError for an unknown payment id', async () => {
    await expect(processor.retrievePayment('pi_sim_nope')).rejects.toBeInstanceOf(PaymentNotFoundError);
    await expect(processor.completeAction('pi_sim_nope', 'authorise')).rejects.toBeInstanceOf(PaymentNotFoundError);
  });
});

describe('idempotency', () => {
  it('answers a repeat with the same key and body with the first result, charging once', async () => {
    const request = cardPayment('pm_card_visa');
    const first = await processor.createPayment(request);
    const again = await processor.createPayment({ ...request });
    expect(again).toEqual(first);
    expect(await count('simulated_processor.payments WHERE idempotency_key = $1', [request.idempotencyKey])).toBe(1);
  });

  it('replays a decline too, without a second attempt', async () => {
    const request = cardPayment('pm_card_chargeDeclined');
    const first = await processor.createPayment(request);
    expect(await processor.createPayment(request)).toEqual(first);
    expect(await count('simulated_processor.payments WHERE idempotency_key = $1', [request.idempotencyKey])).toBe(1);
  });

  it('refuses the same key with a different body', async () => {
    const request = cardPayment('pm_card_visa');
    const first = await processor.createPayment(request);
    for (const changed of [{ amount: 1 }, { paymentMethodId: 'pm_card_mastercard' }, { purchaseId: 'another' }, { returnUrl: '/elsewhere' }]) {
      const result = await processor.createPayment({ ...request, ...changed });
      expect(result).toMatchObject({ paymentId: '', status: 'failed', failure: { kind: 'IdempotencyError' } });
    }
    expect(await processor.retrievePayment(first.paymentId)).toEqual(first);
    expect(await count('simulated_processor.payments WHERE idempotency_key = $1', [request.idempotencyKey])).toBe(1);
  });

  it('charges once for 1,000 concurrent calls with one key', async () => {
    const request = cardPayment('pm_card_visa', { amount: 4999 });
    const results = await Promise.all(Array.from({ length: 1000 }, () => processor.createPayment({ ...request })));
    const ids = new Set(results.map((result) => result.paymentId));
    expect(ids.size).toBe(1);
    expect(results.every((result) => result.status === 'succeeded')).toBe(true);
    expect(await count('simulated_processor.payments WHERE idempotency_key = $1', [request.idempotencyKey])).toBe(1);
    expect(await count("simulated_processor.payment_events WHERE payment_id = $1 AND event->>'type' = 'payment.succeeded'", [[...ids][0]])).toBe(1);
  });

  it('lets exactly one of 50 concurrent calls with one key and different bodies charge', async () => {
    const request = cardPayment('pm_card_visa');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => processor.createPayment({ ...request, amount: 100 + i })));
    const charged = results.filter((result) => result.status === 'succeeded');
    expect(new Set(charged.map((result) => result.paymentId)).size).toBe(1);
    expect(results.filter((result) => result.failure?.kind === 'IdempotencyError').length).toBe(50 - charged.length);
    expect(await count('simulated_processor.payments WHERE idempotency_key = $1', [request.idempotencyKey])).toBe(1);
  });
});

describe('the extra authentication step and wallets', () => {
  it('succeeds once authorised, and a second answer changes nothing', async () => {
    const created = await processor.createPayment(cardPayment('pm_card_authenticationRequired', { returnUrl: 'https://shop.example/checkout/done?step=2' }));
    expect(created.status).toBe('requires_action');
    const { payment, returnUrl } = await processor.completeAction(created.paymentId, 'authorise');
    expect(payment).toMatchObject({ status: 'succeeded', paymentId: created.paymentId });
    expect(payment.nextAction).toBeUndefined();
    const back = new URL(returnUrl);
    expect(back.origin + back.pathname).toBe('https://shop.example/checkout/done');
    expect(Object.fromEntries(back.searchParams)).toEqual({ step: '2', payment_intent: created.paymentId, redirect_status: 'succeeded' });
    const second = await processor.completeAction(created.paymentId, 'fail');
    expect(second.payment.status).toBe('succeeded');
    // The replay of the first call still answers its first result.
    expect(await processor.retrievePayment(created.paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('fails with an authentication failure when the shopper fails it', async () => {
    const created = await processor.createPayment(cardPayment('4000002760003184'));
    const { payment, returnUrl } = await processor.completeAction(created.paymentId, 'fail');
    expect(payment).toMatchObject({ status: 'failed', failure: { kind: 'CardError', code: 'payment_intent_authentication_failure' } });
    expect(returnUrl).toBe(`/checkout/success?payment_intent=${created.paymentId}&redirect_status=failed`);
  });

  it('declines after authorisation for the cards that do so', async () => {
    const created = await processor.createPayment(cardPayment('pm_card_authenticationRequiredChargeDeclinedInsufficientFunds'));
    const { payment } = await processor.completeAction(created.paymentId, 'authorise');
    expect(payment).toMatchObject({ status: 'failed', failure: { code: 'card_declined', declineCode: 'insufficient_funds' } });
  });

  it.each<PaymentMethod>(['PayPal', 'GooglePay', 'ApplePay'])('sends a %s payment to the provider page', async (method) => {
    const created = await processor.createPayment(cardPayment('', { method, paymentMethodId: undefined }));
    expect(created).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect' } });
    const failed = await processor.createPayment(cardPayment('', { method, paymentMethodId: undefined }));
    expect((await processor.completeAction(created.paymentId, 'authorise')).payment.status).toBe('succeeded');
    expect((await processor.completeAction(failed.paymentId, 'fail')).payment).toMatchObject({ status: 'failed', failure: { code: 'payment_method_provider_decline' } });
  });

  it('lets one of many concurrent answers decide', async () => {
    const created = await processor.createPayment(cardPayment('pm_card_authenticationRequired'));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => processor.completeAction(created.paymentId, i % 2 ? 'fail' : 'authorise')));
    expect(new Set(answers.map((answer) => answer.payment.status)).size).toBe(1);
    expect(await count('simulated_processor.payment_events WHERE payment_id = $1', [created.paymentId])).toBe(1);
  });
});

describe('refunds', () => {
  const refundKey = () => `refund-${Math.random().toString(36).slice(2)}`;

  it('refunds in parts up to the charge, never above it', async () => {
    const { paymentId } = await processor.createPayment(cardPayment('pm_card_visa', { amount: 1000 }));
    expect(await processor.refund({ paymentId, amount: 300, idempotencyKey: refundKey() })).toMatchObject({ status: 'succeeded', amount: 300, paymentId });
    expect(await processor.refund({ paymentId, amount: 701, idempotencyKey: refundKey() })).toMatchObject({
      refundId: '',
      status: 'failed',
      failure: { kind: 'InvalidRequestError', code: 'amount_too_large' },
    });
    expect(await processor.refund({ paymentId, amount: 700, idempotencyKey: refundKey() })).toMatchObject({ status: 'succeeded', amount: 700 });
    expect(await processor.refund({ paymentId, amount: 1, idempotencyKey: refundKey() })).toMatchObject({ failure: { code: 'charge_already_refunded' } });
    const { rows } = await store.db.query<{ amount_refunded: number }>('SELECT amount_refunded FROM simulated_processor.payments WHERE id = $1', [paymentId]);
    expect(rows[0]!.amount_refunded).toBe(1000);
  });

  it('refunds once per key, and refuses the key for another refund', async () => {
    const { paymentId } = await processor.createPayment(cardPayment('pm_card_visa', { amount: 1000 }));
    const key = refundKey();
    const first = await processor.refund({ paymentId, amount: 400, idempotencyKey: key });
    expect(await processor.refund({ paymentId, amount: 400, idempotencyKey: key })).toEqual(first);
    expect(await processor.refund({ paymentId, amount: 500, idempotencyKey: key })).toMatchObject({ failure: { kind: 'IdempotencyError' } });
    expect(await count('simulated_processor.refunds WHERE payment_id = $1', [paymentId])).toBe(1);
  });

  it('never passes the charge under concurrent refunds', async () => {
    const { paymentId } = await processor.createPayment(cardPayment('pm_card_visa', { amount: 1000 }));
    const results = await Promise.all(Array.from({ length: 30 }, () => processor.refund({ paymentId, amount: 100, idempotencyKey: refundKey() })));
    expect(results.filter((result) => result.status === 'succeeded').length).toBe(10);
    const { rows } = await store.db.query<{ amount_refunded: number }>('SELECT amount_refunded FROM simulated_processor.payments WHERE id = $1', [paymentId]);
    expect(rows[0]!.amount_refunded).toBe(1000);
  });

  it('refuses refunds of unpaid or unknown payments and bad amounts', async () => {
    const declined = await processor.createPayment(cardPayment('pm_card_chargeDeclined'));
    const waiting = await processor.createPayment(cardPayment('pm_card_authenticationRequired'));
    const paid = await processor.createPayment(cardPayment('pm_card_visa'));
    expect(await processor.refund({ paymentId: declined.paymentId, amount: 100, idempotencyKey: refundKey() })).toMatchObject({ failure: { code: 'payment_intent_unexpected_state' } });
    expect(await processor.refund({ paymentId: waiting.paymentId, amount: 100, idempotencyKey: refundKey() })).toMatchObject({ failure: { code: 'payment_intent_unexpected_state' } });
    expect(await processor.refund({ paymentId: 'pi_sim_nope', amount: 100, idempotencyKey: refundKey() })).toMatchObject({ failure: { code: 'resource_missing' } });
    for (const amount of [0, -1, 1.5]) {
      expect(await processor.refund({ paymentId: paid.paymentId, amount, idempotencyKey: refundKey() })).toMatchObject({ status: 'failed', failure: { kind: 'InvalidRequestError' } });
    }
    expect(await processor.refund({ paymentId: paid.paymentId, amount: 1, idempotencyKey: '' })).toMatchObject({ failure: { code: 'idempotency_key_invalid' } });
  });

  it('fails refunds of the refund-failure test card and keeps the money charged', async () => {
    const { paymentId } = await processor.createPayment(cardPayment('pm_card_refundFail', { amount: 800 }));
    expect(await processor.refund({ paymentId, amount: 800, idempotencyKey: refundKey() })).toMatchObject({ status: 'failed', failure: { kind: 'CardError', code: 'refund_failed' } });
    const { rows } = await store.db.query<{ amount_refunded: number }>('SELECT amount_refunded FROM simulated_processor.payments WHERE id = $1', [paymentId]);
    expect(rows[0]!.amount_refunded).toBe(0);
  });
});

describe('events', () => {
  it('delivers each change once to the handler, and retries a failing handler until it succeeds', async () => {
    const own = await startPaymentsDb();
    const events = simulatedProcessor(own.db);
    try {
      const received: PaymentEvent[] = [];
      let failuresLeft = 2;
      const paid = await events.createPayment(cardPayment('pm_card_visa', { amount: 500 }));
      const declined = await events.createPayment(cardPayment('pm_card_chargeDeclined'));
      events.onEvent(async (event) => {
        if (event.type === 'payment.refunded' && failuresLeft-- > 0) throw new Error('the order service is down');
        received.push(event);
      });
      events.start();
      await waitFor(() => received.length === 2, 'the two first events');
      await events.refund({ paymentId: paid.paymentId, amount: 200, idempotencyKey: 'refund-events' });
      await waitFor(() => received.length === 3, 'the refund event after two failed deliveries');
      expect(received.map((event) => [event.type, event.paymentId])).toEqual([
        ['payment.succeeded', paid.paymentId],
        ['payment.failed', declined.paymentId],
        ['payment.refunded', paid.paymentId],
      ]);
      expect(received[1]!.failure).toMatchObject({ kind: 'CardError', code: 'card_declined' });
      expect(received[2]).toMatchObject({ amount: 500, amountRefunded: 200, currency: 'USD', purchaseId: expect.stringMatching(/^purchase-/) });
      // The handler has the event before its delivery commits: wait for the commit, not just the call.
      const refunded = async () =>
        (
          await own.db.query<{ attempts: number; delivered: boolean }>(
            "SELECT attempts, delivered_at IS NOT NULL AS delivered FROM simulated_processor.payment_events WHERE event->>'type' = 'payment.refunded'",
          )
        ).rows;
      await waitFor(async () => (await refunded())[0]?.delivered === true, 'the refund event recorded as delivered');
      expect(await refunded()).toEqual([{ attempts: 3, delivered: true }]);
      expect(await events.deliverPendingEvents()).toBe(0);
    } finally {
      await events.stop();
      await own.close();
    }
  });

  it('signs events as webhooks and refuses a wrong, missing or stale signature', () => {
    const event: PaymentEvent = { id: 'evt_sim_1', type: 'payment.succeeded', paymentId: 'pi_sim_1', amount: 100, currency: 'USD', createdAt: new Date().toISOString() };
    const { body, signature } = processor.signEvent(event);
    expect(processor.parseWebhook(body, signature)).toEqual(event);
    expect(processor.parseWebhook(Buffer.from(body), signature)).toEqual(event);
    expect(() => processor.parseWebhook(body.replace('100', '1'), signature)).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(body, 'garbage')).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(body, simulatedProcessor(store.db).signEvent(event).signature)).toThrow(WebhookSignatureError);
    const stale = processor.signEvent(event, Math.floor(Date.now() / 1000) - 600);
    expect(() => processor.parseWebhook(stale.body, stale.signature)).toThrow(/replay/);
  });
});
