import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { grantAdmin } from '@inkwell/account';
import { CURATED_LIST_TITLE_MESSAGE, type CuratedList, type HtmlComponent } from '@inkwell/contracts/dashboard-merchandising';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, tokensOf, signInToDashboard, openDashboardArea, chooseOption, type ViewportName } from '../support/browser';
import type { TestStack } from '../support/stack';


/** A cover as a data: address (the dashboard's policy allows data: images), so the preview's cards show one. */
function cover(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450"><rect width="300" height="450" fill="${colour}"/><text x="150" y="230" font-size="28" font-family="sans-serif" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * Issue 22's Carousels and HTML components areas in a real Chromium, through the dashboard's
 * screens: a Filtered curated list with a hand-picked series and filter criteria shows what it would
 * show (only what the filter lets through), is refused publishing without a title with the §5
 * message beside the title, then is published, moved and removed with an undo; an HTML component
 * with a script and an onerror handler shows both removed in its preview and is saved sanitised.
 * Every screen passes the axe gate and is shot at phone and desktop sizes for review.
 */
describe('dashboard carousels and HTML components in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: { email: string; password: string };
  let token = '';
  const run = process.pid;
  const seriesTitle = `Harbour Lights ${run}`;
  const bigOmnibus = `Tidewater Omnibus ${run}`;
  const cheapOmnibus = `Pocket Omnibus ${run}`;
  const volume = `Tidewater Vol. 1 ${run}`;
  const listTitle = `Summer by the sea ${run}`;
  const otherTitle = `Staff picks ${run}`;
  const componentName = `Welcome note ${run}`;
  let listId = 0;

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-carousels');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `carousels-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    token = (await tokensOf(stack.url, admin)).access_token;
    // The catalogue the lists choose from: a series to hand-pick, two Omnibus editions either side
    // of the filter's minimum price, and a Volume the type filter leaves out.
    const db = stack.service('catalog').context.db;
    const seriesId = await createSeries(db, { title: seriesTitle, readableUrl: `harbour-lights-${run}` });
    await db.query('UPDATE series SET thumbnails = $2 WHERE id = $1', [seriesId, JSON.stringify([{ url: cover('Harbour', '#1f4e79'), width: 300, height: 450 }])]);
    const made = [
      { name: bigOmnibus, type: 'Omnibus' as const, cents: 2499, colour: '#7a2e5b' },
      { name: cheapOmnibus, type: 'Omnibus' as const, cents: 299, colour: '#2e7a4f' },
      { name: volume, type: 'Volume' as const, cents: 999, colour: '#7a5a2e' },
    ];
    for (const item of made) {
      const id = await createProduct(db, { name: item.name, type: item.type, seriesId, variants: [{ type: 'Digital', priceType: 'Paid', priceCents: item.cents }] });
      await db.query('UPDATE products SET thumbnails = $2 WHERE id = $1', [id, JSON.stringify([{ url: cover(item.name.split(' ')[0]!, item.colour), width: 300, height: 450 }])]);
    }
  }, 180_000);

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

  /** A staff call made directly, to check what the screens stored. */
  async function staff<T>(pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(`${stack.url}/api${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(response.status, 200, `${pathname} answered ${response.status}: ${await response.clone().text()}`);
    return ((await response.json()) as { response: T }).response;
  }

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  /**
   * The page's script errors, less the test's own setup failing inside the sandboxed preview frame
   * (openPage's init script stores the cookie choice in every frame; a frame without
   * allow-same-origin has no storage, which is the point of it).
   */
  const pageErrors = (errors: string[]) => errors.filter((message) => !message.includes('The document is sandboxed'));

  const main = (page: Page) => page.getByRole('main');
  const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text).first();

  const signIn = (page: Page) => signInToDashboard(page, stack.url, admin);

  const openArea = openDashboardArea;

  const choose = chooseOption;

  async function pick(page: Page, combo: Locator, typed: string, option: string | RegExp): Promise<void> {
    await combo.click();
    await combo.fill(typed);
    await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
    await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 2_000 });
  }

  /** Opens a row's action menu in the list and picks `action`. */
  async function rowAction(page: Page, name: string, action: string): Promise<void> {
    await main(page).getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
  }

  it('builds a filtered curated list with a preview, refuses it without a title, publishes, moves and removes it', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signIn(page);
    // While the catalog cannot answer (its retries included), the table says so; Try again reads it once it can.
    let unavailable = true;
    const listCall = (url: URL) => url.pathname === '/api/dashboard/carousels';
    await page.route(listCall, async (route) => {
      if (route.request().method() === 'GET' && unavailable) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: { type: 'Error', message: 'The catalog is restarting.' }, response: null }) });
      return route.fallback();
    });
    await openArea(page, 'desktop', 'Carousels');
    await main(page).getByText("Carousels didn't load", { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '00-carousels-error');
    unavailable = false;
    await main(page).getByRole('button', { name: 'Try again' }).click();
    await main(page).getByText('No carousels', { exact: true }).waitFor();
    await page.unroute(listCall);
    await shotAndCheck(page, 'desktop', '01-carousels-empty');

    await main(page).getByRole('link', { name: 'New curated list' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'New curated list' }).waitFor();
    const form = page.getByRole('form', { name: 'Curated list' });
    await choose(page, form, 'Type', 'Filtered');
    await form.getByRole('textbox', { name: 'Call-to-action text' }).fill('See the whole shelf');
    await form.getByRole('textbox', { name: 'Call-to-action link' }).fill('/browse?st=5');
    // A hand-picked series first, then the filter: Omnibus editions from 5.00.
    await pick(page, form.getByRole('combobox', { name: 'Add a series' }), 'Harbour', seriesTitle);
    await form.getByRole('list', { name: 'Curated items' }).getByText(seriesTitle).waitFor();
    await pick(page, form.getByRole('combobox', { name: 'Add to product types' }), 'Omni', /^Omnibus/);
    await form.getByRole('textbox', { name: 'Minimum price (USD)' }).fill('5');
    await form.getByRole('textbox', { name: 'Minimum price (USD)' }).blur();

    // The preview follows the unsaved form: the series, then the one Omnibus at or above the minimum.
    // Earlier answers stay on screen while the next is asked: wait for the one with every change in it.
    const cards = main(page).getByRole('list', { name: 'Items the carousel would show' });
    await main(page).getByText('2 items', { exact: true }).waitFor({ timeout: 10_000 });
    await main(page).getByRole('region', { name: 'Preview', exact: true }).and(page.locator(':not([aria-busy])')).waitFor();
    await cards.getByText(bigOmnibus, { exact: true }).waitFor();
    await cards.getByText(seriesTitle, { exact: true }).waitFor();
    const shown = (await cards.getByRole('listitem').allInnerTexts()).join('\n');
    assert.ok(!shown.includes(cheapOmnibus), `the Omnibus under the minimum price is filtered out: ${shown}`);
    assert.ok(!shown.includes(volume), `the Volume is not an Omnibus: ${shown}`);
    assert.equal(await cards.getByRole('listitem').count(), 2, shown);
    assert.ok(shown.indexOf(seriesTitle) < shown.indexOf(bigOmnibus), 'hand-picked items come first');
    await main(page).getByText('2 items', { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '02-carousel-new-preview', true);

    // Publishing without a title is refused with the §5 message beside the title; nothing is created.
    await main(page).getByRole('button', { name: 'Save and publish' }).click();
    const titleField = form.getByRole('textbox', { name: 'Title', exact: true });
    await form.getByText(CURATED_LIST_TITLE_MESSAGE, { exact: true }).waitFor();
    assert.equal(await titleField.getAttribute('aria-invalid'), 'true', 'the title is marked invalid');
    const describedBy = (await titleField.getAttribute('aria-describedby')) ?? '';
    const description = (await Promise.all(describedBy.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    assert.ok(description.includes(CURATED_LIST_TITLE_MESSAGE), `the title field is described by the message: ${description}`);
    assert.equal((await staff<CuratedList[]>('/dashboard/carousels')).length, 0, 'the refused publish created nothing');
    await shotAndCheck(page, 'desktop', '03-carousel-refused-title');

    await titleField.fill(listTitle);
    await main(page).getByRole('button', { name: 'Save and publish' }).click();
    await toast(page, 'List created and published.').waitFor();
    await main(page).getByRole('heading', { level: 1, name: listTitle }).waitFor();
    listId = Number(/\/carousels\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(listId > 0, page.url());
    const [stored] = await staff<CuratedList[]>('/dashboard/carousels');
    assert.equal(stored?.status, 'Published');
    assert.equal(stored?.type, 'Filtered');
    assert.deepEqual(stored?.curatedItems.map((item) => [item.kind, item.name]), [['series', seriesTitle]]);
    assert.deepEqual(stored?.filterCriteria.typeIds, [5]);
    assert.equal(stored?.filterCriteria.MinPrice, 500);
    assert.equal(stored?.customCallToActionUrl, '/browse?st=5');
    await main(page).getByRole('complementary', { name: 'About this list' }).getByText('Created', { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '04-carousel-published', true);

    // A hand-picked product the filter would leave out still shows, in the order staff put the items in.
    await pick(page, form.getByRole('combobox', { name: 'Add a product' }), 'Tidewater Vol', volume);
    const picked = form.getByRole('list', { name: 'Curated items' });
    await picked.getByText(volume).waitFor();
    await form.getByRole('button', { name: `Move ${volume} up` }).press('Enter');
    const cardTitles = async () => (await cards.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
    await cards.getByRole('listitem').first().getByText(volume, { exact: true }).waitFor({ timeout: 10_000 });
    await main(page).getByText('3 items', { exact: true }).waitFor();
    assert.deepEqual(await cardTitles(), [volume, seriesTitle, bigOmnibus], 'the preview follows the items moved by keyboard');
    // Leaving with the change unsaved asks first; staying keeps it.
    await page.getByRole('navigation', { name: 'Dashboard areas' }).getByRole('link', { name: 'HTML components' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await shotAndCheck(page, 'desktop', '04b-carousel-unsaved-guard');
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await leave.waitFor({ state: 'detached' });
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'List saved.').waitFor();
    const resaved = (await staff<CuratedList[]>('/dashboard/carousels')).find((list) => list.id === listId);
    assert.deepEqual(resaved?.curatedItems.map((item) => item.name), [volume, seriesTitle]);

    // A second list, made by the call itself, to reorder against.
    const other = await staff<CuratedList>('/dashboard/carousels/new', { title: otherTitle, type: 'Curated', curatedItems: [], filterCriteria: {} });
    await openArea(page, 'desktop', 'Carousels');
    await main(page).getByRole('link', { name: otherTitle }).waitFor();
    await shotAndCheck(page, 'desktop', '05-carousels-list');
    await rowAction(page, otherTitle, 'Move up');
    await toast(page, `${otherTitle} moved to place 1.`).waitFor();
    const reordered = (await staff<CuratedList[]>('/dashboard/carousels')).filter((list) => list.status !== 'Removed');
    assert.deepEqual(reordered.map((list) => list.id), [other.id, listId], 'the moved list leads');

    // Removed after confirming, then brought back from the toast's Undo as it was.
    await rowAction(page, listTitle, 'Remove…');
    const confirm = page.getByRole('alertdialog', { name: `Remove ${listTitle}?` });
    await confirm.waitFor();
    await shotAndCheck(page, 'desktop', '06-carousel-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove list' }).click();
    await toast(page, `${listTitle} removed.`).waitFor();
    assert.equal((await staff<CuratedList[]>('/dashboard/carousels')).find((list) => list.id === listId)?.status, 'Removed');
    await main(page).getByRole('link', { name: listTitle }).waitFor({ state: 'detached' });
    await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Undo' }).click();
    await toast(page, `${listTitle} is back.`).waitFor();
    await main(page).getByRole('link', { name: listTitle }).waitFor();
    const back = (await staff<CuratedList[]>('/dashboard/carousels')).find((list) => list.id === listId);
    assert.equal(back?.status, 'Published', 'the undone removal restores its status');
    assert.equal(back?.filterCriteria.MinPrice, 500, 'and its filter');
    assert.deepEqual(pageErrors(errors), []);
  });

  it('shows an HTML component with its script and onerror removed in the preview, and saves it sanitised', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signIn(page);
    await openArea(page, 'desktop', 'HTML components');
    await main(page).getByText('No HTML components', { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '07-html-components-empty');
    await main(page).getByRole('link', { name: 'New HTML component' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'New HTML component' }).waitFor();
    const form = page.getByRole('form', { name: 'HTML component' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(componentName);
    await choose(page, form, 'Style', 'Callout');
    const hostile = [
      '<h2>Free shipping this week</h2>',
      '<p>On every <strong>print</strong> order over $35. <a href="/browse?st=5">Browse the shelf</a></p>',
      '<script>alert("owned")</script>',
      '<img src="x" onerror="alert(2)" alt="">',
    ].join('\n');
    await form.getByRole('textbox', { name: 'HTML code' }).fill(hostile);

    const removed = main(page).getByRole('list', { name: 'Removed by the sanitiser' });
    await removed.getByText('script', { exact: true }).waitFor({ timeout: 10_000 });
    await removed.getByText(/^img\[onerror/).waitFor();
    const frame = main(page).locator('iframe[title="Sanitised preview"]');
    assert.equal(await frame.getAttribute('sandbox'), '', 'the preview frame allows nothing: no scripts');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    assert.ok(srcdoc.includes('Free shipping this week'), 'the good content is previewed');
    assert.ok(!/<script|onerror/i.test(srcdoc), `nothing hostile reaches the preview: ${srcdoc}`);
    await page.frameLocator('iframe[title="Sanitised preview"]').getByRole('heading', { name: 'Free shipping this week' }).waitFor();
    // A full-page shot leaves the sandboxed frame blank (it is drawn apart from the page); the frame is shot on its own.
    await frame.screenshot({ path: path.join(shots, 'desktop-08-html-component-preview-frame.png') });
    await shotAndCheck(page, 'desktop', '08-html-component-preview', true);

    await main(page).getByRole('button', { name: 'Create component' }).click();
    await toast(page, 'Component created as a draft.').waitFor();
    await main(page).getByRole('heading', { level: 1, name: componentName }).waitFor();
    const [saved] = await staff<HtmlComponent[]>('/dashboard/html-components');
    assert.equal(saved?.name, componentName);
    assert.equal(saved?.style, 'Callout');
    assert.ok(saved?.content.includes('<h2>Free shipping this week</h2>'), saved?.content);
    assert.ok(!/<script|onerror|alert/i.test(saved?.content ?? ''), `saved sanitised: ${saved?.content}`);
    // The code view now holds what was stored, so what staff edit next is what the storefront shows.
    assert.equal(await form.getByRole('textbox', { name: 'HTML code' }).inputValue(), saved?.content);
    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await toast(page, 'Component published.').waitFor();
    assert.equal((await staff<HtmlComponent[]>('/dashboard/html-components'))[0]?.status, 'Published');
    await shotAndCheck(page, 'desktop', '09-html-component-published', true);
    await openArea(page, 'desktop', 'HTML components');
    await main(page).getByRole('link', { name: componentName }).waitFor();
    await shotAndCheck(page, 'desktop', '10-html-components-list');
    assert.deepEqual(pageErrors(errors), []);
  });

  it('shows the lists and editors on a phone', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    failing = page;
    await signIn(page);
    await openArea(page, 'phone', 'Carousels');
    await main(page).getByRole('link', { name: listTitle }).waitFor();
    await shotAndCheck(page, 'phone', '11-carousels-list', true);
    await main(page).getByRole('link', { name: listTitle }).click();
    await main(page).getByRole('heading', { level: 1, name: listTitle }).waitFor();
    await main(page).getByRole('list', { name: 'Items the carousel would show' }).getByText(bigOmnibus, { exact: true }).waitFor({ timeout: 10_000 });
    await shotAndCheck(page, 'phone', '12-carousel-editor', true);
    await openArea(page, 'phone', 'HTML components');
    await main(page).getByRole('link', { name: componentName }).click();
    await main(page).getByRole('heading', { level: 1, name: componentName }).waitFor();
    await main(page).getByText('Nothing was removed.', { exact: true }).waitFor({ timeout: 10_000 });
    // A full-page shot leaves the sandboxed frame blank (it is drawn apart from the page); the frame is shot on its own.
    await page.frameLocator('iframe[title="Sanitised preview"]').getByRole('heading', { name: 'Free shipping this week' }).waitFor();
    await main(page).locator('iframe[title="Sanitised preview"]').screenshot({ path: path.join(shots, 'phone-13-html-component-preview-frame.png') });
    await shotAndCheck(page, 'phone', '13-html-component-editor', true);
    assert.deepEqual(pageErrors(errors), []);
  });
});
