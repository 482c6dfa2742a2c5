import { createHttpApp, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedProviderPages, type SimulatedPaymentProcessor } from '../../../src/drivers/payments';
import { cardPayment, simulatedProcessor, startPaymentsDb, type PaymentsDb } from './support';

let store: PaymentsDb;
let processor: SimulatedPaymentProcessor;
let app: App;

beforeAll(async () => {
  store = await startPaymentsDb();
  processor = simulatedProcessor(store.db);
  app = await createHttpApp({ name: 'order', logger: testLogger });
  await app.register(simulatedProviderPages, { processor });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await store.close();
});

const page = (paymentId: string) => app.inject({ method: 'GET', url: `/api/order/simulated-provider/${paymentId}` });
const answer = (paymentId: string, payload: string) =>
  app.inject({ method: 'POST', url: `/api/order/simulated-provider/${paymentId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });

describe('the simulated provider page', () => {
  it('round trip: the redirect shows a page without script, Authorise completes the payment and returns to the store', async () => {
    const created = await processor.createPayment(cardPayment('pm_card_authenticationRequired', { amount: 2499, returnUrl: '/orderSuccess/p-1' }));
    const shown = await app.inject({ method: 'GET', url: created.nextAction!.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(shown.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(shown.headers['cache-control']).toBe('no-store');
    const html = shown.body;
    expect(html).not.toMatch(/<script|\son\w+=|style="/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Authorise your card payment</h1>');
    expect(html).toContain('$24.99');
    expect(html).toContain('<button type="submit" name="decision" value="authorise">Authorise</button>');
    expect(html).toContain('<button type="submit" name="decision" value="fail">Fail</button>');
    expect(html).toContain(`action="/api/order/simulated-provider/${created.paymentId}"`);
    // The one style sheet is the one the policy allows by hash.
    const style = /<style>(.*?)<\/style>/s.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);

    const back = await answer(created.paymentId, 'decision=authorise');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/orderSuccess/p-1?payment_intent=${created.paymentId}&redirect_status=succeeded`);
    expect(await processor.retrievePayment(created.paymentId)).toMatchObject({ status: 'succeeded' });

    // Back on the page later: it says the payment is answered and links back; a repeat post changes nothing.
    const after = await page(created.paymentId);
    expect(after.body).toContain('This payment is already authorised.');
    expect(after.body).not.toContain('<form');
    expect((await answer(created.paymentId, 'decision=fail')).headers.location).toContain('redirect_status=succeeded');
    expect(await processor.retrievePayment(created.paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('Fail fails the payment and returns with redirect_status=failed', async () => {
    const created = await processor.createPayment(cardPayment('', { method: 'PayPal', paymentMethodId: undefined, returnUrl: 'https://shop.example/checkout' }));
    const shown = await page(created.paymentId);
    expect(shown.body).toContain('<h1>Pay with PayPal</h1>');
    expect(String(shown.headers['content-security-policy'])).toContain("form-action 'self' https://shop.example");
    const back = await answer(created.paymentId, 'decision=fail');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`https://shop.example/checkout?payment_intent=${created.paymentId}&redirect_status=failed`);
    expect(await processor.retrievePayment(created.paymentId)).toMatchObject({ status: 'failed', failure: { kind: 'CardError' } });
  });

  it('answers 404 for an unknown payment and 400 for a form without a decision', async () => {
    expect((await page('pi_sim_unknown')).statusCode).toBe(404);
    expect((await answer('pi_sim_unknown', 'decision=authorise')).statusCode).toBe(404);
    const created = await processor.createPayment(cardPayment('pm_card_authenticationRequired'));
    for (const payload of ['', 'decision=maybe', 'other=1']) {
      const refused = await answer(created.paymentId, payload);
      expect(refused.statusCode, payload).toBe(400);
      expect(refused.body).toContain('Choose an answer');
    }
    expect(await processor.retrievePayment(created.paymentId)).toMatchObject({ status: 'requires_action' });
  });

  it('escapes what it shows', async () => {
    const created = await processor.createPayment(cardPayment('', { method: 'GooglePay', paymentMethodId: undefined, returnUrl: '/back?q="><script>x</script>' }));
    await answer(created.paymentId, 'decision=authorise');
    const shown = await page(created.paymentId);
    expect(shown.body).not.toContain('<script>');
    expect(shown.body).toContain('href="/back?q=%22%3E%3Cscript%3Ex%3C%2Fscript%3E&amp;payment_intent=');
  });
});
