import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser } from 'playwright-core';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, startBrowserStack } from '../support/browser';
import type { TestStack } from '../support/stack';
import { createReaderCatalogue, type ReaderCatalogue } from './reader-fixtures';

/** What the functions run in the page use of it (this file is type-checked without the DOM library). */
type BrowserGlobals = {
  document: { getElementById(id: string): unknown; querySelector(selector: string): { complete: boolean; naturalWidth: number } | null };
  firstPageLoaded?: number;
  appRendered?: number;
};

/** Notes when the document's first page arrived and when the app first rendered into #root. */
const WATCH_START = `document.addEventListener('load', (event) => { if (event.target.closest?.('#inkwell-first-page')) window.firstPageLoaded ??= performance.now(); }, true);
new MutationObserver((_, observer) => { if (document.getElementById('root')?.firstChild) { window.appRendered = performance.now(); observer.disconnect(); } }).observe(document, { childList: true, subtree: true });`;

/**
 * Issue 11: a free chapter's document brings its first page, painted before the app runs; the app
 * takes the page list from the document (no second request), shows its own page and removes the
 * document's. A signed-in reader never sees the anonymous page: a stored token removes it at once.
 */
describe('the reader’s first page from the document, in Chromium', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let comics: ReaderCatalogue;

  beforeAll(async () => {
    stack = await startBrowserStack();
    comics = await createReaderCatalogue(stack);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`hands the document's first page over to the reader on a ${name}`, async () => {
      const { page, errors } = await openPage(browser, viewport, { setup: WATCH_START });
      const pageLists: string[] = [];
      const refused: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/comic\/[^/]+\/pages$/.test(new URL(request.url()).pathname)) pageLists.push(request.url());
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const answer = await page.goto(`${stack.url}/reader/${comics.harbor.chapter1}/`, { waitUntil: 'domcontentloaded' });
      assert.match(await answer!.text(), /id="inkwell-first-page"/);
      // The reader's own first page arrives and the document's goes.
      await page.locator('#root [data-page="1"] img').waitFor();
      await page.waitForFunction(() => {
        const { document } = globalThis as unknown as BrowserGlobals;
        const own = document.querySelector('#root [data-page="1"] img');
        return own !== null && own.complete && own.naturalWidth > 0 && document.getElementById('inkwell-first-page') === null;
      });
      assert.equal(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.getElementById('inkwell-reader-boot') === null), true);
      assert.deepEqual(pageLists, [], 'the page list came with the document');
      const { firstPageLoaded, appRendered } = await page.evaluate(() => {
        const { firstPageLoaded, appRendered } = globalThis as unknown as BrowserGlobals;
        return { firstPageLoaded, appRendered };
      });
      assert.ok(firstPageLoaded !== undefined && appRendered !== undefined && appRendered > firstPageLoaded, `the app ran once the page was shown (page ${firstPageLoaded} ms, app ${appRendered} ms)`);
      // The reader works as before: the next page by keyboard.
      await page.keyboard.press('ArrowRight');
      await page.locator('#root [data-page="2"] img').waitFor();
      assert.deepEqual(refused, []);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('never shows the anonymous first page to a reader with a stored token', async () => {
    const { page } = await openPage(browser, DESKTOP, { setup: "localStorage.setItem('accessToken', 'a.stored.token'); localStorage.setItem('refreshToken', 'a-refresh-token');" });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${stack.url}/reader/${comics.harbor.chapter1}/`, { waitUntil: 'domcontentloaded' });
    const left = await page.evaluate(() => {
      const { document } = globalThis as unknown as BrowserGlobals;
      return [document.getElementById('inkwell-first-page'), document.getElementById('inkwell-reader-boot')].filter(Boolean).length;
    });
    assert.equal(left, 0, 'the inline check removed both before the app ran');
    assert.deepEqual(refused, [], 'the inline check is allowed by its hash');
    // The stored token is refused, so the reader opens the free chapter as a visitor, asking itself
    // (it once waited for ever: the change of reader removed the query the screen was waiting on).
    await page.locator('#root [data-page="1"] img').waitFor();
    await page.context().close();
  });
});
