import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { renderDemoArt } from '@inkwell/demo';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { grantAdmin } from '@inkwell/account';
import { expectNoSeriousViolations } from '../support/axe';
import { verifiedReader } from '../support/readers';
import { browserSuiteSkip, DEMO_ART, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, type Viewport } from '../support/browser';
import type { TestStack } from '../support/stack';

/** Storefront spec §9: the Print variant's cart limit in this catalogue. */
const PRINT_LIMIT = 3;

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('Storefront cart in Chromium', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  /** One verified reader for each screen's sign-in, so each merges into a cart of its own. */
  const readers = {
    desktop: { email: `cart-desktop-${process.pid}@example.com`, password: 'a long cart password 1', accessToken: '' },
    phone: { email: `cart-phone-${process.pid}@example.com`, password: 'a long cart password 2', accessToken: '' },
  };
  let ids: { ferry1: number; ferry2: number; lighthouse: number };

  const call = async (method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: Json }> => {
    const response = await fetch(stack.url + url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    stack = await startBrowserStack();
    const db = stack.service('catalog').context.db;
    const ferry = await createSeries(db, { title: 'Night Ferry', readableUrl: 'night-ferry', genres: ['Drama'], description: 'Crossing the bay at midnight.' });
    const ferry1 = await createProduct(db, {
      name: 'Night Ferry, Vol. 1',
      readableUrl: 'night-ferry-volume-1',
      seriesId: ferry,
      volumeNumber: 1,
      variants: [
        { type: 'Print', priceCents: 1499, cartLimit: PRINT_LIMIT },
        { type: 'Digital', priceCents: 799 },
      ],
    });
    const ferry2 = await createProduct(db, { name: 'Night Ferry, Vol. 2', readableUrl: 'night-ferry-volume-2', seriesId: ferry, volumeNumber: 2, variants: [{ type: 'Digital', priceCents: 699 }] });
    const lighthouseSeries = await createSeries(db, { title: 'Lighthouse', readableUrl: 'lighthouse', genres: ['Drama'] });
    const lighthouse = await createProduct(db, { name: 'Lighthouse, Vol. 1', readableUrl: 'lighthouse-volume-1', seriesId: lighthouseSeries, volumeNumber: 1, variants: [{ type: 'Digital', priceCents: 899 }] });
    ids = { ferry1, ferry2, lighthouse };
    await renderDemoArt(stack.service('catalog').context, DEMO_ART);
    await stack.eventsDelivered();

    // Verified readers, signed up the way a reader does it.
    for (const reader of Object.values(readers)) reader.accessToken = (await verifiedReader(stack, reader.email, reader.password)).accessToken;

    browser = await launchChromium();
    shots = await screenshotDir('cart');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A guest who allowed analytics cookies (so the cart's analytics event is sent). */
  const open = (viewport: Viewport) => openPage(browser, viewport, { setup: `localStorage.setItem('cookieConsent', 'all');`, deviceScaleFactor: viewport === PHONE ? 2 : 1 });

  const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });
  const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Cart Order' });
  const badgeSays = (page: Page, count: number) => cartButton(page).and(page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}`, exact: true })).waitFor();
  const line = (dialog: Locator, name: string) => dialog.getByRole('row').filter({ hasText: name });
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`) });

  /** Every cart change the page sends, as the service receives it. */
  function recordCartChanges(page: Page): Json[] {
    const sent: Json[] = [];
    page.on('request', (request: Request) => {
      if (request.method() === 'PATCH' && /\/api\/cart\/[^/?]+(\?|$)/.test(request.url())) sent.push(request.postDataJSON());
    });
    return sent;
  }

  /** The answer to the next cart change the page sends. */
  const nextChange = (page: Page) => page.waitForResponse((response) => response.request().method() === 'PATCH' && /\/api\/cart\/[^/?]+(\?|$)/.test(response.url()));

  /**
   * Two clicks a frame apart, as a quick reader makes them: well inside the 500 ms the cart waits
   * for the next click however slow the machine is, so they must go out as one change.
   */
  const clickTwice = (button: Locator) =>
    button.evaluate(async (element: unknown) => {
      const clickable = element as { click(): void };
      const view = globalThis as unknown as { requestAnimationFrame(callback: () => void): void };
      clickable.click();
      await new Promise<void>((resolve) => view.requestAnimationFrame(resolve));
      clickable.click();
    });
  const storedCartId = (page: Page) => page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('browserId'));

  async function openCart(page: Page): Promise<Locator> {
    await cartButton(page).click();
    const dialog = cartDialog(page);
    await dialog.waitFor();
    return dialog;
  }

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`adds Print ×3 and a Digital volume, changes quantities in batches, removes, and keeps the cart across a reload on a ${name}`, async () => {
      const { page, errors } = await open(viewport);
      const sent = recordCartChanges(page);
      await page.goto(`${stack.url}/`);
      await badgeSays(page, 0);
      const empty = await openCart(page);
      await empty.getByText('No items in cart', { exact: true }).waitFor();
      await shot(page, `${name}-empty-cart`);
      await expectNoSeriousViolations(page, `empty cart on a ${name}`);
      await empty.getByRole('button', { name: 'Continue Shopping' }).click();
      await empty.waitFor({ state: 'detached' });

      // Product page: Print, added once.
      await page.goto(`${stack.url}/product/night-ferry-volume-1/`);
      await page.locator('label', { hasText: 'Print' }).click();
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await page.getByText('Added to your cart.').waitFor();
      await badgeSays(page, 1);

      // Series page: the Digital Vol. 2 from its card.
      await page.goto(`${stack.url}/series/night-ferry/`);
      await page.getByRole('button', { name: 'Add Digital edition of Night Ferry, Vol. 2 to cart' }).click();
      await badgeSays(page, 2);
      await page.getByRole('button', { name: 'Digital in cart: Night Ferry, Vol. 2', exact: true }).waitFor();
      await shot(page, `${name}-series-added`);
      await expectNoSeriousViolations(page, `series page after an add on a ${name}`);

      // Two clicks on + go out as one change of +2 once the clicks stop.
      const dialog = await openCart(page);
      for (const column of ['Product', 'Quantity', 'Price']) await dialog.getByRole('columnheader', { name: column, exact: true }).waitFor();
      const print = line(dialog, 'Night Ferry, Vol. 1');
      const changesBefore = sent.length;
      const increased = nextChange(page);
      await clickTwice(print.getByRole('button', { name: 'Increase quantity of Night Ferry, Vol. 1' }));
      await print.locator('output').filter({ hasText: String(PRINT_LIMIT) }).waitFor();
      assert.equal((await increased).status(), 200);
      assert.deepEqual(sent.slice(changesBefore).map((change) => change.Amount), [2], 'one batched change of +2');
      await badgeSays(page, 4);
      assert.equal(await print.getByRole('button', { name: 'Increase quantity of Night Ferry, Vol. 1' }).isDisabled(), true, 'increase stops at the cart limit');
      await dialog.getByText('$44.97').first().waitFor();
      await dialog.getByText('Taxes Determined at checkout', { exact: true }).waitFor();
      assert.equal(await line(dialog, 'Night Ferry, Vol. 2').getByRole('button', { name: /quantity/ }).count(), 0, 'Digital has no quantity controls');
      await shot(page, `${name}-cart-print-3`);
      await expectNoSeriousViolations(page, `cart with Print ×3 on a ${name}`);

      // Down to 1: at most quantity − 1 removals, and decrease stops at 1.
      const down = sent.length;
      const decreased = nextChange(page);
      await clickTwice(print.getByRole('button', { name: 'Decrease quantity of Night Ferry, Vol. 1' }));
      assert.equal((await decreased).status(), 200);
      assert.deepEqual(sent.slice(down).map((change) => change.Amount), [-2]);
      await badgeSays(page, 2);
      assert.equal(await print.getByRole('button', { name: 'Decrease quantity of Night Ferry, Vol. 1' }).isDisabled(), true, 'decrease stops at 1');

      // Remove the Digital volume: RemoveAll, and the remove_from_cart event.
      const removal = (request: { postDataJSON(): Json }) => (request.postDataJSON().events as Json[]).find((e) => e.channel === 'cart' && e.eventName === 'remove_from_cart');
      const event = page.waitForRequest((request) => request.url().includes('/api/analytics/sendEvents') && removal(request) !== undefined);
      const removed = nextChange(page);
      await line(dialog, 'Night Ferry, Vol. 2').getByRole('button', { name: 'Remove Night Ferry, Vol. 2' }).click();
      await line(dialog, 'Night Ferry, Vol. 2').waitFor({ state: 'detached' });
      assert.equal((await removed).status(), 200);
      assert.equal(sent.at(-1).RemoveAll, true);
      assert.equal(removal(await event).extraData.productId, ids.ferry2);
      await badgeSays(page, 1);

      // The cart survives a reload: same id in local storage, same contents.
      const cartId = await storedCartId(page);
      assert.ok(cartId);
      await page.reload();
      await badgeSays(page, 1);
      assert.equal(await storedCartId(page), cartId);
      const reloaded = await openCart(page);
      await line(reloaded, 'Night Ferry, Vol. 1').locator('output').filter({ hasText: '1' }).waitFor();

      // Escape closes the dialog and gives focus back to the cart button.
      await page.keyboard.press('Escape');
      await reloaded.waitFor({ state: 'detached' });
      assert.equal(await cartButton(page).evaluate((element: unknown) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement), true);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`merges the guest cart into the reader's at sign-in, and applies a coupon, on a ${name}`, async () => {
      const reader = readers[name];
      const code = `FERRY10${name.toUpperCase()}`;
      // Staff make a coupon; the reader already has a cart on another device with one Print copy.
      const admin = await grantAdmin(stack.service('account').context.db, `cart-staff-${name}-${process.pid}@example.com`);
      assert.ok(admin.created);
      const staff = await call('POST', '/api/account/token', { UserName: admin.email, Password: admin.password });
      assert.equal(staff.status, 200);
      const coupon = await call('POST', '/api/dashboard/coupons', { code, kind: 'Percent', value: 10 }, staff.body.response.access_token);
      assert.equal(coupon.status, 200, JSON.stringify(coupon.body));
      const { rows: [print] } = await stack.service('catalog').context.db.query<{ id: number }>("SELECT id FROM variants WHERE product_id = $1 AND type = 'Print'", [ids.ferry1]);
      const { rows: [digital] } = await stack.service('catalog').context.db.query<{ id: number }>('SELECT id FROM variants WHERE product_id = $1', [ids.lighthouse]);
      const otherDevice = randomUUID();
      const before = await call('PATCH', `/api/cart/${otherDevice}`, { productId: ids.ferry1, VariantId: print!.id, Amount: 1 }, reader.accessToken);
      assert.equal(before.status, 200, JSON.stringify(before.body));

      // A guest here adds the same Print copy and a Digital volume, then signs in.
      const { page, errors } = await open(viewport);
      await page.goto(`${stack.url}/product/night-ferry-volume-1/`);
      await page.locator('label', { hasText: 'Print' }).click();
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await badgeSays(page, 1);
      await page.goto(`${stack.url}/product/lighthouse-volume-1/`);
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await badgeSays(page, 2);
      if (viewport === DESKTOP) await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
      else {
        // Narrow screens put the way in under Menu (storefront spec §2).
        await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Log in or create a Reader account', exact: true }).click();
      }
      const login = page.getByRole('dialog', { name: 'Log in or create a Reader account', exact: true });
      await login.getByLabel('Email').fill(reader.email);
      await login.getByRole('button', { name: 'Continue', exact: true }).click();
      await login.getByLabel('Password', { exact: true }).fill(reader.password);
      await login.getByRole('button', { name: 'Log In', exact: true }).click();
      await login.waitFor({ state: 'detached' });
      // Print copies summed (1 + 1), the Digital volume once.
      await badgeSays(page, 3);
      const dialog = await openCart(page);
      await line(dialog, 'Night Ferry, Vol. 1').locator('output').filter({ hasText: '2' }).waitFor();
      await line(dialog, 'Lighthouse, Vol. 1').waitFor();
      assert.equal(digital!.id > 0, true);

      // A code that does not exist is refused with a message; the real one shows its saving.
      const input = dialog.getByLabel('Coupon code');
      await input.fill('NOSUCHCODE');
      await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
      await dialog.getByText(/coupon/i).filter({ hasNotText: 'Coupon code' }).first().waitFor();
      await input.fill(code.toLowerCase());
      await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
      // 10% of 2 × $14.99 + $8.99 = $38.97 is $3.897.
      await dialog.getByText(/you save \$3\.9/).waitFor();
      await shot(page, `${name}-cart-merged-coupon`);
      await expectNoSeriousViolations(page, `merged cart with a coupon on a ${name}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('tells the shopper when an item left the cart because the store stopped selling it', async () => {
    const catalogDb = stack.service('catalog').context.db;
    const series = await createSeries(catalogDb, { title: 'Tin Moon', readableUrl: 'tin-moon', genres: ['Drama'] });
    const product = await createProduct(catalogDb, { name: 'Tin Moon, Vol. 1', readableUrl: 'tin-moon-volume-1', seriesId: series, volumeNumber: 1, variants: [{ type: 'Digital', priceCents: 599 }] });
    await stack.eventsDelivered();
    const { page, errors } = await open(PHONE);
    await page.goto(`${stack.url}/product/tin-moon-volume-1/`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await badgeSays(page, 1);
    // Withdrawn from sale (status Removed) while it sits in the cart, and no page of the store open
    // meanwhile: the service says why once, to the next reader of the cart, which is the next page.
    await page.waitForLoadState('networkidle');
    await page.goto(`${stack.url}/favicon.svg`);
    await catalogDb.query('UPDATE products SET status = 5 WHERE id = $1', [product]);
    await page.goto(`${stack.url}/browse/`);
    await badgeSays(page, 0);
    const dialog = await openCart(page);
    await dialog.getByText('Your cart changed', { exact: true }).waitFor();
    await dialog.getByText(/Tin Moon, Vol\. 1/).first().waitFor();
    await dialog.getByText('No items in cart', { exact: true }).waitFor();
    await shot(page, 'phone-cart-notice');
    await expectNoSeriousViolations(page, 'cart with a notice on a phone');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('puts the cart back and says so when a change is refused', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(`${stack.url}/product/lighthouse-volume-1/`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await badgeSays(page, 1);
    // The next change never reaches the service.
    await page.route('**/api/cart/**', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.fallback()));
    const dialog = await openCart(page);
    await line(dialog, 'Lighthouse, Vol. 1').getByRole('button', { name: 'Remove Lighthouse, Vol. 1' }).click();
    await dialog.getByRole('alert').filter({ hasText: "Your cart couldn't be updated, so it is back to how it was." }).waitFor();
    await line(dialog, 'Lighthouse, Vol. 1').waitFor();
    await badgeSays(page, 1);
    await shot(page, 'desktop-cart-refused');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
