import { createHttpApp, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripePaymentProcessor, type PaymentEvent } from '../../src/drivers/payments';
import { PAYMENT_WEBHOOK_PATH, paymentWebhookRoute } from '../../src/routes/payment-webhook';

const secret = 'whsec_route_test';
const processor = new StripePaymentProcessor({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: secret });
const handled: PaymentEvent[] = [];
let failHandler = false;
let app: App;

beforeAll(async () => {
  app = await createHttpApp({ name: 'order', logger: testLogger });
  await app.register(paymentWebhookRoute, {
    processor,
    async handle(event) {
      if (failHandler) throw new Error('the order database is down');
      handled.push(event);
    },
  });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  handled.length = 0;
  failHandler = false;
});

const succeeded = {
  id: 'evt_1',
  object: 'event',
  type: 'payment_intent.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: 'pi_9', object: 'payment_intent', amount: 700, currency: 'usd', status: 'succeeded', metadata: { purchaseId: 'purchase-7' } } },
};

function post(body: string, signature?: string, contentType = 'application/json') {
  return app.inject({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload: body,
  });
}
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });

describe('the payment webhook route', () => {
  it('hands a correctly signed event to the order service and acknowledges it', async () => {
    const body = JSON.stringify(succeeded);
    const answer = await post(body, sign(body));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ response: { received: true } });
    expect(handled).toEqual([expect.objectContaining({ id: 'evt_1', type: 'payment.succeeded', paymentId: 'pi_9', purchaseId: 'purchase-7', amount: 700 })]);
  });

  it('checks the signature over the bytes as sent (whitespace included)', async () => {
    const body = JSON.stringify(succeeded, null, 2);
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect((await post(JSON.stringify(succeeded), sign(body))).statusCode).toBe(400);
  });

  it.each([
    ['no signature', undefined],
    ['a forged signature', 'forged'],
    ['another secret', 'other'],
    ['a replay from ten minutes ago', 'stale'],
  ])('refuses %s with a 400 and hands nothing on', async (_what, kind) => {
    const body = JSON.stringify(succeeded);
    const signature =
      kind === undefined ? undefined : kind === 'forged' ? 't=1,v1=deadbeef' : kind === 'other' ? sign(body, { secret: 'whsec_other' }) : sign(body, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const answer = await post(body, signature);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().status.type).toBe('BadRequest');
    expect(handled).toEqual([]);
  });

  it('acknowledges a signed event of another type without handing it on', async () => {
    const body = JSON.stringify({ ...succeeded, id: 'evt_2', type: 'payment_intent.created' });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(handled).toEqual([]);
  });

  it('answers a 500 when the order service fails, so the processor sends the event again', async () => {
    failHandler = true;
    const body = JSON.stringify(succeeded);
    expect((await post(body, sign(body))).statusCode).toBe(500);
  });

  it('refuses a body that is not JSON', async () => {
    const body = 'not json';
    expect((await post(body, sign(body))).statusCode).toBe(400);
    const plain = await post(body, sign(body), 'text/plain');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().status.message).toBe('Send the event as application/json.');
    expect(handled).toEqual([]);
  });
});
