import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { createProduct } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, PHONE, screenshotDir, startBrowserStack, type Viewport } from '../support/browser';
import type { TestStack } from '../support/stack';

// Events are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const HUMAN = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Storefront spec §7 in a real browser: PAGE_VIEW on each location change, landing_page once per
 * browser session (sessionStorage visitedBefore), view_product on a product page, each event with
 * its own id, sent in batches (and by beacon when the page goes away); nothing without analytics
 * consent. The events are checked as the service stored them.
 */
describe('Storefront analytics in Chromium', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let productId: number;

  beforeAll(async () => {
    stack = await startBrowserStack();
    productId = await createProduct(stack.service('catalog').context.db, { name: 'Tracking Tide, Vol. 1', readableUrl: 'tracking-tide-1', variants: [{ type: 'Digital', priceCents: 499 }] });
    await stack.eventsDelivered();
    browser = await launchChromium();
    shots = await screenshotDir('storefront-analytics');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A person's browser (not driven by automation) with the given cookie choice; the analytics events it sends. */
  async function visitor(viewport: Viewport, consent: 'all' | 'essential'): Promise<{ page: Page; sent: Json[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport, userAgent: HUMAN, ...(viewport === PHONE ? { deviceScaleFactor: 2 } : {}) });
    await context.addInitScript({ content: `localStorage.setItem('cookieConsent', '${consent}'); Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });` });
    const page = await context.newPage();
    const sent: Json[] = [];
    // Events go in batches (POST /api/analytics/sendEvents {events}); each is listed with the answer to its batch.
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'POST' && request.url().includes('/api/analytics/sendEvents')) {
        for (const event of request.postDataJSON().events) sent.push({ ...event, answered: response.status() });
      }
    });
    return { page, sent, close: () => context.close() };
  }

  /** The answer to the event of that name the page sends from that path. */
  const analyticsAnswer = (page: Page, eventName: string, pathname: string) =>
    page.waitForResponse((response) => {
      const request = response.request();
      if (request.method() !== 'POST' || !request.url().includes('/api/analytics/')) return false;
      const body = request.postDataJSON();
      return Array.isArray(body?.events) && body.events.some((event: Json) => event.eventName === eventName && event.path === pathname);
    });

  const visitedBefore = (page: Page) => page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('visitedBefore'));

  const stored = async (sessionId: string) =>
    (await stack.service('analytics').context.db.query<{ event_name: string; path: string | null; is_bot: boolean; payload: Json }>(
      'SELECT event_name, path, is_bot, payload FROM raw_events WHERE session_id = $1 ORDER BY received_at, event_name',
      [sessionId],
    )).rows;

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`sends page views on each location change and landing_page once per session (${name})`, async () => {
      const { page, sent, close } = await visitor(viewport, 'all');
      await page.goto(`${stack.url}/`);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `home (${name})`);
      // A client-side navigation, then a reload of another page in the same tab (same browser session).
      const aboutViewed = analyticsAnswer(page, 'PAGE_VIEW', '/about/');
      await page.locator('a[href="/about/"]').first().click();
      await aboutViewed;
      const productViewed = analyticsAnswer(page, 'view_product', '/product/tracking-tide-1/');
      await page.goto(`${stack.url}/product/tracking-tide-1/`);
      await page.getByRole('heading', { name: /Tracking Tide/ }).first().waitFor();
      await productViewed;
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `product (${name})`);
      await page.screenshot({ path: path.join(shots, `product-${name}.png`) });

      const names = sent.map((event) => event.eventName);
      assert.deepEqual(names.filter((n) => n === 'landing_page'), ['landing_page'], JSON.stringify(names));
      const views = sent.filter((event) => event.eventName === 'PAGE_VIEW').map((event) => new URL(event.extraData.url).pathname);
      assert.deepEqual(views, ['/', '/about/', '/product/tracking-tide-1/']);
      assert.deepEqual(sent.filter((event) => event.eventName === 'view_product').map((event) => event.extraData.productId), [String(productId)]);
      assert.equal(sent.find((event) => event.eventName === 'landing_page').extraData.url_path, '/');
      for (const event of sent) assert.match(event.eventId, UUID);
      assert.deepEqual([...new Set(sent.map((event) => event.answered))], [200], JSON.stringify(sent));
      assert.equal(new Set(sent.map((event) => event.eventId)).size, sent.length);
      assert.equal(new Set(sent.map((event) => event.sessionId)).size, 1);
      assert.equal(await visitedBefore(page), 'true');

      // As the service stored them: a person, the paths without their queries.
      const rows = await stored(sent[0].sessionId.toLowerCase());
      assert.equal(rows.length, sent.length);
      assert.ok(rows.every((row) => !row.is_bot));
      assert.deepEqual(rows.filter((row) => row.event_name === 'PAGE_VIEW').map((row) => row.path).sort(), ['/', '/about/', '/product/tracking-tide-1/']);
      await close();
    });
  }

  it('sends the waiting events by beacon when the page goes away (pagehide)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, userAgent: HUMAN });
    // This visitor's timer never fires (the flush delay's timeouts are dropped), so only leaving sends.
    await context.addInitScript({
      content: `localStorage.setItem('cookieConsent', 'all'); Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
        const later = window.setTimeout; window.setTimeout = (fn, ms, ...rest) => (ms === 250 ? 0 : later(fn, ms, ...rest));`,
    });
    const page = await context.newPage();
    const batches: Json[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/api/analytics/sendEvents')) batches.push(request.postDataJSON());
    });
    await page.goto(`${stack.url}/product/tracking-tide-1/`);
    await page.getByRole('heading', { name: /Tracking Tide/ }).first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(batches, [], 'nothing sent while the page stays');
    const sessionId = await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('analyticsSessionId'));
    assert.ok(sessionId);
    await page.goto('about:blank');
    // The beacon (which the browser sends after the page is gone, unseen by the page's listeners) is
    // on its way; wait for the service to have stored it.
    let rows = await stored(sessionId);
    for (let tries = 0; rows.length < 3 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await stored(sessionId);
    }
    assert.deepEqual(rows.map((row) => row.event_name).sort(), ['PAGE_VIEW', 'landing_page', 'view_product']);
    await context.close();
  });

  it('sends nothing without analytics consent', async () => {
    const { page, sent, close } = await visitor(DESKTOP, 'essential');
    await page.goto(`${stack.url}/product/tracking-tide-1/`);
    await page.getByRole('heading', { name: /Tracking Tide/ }).first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(sent, []);
    assert.equal(await visitedBefore(page), null);
    await close();
  });
});
