import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { CheckoutSweep } from '@inkwell/contracts/dashboard-system';
import type { CheckoutDeps } from '../src/flows/deps';
import { PLACE_PURCHASE_STEPS } from '../src/flows/place-purchase';
import { submitPurchase } from '../src/routes/submit-purchase';
import { safeErrorText } from '../src/routes/system-checkout';
import { address, createItems, fillCart, startOrder, tokenFor, waitFor, type CatalogItems, type Json, type OrderHarness } from './support/harness';

/** The value of one series of a counter in the process's default registry (0 when it has none yet). */
async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const metric = register.getSingleMetric(name);
  assert.ok(metric, `${name} is registered`);
  const { values } = await metric.get();
  const series = values.find((value) => Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted) && Object.keys(value.labels).length === Object.keys(labels).length);
  return series?.value ?? 0;
}

/** Each series' change while `action` runs. */
async function changes(series: ReadonlyArray<[name: string, labels: Record<string, string>]>, action: () => Promise<void>): Promise<number[]> {
  const before = await Promise.all(series.map(([name, labels]) => counted(name, labels)));
  await action();
  const after = await Promise.all(series.map(([name, labels]) => counted(name, labels)));
  return after.map((value, index) => value - before[index]!);
}

/**
 * The checkout's instruments (issue 21) and the operations console's checkout view, against the
 * real order service with the real cart, catalog and reader (the harness): the steps counted with
 * their outcomes, a completed purchase counted once, compensations counted; the console lists a
 * purchase stuck past the sweeper's threshold and an undo still owed, with its error made safe.
 */
describe('checkout metrics and the sweeper console', () => {
  let harness: OrderHarness;
  let items: CatalogItems;
  const CONSOLE = '/api/dashboard/system/order/checkout';

  const quoted = async (userId: string, extra: Record<string, unknown> = {}): Promise<{ token: string; purchase: Json }> => {
    const token = await tokenFor(userId);
    const answer = await harness.request('POST', '/api/purchase-request', { token, body: { cartId: await fillCart(harness, token, [items.digital]), billingAddress: address(), paymentMethod: 'Card', ...extra } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return { token, purchase: answer.body.response };
  };
  const pay = (token: string, body: Record<string, unknown>) => harness.request('POST', '/api/order/purchase', { token, body, headers: { 'idempotency-key': randomUUID() } });
  const sweep = async (): Promise<CheckoutSweep> => {
    const answer = await harness.request('GET', CONSOLE, { token: await tokenFor('staff-console', ['admin']) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.response;
  };

  beforeAll(async () => {
    harness = await startOrder();
    items = await createItems(harness.catalogDb);
  }, 120_000);
  afterAll(async () => harness?.close());

  it('a completed checkout counts each of its steps ok and one completed purchase, by the payments driver', async () => {
    const { token, purchase } = await quoted('metrics-paid');
    const stepNames = PLACE_PURCHASE_STEPS.map((step) => step.name);
    const deltas = await changes(
      [...stepNames.map((step): [string, Record<string, string>] => ['inkwell_checkout_steps_total', { step, outcome: 'ok' }]), ['inkwell_orders_completed_total', { provider: 'simulated' }]],
      async () => {
        const paid = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_visa' });
        assert.equal(paid.body.response.state, 'Completed', JSON.stringify(paid.body));
      },
    );
    assert.deepEqual(deltas, [...stepNames.map(() => 1), 1]);
  });

  it('a declined card counts the charge refused and the cart given back (hold-cart compensated), and completes nothing', async () => {
    const { token, purchase } = await quoted('metrics-declined');
    const deltas = await changes(
      [
        ['inkwell_checkout_steps_total', { step: 'charge', outcome: 'refused' }],
        ['inkwell_checkout_steps_total', { step: 'charge', outcome: 'ok' }],
        ['inkwell_checkout_compensations_total', { step: 'hold-cart', outcome: 'ok' }],
        ['inkwell_orders_completed_total', { provider: 'simulated' }],
      ],
      async () => assert.equal((await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_chargeDeclined' })).status, 400),
    );
    assert.deepEqual(deltas, [1, 0, 1, 0]);
  });

  it('the console call is the admin\'s: 401 without a token, 403 for a reader', async () => {
    assert.equal((await harness.request('GET', CONSOLE)).status, 401);
    const reader = await harness.request('GET', CONSOLE, { token: await tokenFor('metrics-reader') });
    assert.equal(reader.status, 403);
    assert.equal(reader.body.response, null);
  });

  it('lists a purchase stuck past the sweeper\'s threshold with its step, tries, next try and a safe last error', async () => {
    // Sent to the bank and never back; the sweeper's bookkeeping as after three looks, planted
    // with its next look an hour away so the running sweeper leaves it as it is.
    const { token, purchase } = await quoted('metrics-stuck');
    const pending = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_authenticationRequired' });
    assert.equal(pending.body.response.state, 'RequiresAction', JSON.stringify(pending.body));
    assert.ok(!(await sweep()).stuckPurchases.some((item) => item.purchaseId === purchase.id), 'not stuck while within the threshold');
    await harness.order.context.db.query(
      `UPDATE purchases SET updated_at = now() - interval '10 minutes', attempts = 3, next_attempt_at = now() + interval '1 hour',
              last_error = 'processor said no; key sk_test_51AbCdEf0123456789 at postgres://order:hunter2@db:5432/order' WHERE id = $1`,
      [purchase.id],
    );
    const listed = (await sweep()).stuckPurchases.find((item) => item.purchaseId === purchase.id);
    assert.ok(listed, 'listed as stuck');
    assert.equal(listed.state, 'RequiresAction: charge');
    assert.equal(listed.orderId, pending.body.response.orders[0].id);
    assert.equal(listed.attempts, 3);
    assert.ok(listed.nextAttemptAt && Date.parse(listed.nextAttemptAt) > Date.now());
    assert.ok(Date.parse(listed.since) < Date.now() - 5 * 60_000);
    assert.equal(listed.lastError, 'processor said no; key [key] at postgres://[credentials]@db:5432/order');
  });

  it('lists a compensation the processor refuses (a refund owed), with its tries, next try and last error; counted failed', async () => {
    // Staff disable the coupon as the charge goes through: the purchase is compensated, and the
    // processor refuses the refund (pm_card_refundFail), so the charge's undo is owed.
    const code = 'METRICSGONE';
    const admin = await tokenFor('staff-metrics', ['admin']);
    assert.equal((await harness.cartRequest('POST', '/api/dashboard/coupons', { token: admin, body: { code, kind: 'Fixed', value: 1 } })).status, 200);
    const { purchase } = await quoted('metrics-refund-refused', { couponCode: code });
    const real = harness.order.exposed.checkout;
    const payments = real.payments;
    const checkout: CheckoutDeps = {
      ...real,
      payments: {
        kind: payments.kind,
        publicConfig: () => payments.publicConfig(),
        retrievePayment: (paymentId) => payments.retrievePayment(paymentId),
        refund: (input) => payments.refund(input),
        deleteCustomer: (input) => payments.deleteCustomer(input),
        parseWebhook: (body, signature) => payments.parseWebhook(body, signature),
        createPayment: async (input) => {
          const result = await payments.createPayment(input);
          await harness.cart.context.db.query('UPDATE coupons SET disabled_at = now() WHERE code = $1', [code]);
          return result;
        },
      },
    };
    const deltas = await changes(
      [
        ['inkwell_checkout_steps_total', { step: 'redeem-coupon', outcome: 'refused' }],
        ['inkwell_checkout_compensations_total', { step: 'charge', outcome: 'failed' }],
        ['inkwell_checkout_compensations_total', { step: 'record-paid', outcome: 'ok' }],
      ],
      async () => {
        const answer = await submitPurchase(checkout, { userId: 'metrics-refund-refused', country: undefined }, randomUUID(), { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_refundFail' });
        assert.equal(answer.envelope.response?.state, 'Compensated', JSON.stringify(answer.envelope));
      },
    );
    assert.deepEqual(deltas, [1, 1, 1]);
    const view = await sweep();
    const owed = view.compensations.find((item) => item.purchaseId === purchase.id);
    assert.ok(owed, 'the owed refund is listed');
    assert.equal(owed.state, 'undo: charge');
    assert.equal(owed.orderId, purchase.orders[0].id);
    assert.ok(owed.attempts >= 1);
    assert.ok(owed.nextAttemptAt);
    assert.match(owed.lastError ?? '', new RegExp(`^refund of ${purchase.id} failed: `));
    assert.ok(!view.stuckPurchases.some((item) => item.purchaseId === purchase.id), 'a Compensated purchase is not stuck');
    // The sweeper (every 200 ms here) retries it, later each time, and says when it last ran.
    await waitFor(async () => (await sweep()).lastSweepAt !== null, 'a sweep');
    const { lastSweepAt } = await sweep();
    assert.ok(lastSweepAt && Date.parse(lastSweepAt) <= Date.now());
  });

  it('shows no secret, connection credential or bearer token of an error, on one short line', () => {
    assert.equal(safeErrorText(null), null);
    assert.equal(safeErrorText('bad whsec_abc123 and\n  pi_3Ab_secret_Xy9 Bearer eyJhbGciOi.x.y'), 'bad [secret] and [secret] Bearer [token]');
    assert.equal(safeErrorText('rk_live_Zz9 failed'), '[key] failed');
    const long = safeErrorText('x'.repeat(1000))!;
    assert.equal(long.length, 300);
    assert.ok(long.endsWith('…'));
  });
});
