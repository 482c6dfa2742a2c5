import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
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
import { verifiedReader, type SignedInReader } from '../support/readers';
import type { TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** What the dashboard shows for cents (lib/format formatMoney) in the browser's en-US. */
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const count = (value: number) => new Intl.NumberFormat('en-US').format(value);

/**
 * Issue 25's acceptance journey in a real Chromium against the whole stack: shoppers browse the
 * storefront (with analytics consent), buy (a Print book twice and a Digital volume; another shopper
 * a Digital volume), and staff refund one order through the orders API. Then the Overview's today,
 * the Analytics area's figures (orders, revenue to the cent, items per order, signups, top sellers
 * with their units) and the downloaded workbook (read with exceljs) agree with what happened; the
 * workbook is also emailed as a job whose progress is followed. Phone and desktop; axe on every
 * screen; each shot saved to look at.
 */
describe('staff Analytics and Reports areas in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard', 'web')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: Credentials;
  let adminToken: string;
  const run = process.pid;
  const printName = `Harbour Lights Hardcover (${run})`;
  const digitalName = `Harbour Lights Vol. 1 (${run})`;
  const placed: PaidOrder[] = [];
  /** What happened, as the order service tells it. */
  const expected = { orders: 0, items: 0, revenueCents: 0, refundedCents: 0, printUnits: 0, digitalUnits: 0 };
  let refundedOrderId = '';
  const today = new Date().toISOString().slice(0, 10);

  const api = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> => {
    const response = await fetch(stack.url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${adminToken}`, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };
  const figures = async (call: string) => {
    const answer = await api('GET', `/api/dashboard/analytics/${call}${call.includes('?') ? '&' : '?'}start=${today}&end=${today}`);
    assert.equal(answer.status, 200, `${call}: ${JSON.stringify(answer.body.status)}`);
    return answer.body.response;
  };
  /** Asks until `ready` holds for the answer (the bus and the rollups settle), then answers it. */
  const settled = async (call: string, ready: (answer: Json) => boolean) => {
    let answer = await figures(call);
    for (let tries = 0; !ready(answer) && tries < 80; tries += 1) {
      await stack.eventsDelivered();
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await figures(call);
    }
    return answer;
  };

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-analytics');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `analytics-ui-${run}@example.com`);
    assert.ok(granted.created);
    admin = granted;
    const login = await fetch(`${stack.url}/api/account/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: admin.email, Password: admin.password }) });
    adminToken = ((await login.json()) as Json).response.access_token;

    const catalog = stack.service('catalog').context.db;
    const print = await createProduct(catalog, {
      name: printName,
      readableUrl: `harbour-lights-hardcover-${run}`,
      type: 'Book',
      variants: [{ type: 'Print', priceType: 'Print', priceCents: 2999, cartLimit: 5, stock: { weight: 2.1, height: 9, width: 6, length: 1 } }],
    });
    const digitalA = await createProduct(catalog, { name: `${digitalName} A`, readableUrl: `harbour-lights-1-a-${run}`, variants: [{ type: 'Digital', priceCents: 799 }] });
    const digitalB = await createProduct(catalog, { name: `${digitalName} B`, readableUrl: `harbour-lights-1-b-${run}`, variants: [{ type: 'Digital', priceCents: 599 }] });
    const { rows } = await catalog.query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [[print, digitalA, digitalB]]);
    const variantOf = (productId: number) => Number(rows.find((row) => Number(row.product_id) === productId)!.id);
    await stack.eventsDelivered();

    // Shoppers browse the storefront in their own browsers, having accepted every cookie (analytics
    // included): a person's browser (its own user agent, not driven by automation) on a desktop and
    // a phone; and a scripted visit (headless, navigator.webdriver), which must count as a bot.
    const human = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    for (const [size, person] of [[DESKTOP, true], [PHONE, true], [DESKTOP, false]] as const) {
      const context = await browser.newContext({ viewport: size, ...(person ? { userAgent: human } : {}) });
      await context.addInitScript({
        content: `localStorage.setItem('cookieConsent', 'all');${person ? "Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });" : ''}`,
      });
      const page = await context.newPage();
      await page.goto(`${stack.url}/`);
      await page.waitForLoadState('networkidle');
      await context.close();
    }

    const shoppers: SignedInReader[] = [
      await verifiedReader(stack, `analytics-shopper-a-${run}@example.com`, 'a long shopper password 7'),
      await verifiedReader(stack, `analytics-shopper-b-${run}@example.com`, 'a long shopper password 8'),
    ];
    placed.push(...(await buyWithSimulatedCard(stack.url, shoppers[0]!, [{ productId: print, variantId: variantOf(print), quantity: 2 }, { productId: digitalA, variantId: variantOf(digitalA) }])));
    placed.push(...(await buyWithSimulatedCard(stack.url, shoppers[1]!, [{ productId: digitalB, variantId: variantOf(digitalB) }])));
    for (const order of placed) {
      const detail = (await api('GET', `/api/dashboard/orders/${order.id}`)).body.response;
      expected.orders += 1;
      expected.revenueCents += Math.round(detail.priceDetails.totalPrice);
      for (const item of order.orderItems) {
        expected.items += item.quantity;
        if (item.distributionType === 'Print') expected.printUnits += item.quantity;
        else expected.digitalUnits += item.quantity;
      }
    }
    // Staff refund the second shopper's order in full.
    const refunded = placed.at(-1)!;
    refundedOrderId = refunded.id;
    const refund = await api('POST', `/api/dashboard/orders/${refunded.id}/refund`, { refundReason: 'Bought by mistake' }, { 'idempotency-key': crypto.randomUUID() });
    assert.equal(refund.status, 200, JSON.stringify(refund.body.status));
    expected.refundedCents = Math.round((await api('GET', `/api/dashboard/orders/${refunded.id}`)).body.response.refunds.reduce((sum: number, item: Json) => sum + Number(item.amount ?? item.amountCents ?? 0), 0));
    await stack.eventsDelivered();
  }, 300_000);

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

  it('the analytics API agrees with what happened: orders, revenue to the cent, items, refunds, top sellers, signups, page views', async () => {
    const metrics = await settled('orderMetrics', (answer) => answer.totalOrders >= expected.orders && answer.refundedCents >= expected.refundedCents);
    assert.equal(metrics.totalOrders, expected.orders);
    assert.equal(metrics.totalRevenueCents, expected.revenueCents);
    assert.equal(metrics.refundedCents, expected.refundedCents);
    assert.ok(expected.refundedCents > 0, 'the refund gave money back');
    assert.equal(metrics.averageItemsPerOrder, expected.items / expected.orders);
    const orderData = await figures('getOrderData');
    assert.equal(orderData.totals.itemsSold, expected.items);
    assert.equal(orderData.totals.printItems, expected.printUnits);
    const top = await figures('topSellingProducts?maxItems=10');
    assert.equal(top.items[0].name, printName, 'the Print book sold most units');
    assert.equal(top.items[0].printUnits, 2);
    const signups = await settled('newUserSignups', (answer) => answer.total >= 2);
    assert.ok(signups.total >= 2, 'both shoppers signed up today');
    const views = await settled('getPageViewMetrics', (answer) => answer.totals.pageViews >= 2 && answer.totals.botPageViews >= 1);
    assert.equal(views.totals.pageViews, 2, 'the two shoppers\' page views are counted');
    assert.equal(views.totals.uniqueVisitors, 2);
    assert.equal(views.totals.botPageViews, 1, 'the scripted visit is counted as a bot, apart');
  }, 60_000);

  for (const [viewport, size] of [['desktop', DESKTOP], ['phone', PHONE]] as [ViewportName, Viewport][]) {
    it(`on a ${viewport}: the Overview's today, the Analytics figures and the workbook agree with the orders`, async () => {
      const metrics = await figures('orderMetrics');
      const signups = await figures('newUserSignups');
      const views = await figures('getPageViewMetrics');
      const { page, errors } = await openPage(browser, size);
      failing = page;
      const main = mainOf(page);
      await signInToDashboard(page, stack.url, admin);

      // The Overview: today's figures, in the reporting zone.
      const todayCard = main.getByRole('region', { name: 'Today' });
      const todayFigure = (label: string) => todayCard.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
      await todayFigure('Orders').getByText(count(expected.orders), { exact: true }).waitFor();
      await todayFigure('Revenue').getByText(money(expected.revenueCents), { exact: true }).waitFor();
      await todayFigure('Signups').getByText(count(signups.total), { exact: true }).waitFor();
      await todayFigure('Page views').getByText(count(views.totals.pageViews), { exact: true }).waitFor();
      await shotAndCheck(page, viewport, 'overview');

      // Analytics: the last 30 days by default (today included); the range goes into the URL.
      await openDashboardArea(page, viewport, 'Analytics');
      const kpi = (label: string) => main.getByRole('list', { name: /^Key figures/ }).getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
      await kpi('Orders').getByText(count(expected.orders), { exact: true }).waitFor();
      assert.match((await kpi('Revenue').textContent()) ?? '', new RegExp(money(expected.revenueCents).replace(/[$.]/g, '\\$&')));
      assert.match((await kpi('Items per order').textContent()) ?? '', new RegExp(String(Math.round((expected.items / expected.orders) * 100) / 100)));
      assert.match((await kpi('New signups').textContent()) ?? '', new RegExp(`^New signups${count(signups.total)}`));
      assert.match((await kpi('Average order value').textContent()) ?? '', new RegExp(money(metrics.averageOrderValueCents).replace(/[$.]/g, '\\$&')));
      const topTable = main.getByRole('table', { name: 'Top sellers' });
      const printRow = topTable.getByRole('row').filter({ hasText: printName });
      await printRow.waitFor();
      assert.equal(await printRow.getByRole('link', { name: printName }).getAttribute('href'), expect_product_href(await printRow.getByRole('link', { name: printName }).getAttribute('href')));
      const printCells = await printRow.locator('td').allTextContents();
      assert.ok(printCells.includes('2'), `the Print book's two units (${printCells.join(' | ')})`);
      await shotAndCheck(page, viewport, 'analytics', true);
      await main.getByRole('heading', { name: 'Over time' }).scrollIntoViewIfNeeded();
      await shotAndCheck(page, viewport, 'analytics-charts');

      // Every chart has its table: the revenue chart's table shows today's revenue to the cent.
      const revenueCard = main.getByRole('region', { name: 'Revenue and orders' });
      await revenueCard.getByRole('button', { name: 'Show table' }).click();
      await revenueCard.getByRole('table', { name: 'Revenue and orders' }).getByText(money(expected.revenueCents)).waitFor();
      // Compared with the previous period (which had nothing): the change is told in words.
      await main.getByText('Compare with the previous period').click();
      await page.waitForURL((url) => url.searchParams.get('compare') === '1');
      await kpi('Orders').getByText('Up from none in the previous period').waitFor();
      // Monthly points.
      await main.getByRole('radio', { name: 'Monthly' }).or(main.getByRole('button', { name: 'Monthly' })).first().click();
      await page.waitForURL((url) => url.searchParams.get('timespan') === 'monthly');
      await kpi('Orders').getByText(count(expected.orders), { exact: true }).waitFor();
      await shotAndCheck(page, viewport, 'analytics-compared', true);

      // A range that ends before it starts: the API's words, nothing asked.
      await page.goto(`${stack.url}/dashboard/analytics?start=2025-03-10&end=2025-03-01`);
      await main.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
      // Out of order in the URL: the screen falls back to the last 30 days rather than failing.
      await kpi('Orders').getByText(count(expected.orders), { exact: true }).waitFor();
      // A range longer than the API covers: refused in the API's words at the picker, nothing asked.
      await page.goto(`${stack.url}/dashboard/analytics?start=2015-01-01&end=2026-01-01`);
      await main.getByText(/^A range covers at most \d+ days\.$/).waitFor();
      assert.equal(await main.getByRole('heading', { name: 'Key figures' }).count(), 0);
      // An empty range says so.
      await page.goto(`${stack.url}/dashboard/analytics?start=2020-01-01&end=2020-01-31`);
      await main.getByText('No orders in this range').first().waitFor();
      await shotAndCheck(page, viewport, 'analytics-empty');

      // Reports: download the workbook of today and read it.
      await openDashboardArea(page, viewport, 'Reports');
      await chooseRange(page, 'Today');
      const downloading = page.waitForEvent('download');
      await main.getByRole('button', { name: 'Download workbook' }).click();
      const download = await downloading;
      const file = await download.path();
      assert.ok(file, 'the workbook was downloaded');
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const salesByDay = sheetRows(workbook, 'Sales by day');
      const day = salesByDay.find((row) => String(row.Day ?? '').includes(today) || (row.Day instanceof Date && row.Day.toISOString().startsWith(today)));
      assert.ok(day, `today's row in Sales by day (${JSON.stringify(salesByDay)})`);
      assert.equal(Number(day.Orders), expected.orders);
      assert.equal(Number(day['Items sold']), expected.items);
      assert.equal(Math.round(Number(day.Revenue) * 100), expected.revenueCents);
      assert.equal(Math.round(Number(day.Refunded) * 100), expected.refundedCents);
      const byProduct = sheetRows(workbook, 'Sales by product');
      assert.equal(Number(byProduct.find((row) => row.Product === printName)?.['Print units']), 2);
      const refunds = sheetRows(workbook, 'Refunds');
      assert.ok(refunds.some((row) => row.Order === refundedOrderId), 'the refunded order is in Refunds');
      await dashboardToast(page, /Downloaded .*\.xlsx/).waitFor();
      await shotAndCheck(page, viewport, 'reports');

      // Email it: a job whose progress is followed until it is sent; a bad address is refused at the field.
      await main.getByRole('textbox', { name: 'Send to' }).fill('not-an-address');
      await main.getByRole('button', { name: 'Email the workbook' }).click();
      await main.getByText('“not-an-address” is not an email address.').waitFor();
      await main.getByRole('textbox', { name: 'Send to' }).fill(`boss-${viewport}-${run}@example.com, ${admin.email}`);
      await main.getByRole('button', { name: 'Email the workbook' }).click();
      const jobs = main.getByRole('region', { name: 'Emailed reports' });
      await jobs.getByText('to 2 addresses').first().waitFor();
      await jobs.getByText('Sent').first().waitFor({ timeout: 30_000 });
      await shotAndCheck(page, viewport, 'reports-emailed');

      assert.deepEqual(errors, []);
      await page.context().close();
    }, 180_000);
  }

  /** Picks a preset of the range's Period select. */
  async function chooseRange(page: Page, preset: string): Promise<void> {
    await mainOf(page).getByRole('button', { name: /Period$/ }).first().click();
    await page.getByRole('listbox').getByRole('option', { name: preset, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }
});

/** A product editor's link, as it is (checked to lead to /dashboard/products/…). */
function expect_product_href(href: string | null): string {
  assert.match(href ?? '', /^\/dashboard\/products\/[^/]+$/);
  return href!;
}

/** A sheet's rows as objects keyed by the header row's titles. */
function sheetRows(workbook: ExcelJS.Workbook, name: string): Array<Record<string, Json>> {
  const sheet = workbook.getWorksheet(name);
  assert.ok(sheet, `the workbook has the sheet ${name}`);
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    headers[column] = String(cell.value);
  });
  const rows: Array<Record<string, Json>> = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const record: Record<string, Json> = {};
    row.eachCell((cell, column) => {
      const value = cell.value as Json;
      record[headers[column]!] = value && typeof value === 'object' && 'result' in value ? value.result : value;
    });
    rows.push(record);
  });
  return rows;
}
