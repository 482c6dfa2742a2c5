import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { renderDemoArt } from '@inkwell/demo';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import {
  browserSuiteSkip,
  DEMO_ART,
  buyWithSimulatedCard,
  DESKTOP,
  launchChromium,
  openPage,
  openSignedIn,
  PHONE,
  screenshotDir,
  SHOPPER_ADDRESS,
  signUpReader,
  startBrowserStack,
  tokensOf,
  type Credentials,
  type PaidOrder,
} from '../support/browser';
import { signInNewAdmin } from '../support/dashboard-calls';
import type { TestStack } from '../support/stack';

/**
 * The shopper's order page (issue 26), in Chromium on a phone and a desktop with axe: reached from
 * the account's orders and the success pages, it shows the items, totals, shipping address,
 * delivery estimate and status timeline, and the tracking once staff shipped the parcel; another
 * account's reader finds no such order; a guest reaches their order from the guest success page.
 */
describe('the shopper’s order page', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: string;
  const items: Record<'volume' | 'boxSet', { productId: number; variantId: number }> = { volume: { productId: 0, variantId: 0 }, boxSet: { productId: 0, variantId: 0 } };
  const shopperOn = (name: string): Credentials => ({ email: `order-page-${name}@example.com`, password: 'a long order page password' });
  const stranger: Credentials = { email: 'order-page-stranger@example.com', password: 'a long order page password' };
  const orders: Record<string, PaidOrder> = {};

  beforeAll(async () => {
    stack = await startBrowserStack();
    const catalog = stack.service('catalog').context;
    const series = await createSeries(catalog.db, { title: 'Quiet Orbit', readableUrl: 'quiet-orbit', genres: ['Drama'], description: 'A station keeper counts the days.' });
    const volume = await createProduct(catalog.db, { name: 'Quiet Orbit, Vol. 1', readableUrl: 'quiet-orbit-volume-1', seriesId: series, volumeNumber: 1, variants: [{ type: 'Digital', priceCents: 999 }] });
    const boxSet = await createProduct(catalog.db, {
      name: 'Quiet Orbit Box Set',
      readableUrl: 'quiet-orbit-box-set',
      seriesId: series,
      type: 'Book',
      variants: [{ type: 'Print', priceType: 'Print', priceCents: 4999, cartLimit: 5, stock: { weight: 3.2, height: 7.6, width: 5.5, length: 4.1 } }],
    });
    const { rows } = await catalog.db.query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [[volume, boxSet]]);
    const variantOf = (productId: number) => Number(rows.find((row) => Number(row.product_id) === productId)!.id);
    items.volume = { productId: volume, variantId: variantOf(volume) };
    items.boxSet = { productId: boxSet, variantId: variantOf(boxSet) };
    await renderDemoArt(catalog, DEMO_ART);
    await stack.eventsDelivered();
    for (const who of [shopperOn('desktop'), shopperOn('phone'), stranger]) await signUpReader(stack.url, who);
    for (const name of ['desktop', 'phone']) {
      const shopper = shopperOn(name);
      const { access_token } = await tokensOf(stack.url, shopper);
      const placed = await buyWithSimulatedCard(stack.url, { accessToken: access_token, email: shopper.email }, [items.volume, { ...items.boxSet, quantity: 2 }]);
      assert.equal(placed.length, 1, 'one order with both items');
      orders[name] = placed[0]!;
    }
    admin = await signInNewAdmin(stack, 'order-page-staff');
    browser = await launchChromium();
    shots = await screenshotDir('order-page');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const main = (page: Page) => page.getByRole('main');
  const section = (page: Page, name: string) => main(page).getByRole('region', { name });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`shows the order from the account's orders, and its tracking once staff shipped it, on a ${name}`, async () => {
      const order = orders[name]!;
      const { page, errors } = await openSignedIn(browser, viewport, stack.url, shopperOn(name));
      await page.goto(`${stack.url}/account/`);
      const listed = main(page).getByRole('article', { name: `Order ${order.accountingId}` });
      await listed.getByText('Pending Processing', { exact: true }).waitFor();
      await listed.screenshot({ path: path.join(shots, `${name}-account-order-card.png`) });
      await listed.getByRole('link', { name: `View order ${order.accountingId}` }).click();
      await page.waitForURL(`${stack.url}/account/orders/${order.id}/`);
      await main(page).getByRole('heading', { level: 1, name: `Order ${order.accountingId}` }).waitFor();

      const items = section(page, 'Items');
      await items.getByRole('link', { name: 'Quiet Orbit, Vol. 1', exact: true }).waitFor();
      await items.getByText('Digital · Qty 1').waitFor();
      await items.getByText('Print · Qty 2 × $49.99').waitFor();
      await items.getByText('$99.98').waitFor();
      await items.getByRole('link', { name: 'Read now: Quiet Orbit, Vol. 1' }).waitFor();
      for (const line of ['Subtotal', 'Tax', 'Total']) await items.getByRole('term').filter({ hasText: new RegExp(`^${line}`) }).first().waitFor();
      await items.getByText('$109.97').waitFor();
      await section(page, 'Shipping address').getByText(SHOPPER_ADDRESS.address).waitFor();
      const delivery = section(page, 'Delivery');
      await delivery.getByText(/^Estimated delivery by [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
      await delivery.getByText('Tracking shows here once your parcel ships.').waitFor();
      const timeline = section(page, 'Order history').getByRole('listitem');
      const before = await timeline.locator('span:first-child').allTextContents();
      assert.deepEqual(before, ['Order placed', 'Pending Processing']);
      await page.screenshot({ path: path.join(shots, `${name}-order.png`), fullPage: true });
      await expectNoSeriousViolations(page, `${name} order page`);

      const trackingNumber = `1Z999AA1${name === 'phone' ? '0' : '1'}123456784`;
      const shipped = await fetch(`${stack.url}/api/dashboard/orders/${order.id}/ship`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ carrier: 'UPS', trackingNumber, trackingUrl: `https://www.ups.com/track?tracknum=${trackingNumber}` }),
      });
      assert.equal(shipped.status, 200, await shipped.text());
      await page.reload();
      await delivery.getByText(`Tracking number ${trackingNumber}`).waitFor();
      assert.equal(await delivery.getByRole('link', { name: /^Track your parcel/ }).getAttribute('href'), `https://www.ups.com/track?tracknum=${trackingNumber}`);
      await delivery.getByText(/^Arriving by /).waitFor();
      await main(page).getByText('Processing', { exact: true }).first().waitFor();
      assert.deepEqual(await timeline.locator('span:first-child').allTextContents(), ['Order placed', 'Pending Processing', 'Processing', 'Shipped']);
      await page.screenshot({ path: path.join(shots, `${name}-order-shipped.png`), fullPage: true });
      await expectNoSeriousViolations(page, `${name} order page, shipped`);

      await page.goto(`${stack.url}/orderSuccess/${order.id}/`);
      await main(page).getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
      await section(page, 'Items').getByRole('link', { name: 'Quiet Orbit Box Set', exact: true }).waitFor();
      await main(page).getByRole('link', { name: 'Order page' }).waitFor();
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it("finds no such order for another account's reader or a visitor", async () => {
    const order = orders.desktop!;
    const { page } = await openSignedIn(browser, PHONE, stack.url, stranger);
    await page.goto(`${stack.url}/account/orders/${order.id}/`);
    await main(page).getByRole('heading', { name: 'We couldn’t find this order' }).waitFor();
    assert.equal(await main(page).getByText('Quiet Orbit').count(), 0);
    await page.screenshot({ path: path.join(shots, 'phone-order-not-found.png') });
    await expectNoSeriousViolations(page, 'phone order page, not found');
    await page.context().close();
    const visitor = await openPage(browser, DESKTOP);
    await visitor.page.goto(`${stack.url}/account/orders/${order.id}/`);
    await main(visitor.page).getByRole('link', { name: 'Log in to see your orders' }).waitFor();
    await visitor.page.context().close();
  });

  it('takes a guest from the guest success page to their order', async () => {
    const call = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(stack.url + route, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const json = (await response.json()) as { response: { id: string; state: string; orders: PaidOrder[] } };
      assert.equal(response.status, 200, JSON.stringify(json));
      return json.response;
    };
    const cartId = randomUUID();
    await call('PATCH', `/api/cart/${cartId}`, { productId: items.boxSet.productId, VariantId: items.boxSet.variantId, Amount: 1 });
    const address = { ...SHOPPER_ADDRESS, email: 'order-page-guest@example.com' };
    const quoted = await call('POST', '/api/purchase-request', { cartId, billingAddress: address, shippingAddress: address, paymentMethod: 'Card' });
    let purchase = await call('POST', '/api/order/purchase', { purchaseId: quoted.id, paymentMethod: 'Card', StripeNonce: '4242 4242 4242 4242' }, { 'idempotency-key': randomUUID() });
    for (let tries = 0; purchase.state !== 'Completed' && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      purchase = await call('GET', `/api/order/purchase/${quoted.id}`);
    }
    const order = purchase.orders[0]!;
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(`${stack.url}/checkout/success/guest/?purchase=${quoted.id}`);
    await main(page).getByRole('link', { name: `View order ${order.accountingId}` }).click();
    await main(page).getByRole('heading', { level: 1, name: `Order ${order.accountingId}` }).waitFor();
    await section(page, 'Shipping address').getByText(SHOPPER_ADDRESS.address).waitFor();
    await section(page, 'Delivery').getByText(/^Estimated delivery by /).waitFor();
    await page.screenshot({ path: path.join(shots, 'phone-guest-order.png'), fullPage: true });
    await expectNoSeriousViolations(page, 'phone order page, guest');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
