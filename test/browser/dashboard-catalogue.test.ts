import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { grantAdmin } from '@inkwell/account';
import { zip } from '../../services/reader/test/support/zip';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, signInToDashboard, openDashboardArea, chooseOption, type ViewportName } from '../support/browser';
import type { TestStack } from '../support/stack';


/** Spec §5 product messages the first publish must list, word for word. */
const FIRST_REFUSAL = [
  'Description',
  'This product cannot be published without an attached Series',
  'Comic has not been ingested',
  'Sorting (must be non-zero)',
  'Variation Digital has missing data. Either disable this or fill in the missing fields.',
  'Variation Print has missing data. Either disable this or fill in the missing fields.',
] as const;

/**
 * Issue 14's acceptance journey in a real Chromium, through the dashboard's screens only: staff
 * sign in, create and publish a series, create a product with a Digital and a Print variant, are
 * refused with the spec's messages, fill the fields, ingest a CBZ with its progress shown, publish,
 * and find the product on the storefront, in search and in the reader; a second product scheduled
 * for tomorrow stays hidden; a bundle is refused without its thumbnail, then published. The list
 * screens are checked on a phone. Every screen passes the axe gate and is shot for review.
 */
describe('staff catalogue journey in Chromium', { skip: skipBecause(browserSuiteSkip('web', 'dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let work: string;
  let admin: { email: string; password: string };
  const run = process.pid;
  const seriesTitle = `Lamplight Detective ${run}`;
  const productName = `Lamplight Detective Vol. 1 (${run})`;
  const productUrl = `lamplight-detective-vol-1-${run}`;
  const scheduledName = `Moonlit Recipes ${run}`;
  const scheduledUrl = `moonlit-recipes-${run}`;
  const bundleName = `Lamplight Starter Pack ${run}`;
  const creatorName = `Ada Lamplighter ${run}`;
  const seriesCreatorName = `Bram Wick ${run}`;
  let productId = 0;

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-catalogue');
    // Shots of an earlier run's failure would be mistaken for this run's.
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    work = await mkdtemp(path.join(tmpdir(), 'inkwell-dash-catalogue-'));
    const granted = await grantAdmin(stack.service('account').context.db, `catalogue-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    // Genres have no staff call in the spec; the catalogue's list is seeded as the demo data does.
    await stack.service('catalog').context.db.query("INSERT INTO genres (name, readable_url) VALUES ('Mystery', 'mystery') ON CONFLICT DO NOTHING");
  }, 180_000);

  /** The page of the running test, shot as it stood when a step failed. */
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
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** The accessibility gate on the state as it is, then its screenshot. */
  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  const main = (page: Page) => page.getByRole('main');
  const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text).first();

  const signIn = (page: Page) => signInToDashboard(page, stack.url, admin);

  const openArea = openDashboardArea;

  const choose = chooseOption;

  /** Scrolls `target` to the middle of the screen, clear of the sticky top bar and save bar, for its shot. */
  const centre = (target: Locator) => target.evaluate((element) => element.scrollIntoView({ block: 'center' }), undefined, { timeout: 2_000 });

  /** Turns on a React Aria switch or checkbox by its label (the input itself is visually hidden). */
  async function turnOn(scope: Locator, label: string): Promise<void> {
    const control = scope.getByRole('switch', { name: label, exact: true }).or(scope.getByRole('checkbox', { name: label, exact: true }));
    if (await control.isChecked()) return;
    await scope.getByText(label, { exact: true }).click();
    assert.equal(await control.isChecked(), true, `${label} is on`);
  }

  /** Types into a server-searched combobox and picks the matching option. */
  async function pick(page: Page, combo: Locator, typed: string, option: string | RegExp): Promise<void> {
    await combo.click();
    await combo.fill(typed);
    await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
    // A pick closes the list by itself (no Escape), so the page is no longer hidden from screen readers.
    await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 2_000 });
    assert.equal(await combo.getAttribute('aria-expanded'), 'false', 'the list is closed after a pick');
  }

  /** The product editor's publish refusal, as listed at the top. */
  const refusalList = (page: Page) => main(page).getByRole('alert').filter({ has: page.getByRole('heading', { name: /cannot be published yet/ }) });

  async function comicArchive(name: string): Promise<string> {
    // Each page says which it is, so a screenshot of the reader shows page 1 for what it is.
    const label = (n: number) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1350"><text x="450" y="700" font-size="120" font-family="sans-serif" fill="#fff" text-anchor="middle">Page ${n}</text></svg>`);
    const pages = await Promise.all(
      [0, 1, 2].map((n) =>
        sharp({ create: { width: 900, height: 1350, channels: 3, background: { r: 40 + 60 * n, g: 90, b: 120 } } })
          .composite([{ input: label(n + 1) }])
          .png()
          .toBuffer(),
      ),
    );
    const file = path.join(work, name);
    await writeFile(file, zip(pages.map((data, index) => ({ name: `page-${index + 1}.png`, data, deflate: false }))));
    return file;
  }

  /** Polls a storefront read until it holds: the storefront follows staff changes through events. */
  async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  }

  it('takes a series and a product from nothing to the storefront, search and the reader', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signIn(page);

    // 1. A series, refused without a description and a genre, then published.
    await openArea(page, 'desktop', 'Series');
    await shotAndCheck(page, 'desktop', '01-series-list');
    await main(page).getByRole('link', { name: 'New series' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'New series' }).waitFor();
    const seriesForm = page.getByRole('form', { name: 'Series' });
    await seriesForm.getByRole('textbox', { name: 'Title', exact: true }).fill(seriesTitle);
    await seriesForm.getByRole('button', { name: 'Make from the title' }).click();
    await shotAndCheck(page, 'desktop', '02-series-new');
    await seriesForm.getByRole('button', { name: 'Create series' }).click();
    await toast(page, 'Series created as a draft.').waitFor();
    await main(page).getByRole('heading', { level: 1, name: seriesTitle }).waitFor();
    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const seriesRefusal = main(page).getByRole('alert').filter({ hasText: 'The series cannot be published yet.' });
    await seriesRefusal.getByText('Missing Series Information', { exact: true }).waitFor();
    await seriesRefusal.getByText('No genres selected. A published series must belong to at least one genre', { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '03-series-refused', true);
    await seriesForm.getByRole('textbox', { name: 'Description', exact: true }).fill('A detective who only works by lamplight.');
    const addGenre = seriesForm.getByRole('combobox', { name: 'Add to genres' });
    await pick(page, addGenre, 'Myst', 'Mystery');
    await seriesForm.getByRole('row', { name: /Mystery/ }).waitFor();
    // The multi-select's adder is emptied and keeps the focus, closed, for the next one to be typed.
    assert.equal(await addGenre.inputValue(), '', 'the adder is emptied after a pick');
    assert.equal(await addGenre.evaluate((input) => input === input.ownerDocument.activeElement), true, 'focus stays in the adder');
    // Past the search debounce and the options' refetch, which used to open the list again.
    await page.waitForTimeout(500);
    assert.equal(await page.getByRole('listbox').count(), 0, 'the list stays closed after a pick');
    // The series credits its own creator, added from the credit's picker as in the product editor.
    await turnOn(seriesForm, 'Override the creators');
    await seriesForm.getByRole('button', { name: 'Add creator', exact: true }).click();
    const seriesCredit = seriesForm.getByRole('listitem', { name: 'Credit 1' });
    await pick(page, seriesCredit.getByRole('combobox', { name: 'Creator 1' }), seriesCreatorName, `Add creator “${seriesCreatorName}”`);
    await seriesCredit.getByText(/^Creator #\d+$/).waitFor();
    await seriesCredit.getByRole('textbox', { name: 'Credit', exact: true }).fill('Created by');
    await main(page).getByRole('button', { name: 'Save and publish' }).click();
    await toast(page, /Series published\./).waitFor();
    assert.equal(await seriesCredit.getByRole('combobox', { name: 'Creator 1' }).inputValue(), seriesCreatorName, 'the override credit is stored');
    await main(page).getByText('Published', { exact: true }).first().waitFor();
    await shotAndCheck(page, 'desktop', '04-series-published', true);

    // 2. A product with a Digital and a Print variant, saved as a draft, refused with the spec's words.
    await openArea(page, 'desktop', 'Products');
    await shotAndCheck(page, 'desktop', '05-product-list');
    await main(page).getByRole('link', { name: 'New product' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    const form = page.getByRole('form', { name: 'Product' });
    await form.getByRole('textbox', { name: 'Product title (name)', exact: true }).fill(productName);
    await form.getByRole('textbox', { name: 'Readable URL', exact: true }).fill(productUrl);
    for (const type of ['Digital', 'Print'] as const) {
      const card = form.getByRole('group', { name: type, exact: true });
      await turnOn(card, `Has a ${type.toLowerCase()} variant`);
      await turnOn(card, 'Enabled (for sale)');
    }
    await shotAndCheck(page, 'desktop', '06-product-new', true);
    await form.getByRole('button', { name: 'Create product' }).click();
    await toast(page, 'Product created as a draft.').waitFor();
    await main(page).getByRole('heading', { level: 1, name: productName }).waitFor();
    productId = Number(/\/products\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(productId > 0, page.url());
    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = refusalList(page);
    await refusal.waitFor();
    const listed = (await refusal.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
    for (const message of FIRST_REFUSAL) {
      assert.ok(
        listed.some((item) => item === message || item.startsWith(message) || item.split(', ').includes(message)),
        `"${message}" among ${JSON.stringify(listed)}`,
      );
    }
    await shotAndCheck(page, 'desktop', '07-product-refused');
    await shotAndCheck(page, 'desktop', '07-product-refused-full', true);
    assert.equal((await fetch(`${stack.url}/api/product/${productUrl}`)).status, 404, 'a draft is not on the storefront');

    // 3. The fields filled and saved; the comic uploaded, with its progress, to its page count.
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('The first case: a lamp that goes out at the same minute every night.');
    await pick(page, form.getByRole('combobox', { name: 'Series' }), 'Lamplight', seriesTitle);
    await form.getByRole('textbox', { name: 'Issue number (sorting)', exact: true }).fill('1');
    await form.getByRole('textbox', { name: 'Volume number', exact: true }).fill('1');
    const digital = form.getByRole('group', { name: 'Digital', exact: true });
    await choose(page, digital, 'Price type', 'Free');
    await digital.getByRole('textbox', { name: /^Price \(/ }).fill('0');
    const print = form.getByRole('group', { name: 'Print', exact: true });
    await print.getByRole('textbox', { name: /^Price \(/ }).fill('14.99');
    for (const [label, value] of [['Weight', '0.9'], ['Height', '7.5'], ['Width', '5'], ['Length', '0.6']] as const) {
      await print.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    }
    // A creator who is not in the catalogue yet is added from the credit's own picker.
    await form.getByRole('button', { name: 'Add creator', exact: true }).click();
    const credit = form.getByRole('listitem', { name: 'Credit 1' });
    await pick(page, credit.getByRole('combobox', { name: 'Creator 1' }), creatorName, `Add creator “${creatorName}”`);
    await credit.getByText(/^Creator #\d+$/).waitFor();
    assert.equal(await credit.getByRole('combobox', { name: 'Creator 1' }).inputValue(), creatorName);
    await credit.getByRole('textbox', { name: 'Credit', exact: true }).fill('Story & Art');
    await shotAndCheck(page, 'desktop', '08-product-creator-added');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Product saved.').waitFor();
    await form.getByText(/^Saved /).waitFor();
    await shotAndCheck(page, 'desktop', '08-product-filled', true);
    assert.equal(await credit.getByRole('combobox', { name: 'Creator 1' }).inputValue(), creatorName, 'the credit is stored with its creator');

    const comic = page.getByRole('region', { name: 'Comic file and covers' });
    await centre(comic.getByLabel(/Comic archive/));
    await comic.getByLabel(/Comic archive/).setInputFiles(await comicArchive('lamplight-1.cbz'));
    // Shot at once: a three-page archive is uploaded and encoded in moments.
    await comic.getByRole('progressbar').first().waitFor();
    await page.screenshot({ path: path.join(shots, 'desktop-09-comic-progress.png') });
    await expectNoSeriousViolations(page, 'desktop comic upload in progress');
    await comic.getByText(/Ingestion completed: 3 pages/).waitFor({ timeout: 60_000 });
    await comic.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await centre(comic.getByRole('radiogroup'));
    await shotAndCheck(page, 'desktop', '10-comic-ingested');
    assert.ok((await comic.getByRole('radiogroup').getByRole('radio').count()) > 0, 'the ingested covers are offered as the default thumbnail');

    // 4. Published: on the storefront, in search and in the reader.
    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await toast(page, /Product published\. Status: Published\./).waitFor();
    await main(page).getByRole('banner').or(main(page)).getByText('Published', { exact: true }).first().waitFor();
    await shotAndCheck(page, 'desktop', '11-product-published');

    assert.deepEqual(errors, []);
    await page.context().close();

    // The storefront as a visitor sees it (staff signed in there would see drafts too, as a preview).
    const visitor = await openPage(browser, DESKTOP);
    failing = visitor.page;
    await eventually('the product page to show it', async () => (await fetch(`${stack.url}/api/product/${productUrl}`)).status === 200);
    await visitor.page.goto(`${stack.url}/product/${productUrl}/`);
    await visitor.page.getByRole('heading', { level: 1, name: productName }).waitFor();
    await main(visitor.page).getByText(creatorName).first().waitFor();
    await shotAndCheck(visitor.page, 'desktop', '12-storefront-product');
    await eventually('search to find it', async () => {
      const found = await fetch(`${stack.url}/api/search/V3?query=lamplight`);
      return (await found.text()).includes(productName);
    });
    await visitor.page.goto(`${stack.url}/search/?query=lamplight`);
    await main(visitor.page).getByRole('link', { name: new RegExp(productName.replace(/[.()]/g, '\\$&')) }).first().waitFor();
    await shotAndCheck(visitor.page, 'desktop', '13-storefront-search');
    await visitor.page.goto(`${stack.url}/reader/${productId}/`);
    await visitor.page.locator('#root [data-page="1"] img').waitFor();
    await visitor.page.getByText('of 3').first().waitFor();
    await visitor.page.screenshot({ path: path.join(shots, 'desktop-14-reader.png') });
    assert.deepEqual(visitor.errors, []);
    await visitor.page.context().close();
  });

  /** Creates a product through the editor: a Publication of `type`, its variants on, left a draft. */
  async function newProduct(page: Page, name: string, url: string, type: string, variants: ReadonlyArray<'Digital' | 'Print'>): Promise<number> {
    await openArea(page, 'desktop', 'Products');
    await main(page).getByRole('link', { name: 'New product' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    const form = page.getByRole('form', { name: 'Product' });
    await form.getByRole('textbox', { name: 'Product title (name)', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Readable URL', exact: true }).fill(url);
    if (type !== 'Volume') await choose(page, form, 'Product type', type);
    for (const variant of variants) {
      const card = form.getByRole('group', { name: variant, exact: true });
      await turnOn(card, `Has a ${variant.toLowerCase()} variant`);
      await turnOn(card, 'Enabled (for sale)');
    }
    await form.getByRole('button', { name: 'Create product' }).click();
    await main(page).getByRole('heading', { level: 1, name }).waitFor();
    const id = Number(/\/products\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(id > 0, page.url());
    return id;
  }

  /** Tomorrow in the browser's calendar (the same machine's time zone), as the calendar names its day. */
  function tomorrowLabel(): { day: RegExp; nextMonth: boolean } {
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const text = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(tomorrow);
    return { day: new RegExp(text), nextMonth: tomorrow.getMonth() !== now.getMonth() };
  }

  it('keeps a product scheduled for tomorrow off the storefront and out of search', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signIn(page);
    // A Book needs no series; being a Publication it still needs its pages (spec §5).
    const id = await newProduct(page, scheduledName, scheduledUrl, 'Book', ['Print']);
    const form = page.getByRole('form', { name: 'Product' });
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Cooking by moonlight.');
    await form.getByRole('textbox', { name: 'Issue number (sorting)', exact: true }).fill('1');
    // The creator added with the first product is found by searching part of the name.
    await form.getByRole('button', { name: 'Add creator', exact: true }).click();
    const credit = form.getByRole('listitem', { name: 'Credit 1' });
    await pick(page, credit.getByRole('combobox', { name: 'Creator 1' }), 'Lamplighter', creatorName);
    await credit.getByRole('textbox', { name: 'Credit', exact: true }).fill('Recipes');
    const print = form.getByRole('group', { name: 'Print', exact: true });
    await print.getByRole('textbox', { name: /^Price \(/ }).fill('24.99');
    for (const [label, value] of [['Weight', '1.2'], ['Height', '9'], ['Width', '7'], ['Length', '0.8']] as const) {
      await print.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    }
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText(/^Saved /).waitFor();
    const comic = page.getByRole('region', { name: 'Comic file and covers' });
    // An archive with something other than page images in it is refused, with the reason shown.
    const hostile = path.join(work, 'notes.cbz');
    await writeFile(hostile, zip([{ name: 'notes.txt', data: Buffer.from('not a page') }]));
    await centre(comic.getByLabel(/Comic archive/));
    await comic.getByLabel(/Comic archive/).setInputFiles(hostile);
    await comic.getByText(/"notes\.txt" is not a page image/).first().waitFor({ timeout: 30_000 });
    await shotAndCheck(page, 'desktop', '15-comic-refused');
    assert.equal(await comic.getByText('Not ingested', { exact: true }).count(), 1, 'a refused archive leaves the product not ingested');
    await comic.getByLabel(/Comic archive/).setInputFiles(await comicArchive('moonlit.cbz'));
    await comic.getByText(/Ingestion completed: 3 pages/).waitFor({ timeout: 60_000 });

    await main(page).getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: `Schedule ${scheduledName}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Open the calendar' }).click();
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    const tomorrow = tomorrowLabel();
    if (tomorrow.nextMonth) await calendar.getByRole('button', { name: 'Next' }).click();
    await calendar.getByRole('button', { name: tomorrow.day }).click();
    await calendar.waitFor({ state: 'detached' });
    await shotAndCheck(page, 'desktop', '16-schedule-dialog');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, /Product scheduled\. Status: Scheduled\./).waitFor();
    await main(page).getByText('Scheduled', { exact: true }).first().waitFor();
    await main(page).getByText(/^Publishes /).waitFor();
    await shotAndCheck(page, 'desktop', '17-product-scheduled');

    assert.deepEqual(errors, []);
    await page.context().close();

    // Hidden from visitors: no such product page, and search does not list it (events landed first).
    await stack.service('catalog').relay.drain();
    const visitor = await openPage(browser, DESKTOP);
    failing = visitor.page;
    await visitor.page.goto(`${stack.url}/product/${scheduledUrl}/`);
    assert.match(await visitor.page.getByRole('heading', { level: 1 }).first().innerText(), /couldn.t find/i);
    await shotAndCheck(visitor.page, 'desktop', '18-storefront-scheduled-not-found');
    await visitor.page.goto(`${stack.url}/search/?query=moonlit`);
    await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
    await visitor.page.waitForLoadState('networkidle');
    assert.equal(await main(visitor.page).getByText(scheduledName).count(), 0, 'search does not find a scheduled product');
    await shotAndCheck(visitor.page, 'desktop', '19-storefront-search-scheduled');
    assert.equal((await fetch(`${stack.url}/api/product/${id}`)).status, 404, 'nor does its id');
    await visitor.page.context().close();
  });

  it('refuses to publish a bundle without a default thumbnail, then publishes it', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signIn(page);
    await openArea(page, 'desktop', 'Bundles');
    await shotAndCheck(page, 'desktop', '20-bundle-list');
    await main(page).getByRole('link', { name: 'New bundle' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'New bundle' }).waitFor();
    const form = page.getByRole('form', { name: 'Bundle' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(bundleName);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('The first case and a lamp to read it by.');
    await form.getByRole('button', { name: 'Add item' }).click();
    await pick(page, form.getByRole('combobox', { name: 'Item 1 product' }), 'Lamplight', productName);
    await form.getByRole('textbox', { name: 'Item 1 price', exact: true }).fill('9.99');
    await form.getByRole('textbox', { name: /^Bundle price/ }).fill('12.99');
    await shotAndCheck(page, 'desktop', '21-bundle-new', true);
    await form.getByRole('button', { name: 'Create bundle' }).click();
    await main(page).getByRole('heading', { level: 1, name: bundleName }).waitFor();

    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = main(page).getByRole('alert').filter({ hasText: 'The bundle cannot be published yet.' });
    await refusal.getByText('A published bundle needs a default thumbnail.').waitFor();
    await shotAndCheck(page, 'desktop', '22-bundle-refused');

    await form.getByRole('button', { name: `Use the cover of ${productName}` }).click();
    assert.match(await form.getByRole('textbox', { name: /Default thumbnail/ }).inputValue(), new RegExp(`^/media/covers/product-${productId}-`), "the item's cover is the bundle's thumbnail");
    await main(page).getByRole('button', { name: 'Save and publish' }).click();
    await toast(page, /Bundle published\. Status: Published\./).waitFor();
    await refusal.waitFor({ state: 'detached' });
    await shotAndCheck(page, 'desktop', '23-bundle-published', true);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows the product, series and bundle lists on a phone', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    failing = page;
    await signIn(page);
    await openArea(page, 'phone', 'Products');
    await main(page).getByText(productName).first().waitFor();
    // A Free Digital beside a $14.99 Print: the list names its lowest price, Free, not "$0.00".
    const listed = main(page).getByRole('row').filter({ hasText: productName });
    assert.equal(await listed.getByText('Free', { exact: true }).count(), 1, 'the lowest price reads Free');
    assert.equal(await listed.getByText('$0.00').count(), 0, 'no bare $0.00 for the product');
    await shotAndCheck(page, 'phone', '24-product-list', true);
    await openArea(page, 'phone', 'Series');
    await main(page).getByText(seriesTitle).first().waitFor();
    await shotAndCheck(page, 'phone', '25-series-list', true);
    await openArea(page, 'phone', 'Bundles');
    await main(page).getByText(bundleName).first().waitFor();
    await shotAndCheck(page, 'phone', '26-bundle-list', true);

    // The editors on a phone: nothing wider than the screen, every action within reach.
    const fitsTheScreen = async (what: string) => {
      const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
      assert.ok(overflow <= 0, `${what} is ${overflow}px wider than the phone's screen`);
    };
    await page.goto(`${stack.url}/dashboard/products/${productId}`);
    await main(page).getByRole('heading', { level: 1, name: productName }).waitFor();
    await page.getByRole('form', { name: 'Product' }).getByRole('region', { name: 'Comic file and covers' }).getByText('Completed', { exact: true }).waitFor();
    await fitsTheScreen('the product editor');
    await shotAndCheck(page, 'phone', '27-product-editor');
    await shotAndCheck(page, 'phone', '27-product-editor-full', true);
    await openArea(page, 'phone', 'Series');
    await main(page).getByRole('link', { name: seriesTitle }).first().click();
    await main(page).getByRole('heading', { level: 1, name: seriesTitle }).waitFor();
    await fitsTheScreen('the series editor');
    await shotAndCheck(page, 'phone', '28-series-editor');
    await shotAndCheck(page, 'phone', '28-series-editor-full', true);
    await openArea(page, 'phone', 'Bundles');
    await main(page).getByRole('link', { name: bundleName }).first().click();
    await main(page).getByRole('heading', { level: 1, name: bundleName }).waitFor();
    await fitsTheScreen('the bundle editor');
    await shotAndCheck(page, 'phone', '29-bundle-editor');
    await shotAndCheck(page, 'phone', '29-bundle-editor-full', true);
    // An address that is no series' number says so, with the way back.
    await page.goto(`${stack.url}/dashboard/series/not-a-number`);
    await main(page).getByRole('heading', { level: 1, name: 'No such series' }).waitFor();
    await main(page).getByRole('link', { name: 'Back to series' }).waitFor();
    await shotAndCheck(page, 'phone', '30-series-not-found');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
