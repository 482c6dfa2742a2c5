import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { grantAdmin } from '@inkwell/account';
import { seedDemoCatalogue } from '@inkwell/demo';
import { createProduct } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, type Viewport } from '../support/browser';
import type { TestStack } from '../support/stack';

/** The storefront's pages besides home, series and product, each checked by the accessibility gate. */
const GATED_ROUTES = ['/browse/', '/news/', '/calendar/', '/account-benefits/', '/about/', '/support-center/', '/librarians/', '/terms-of-use/', '/privacy-policy/', '/copyright/', '/library/', '/product/no-such-comic/'];

/** The focused element's accessible name as far as the navbar's controls need it: its aria-label, else its text. */
const FOCUSED_NAME = "(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim()";

describe('storefront browsing in Chromium (demo catalogue)', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;

  beforeAll(async () => {
    stack = await startBrowserStack();
    // Seeded as the store's first start seeds it, without the art; its events index it.
    await seedDemoCatalogue(stack.service('catalog').context);
    await stack.eventsDelivered();
    browser = await launchChromium();
    shots = await screenshotDir('storefront');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const open = (viewport: Viewport) => openPage(browser, viewport);

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`goes home → series → product on a ${name}`, async () => {
      const { page, errors } = await open(viewport);
      // The hero turns by itself every 7 s, but never under reduced motion: on a slow machine the checks
      // below take longer than that, and the link clicked must still be on the slide showing.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${stack.url}/`);
      // The hero: the curated wheel's lead group (issue 22), or the spotlight when there is no wheel.
      const spotlight = page.locator('section[aria-roledescription="carousel"]');
      await spotlight.first().waitFor();
      await page.getByRole('heading', { name: 'New releases' }).or(page.getByRole('heading', { name: 'On sale now' })).first().waitFor();
      await shot(page, `${name}-home`);
      await expectNoSeriousViolations(page, `${name} home`);

      await page.getByRole('link', { name: /View series|Start reading/ }).first().click();
      await page.waitForURL(/\/series\/[a-z0-9-]+\/$/);
      const seriesTitle = await page.getByRole('heading', { level: 1 }).first().innerText();
      assert.ok(seriesTitle.length > 0);
      await page.locator('main a[href^="/product/"]').first().waitFor();
      await shot(page, `${name}-series`);
      await expectNoSeriousViolations(page, `${name} series`);

      await page.locator('main a[href^="/product/"]').first().click();
      await page.waitForURL(/\/product\/[a-z0-9-]+\/$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The price shows once the product has loaded (the heading may belong to the loading state).
      await page.locator('main').getByText(/\$\d+\.\d{2}|^Free$/).first().waitFor();
      await shot(page, `${name}-product`);
      await expectNoSeriousViolations(page, `${name} product`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('browses a genre and loads more with a count of what is shown', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(`${stack.url}/browse/`);
    await page.getByText(/Showing 24 of \d+/).waitFor();
    const before = await page.locator('main a[href^="/product/"], main a[href^="/series/"]').count();
    const total = Number((await page.getByText(/Showing 24 of \d+/).innerText()).match(/of (\d+)/)![1]);
    await page.getByRole('button', { name: /^Load \d+ more$/ }).click();
    await page.getByText(`Showing ${Math.min(48, total)} of ${total}`).waitFor();
    await expectNoSeriousViolations(page, 'desktop browse, 48 shown');
    assert.ok((await page.locator('main a[href^="/product/"], main a[href^="/series/"]').count()) > before);
    await page.getByRole('navigation', { name: 'Genres' }).getByRole('link').nth(1).click();
    await page.waitForURL(/\/browse\/\d+\/$/);
    await page.getByText(/Showing \d+ of \d+/).waitFor();
    await shot(page, 'desktop-browse-genre');
    await expectNoSeriousViolations(page, 'desktop browse a genre');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  /** The catalogue's most popular listed series' title: what a shopper searches for. */
  const popularTitle = async () => {
    const { rows } = await stack.service('catalog').context.db.query<{ title: string }>('SELECT title FROM series WHERE status = 4 AND NOT unlisted ORDER BY popularity DESC LIMIT 1');
    return rows[0]!.title;
  };

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`passes the accessibility gate on every route, and with the search, login and cart overlays open, on a ${name}`, async () => {
      const { page, errors } = await open(viewport);
      const title = await popularTitle();
      for (const route of [...GATED_ROUTES, `/search/?q=${encodeURIComponent(title.split(' ')[0]!)}`]) {
        await page.goto(`${stack.url}${route}`);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${name} ${route}`);
      }
      const article = page.locator('main a[href*="/news/articles/"]').first();
      await page.goto(`${stack.url}/news/`);
      await page.waitForLoadState('networkidle');
      if ((await article.count()) > 0) {
        await article.click();
        await page.waitForURL(/\/news\/articles\//);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${name} news article`);
      }

      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: /View series|Start reading/ }).first().waitFor();
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('combobox', { name: /Search series/ }).fill(title.slice(0, 6));
      await page.getByRole('option').first().waitFor();
      await expectNoSeriousViolations(page, `${name} search overlay with results`);
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: /Search series/ }).waitFor({ state: 'detached' });

      if (viewport === DESKTOP) await header.getByRole('button', { name: 'Login', exact: true }).click();
      else {
        await header.getByRole('button', { name: 'Menu', exact: true }).click();
        await header.getByRole('button', { name: 'Log in or create a Reader account', exact: true }).waitFor();
        await expectNoSeriousViolations(page, `${name} menu open`);
        await header.getByRole('button', { name: 'Log in or create a Reader account', exact: true }).click();
      }
      const login = page.getByRole('dialog', { name: 'Log in or create a Reader account', exact: true });
      await login.waitFor();
      await expectNoSeriousViolations(page, `${name} login overlay`);
      await page.keyboard.press('Escape');
      await login.waitFor({ state: 'detached' });

      // The cart popup as a visitor without a cart sees it (empty, or its error while the cart service is being built).
      await header.getByRole('button', { name: /^Cart/ }).click();
      const cart = page.getByRole('dialog', { name: 'Cart Order' });
      await cart.waitFor();
      await expectNoSeriousViolations(page, `${name} cart popup`);
      await shot(page, `${name}-cart-popup`);
      await page.keyboard.press('Escape');
      await cart.waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('searches by keyboard only: Tab to Search, type, arrow to a result, Escape returns focus, Enter opens the result', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(`${stack.url}/`);
    const title = await popularTitle();
    // Until the home page's code has loaded, a loading layout with a navbar of its own is shown and
    // then replaced, navbar and all: a button focused before the page is there may be gone by the Enter.
    await page.getByRole('link', { name: /View series|Start reading/ }).first().waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // From the top of the page, Tab reaches the navbar's Search (after the skip link, the logo and the links).
    let tabs = 0;
    while ((await page.evaluate(FOCUSED_NAME)) !== 'Search') {
      assert.ok(tabs < 15, `Search is reached within 15 Tabs (focus is on “${await page.evaluate(FOCUSED_NAME)}”)`);
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    await page.keyboard.press('Enter');
    const input = page.getByRole('combobox', { name: /Search series/ });
    await input.waitFor();
    assert.equal(await input.evaluate((element) => element === element.ownerDocument.activeElement), true, 'the search field has focus as the overlay opens');
    await page.keyboard.type('x');
    await page.getByText('Please enter more than one character').waitFor();
    await page.keyboard.press('Backspace');
    await page.keyboard.type(title.slice(0, Math.min(8, title.length)));
    const first = page.getByRole('option').first();
    await first.waitFor();
    await page.keyboard.press('ArrowDown');
    // The arrow moves the active option, which the field names for screen readers.
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    assert.equal(await input.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
    await shot(page, 'desktop-search-overlay');
    await expectNoSeriousViolations(page, 'desktop search overlay, an option active');

    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(FOCUSED_NAME), 'Search', 'focus is back on Search');

    await page.keyboard.press('Enter');
    await input.waitFor();
    await input.fill('');
    await page.keyboard.type(title.slice(0, Math.min(8, title.length)));
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/(series|product)\/[a-z0-9-]+\/$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /search/i }).first().click();
    await page.getByRole('listbox', { name: 'Recent searches' }).waitFor();
    await expectNoSeriousViolations(page, 'desktop search overlay, recent searches');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('keeps the navbar it showed while the first page loaded: a focused button stays focused', async () => {
    const { page, errors } = await open(DESKTOP);
    // The home page's code arrives late, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/home-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.url}/`);
    await page.getByRole('status').getByText('Loading page…').waitFor({ state: 'attached' });
    const search = page.getByRole('button', { name: 'Search', exact: true });
    await search.focus();
    release();
    await page.getByRole('link', { name: /View series|Start reading/ }).first().waitFor();
    assert.equal(await search.evaluate((button) => button === button.ownerDocument.activeElement), true, 'the button focused during loading is still the focused one');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: /Search series/ }).waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows the NotFound page for an unknown product', async () => {
    const { page } = await open(PHONE);
    await page.goto(`${stack.url}/product/no-such-comic/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.match(await page.getByRole('heading', { level: 1 }).first().innerText(), /couldn.t find/i);
    await shot(page, 'phone-not-found');
    await page.context().close();
  });

  it('tells staff that a draft they open is a preview shoppers cannot see, with the way to its editor', async () => {
    const draftId = await createProduct(stack.service('catalog').context.db, { name: 'Quiet Harbour Draft', readableUrl: 'quiet-harbour-draft', type: 'Book', status: 'Draft' });
    const admin = await grantAdmin(stack.service('account').context.db, `preview-staff-${process.pid}@example.com`);
    assert.ok(admin.created);
    const login = await fetch(`${stack.url}/api/account/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: admin.email, Password: admin.password }) });
    const tokens = ((await login.json()) as { response: { access_token: string; refresh_token: string } }).response;

    const visitor = await open(DESKTOP);
    await visitor.page.goto(`${stack.url}/product/quiet-harbour-draft/`);
    await visitor.page.getByRole('heading', { level: 1, name: /couldn.t find/i }).waitFor();
    await visitor.page.context().close();

    const { page, errors } = await openPage(browser, DESKTOP, {
      setup: `localStorage.setItem('accessToken', ${JSON.stringify(tokens.access_token)}); localStorage.setItem('refreshToken', ${JSON.stringify(tokens.refresh_token)});`,
    });
    await page.goto(`${stack.url}/product/quiet-harbour-draft/`);
    const note = page.getByRole('note').filter({ hasText: 'Staff preview' });
    await note.waitFor();
    assert.match(await note.innerText(), /this product is a draft, so shoppers cannot see it/);
    assert.equal(await note.getByRole('link', { name: 'Edit it in the dashboard' }).getAttribute('href'), `/dashboard/products/${draftId}`);
    await shot(page, 'desktop-staff-preview');
    await expectNoSeriousViolations(page, 'staff preview of a draft');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
