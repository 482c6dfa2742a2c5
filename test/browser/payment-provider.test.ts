import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack } from '../support/browser';
import { verifiedReader, type SignedInReader } from '../support/readers';
import type { TestStack } from '../support/stack';

const STRIPE_SCRIPT = /^https:\/\/js\.stripe\.com\//;
const PUBLISHABLE_KEY = 'pk_test_inkwell_browser';

/**
 * Storefront spec §4: the payment provider's script loads only once the user is logged in, the
 * path is /confirm, or a cart or checkout overlay is active, and never for the render bot. A store
 * configured for Stripe, in Chromium; js.stripe.com cannot be reached from a test machine, so its
 * requests are counted and refused — which is also how the checkout must behave when Stripe is down.
 */
describe('The payment provider in Chromium (a store on Stripe)', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let reader: SignedInReader;
  let volume = { productId: 0, variantId: 0 };

  beforeAll(async () => {
    stack = await startBrowserStack({
      STRIPE_SECRET_KEY: 'sk_test_inkwell_browser',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_inkwell_browser',
      // No Stripe API call is made here; stripe-mock when it runs, else a closed port.
      STRIPE_API_URL: process.env.TEST_STRIPE_MOCK_URL ?? `http://127.0.0.1:${await freePort()}`,
    });
    const catalog = stack.service('catalog').context;
    const series = await createSeries(catalog.db, { title: 'Harbour Lights', readableUrl: 'harbour-lights', genres: ['Drama'] });
    const productId = await createProduct(catalog.db, { name: 'Harbour Lights, Vol. 1', readableUrl: 'harbour-lights-volume-1', seriesId: series, volumeNumber: 1, variants: [{ type: 'Digital', priceCents: 1099 }] });
    const { rows } = await catalog.db.query<{ id: string }>('SELECT id FROM variants WHERE product_id = $1', [productId]);
    volume = { productId, variantId: Number(rows[0]!.id) };
    await stack.eventsDelivered();
    reader = await verifiedReader(stack, `provider-${process.pid}@example.com`, 'a long provider password');
    browser = await launchChromium();
    shots = await screenshotDir('payment-provider');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** Every request the page makes to js.stripe.com, refused as an unreachable host would. */
  async function countStripe(page: Page): Promise<string[]> {
    const requested: string[] = [];
    await page.route(STRIPE_SCRIPT, (route) => {
      requested.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    return requested;
  }

  const signedIn = (token: SignedInReader) => `localStorage.setItem('accessToken', ${JSON.stringify(token.accessToken)}); localStorage.setItem('refreshToken', ${JSON.stringify(token.refreshToken)});`;

  it('tells the storefront the publishable key and nothing secret; the policy allows Stripe only on this store', async () => {
    const response = await fetch(`${stack.url}/api/order/payment-config`);
    const text = await response.text();
    assert.equal(response.status, 200);
    assert.deepEqual(JSON.parse(text).response, { provider: 'stripe', publishableKey: PUBLISHABLE_KEY, methods: ['Card', 'PayPal', 'GooglePay', 'ApplePay'], testCards: false });
    assert.doesNotMatch(text, /sk_test|whsec_/);
    const policy = (await fetch(`${stack.url}/`)).headers.get('content-security-policy') ?? '';
    assert.match(policy, /script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    assert.match(policy, /frame-src [^;]*https:\/\/js\.stripe\.com/);
    assert.match(policy, /connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it('an anonymous visitor browsing loads no payment script; opening the cart loads it', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const requested = await countStripe(page);
    const configAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/order/payment-config')) configAsked.push(request.url());
    });
    await page.goto(`${stack.url}/`);
    await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).waitFor();
    await page.goto(`${stack.url}/browse/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(requested, [], 'no script while browsing');
    assert.deepEqual(configAsked, [], 'not even the configuration');

    await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Cart Order' }).waitFor();
    await waitUntil(() => requested.length > 0, 'the cart overlay loads the provider');
    assert.match(requested[0]!, /^https:\/\/js\.stripe\.com\/.*stripe\.js$/, 'Stripe.js, from Stripe');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a signed-in reader has it loaded on any page, without opening anything', async () => {
    const { page } = await openPage(browser, PHONE, { setup: signedIn(reader) });
    const requested = await countStripe(page);
    await page.goto(`${stack.url}/browse/`);
    await waitUntil(() => requested.length > 0, 'a signed-in reader loads the provider');
    await page.context().close();
  });

  it('the render bot never loads it, signed in with the cart open', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await context.addInitScript({ content: `localStorage.setItem('cookieConsent', 'essential');${signedIn(reader)}` });
    const page = await context.newPage();
    const requested = await countStripe(page);
    await page.goto(`${stack.url}/`);
    await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Cart Order' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    assert.deepEqual(requested, []);
    await context.close();
  });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`checkout says plainly when the provider cannot be reached, keeps Pay off, and tries again on request, on a ${name}`, async () => {
      const buyer = await verifiedReader(stack, `provider-${name}-${process.pid}@example.com`, 'a long provider password');
      const cartId = randomUUID();
      const added = await fetch(`${stack.url}/api/cart/${cartId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.accessToken}` },
        body: JSON.stringify({ productId: volume.productId, VariantId: volume.variantId, Amount: 1 }),
      });
      assert.equal(added.status, 200);
      const { page, errors } = await openPage(browser, viewport, { setup: `localStorage.setItem('browserId', ${JSON.stringify(cartId)});${signedIn(buyer)}` });
      const requested = await countStripe(page);
      await page.goto(`${stack.url}/checkout/`);
      const dialog = page.getByRole('dialog', { name: 'Checkout', exact: true });
      const billing = dialog.getByRole('group', { name: 'Billing address' });
      const priced = page.waitForResponse((response) => response.url().includes('/api/purchase-request') && response.status() === 200);
      await billing.getByLabel('First name').fill('Ada');
      await billing.getByLabel('Surname').fill('Lovelace');
      await billing.getByLabel('Address', { exact: true }).fill('1 Main Street');
      await billing.getByLabel('City').fill('Beverly Hills');
      await billing.getByLabel('ZIP / postal code').fill('90210');
      await billing.getByLabel('State').selectOption('CA');
      await billing.getByLabel('Phone number').fill('+1 310 555 0100');
      await priced;
      const alert = dialog.getByText('The payment form could not be loaded. Check your connection and try again.');
      await alert.waitFor();
      assert.ok(requested.length > 0);
      await dialog.getByRole('button', { name: /^Pay \$\d/ }).waitFor();
      assert.equal(await dialog.getByRole('button', { name: /^Pay \$\d/ }).isDisabled(), true, 'priced, but no Pay without a payment form');
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `${name}-provider-unreachable.png`) });
      await expectNoSeriousViolations(page, `checkout with the provider unreachable on a ${name}`);
      const before = requested.length;
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await waitUntil(() => requested.length > before, 'Try again loads the script again');
      await alert.waitFor();
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
