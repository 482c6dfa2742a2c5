import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { grantAdmin } from '@inkwell/account';
import { SALES_MESSAGES, SALES_SHEET_COLUMNS } from '@inkwell/contracts/dashboard-merchandising';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, PHONE, screenshotDir, startBrowserStack, type Viewport, signInToDashboard, type ViewportName } from '../support/browser';
import type { TestStack } from '../support/stack';


/** The staff member's zone in these tests: the editor shows it, and UTC beside it. */
const STAFF_ZONE = 'America/New_York';

/**
 * Issue 22's sales campaign screens in a real Chromium against the whole stack: the list, a new
 * campaign refused at publish with the §5 messages beside their fields, dates picked in the staff
 * member's zone and shown in UTC, an end before the start refused, products and a whole series added
 * (the series twice: a notice, nothing added), discount prices set (one left at full price and marked
 * so), saved, published, exported, unpublished after a confirmation; spreadsheets imported with every
 * problem listed, then created. Phone and desktop; axe on every screen; each shot saved to look at.
 */
describe('staff sales campaigns in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let work: string;
  let admin: { email: string; password: string };
  const run = process.pid;
  const seriesTitle = `Harbor Lights ${run}`;
  const volumeOne = `Harbor Lights Vol. 1 (${run})`;
  const volumeTwo = `Harbor Lights Vol. 2 (${run})`;
  const standalone = `Tidewater Tales (${run})`;
  const campaignName = `Winter Harbor Sale ${run}`;
  const products: Array<{ id: number; name: string; seriesId: number | null; digital: number; print?: number }> = [];

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-sales');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    work = await mkdtemp(path.join(tmpdir(), 'inkwell-dash-sales-'));
    const granted = await grantAdmin(stack.service('account').context.db, `sales-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    // The catalogue the campaign discounts, inserted as the catalog's own tests do.
    const db = stack.service('catalog').context.db;
    const seriesId = await createSeries(db, { title: seriesTitle, readableUrl: `harbor-lights-${run}` });
    const one = await createProduct(db, {
      name: volumeOne,
      readableUrl: `harbor-lights-1-${run}`,
      seriesId,
      volumeNumber: 1,
      variants: [{ type: 'Digital', priceCents: 799 }, { type: 'Print', priceCents: 1499 }],
    });
    const two = await createProduct(db, { name: volumeTwo, readableUrl: `harbor-lights-2-${run}`, seriesId, volumeNumber: 2, variants: [{ type: 'Digital', priceCents: 899 }] });
    const three = await createProduct(db, { name: standalone, readableUrl: `tidewater-${run}`, seriesId: null, variants: [{ type: 'Digital', priceCents: 599 }] });
    products.push({ id: one, name: volumeOne, seriesId, digital: 799 }, { id: two, name: volumeTwo, seriesId, digital: 899 }, { id: three, name: standalone, seriesId: null, digital: 599 });
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
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** A page in the staff member's zone (New York), cookie choice made, script errors collected. */
  async function open(viewport: Viewport): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport, timezoneId: STAFF_ZONE, locale: 'en-US', acceptDownloads: true });
    await context.addInitScript({ content: "localStorage.setItem('cookieConsent', 'essential');" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  const main = (page: Page) => page.getByRole('main');
  const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text).first();

  const signIn = (page: Page) => signInToDashboard(page, stack.url, admin);

  async function openSales(page: Page, viewport: ViewportName): Promise<void> {
    if (viewport === 'phone') await page.getByRole('button', { name: 'Dashboard areas', exact: true }).click();
    await page.getByRole('navigation', { name: 'Dashboard areas' }).getByRole('link', { name: 'Sales campaigns' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Sales campaigns', exact: true }).waitFor();
  }

  /** Types a date and time into the React Aria date picker labelled `label`, segment by segment (en-US: mm dd yyyy hh mm AM/PM). */
  async function typeDate(page: Page, label: string, typed: string): Promise<void> {
    const group = main(page).getByRole('group', { name: label, exact: true });
    await group.getByRole('spinbutton').first().click();
    await page.keyboard.type(typed);
    await page.keyboard.press('Tab');
  }

  async function pick(page: Page, combo: Locator, typed: string, option: string | RegExp): Promise<void> {
    await combo.click();
    await combo.fill(typed);
    await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
    await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 2_000 });
  }

  /** Scrolls `target` to the middle of the screen, clear of the sticky top bar and save bar, for its shot. */
  const centre = (target: Locator) => target.evaluate((element) => element.scrollIntoView({ block: 'center' }), undefined, { timeout: 2_000 });

  const fieldHelp = (page: Page, label: string) => main(page).getByRole('group', { name: label, exact: true }).locator('xpath=..');

  /** A campaign spreadsheet as CSV, the columns in the contract's order. */
  async function csv(name: string, rows: Array<Partial<Record<(typeof SALES_SHEET_COLUMNS)[number], string | number>>>): Promise<string> {
    const escape = (value: string | number | undefined) => {
      const text = String(value ?? '');
      return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    const lines = [SALES_SHEET_COLUMNS.join(','), ...rows.map((row) => SALES_SHEET_COLUMNS.map((column) => escape(row[column])).join(','))];
    const file = path.join(work, name);
    await writeFile(file, `${lines.join('\n')}\n`);
    return file;
  }

  const campaignRow = (campaign: string, product: (typeof products)[number], discount: string) => ({
    Campaign: campaign,
    Description: 'Imported in the browser test.',
    'Start Date (UTC)': '2026-12-05T14:00:00Z',
    'End Date (UTC)': '2026-12-20T14:00:00Z',
    'Product Id': product.id,
    'Product Name': product.name,
    'Series Id': product.seriesId ?? '',
    'Variant Id': -1,
    Currency: 'USD',
    'Full Price': (product.digital / 100).toFixed(2),
    'Discount Price': discount,
  });

  it('creates a campaign on a desktop: refused, dated, products and a series added, saved, published, exported, unpublished', async () => {
    const { page, errors } = await open(DESKTOP);
    failing = page;
    await signIn(page);
    await openSales(page, 'desktop');
    await main(page).getByText('No sales campaigns yet').waitFor();
    await shotAndCheck(page, 'desktop', '01-list-empty');

    // A new campaign with only a name is saved as a draft; publishing it is refused with the §5 words.
    await main(page).getByRole('link', { name: 'New campaign' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'New sales campaign' }).waitFor();
    await shotAndCheck(page, 'desktop', '02-editor-new');
    const form = page.getByRole('form', { name: 'Sales campaign' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(campaignName);
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await toast(page, 'Campaign created as a draft.').waitFor();
    await page.waitForURL(/\/dashboard\/sales-campaigns\/\d+$/);
    const campaignId = Number(/(\d+)$/.exec(page.url())![1]);
    await main(page).getByRole('heading', { level: 1, name: campaignName }).waitFor();

    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = main(page).getByRole('alert').filter({ has: page.getByRole('heading', { name: SALES_MESSAGES.missing }) });
    await refusal.waitFor();
    await refusal.getByText(SALES_MESSAGES.missingDetail).waitFor();
    for (const field of ['Start Date', 'End Date']) await refusal.getByText(field, { exact: true }).waitFor();
    assert.equal(await refusal.getByText('Name', { exact: true }).count(), 0, 'the name is filled in, so it is not listed');
    await fieldHelp(page, 'Start date').getByText(SALES_MESSAGES.missing, { exact: true }).waitFor();
    await fieldHelp(page, 'End date').getByText(SALES_MESSAGES.missing, { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '03-publish-refused');
    await centre(main(page).getByRole('group', { name: 'Start date', exact: true }));
    await shotAndCheck(page, 'desktop', '03b-publish-refused-fields');

    // Dates in New York time; the UTC value beside each. An end before the start is refused beside End date.
    await typeDate(page, 'Start date', '120120261000A');
    await fieldHelp(page, 'Start date').getByText('UTC: 1 Dec 2026, 15:00 UTC').waitFor();
    assert.equal(await fieldHelp(page, 'Start date').getByText(SALES_MESSAGES.missing).count(), 0, 'a filled-in date no longer says it is missing');
    await typeDate(page, 'End date', '113020260900A');
    await fieldHelp(page, 'End date').getByText(SALES_MESSAGES.endBeforeStart, { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await main(page).getByRole('alert').filter({ hasText: 'The campaign was not saved' }).getByText(SALES_MESSAGES.endBeforeStart).waitFor();
    await shotAndCheck(page, 'desktop', '04-end-before-start');
    await typeDate(page, 'End date', '123120261130P');
    await fieldHelp(page, 'End date').getByText('UTC: 1 Jan 2027, 04:30 UTC').waitFor();
    assert.equal(await fieldHelp(page, 'End date').getByText(SALES_MESSAGES.endBeforeStart).count(), 0, 'the corrected end is accepted');

    // A whole series, then the same series again (a notice, nothing added), then one product.
    const addSeries = form.getByRole('combobox', { name: 'Add a whole series' });
    await pick(page, addSeries, 'Harbor Lights', new RegExp(seriesTitle));
    await form.getByText(/Added the series Harbor Lights .*: 3 product variants/).waitFor();
    await pick(page, addSeries, 'Harbor Lights', new RegExp(seriesTitle));
    await form.getByRole('status').getByText(SALES_MESSAGES.seriesAlreadyIncluded, { exact: true }).waitFor();
    const rows = form.getByRole('list', { name: 'Products in the campaign' }).getByRole('listitem');
    assert.equal(await rows.count(), 3, 'adding an included series again adds nothing');
    await pick(page, form.getByRole('combobox', { name: 'Add a product' }), 'Tidewater', new RegExp(standalone.replace(/[()]/g, '\\$&')));
    await form.getByText(/Added Tidewater Tales .* \(1 variant\)/).waitFor();
    assert.equal(await rows.count(), 4);

    // Discounts: three set, Volume 2 left at its full price (marked, and not saved).
    await form.getByRole('textbox', { name: `Discount price of ${volumeOne} (Digital)` }).fill('4.99');
    await form.getByRole('textbox', { name: `Discount price of ${volumeOne} (Print)` }).fill('9.99');
    await form.getByRole('textbox', { name: `Discount price of ${standalone} (Digital)` }).fill('2.50');
    await form.getByRole('textbox', { name: `Discount price of ${standalone} (Digital)` }).press('Tab');
    await rows.filter({ hasText: volumeTwo }).getByText('Not saved — same as full price').waitFor();
    assert.equal(await form.getByText('Not saved — same as full price').count(), 1, 'only the row at full price is marked');
    await shotAndCheck(page, 'desktop', '05-editor-products', true);

    // Leaving with unsaved changes asks first; keeping on editing keeps them.
    await main(page).getByRole('link', { name: 'Sales campaigns' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await leave.waitFor({ state: 'detached' });
    assert.equal(await form.getByRole('textbox', { name: `Discount price of ${volumeOne} (Digital)` }).inputValue(), '$4.99');

    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Campaign saved. 1 product at full price left out.').waitFor();
    await main(page).getByText('Saved', { exact: false }).first().waitFor();
    assert.equal(await rows.count(), 3, 'the row at full price was left out by the server');
    const stored = await stack.service('catalog').context.db.query<{ count: string }>('SELECT count(*) FROM sales_products WHERE campaign_id = $1', [campaignId]);
    assert.equal(Number(stored.rows[0]!.count), 3);

    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await toast(page, /Campaign published\. Status: Published\./).waitFor();
    await main(page).getByText('Published', { exact: true }).first().waitFor();
    await main(page).getByText('Upcoming', { exact: true }).first().waitFor();
    await page.getByRole('complementary', { name: 'About this campaign' }).getByText('Published', { exact: true }).first().waitFor();
    await shotAndCheck(page, 'desktop', '06-published', true);

    // The export is the workbook (an .xlsx is a zip: it starts PK).
    const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: 'Export spreadsheet' }).click()]);
    assert.match(download.suggestedFilename(), /\.xlsx$/);
    const saved = path.join(work, download.suggestedFilename());
    await download.saveAs(saved);
    assert.equal((await readFile(saved)).subarray(0, 2).toString('latin1'), 'PK');

    // Unpublishing asks first.
    await main(page).getByRole('button', { name: 'Unpublish…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unpublish this campaign?' });
    await dialog.waitFor();
    await shotAndCheck(page, 'desktop', '07-unpublish-confirm');
    await dialog.getByRole('button', { name: 'Unpublish campaign' }).click();
    await toast(page, /Campaign unpublished\. Status: Draft\./).waitFor();
    await main(page).getByRole('button', { name: 'Publish', exact: true }).waitFor();

    // The list: status, phase, dates in the zone with UTC, product count; search narrows it.
    await main(page).getByRole('link', { name: 'Sales campaigns' }).first().click();
    const table = main(page).getByRole('table', { name: 'Sales campaigns' });
    const row = table.getByRole('row').filter({ hasText: campaignName });
    await row.waitFor();
    await row.getByText('Upcoming').waitFor();
    await row.getByText('1 Dec 2026, 15:00 UTC').waitFor();
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();
    await main(page).getByRole('searchbox', { name: 'Search campaigns' }).fill('no such campaign at all');
    await main(page).getByText(/No sales campaigns|Nothing matches|No results/i).first().waitFor();
    await main(page).getByRole('searchbox', { name: 'Search campaigns' }).fill(`Winter Harbor Sale ${run}`);
    await row.waitFor();
    await shotAndCheck(page, 'desktop', '08-list');

    assert.deepEqual(errors, []);
    await page.context().close();
  }, 180_000);

  it('imports spreadsheets on a desktop: every problem listed and nothing created, then created', async () => {
    const { page, errors } = await open(DESKTOP);
    failing = page;
    await signIn(page);
    await openSales(page, 'desktop');
    await main(page).getByRole('link', { name: 'Import spreadsheet' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Import sales campaigns' }).waitFor();
    await shotAndCheck(page, 'desktop', '09-import');

    // A file of the wrong type is refused before anything is sent.
    const text = path.join(work, 'notes.txt');
    await writeFile(text, 'not a spreadsheet');
    const input = main(page).getByLabel('Spreadsheet files (.xlsx or .csv)');
    await input.setInputFiles(text);
    await main(page).getByText('notes.txt: only .xlsx and .csv files can be imported.').waitFor();
    assert.equal(await main(page).getByRole('button', { name: 'Upload and check' }).isDisabled(), true);

    const [one, two, three] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]];

    // The upload's progress comes from the browser's own upload events: on a slowed connection the bar counts the bytes sent.
    const big = await csv('big.csv', Array.from({ length: 3000 }, () => campaignRow(`Big Import ${run}`, three, '1.99')));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    await input.setInputFiles(big);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    const progress = main(page).getByRole('progressbar', { name: 'Uploading the files to check them' });
    await progress.waitFor();
    await main(page).getByText(/^[\d.]+ KB of [\d.]+ KB$/).waitFor({ timeout: 30_000 });
    // The bar is shot while the bytes go (it is gone once the server answers, so axe checks the screens either side).
    await page.screenshot({ path: path.join(shots, 'desktop-09b-import-uploading.png') });
    assert.match((await progress.getAttribute('aria-valuetext')) ?? '', /KB of [\d.]+ KB/);
    await main(page).getByRole('heading', { level: 2, name: /Ready to create|problems? found/ }).waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const good = await csv('spring.csv', [campaignRow(`Spring Import ${run}`, one, '3.99'), campaignRow(`Spring Import ${run}`, three, '1.99')]);
    const bad = await csv('broken.csv', [campaignRow(`Broken Import ${run}`, two, 'cheap'), { ...campaignRow(`Broken Import ${run}`, one, '2.00'), 'Product Id': 999_999_999 }]);
    await input.setInputFiles([good, bad]);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    const result = main(page).getByRole('heading', { level: 2, name: /problems? found — nothing was created/ });
    await result.waitFor({ timeout: 30_000 });
    const problems = main(page).getByRole('table', { name: 'Problems in the files' });
    const problemRows = problems.getByRole('row').filter({ hasText: 'broken.csv' });
    assert.ok((await problemRows.count()) >= 2, 'the unreadable price and the unknown product are both listed');
    await problems.getByRole('row').filter({ hasText: 'Discount Price' }).first().waitFor();
    await problems.getByRole('row').filter({ hasText: 'Product Id' }).first().waitFor();
    assert.equal(await main(page).getByRole('button', { name: /^Create \d+ campaign/ }).count(), 0, 'no create while a file has problems');
    await shotAndCheck(page, 'desktop', '10-import-problems', true);
    const before = await stack.service('catalog').context.db.query<{ count: string }>('SELECT count(*) FROM sales_campaigns WHERE name LIKE $1', [`%Import ${run}`]);
    assert.equal(Number(before.rows[0]!.count), 0, 'checking creates nothing');

    await input.setInputFiles([good]);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await main(page).getByRole('heading', { level: 2, name: 'Ready to create' }).waitFor({ timeout: 30_000 });
    const preview = main(page).getByRole('table', { name: 'Campaigns from the files' });
    await preview.getByRole('row').filter({ hasText: `Spring Import ${run}` }).getByText('5 Dec 2026, 14:00 UTC').waitFor();
    await main(page).getByRole('button', { name: 'Create 1 campaign' }).click();
    await main(page).getByRole('heading', { level: 2, name: 'Created 1 campaign' }).waitFor({ timeout: 30_000 });
    await shotAndCheck(page, 'desktop', '11-import-created');
    await preview.getByRole('link', { name: `Spring Import ${run}` }).click();
    await main(page).getByRole('heading', { level: 1, name: `Spring Import ${run}` }).waitFor();
    assert.equal(await page.getByRole('form', { name: 'Sales campaign' }).getByRole('list', { name: 'Products in the campaign' }).getByRole('listitem').count(), 2);

    assert.deepEqual(errors, []);
    await page.context().close();
  }, 180_000);

  it('works on a phone: list, an existing campaign, a publish refused, an import with problems', async () => {
    const { page, errors } = await open(PHONE);
    failing = page;
    await signIn(page);
    await openSales(page, 'phone');
    await main(page).getByText(campaignName).first().waitFor();
    await shotAndCheck(page, 'phone', '01-list', true);

    await main(page).getByRole('link', { name: campaignName }).first().click();
    await main(page).getByRole('heading', { level: 1, name: campaignName }).waitFor();
    await page.getByRole('form', { name: 'Sales campaign' }).getByRole('list', { name: 'Products in the campaign' }).waitFor();
    await shotAndCheck(page, 'phone', '02-editor-existing', true);

    // Someone else saved it since it was opened: the save is refused (409) and says so, and nothing is changed.
    const phoneForm = page.getByRole('form', { name: 'Sales campaign' });
    await stack.service('catalog').context.db.query("UPDATE sales_campaigns SET updated_at = updated_at + interval '1 second' WHERE name = $1", [campaignName]);
    await phoneForm.getByRole('textbox', { name: 'Description' }).fill('Changed on a phone.');
    await phoneForm.getByRole('button', { name: 'Save', exact: true }).click();
    await main(page).getByRole('alert').filter({ hasText: 'The campaign was not saved.' }).getByText(/saved by someone else since you opened it/).waitFor();
    const kept = await stack.service('catalog').context.db.query<{ description: string }>('SELECT description FROM sales_campaigns WHERE name = $1', [campaignName]);
    assert.equal(kept.rows[0]!.description, '', 'a refused save changes nothing');
    await shotAndCheck(page, 'phone', '02b-editor-conflict');
    // Discarding takes the version saved since; the change made again then saves.
    await phoneForm.getByRole('button', { name: 'Discard changes' }).click();
    await phoneForm.getByText('Unsaved changes').waitFor({ state: 'detached' });
    await phoneForm.getByRole('textbox', { name: 'Description' }).fill('Changed on a phone.');
    await phoneForm.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, /^Campaign saved\./).waitFor();
    const changed = await stack.service('catalog').context.db.query<{ description: string }>('SELECT description FROM sales_campaigns WHERE name = $1', [campaignName]);
    assert.equal(changed.rows[0]!.description, 'Changed on a phone.');

    await page.goto(`${stack.url}/dashboard/sales-campaigns/new`);
    await main(page).getByRole('heading', { level: 1, name: 'New sales campaign' }).waitFor();
    await shotAndCheck(page, 'phone', '03-editor-new', true);
    await page.getByRole('form', { name: 'Sales campaign' }).getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/dashboard\/sales-campaigns\/\d+$/);
    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = main(page).getByRole('alert').filter({ has: page.getByRole('heading', { name: SALES_MESSAGES.missing }) });
    await refusal.waitFor();
    for (const field of ['Name', 'Start Date', 'End Date']) await refusal.getByText(field, { exact: true }).waitFor();
    await fieldHelp(page, 'Start date').getByText(SALES_MESSAGES.missing, { exact: true }).waitFor();
    await shotAndCheck(page, 'phone', '04-publish-refused');
    await centre(main(page).getByRole('group', { name: 'Start date', exact: true }));
    await shotAndCheck(page, 'phone', '04b-publish-refused-fields');

    await page.goto(`${stack.url}/dashboard/sales-campaigns/import`);
    await main(page).getByRole('heading', { level: 1, name: 'Import sales campaigns' }).waitFor();
    const [, two] = products as [(typeof products)[0], (typeof products)[0]];
    const bad = await csv('phone-broken.csv', [campaignRow(`Phone Import ${run}`, two, 'free')]);
    await main(page).getByLabel('Spreadsheet files (.xlsx or .csv)').setInputFiles(bad);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await main(page).getByRole('heading', { level: 2, name: /problems? found — nothing was created/ }).waitFor({ timeout: 30_000 });
    await shotAndCheck(page, 'phone', '05-import-problems', true);

    // Paging asks the server for the next rows (fromIndex, count): ten ended campaigns make a second page.
    await stack
      .service('catalog')
      .context.db.query(
        "INSERT INTO sales_campaigns (name, description, start_date, end_date) SELECT 'Autumn Filler ' || $1 || ' ' || g, '', now() - interval '30 days', now() - interval '20 days' FROM generate_series(1, 10) g",
        [String(run)],
      );
    await page.goto(`${stack.url}/dashboard/sales-campaigns?size=10`);
    const cards = main(page).getByRole('table', { name: 'Sales campaigns' }).getByRole('row');
    await main(page).getByText(/^1–10 of 1[3-9]$/).waitFor();
    await main(page).getByRole('button', { name: 'Next' }).click();
    await main(page).getByText(/^11–1[3-9] of 1[3-9]$/).waitFor();
    await cards.filter({ hasText: campaignName }).waitFor();
    await main(page).getByRole('button', { name: 'Previous' }).click();
    await cards.filter({ hasText: 'Autumn Filler' }).first().getByText('Ended', { exact: true }).waitFor();
    await shotAndCheck(page, 'phone', '06-list-paged');

    assert.deepEqual(errors, []);
    await page.context().close();
  }, 180_000);
});
