import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { grantAdmin } from '@inkwell/account';
import { createProduct } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import {
  browserSuiteSkip,
  buyWithSimulatedCard,
  chooseOption,
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
import { verifiedReader, type SignedInReader } from '../support/readers';
import type { TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** What the dashboard shows for cents at 4-decimal precision (features/orders/money.ts), in the browser's en-US. */
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(cents / 100);

/**
 * Issue 23's Orders area in a real Chromium against the whole stack: a shopper's paid order (two
 * copies of a Print book and a Digital volume) found by search and by the status, date and tag
 * filters (kept in the URL), opened; a note added with its log level (an empty one refused), the
 * order marked shipped with tracking (blank fields refused at their fields), partly refunded (one
 * Print copy) with the total previewed by the order service as the form changes and the refund sent
 * with one Idempotency-Key (a replay of it refunds nothing more), edited (the changes the service
 * reports shown), and marked delivered. Phone and desktop; axe on every screen and dialog; each shot
 * saved to look at.
 */
describe('staff Orders area in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: Credentials;
  let adminToken: string;
  let shopper: SignedInReader;
  const run = process.pid;
  const printName = `Tidal Atlas Hardcover (${run})`;
  const digitalName = `Tidal Atlas Vol. 1 (${run})`;
  const items = { print: { productId: 0, variantId: 0 }, digital: {} as Record<ViewportName, { productId: number; variantId: number }> };
  const orders: Partial<Record<ViewportName, PaidOrder>> = {};

  const api = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> => {
    const response = await fetch(stack.url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${adminToken}`, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-orders');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `orders-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    const login = await fetch(`${stack.url}/api/account/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: admin.email, Password: admin.password }) });
    adminToken = ((await login.json()) as Json).response.access_token;

    const catalog = stack.service('catalog').context.db;
    const print = await createProduct(catalog, {
      name: printName,
      readableUrl: `tidal-atlas-hardcover-${run}`,
      type: 'Book',
      variants: [{ type: 'Print', priceType: 'Print', priceCents: 2999, cartLimit: 5, stock: { weight: 2.1, height: 9, width: 6, length: 1 } }],
    });
    // A Digital volume for each viewport's order (a reader owns a Digital product once).
    const digital = {
      desktop: await createProduct(catalog, { name: `${digitalName} desktop`, readableUrl: `tidal-atlas-1-desktop-${run}`, variants: [{ type: 'Digital', priceCents: 799 }] }),
      phone: await createProduct(catalog, { name: `${digitalName} phone`, readableUrl: `tidal-atlas-1-phone-${run}`, variants: [{ type: 'Digital', priceCents: 799 }] }),
    };
    const { rows } = await catalog.query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [[print, digital.desktop, digital.phone]]);
    const variantOf = (productId: number) => Number(rows.find((row) => Number(row.product_id) === productId)!.id);
    items.print = { productId: print, variantId: variantOf(print) };
    items.digital = { desktop: { productId: digital.desktop, variantId: variantOf(digital.desktop) }, phone: { productId: digital.phone, variantId: variantOf(digital.phone) } };
    await stack.eventsDelivered();

    shopper = await verifiedReader(stack, `orders-shopper-${run}@example.com`, 'a long shopper password 7');
    for (const viewport of ['desktop', 'phone'] as const) {
      const placed = await buyWithSimulatedCard(stack.url, shopper, [{ ...items.print, quantity: 2 }, items.digital[viewport]]);
      const withPrint = placed.find((order) => order.orderItems.some((item) => item.distributionType === 'Print'));
      assert.ok(withPrint, 'the purchase holds an order with the Print book');
      orders[viewport] = withPrint;
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

  async function pick(page: Page, combo: Locator, typed: string, option: string): Promise<void> {
    await combo.click();
    await combo.fill(typed);
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).first().click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** Types a day into the date picker labelled `label` (en-US segments: mm dd yyyy). */
  async function typeDay(page: Page, label: string, day: string): Promise<void> {
    const [year, month, date] = day.split('-');
    const group = mainOf(page).getByRole('group', { name: label, exact: true });
    await group.getByRole('spinbutton').first().click();
    await page.keyboard.type(`${month}${date}${year}`);
    await page.keyboard.press('Tab');
  }

  const rowsOf = (page: Page) => mainOf(page).getByRole('table', { name: /^Orders/ }).locator('tbody tr');

  for (const [viewport, size] of [['desktop', DESKTOP], ['phone', PHONE]] as [ViewportName, Viewport][]) {
    it(`on a ${viewport}: filters the orders, opens one, notes, ships, refunds part of it with the preview, edits and completes it`, async () => {
      const order = orders[viewport]!;
      const detail = (await api('GET', `/api/dashboard/orders/${order.id}`)).body.response;
      const { page, errors } = await openPage(browser, size);
      failing = page;
      const main = mainOf(page);
      await signInToDashboard(page, stack.url, admin);
      await openDashboardArea(page, viewport, 'Orders');
      await main.getByRole('link', { name: order.accountingId, exact: true }).waitFor();
      await main.getByRole('region', { name: 'Shipping account' }).getByText(/Connected|Not connected/).waitFor();
      await shotAndCheck(page, viewport, 'list');

      // Search (debounced, kept in the URL): the shopper's email finds their orders only.
      await main.getByRole('searchbox', { name: 'Search orders' }).fill(shopper.email);
      await page.waitForURL((url) => url.searchParams.get('q') === shopper.email);
      await main.getByRole('link', { name: order.accountingId, exact: true }).waitFor();
      const found = await rowsOf(page).count();
      assert.ok(found >= 2, 'both of the shopper’s Print orders are listed');
      for (const email of await rowsOf(page).getByText(shopper.email).allTextContents()) assert.equal(email, shopper.email);

      // Status filter: the order's own status keeps it; the URL keeps the filter.
      await pick(page, main.getByRole('combobox', { name: 'Add to status' }), detail.statusLabel.slice(0, 4), detail.statusLabel);
      await page.waitForURL((url) => url.searchParams.get('status') === detail.status);
      await main.getByRole('link', { name: order.accountingId, exact: true }).waitFor();
      // Tag and dates: Print orders placed from yesterday to today.
      await pick(page, main.getByRole('combobox', { name: 'Add to tags' }), 'Pri', 'Print');
      await page.waitForURL((url) => url.searchParams.get('tags') === 'print');
      const today = new Date();
      const yesterday = new Date(today.getTime() - 86_400_000);
      await typeDay(page, 'Placed from', yesterday.toISOString().slice(0, 10));
      await page.waitForURL((url) => url.searchParams.get('from') === yesterday.toISOString().slice(0, 10));
      await typeDay(page, 'Placed to', today.toISOString().slice(0, 10));
      await page.waitForURL((url) => url.searchParams.get('to') === today.toISOString().slice(0, 10));
      await main.getByRole('link', { name: order.accountingId, exact: true }).waitFor();
      await shotAndCheck(page, viewport, 'list-filtered', true);
      // A reload shows the same filtered list (the URL is the state).
      await page.reload();
      await main.getByRole('link', { name: order.accountingId, exact: true }).waitFor();
      // Blocked orders: none of the shopper's.
      await page.goto(`${stack.url}/dashboard/orders?q=${encodeURIComponent(shopper.email)}&status=OnHold`);
      await main.getByText('Nothing matches').waitFor();
      await page.goBack();
      await main.getByRole('link', { name: order.accountingId, exact: true }).waitFor();

      // The order's page, opened from the keyboard.
      await main.getByRole('link', { name: order.accountingId, exact: true }).focus();
      await page.keyboard.press('Enter');
      await main.getByRole('heading', { level: 1, name: `Order ${order.accountingId}` }).waitFor();
      // The customer links to their page in Users.
      const customer = main.getByRole('link', { name: detail.customerName || detail.email, exact: true });
      assert.equal(await customer.getAttribute('href'), `/dashboard/users/${detail.userId}`);
      const itemsTable = main.getByRole('table', { name: `Items of ${order.accountingId}` });
      await itemsTable.getByRole('rowheader', { name: new RegExp(printName.replace(/[()]/g, '\\$&')) }).waitFor();
      await main.getByRole('region', { name: 'Price' }).getByText(money(detail.priceDetails.totalPrice)).first().waitFor();
      await main.getByRole('region', { name: 'Timeline' }).getByText(/Placed:/).waitFor();
      await shotAndCheck(page, viewport, 'order', true);

      // A note: an empty one is refused at its field; one with the Success level is added.
      const notes = main.getByRole('region', { name: 'Notes' });
      await notes.getByRole('button', { name: 'Add note', exact: true }).click();
      await notes.getByText('Write the note first.').waitFor();
      await chooseOption(page, notes, 'Log level', 'Success');
      const noteText = `Called the customer about the gift wrap (${viewport}).`;
      await notes.getByRole('textbox', { name: 'Note' }).fill(noteText);
      await notes.getByRole('button', { name: 'Add note', exact: true }).click();
      await notes.getByRole('list', { name: 'Order notes' }).getByText(noteText).waitFor();
      await notes.getByRole('list', { name: 'Order notes' }).getByText('Success').waitFor();

      // Hold and release (Edit's status, among the moves the order-status rule allows): Blocked, then back.
      const header = main.getByRole('heading', { level: 1, name: `Order ${order.accountingId}` }).locator('xpath=..');
      await main.getByRole('button', { name: 'Edit order', exact: true }).click();
      let edit = page.getByRole('dialog', { name: `Edit ${order.accountingId}` });
      await chooseOption(page, edit, 'Status', 'Blocked');
      await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
      await edit.waitFor({ state: 'detached' });
      await main.getByRole('status').filter({ hasText: 'Changes saved.' }).getByText(`Status: ${detail.statusLabel} → Blocked`).waitFor();
      await header.getByText('Blocked', { exact: true }).waitFor();
      assert.equal(await main.getByRole('button', { name: 'Mark shipped', exact: true }).count(), 0, 'a Blocked order is not shipped');
      await main.getByRole('button', { name: 'Edit order', exact: true }).click();
      edit = page.getByRole('dialog', { name: `Edit ${order.accountingId}` });
      await edit.getByRole('button', { name: /Status$/ }).click();
      await page.getByRole('listbox').getByRole('option', { name: detail.statusLabel, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
      await edit.waitFor({ state: 'detached' });
      await header.getByText(detail.statusLabel, { exact: true }).waitFor();

      // Ship: blank fields refused where they are; then carrier and tracking.
      await main.getByRole('button', { name: 'Mark shipped', exact: true }).click();
      const ship = page.getByRole('dialog', { name: `Mark ${order.accountingId} shipped` });
      await ship.waitFor();
      await ship.getByRole('button', { name: 'Mark shipped', exact: true }).click();
      await ship.getByText('Enter the carrier.').waitFor();
      await ship.getByText('Enter the tracking number.').waitFor();
      await shotAndCheck(page, viewport, 'ship-dialog');
      await ship.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
      await ship.getByRole('textbox', { name: 'Tracking number' }).fill(`1Z999AA1${run}`);
      await ship.getByRole('textbox', { name: 'Tracking page (optional)' }).fill(`https://www.ups.com/track?tracknum=1Z999AA1${run}`);
      // Enter in a field sends the form, as a keyboard user would.
      await page.keyboard.press('Enter');
      await ship.waitFor({ state: 'detached' });
      await dashboardToast(page, `${order.accountingId} marked shipped`).waitFor();
      const shipments = main.getByRole('region', { name: 'Shipments' });
      await shipments.getByRole('link', { name: `1Z999AA1${run}` }).waitFor();
      assert.equal(await main.getByRole('button', { name: 'Mark shipped', exact: true }).count(), 0, 'shipped once');

      // Refund one of the two Print copies: the preview follows the form; the refund goes once.
      const refundKeys: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/dashboard\/orders\/[^/]+\/refund\?/.test(request.url())) refundKeys.push(request.headers()['idempotency-key'] ?? '');
      });
      await main.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = page.getByRole('dialog', { name: `Refund ${order.accountingId}` });
      await refund.waitFor();
      await refund.getByText('Choose items or shipping to see the refund.').waitFor();
      const printQuantity = refund.getByRole('textbox', { name: `Quantity of ${printName} to refund` });
      const printPosition = detail.orderItems.find((item: Json) => item.distributionType === 'Print').position;
      const expected = (await api('POST', `/api/dashboard/orders/${order.id}/refund/preview`, { refundReason: 'Preview', items: [{ position: printPosition, quantity: 1 }] })).body.response;
      assert.ok(expected.amount > 0, JSON.stringify(expected));
      const previewed = page.waitForResponse((response) => response.url().includes('/refund/preview') && response.request().method() === 'POST');
      await printQuantity.fill('1');
      await printQuantity.press('Tab');
      assert.equal((await previewed).status(), 200);
      const preview = refund.getByText(/^Refund total:/);
      await refund.getByText(`Refund total: ${money(expected.amount)}`).waitFor();
      assert.match((await preview.textContent()) ?? '', new RegExp(money(expected.amount).replace(/[$.]/g, '\\$&')));
      // The reason is required.
      await refund.getByRole('button', { name: 'Refund', exact: true }).click();
      await refund.getByText('Give the reason for the refund.').waitFor();
      assert.equal(refundKeys.length, 0, 'nothing sent without a reason');
      await shotAndCheck(page, viewport, 'refund-dialog');
      await refund.getByRole('textbox', { name: 'Reason' }).fill('One copy arrived with a torn cover');
      await refund.getByRole('button', { name: 'Refund', exact: true }).click();
      await refund.waitFor({ state: 'detached' });
      await dashboardToast(page, `Refunded ${money(expected.amount)} on ${order.accountingId}`).waitFor();
      await main.getByRole('region', { name: 'Refunds' }).getByText('One copy arrived with a torn cover').waitFor();
      await itemsTable.getByText('1 of 2').waitFor();
      assert.equal(refundKeys.length, 1);
      assert.match(refundKeys[0]!, /^[0-9a-f-]{32,36}$/, 'an Idempotency-Key came with the refund');
      // The same key again (a double click that got through, a retry): the same refund, nothing more.
      const replay = await api('POST', `/api/dashboard/orders/${order.id}/refund`, { refundReason: 'One copy arrived with a torn cover', items: [{ position: printPosition, quantity: 1 }] }, { 'idempotency-key': refundKeys[0]! });
      assert.equal(replay.status, 200, JSON.stringify(replay.body.status));
      const after = (await api('GET', `/api/dashboard/orders/${order.id}`)).body.response;
      assert.equal(after.refunds.length, 1, 'refunded once');
      assert.equal(after.priceDetails.refundedAmount, expected.amount);
      await main.getByRole('region', { name: 'Timeline' }).getByText(/Refund:/).first().waitFor();
      await shotAndCheck(page, viewport, 'order-refunded', true);

      // A refusal is shown in the dialog, nothing refunded: the last Print copy, refunded elsewhere while the dialog was open.
      await main.getByRole('button', { name: 'Refund', exact: true }).click();
      const again = page.getByRole('dialog', { name: `Refund ${order.accountingId}` });
      await again.getByRole('textbox', { name: `Quantity of ${printName} to refund` }).fill('1');
      await again.getByRole('textbox', { name: 'Reason' }).fill('The second copy too');
      const elsewhere = await api('POST', `/api/dashboard/orders/${order.id}/refund`, { refundReason: 'Refunded by a colleague', items: [{ position: printPosition, quantity: 1 }] }, { 'idempotency-key': crypto.randomUUID() });
      assert.equal(elsewhere.status, 200, JSON.stringify(elsewhere.body.status));
      await again.getByRole('button', { name: 'Refund', exact: true }).click();
      const refusal = again.getByRole('alert').filter({ hasText: /refunded already|more than is left to refund/ }).first();
      await refusal.waitFor();
      await shotAndCheck(page, viewport, 'refund-refused');
      await again.getByRole('button', { name: 'Cancel', exact: true }).click();
      await again.waitFor({ state: 'detached' });
      assert.equal((await api('GET', `/api/dashboard/orders/${order.id}`)).body.response.refunds.length, 2, 'the refused refund refunded nothing');
      await itemsTable.getByText('2 of 2').waitFor();

      // Edit: the invoice status; the changes the service reports are shown.
      await main.getByRole('button', { name: 'Edit order', exact: true }).click();
      edit = page.getByRole('dialog', { name: `Edit ${order.accountingId}` });
      await edit.waitFor();
      await shotAndCheck(page, viewport, 'edit-dialog');
      await chooseOption(page, edit, 'Invoice status', 'Invoiced');
      await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
      await edit.waitFor({ state: 'detached' });
      const changes = main.getByRole('status').filter({ hasText: 'Changes saved.' });
      await changes.getByText('Invoice status: Not invoiced → Invoiced').waitFor();

      // Delivered: Completed.
      await main.getByRole('button', { name: 'Mark delivered', exact: true }).click();
      const deliver = page.getByRole('alertdialog', { name: `Mark ${order.accountingId} delivered?` });
      await deliver.waitFor();
      await shotAndCheck(page, viewport, 'deliver-dialog');
      await deliver.getByRole('button', { name: 'Mark delivered', exact: true }).click();
      await deliver.waitFor({ state: 'detached' });
      await main.getByRole('heading', { level: 1, name: `Order ${order.accountingId}` }).locator('xpath=..').getByText('Completed').waitFor();
      await shotAndCheck(page, viewport, 'order-completed', true);

      assert.deepEqual(errors, [], 'no script errors');
      await page.context().close();
    }, 180_000);
  }
});
