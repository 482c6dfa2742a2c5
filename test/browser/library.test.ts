import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { renderDemoArt } from '@inkwell/demo';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { waitForMail } from '../support/mailbox';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DEMO_ART, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, type Viewport } from '../support/browser';
import type { TestStack } from '../support/stack';
import { createReaderCatalogue, type ReaderCatalogue } from './reader-fixtures';

/** More chapters than one shelf page (storefront spec §9: 24) holds with the reader catalogue's. */
const LONG_SERIES_CHAPTERS = 20;

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('My Comics in Chromium', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let comics: ReaderCatalogue;
  let tokens: { accessToken: string; refreshToken: string };
  let shelved: number;

  const call = async (method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: Json }> => {
    const response = await fetch(stack.url + url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };

  /** A verified Reader account, signed up and verified the way a reader does it, through the API. */
  async function verifiedReader(): Promise<{ accessToken: string; refreshToken: string }> {
    const email = `shelf-${process.pid}@example.com`;
    const password = 'a long shelf password 1';
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    assert.equal((await call('POST', '/api/account/signupCustomerV2', { email: base64(email), password: base64(password) })).status, 200);
    const mail = await waitForMail(stack, { to: email, subject: /verif|confirm/i });
    const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === '/email-verified/' && url.searchParams.has('token'));
    assert.ok(link, 'the verification mail carries its link');
    assert.equal((await call('POST', '/api/account/verifyEmail', { Token: link.searchParams.get('token') })).status, 200);
    const login = await call('POST', '/api/account/token', { UserName: email, Password: password });
    assert.equal(login.status, 200);
    return { accessToken: login.body.response.access_token, refreshToken: login.body.response.refresh_token };
  }

  beforeAll(async () => {
    stack = await startBrowserStack();
    comics = await createReaderCatalogue(stack);
    const catalog = stack.services.find((service) => service.name === 'catalog')!.context.db;
    const voyage = await createSeries(catalog, { title: 'Long Voyage', readableUrl: 'long-voyage' });
    const chapters: number[] = [];
    for (let chapter = 1; chapter <= LONG_SERIES_CHAPTERS; chapter += 1) {
      chapters.push(await createProduct(catalog, { name: `Long Voyage, Chapter ${chapter}`, seriesId: voyage, type: 'Chapter', chapterNumber: chapter, variants: [{ priceType: 'Free', priceCents: 0 }] }));
    }
    // Covers for the new series too (the art pass skips what it has drawn already).
    await renderDemoArt(stack.service('catalog').context, DEMO_ART);
    await stack.eventsDelivered();
    tokens = await verifiedReader();
    const free = [comics.harbor.chapter1, comics.harbor.chapter2, comics.harbor.volume1, comics.lanterns.chapter1, comics.lanterns.chapter2, ...chapters];
    for (const id of free) assert.equal((await call('POST', `/api/mycomics/${id}/-`, undefined, tokens.accessToken)).status, 200, `shelving ${id}`);
    shelved = free.length;
    // Harbor Lights chapter 1 half read, Paper Lanterns chapter 1 finished (its last page is 5 of 0..5).
    assert.equal((await call('PATCH', `/api/mycomics/${comics.harbor.chapter1}`, { ReadingProgress: 3, updatedAt: new Date().toISOString() }, tokens.accessToken)).status, 200);
    assert.equal((await call('PATCH', `/api/mycomics/${comics.lanterns.chapter1}`, { ReadingProgress: 5, updatedAt: new Date().toISOString() }, tokens.accessToken)).status, 200);
    browser = await launchChromium();
    shots = await screenshotDir('library');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A page with the cookie banner answered, signed in unless told otherwise (tokens stored as the storefront stores them). */
  const open = (viewport: Viewport, signedIn = true) =>
    openPage(browser, viewport, {
      setup: signedIn ? `localStorage.setItem('accessToken', ${JSON.stringify(tokens.accessToken)}); localStorage.setItem('refreshToken', ${JSON.stringify(tokens.refreshToken)});` : '',
      deviceScaleFactor: viewport === PHONE ? 2 : 1,
    });

  const shelf = (page: Page) => page.getByRole('list', { name: 'Your comics' });
  const shot = async (page: Page, name: string) => {
    // Covers load lazily as they come near the screen: a full-page picture scrolls through the
    // page a screen at a time first, as a reader would, so every cover has been asked for.
    type ScrollingWindow = { scrollTo(x: number, y: number): void; innerHeight: number; document: { body: { scrollHeight: number } } };
    await page.evaluate(async () => {
      const view = globalThis as unknown as ScrollingWindow;
      for (let top = 0; top < view.document.body.scrollHeight; top += view.innerHeight) {
        view.scrollTo(0, top);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => (globalThis as unknown as ScrollingWindow).scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };

  it('asks a logged-out visitor to log in', async () => {
    const { page, errors } = await open(PHONE, false);
    await page.goto(`${stack.url}/library/`);
    await page.getByRole('heading', { name: 'Log in to see your comics' }).waitFor();
    await page.getByRole('button', { name: 'Log in or sign up' }).waitFor();
    await shot(page, 'phone-logged-out');
    await expectNoSeriousViolations(page, 'phone library, logged out');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`shows the shelf with progress per book, 24 to a page, on a ${name}`, async () => {
      const { page, errors } = await open(viewport);
      await page.goto(`${stack.url}/library/`);
      await page.getByRole('heading', { level: 1, name: 'My Comics' }).waitFor();
      await page.getByText(`Showing 1–24 of ${shelved} comics`).waitFor();
      assert.equal(await shelf(page).getByRole('listitem').count(), 24);

      // Started and unfinished: offered again above the shelf.
      const continueRow = page.getByRole('region', { name: 'Continue reading' });
      await continueRow.getByText('Page 4 of 8').waitFor();
      assert.equal(await continueRow.getByRole('listitem').count(), 1);
      await shot(page, `${name}-library`);
      await expectNoSeriousViolations(page, `${name} library`);

      // Page 2 holds the rest.
      await page.getByRole('navigation', { name: 'Bookshelf pages' }).getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL(/\/library\/\?page=2$/);
      await page.getByText(`Showing 25–${shelved} of ${shelved} comics`).waitFor();
      assert.equal(await shelf(page).getByRole('listitem').count(), shelved - 24);
      assert.equal(await continueRow.count(), 0, 'continue reading is for the first page');
      await expectNoSeriousViolations(page, `${name} library page 2`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('sorts by the spec labels and searches the shelf', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(`${stack.url}/library/`);
    const sort = page.getByLabel('Sort');
    await sort.waitFor();
    assert.deepEqual(await sort.locator('option').allInnerTexts(), ['A - Z', 'Z - A', 'Youngest To Oldest', 'Newest To Oldest', 'Oldest To Youngest', 'Oldest To Newest']);

    await sort.selectOption({ label: 'A - Z' });
    await page.waitForURL(/sort=0/);
    await shelf(page).getByRole('listitem').first().getByRole('link', { name: /: Harbor Lights, Chapter 1$/ }).waitFor();
    await sort.selectOption({ label: 'Z - A' });
    await page.waitForURL(/sort=1/);
    await shelf(page).getByRole('listitem').first().getByRole('link', { name: /: Paper Lanterns, Chapter 2$/ }).waitFor();

    const search = page.getByRole('searchbox', { name: 'Search your comics' });
    await search.fill('lanterns');
    await page.waitForURL(/q=lanterns/);
    await page.getByText('2 comics', { exact: true }).waitFor();
    const books = shelf(page).getByRole('listitem');
    assert.equal(await books.count(), 2);
    await books.filter({ hasText: 'Paper Lanterns, Chapter 1' }).getByText('Finished').waitFor();
    await books.filter({ hasText: 'Paper Lanterns, Chapter 2' }).getByText('Not started', { exact: false }).waitFor();
    await shot(page, 'desktop-library-search');
    await expectNoSeriousViolations(page, 'desktop library search');

    await search.fill('no such comic');
    await page.getByRole('heading', { name: 'No comics match “no such comic”' }).waitFor();
    await expectNoSeriousViolations(page, 'desktop library search, nothing found');
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await page.getByText(`Showing 1–24 of ${shelved} comics`).waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('continues reading where the reader left off, and the shelf follows the reading', async () => {
    const { page, errors } = await open(PHONE);
    await page.goto(`${stack.url}/library/`);
    await page.getByRole('region', { name: 'Continue reading' }).getByRole('link', { name: 'Continue: Harbor Lights, Chapter 1' }).click();
    await page.waitForURL(`${stack.url}/reader/${comics.harbor.chapter1}/`);
    await page.getByText('Page 4 of 8', { exact: true }).waitFor({ state: 'attached' });
    // The page shown is the reader's own (its keys are listened for by then), not only its counter.
    await page.getByRole('img', { name: 'Page 4' }).waitFor();
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(`/api/mycomics/${comics.harbor.chapter1}`));
    await page.keyboard.press('ArrowRight');
    await page.getByText('Page 5 of 8', { exact: true }).waitFor({ state: 'attached' });
    assert.equal((await saved).status(), 200);
    await page.keyboard.press('Escape');
    await page.waitForURL(`${stack.url}/library/`);
    await page.getByRole('region', { name: 'Continue reading' }).getByText('Page 5 of 8').waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('takes a book off the shelf', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(`${stack.url}/library/?q=lanterns`);
    const book = shelf(page).getByRole('listitem').filter({ hasText: 'Paper Lanterns, Chapter 2' });
    await book.getByRole('button', { name: /^Remove/ }).click();
    await book.getByRole('group', { name: 'Remove Paper Lanterns, Chapter 2?' }).waitFor();
    await expectNoSeriousViolations(page, 'desktop library, removal asked');
    await book.getByRole('group', { name: 'Remove Paper Lanterns, Chapter 2?' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('1 comic', { exact: true }).waitFor();
    assert.equal(await shelf(page).getByRole('listitem').count(), 1);
    shelved -= 1;
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
