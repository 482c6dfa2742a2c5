import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { grantAdmin } from '@inkwell/account';
import { createProduct } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import {
  browserSuiteSkip,
  buyWithSimulatedCard,
  dashboardToast,
  DESKTOP,
  launchChromium,
  mainOf,
  openDashboardArea,
  openPage,
  PHONE,
  screenshotDir,
  signInToDashboard,
  startBrowserStack,
  type Credentials,
  type PaidOrder,
  type Viewport,
  type ViewportName,
} from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { verifiedReader, type SignedInReader } from '../support/readers';
import type { TestStack } from '../support/stack';

/**
 * Issue 23's acceptance journey, in a real Chromium against the whole stack, on a desktop and on a
 * phone (a shopper each): a shopper signs up and verifies through the storefront API, places two
 * Print orders and pays them with the simulated card (the second also holds a Digital volume, which
 * their My Comics then lists). Staff in the dashboard find the shopper by email in Users, see the two
 * orders on the customer page, open the first and mark it shipped with a tracking number, open the
 * second and refund all of it (the Digital volume with it) after the preview. The shopper's My
 * Comics no longer lists the refunded volume, and the shopper got both emails: shipped (with the
 * tracking number) and refunded. Axe on every screen; each shot saved to look at.
 */
describe('staff help a customer: find, ship, refund (issue 23 journey)', { skip: skipBecause(browserSuiteSkip('web', 'dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: Credentials;
  const run = process.pid;
  const names = { atlas: `Harbor Atlas, Print (${run})`, boxSet: `Harbor Box Set, Print (${run})`, volume: `Harbor Lights Vol. 9 (${run})` };
  const items = {} as Record<'atlas' | 'boxSet' | 'volume', { productId: number; variantId: number }>;
  const journeys = {} as Record<ViewportName, { shopper: SignedInReader; shipped: PaidOrder; refunded: PaidOrder }>;

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('staff-customer-journey');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `journey-staff-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;

    const catalog = stack.service('catalog').context.db;
    const stock = { weight: 1.4, height: 9, width: 6, length: 1 };
    const atlas = await createProduct(catalog, { name: names.atlas, readableUrl: `harbor-atlas-${run}`, type: 'Book', variants: [{ type: 'Print', priceType: 'Print', priceCents: 2499, cartLimit: 5, stock }] });
    const boxSet = await createProduct(catalog, { name: names.boxSet, readableUrl: `harbor-box-set-${run}`, type: 'Book', variants: [{ type: 'Print', priceType: 'Print', priceCents: 5999, cartLimit: 5, stock }] });
    const volume = await createProduct(catalog, { name: names.volume, readableUrl: `harbor-lights-9-${run}`, ingestCompleted: true, variants: [{ type: 'Digital', priceCents: 899 }] });
    const { rows } = await catalog.query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [[atlas, boxSet, volume]]);
    const variantOf = (productId: number) => Number(rows.find((row) => Number(row.product_id) === productId)!.id);
    items.atlas = { productId: atlas, variantId: variantOf(atlas) };
    items.boxSet = { productId: boxSet, variantId: variantOf(boxSet) };
    items.volume = { productId: volume, variantId: variantOf(volume) };
    await stack.eventsDelivered();

    // Each viewport's shopper: signed up and verified through the storefront API, two Print orders paid.
    for (const viewport of ['desktop', 'phone'] as const) {
      const shopper = await verifiedReader(stack, `journey-${viewport}-${run}@example.com`, `a long journey password ${viewport}`);
      const [shipped] = await buyWithSimulatedCard(stack.url, shopper, [items.atlas]);
      const second = await buyWithSimulatedCard(stack.url, shopper, [items.boxSet, items.volume]);
      const refunded = second.find((order) => order.orderItems.some((item) => item.productId === items.volume.productId));
      assert.ok(shipped && refunded, 'two orders placed');
      assert.ok(refunded.orderItems.some((item) => item.distributionType === 'Print'), 'the second order holds a Print item too');
      journeys[viewport] = { shopper, shipped, refunded };
    }
  }, 240_000);

  let failing: Page | undefined;
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && failing && !failing.isClosed()) {
      await failing.screenshot({ path: path.join(shots, `failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => undefined);
    }
    failing = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  /** The shopper's storefront, signed in (tokens where the storefront keeps them). */
  const openStorefront = (viewport: Viewport, shopper: SignedInReader) =>
    openPage(browser, viewport, {
      setup: `localStorage.setItem('accessToken', ${JSON.stringify(shopper.accessToken)}); localStorage.setItem('refreshToken', ${JSON.stringify(shopper.refreshToken)});`,
    });

  const myComics = async (page: Page) => {
    await page.goto(`${stack.url}/library/`);
    await page.getByRole('heading', { level: 1, name: 'My Comics' }).waitFor();
    await page.waitForLoadState('networkidle');
  };

  /** From the customer page, the Orders tab, and the order `accountingId` opened from it. */
  async function openOrderFromCustomer(page: Page, email: string, accountingId: string): Promise<void> {
    const main = mainOf(page);
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    const orders = main.getByRole('table', { name: new RegExp(`^Orders of ${email.replace(/[.+]/g, '\\$&')}`) });
    await orders.getByRole('link', { name: accountingId, exact: true }).click();
    await main.getByRole('heading', { level: 1, name: `Order ${accountingId}` }).waitFor();
  }

  for (const [viewport, size] of [['desktop', DESKTOP], ['phone', PHONE]] as [ViewportName, Viewport][]) {
    it(`on a ${viewport}: staff find the shopper by email, ship one Print order and refund the other; the Digital volume leaves My Comics; both emails arrive`, async () => {
      const { shopper, shipped, refunded } = journeys[viewport];

      // The shopper's My Comics lists the Digital volume they bought.
      const store = await openStorefront(size, shopper);
      failing = store.page;
      await myComics(store.page);
      await store.page.getByRole('list', { name: 'Your comics' }).getByText(names.volume).first().waitFor();
      await shotAndCheck(store.page, viewport, 'my-comics-before');

      // Staff find the shopper by email in Users.
      const { page, errors } = await openPage(browser, size);
      failing = page;
      const main = mainOf(page);
      await signInToDashboard(page, stack.url, admin);
      await openDashboardArea(page, viewport, 'Users');
      await main.getByRole('searchbox', { name: 'Search users' }).fill(shopper.email);
      await page.waitForURL((url) => url.searchParams.get('q') === shopper.email);
      await main.getByRole('link', { name: shopper.email, exact: true }).click();
      await main.getByRole('heading', { level: 1, name: shopper.email }).waitFor();
      await shotAndCheck(page, viewport, 'customer');

      // The customer page lists both Print orders.
      await page.getByRole('tab', { name: 'Orders', exact: true }).click();
      const orders = main.getByRole('table', { name: new RegExp(`^Orders of ${shopper.email.replace(/[.+]/g, '\\$&')}`) });
      await orders.getByRole('link', { name: shipped.accountingId, exact: true }).waitFor();
      await orders.getByRole('link', { name: refunded.accountingId, exact: true }).waitFor();
      assert.equal(await orders.locator('tbody tr').count(), 2, 'the shopper’s two orders');
      await shotAndCheck(page, viewport, 'customer-orders');

      // The first: marked shipped with its tracking number.
      await orders.getByRole('link', { name: shipped.accountingId, exact: true }).click();
      await main.getByRole('heading', { level: 1, name: `Order ${shipped.accountingId}` }).waitFor();
      await shotAndCheck(page, viewport, 'order-to-ship', true);
      const tracking = `1Z${run}JOURNEY${viewport === 'phone' ? 'P' : 'D'}`;
      await main.getByRole('button', { name: 'Mark shipped', exact: true }).click();
      const ship = page.getByRole('dialog', { name: `Mark ${shipped.accountingId} shipped` });
      await ship.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
      await ship.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
      await shotAndCheck(page, viewport, 'ship-dialog');
      await ship.getByRole('button', { name: 'Mark shipped', exact: true }).click();
      await ship.waitFor({ state: 'detached' });
      await dashboardToast(page, `${shipped.accountingId} marked shipped`).waitFor();
      await main.getByRole('region', { name: 'Shipments' }).getByText(tracking).waitFor();

      // Back to the customer, then the second order: refunded whole, the Digital volume with it.
      await main.getByRole('link', { name: /Ada Lovelace|journey-/ }).first().click();
      await main.getByRole('heading', { level: 1, name: shopper.email }).waitFor();
      await openOrderFromCustomer(page, shopper.email, refunded.accountingId);
      await main.getByRole('table', { name: `Items of ${refunded.accountingId}` }).getByText(names.volume).waitFor();
      await main.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = page.getByRole('dialog', { name: `Refund ${refunded.accountingId}` });
      await refund.waitFor();
      await refund.getByText('Refund everything left', { exact: true }).click();
      assert.equal(await refund.getByRole('checkbox', { name: 'Refund everything left' }).isChecked(), true);
      await refund.getByText(/^Refund total:/).waitFor();
      const previewTotal = ((await refund.getByText(/^Refund total:/).textContent()) ?? '').match(/\$[\d,.]+/)?.[0];
      assert.ok(previewTotal, 'the preview shows the total');
      await refund.getByText(/the order will be Cancelled/).waitFor();
      await refund.getByRole('textbox', { name: 'Reason' }).fill('The box set was damaged in the warehouse; refunded in full');
      await shotAndCheck(page, viewport, 'refund-dialog');
      await refund.getByRole('button', { name: 'Refund', exact: true }).click();
      await refund.waitFor({ state: 'detached' });
      await dashboardToast(page, `Refunded ${previewTotal} on ${refunded.accountingId}`).waitFor();
      await main.getByRole('region', { name: 'Refunds' }).getByText('The box set was damaged in the warehouse; refunded in full').waitFor();
      await shotAndCheck(page, viewport, 'order-refunded', true);
      assert.deepEqual(errors, [], 'no script errors in the dashboard');

      // The shopper's My Comics no longer lists the refunded volume (order.refunded revoked it).
      await stack.eventsDelivered();
      let listed = true;
      for (let tries = 0; listed && tries < 20; tries += 1) {
        await myComics(store.page);
        // The shelf has answered: its list, or the empty shelf (the volume was all they owned).
        await store.page.getByRole('list', { name: 'Your comics' }).or(store.page.getByRole('heading', { name: 'Your shelf is empty' })).first().waitFor();
        listed = (await store.page.getByText(names.volume).count()) > 0;
      }
      assert.equal(listed, false, 'the refunded Digital volume left My Comics');
      await shotAndCheck(store.page, viewport, 'my-comics-after');
      assert.deepEqual(store.errors, [], 'no script errors in the storefront');

      // Both emails: shipped (with the tracking number) and refunded.
      const shippedMail = await waitForMail(stack, { to: shopper.email, subject: new RegExp(`${shipped.accountingId} has shipped`) });
      assert.match(shippedMail.text, new RegExp(tracking));
      const refundMail = await waitForMail(stack, { to: shopper.email, subject: new RegExp(`refund for order ${refunded.accountingId}`) });
      assert.match(refundMail.text, new RegExp(`We have refunded \\$[\\d,.]+ for your order ${refunded.accountingId}`));

      await page.context().close();
      await store.page.context().close();
    }, 240_000);
  }
});
