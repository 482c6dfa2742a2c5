import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { grantAdmin } from '@inkwell/account';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, signInToDashboard, chooseOption, type ViewportName } from '../support/browser';
import type { TestStack } from '../support/stack';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Issue 26's dashboard stumbles, each seen in Chromium on the catalogue screens: raw codes where
 * labels belong, unnamed drafts as blank rows, 'Print' offered for a Digital variant, the same
 * publish reason twice, internal field names and storage paths in the history, a plain file input
 * for comic files, 'Lowest price' sorted highest first, and a second quick filter change dropping
 * the first. Desktop and phone, axe on every screen, screenshots under test-results/screens.
 */
describe('dashboard catalogue stumbles in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let work: string;
  let admin: { email: string; password: string };
  let token = '';
  const run = process.pid;
  const tag = `Stumble${run}`;
  const ids: Record<'cheap' | 'dear' | 'box' | 'untitled', number> = { cheap: 0, dear: 0, box: 0, untitled: 0 };

  const staff = async (method: string, url: string, body?: unknown): Promise<Json> => {
    const answer = await fetch(`${stack.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await answer.json()) as Json;
    assert.equal(answer.status, 200, `${method} ${url}: ${JSON.stringify(json)}`);
    return json.response as Json;
  };
  const draft = (name: string, subCategory: string, price: number) => ({
    name,
    description: '',
    category: 'Publication',
    subCategory,
    variants: [{ type: 'Digital', enabled: true, priceType: 'Paid', price }],
  });

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-stumbles');
    work = await mkdtemp(path.join(tmpdir(), 'inkwell-dash-stumbles-'));
    const granted = await grantAdmin(stack.service('account').context.db, `stumbles-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    const login = await fetch(`${stack.url}/api/account/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ UserName: admin.email, Password: admin.password }),
    });
    token = ((await login.json()) as Json).response.access_token;
    ids.cheap = (await staff('POST', '/api/dashboard/product/new', draft(`${tag} Cheap`, 'Volume', 199))).product.id;
    ids.dear = (await staff('POST', '/api/dashboard/product/new', draft(`${tag} Dear`, 'Volume', 4999))).product.id;
    ids.box = (await staff('POST', '/api/dashboard/product/new', draft(`${tag} Box`, 'BoxSet', 2999))).product.id;
    // A draft saved before its name was typed: the list used to show a blank row. Its search word is in the description.
    const untitled = (await staff('POST', '/api/dashboard/product/new', { ...draft('', 'Volume', 999), description: `${tag} untitled draft` })).product;
    ids.untitled = untitled.id;
    // The history of the untitled draft: an age rating set (recorded as 'ageRestrictable'), and a
    // cover taken from an ingested comic (recorded by its storage path).
    await staff('POST', '/api/dashboard/product/alter', { ...draft('', 'Volume', 999), description: `${tag} untitled draft`, id: ids.untitled, expectedUpdatedAt: untitled.updatedAt, ageRestrictable: { ageRating: 'm' } });
    await stack
      .service('catalog')
      .context.db.query("INSERT INTO staff_audit (entity, entity_id, action, actor_id, actor_email, changes) VALUES ('product', $1, 'ingested', 'reader', $2, $3)", [
        ids.untitled,
        admin.email,
        JSON.stringify({ thumbnails: { from: [], to: [`/media/products/${ids.untitled}/pages/cover-3a9f.jpg`] }, ingestCompleted: { from: false, to: true } }),
      ]);
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

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };
  const main = (page: Page) => page.getByRole('main');
  // The stack's catalogue holds only this file's products (no demo data), so the list is not searched: the unnamed draft has no name to find.
  const listUrl = (query = '') => `${stack.url}/dashboard/products${query ? `?${query}` : ''}`;
  const dataRows = (page: Page) => main(page).getByRole('row').filter({ hasText: tag.slice(0, 7) }).or(main(page).getByRole('row').filter({ hasText: 'Untitled' }));

  it('desktop: the product list says what things are, names unnamed drafts, sorts lowest price first, keeps two quick filters', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signInToDashboard(page, stack.url, admin);
    await page.goto(listUrl());
    const table = main(page).getByRole('table');
    await table.getByText(`${tag} Cheap`).waitFor();

    // Labels, not codes; the unnamed draft reads 'Untitled'.
    await table.getByRole('row').filter({ hasText: `${tag} Box` }).getByText('Box set', { exact: true }).waitFor();
    assert.equal(await table.getByText('BoxSet', { exact: true }).count(), 0, 'no raw product type');
    const untitled = table.getByRole('row').filter({ hasText: 'Untitled' });
    await untitled.waitFor();
    assert.equal(await untitled.count(), 1);
    await chooseOption(page, main(page), 'Status', 'Draft');
    await page.waitForURL(/status=Draft/);
    await main(page).getByRole('button', { name: /Status$/ }).first().click();
    const statusOptions = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    await page.keyboard.press('Escape');
    assert.ok(statusOptions.some((text) => text.trim() === 'Pre-order'), JSON.stringify(statusOptions));
    assert.ok(!statusOptions.some((text) => /ScheduledPreOrder|ScheduledComingSoon/.test(text)), JSON.stringify(statusOptions));
    await shotAndCheck(page, 'desktop', '01-product-list-labels');

    // 'Lowest price': the first click sorts lowest first.
    await page.goto(listUrl());
    await table.getByText(`${tag} Cheap`).waitFor();
    await main(page).getByRole('columnheader', { name: /Lowest price/ }).getByRole('button').click();
    await page.waitForURL(/sort=price/);
    assert.doesNotMatch(page.url(), /dir=desc/);
    await table.getByRole('columnheader', { name: /Lowest price/ }).and(page.locator('[aria-sort="ascending"]')).waitFor();
    // The re-sorted page, not the one shown while it loads.
    await table.getByRole('row').nth(1).filter({ hasText: `${tag} Cheap` }).waitFor();
    await table.getByRole('row').nth(2).filter({ hasText: 'Untitled' }).waitFor();
    const names = (await dataRows(page).allInnerTexts()).map((text) => (text.includes('Cheap') ? 'cheap' : text.includes('Dear') ? 'dear' : text.includes('Box') ? 'box' : 'untitled'));
    assert.deepEqual(names, ['cheap', 'untitled', 'box', 'dear'], 'lowest price first: 1.99, 9.99, 29.99, 49.99');
    await shotAndCheck(page, 'desktop', '02-product-list-lowest-price-first');

    // Two filters changed one after the other, at once: both stay.
    await page.goto(listUrl());
    await table.getByText(`${tag} Cheap`).waitFor();
    await chooseOption(page, main(page), 'Status', 'Draft');
    await chooseOption(page, main(page), 'Distribution', 'Digital');
    await page.waitForURL((url) => url.searchParams.get('status') === 'Draft' && url.searchParams.get('distribution') === 'Digital');
    await table.getByText(`${tag} Cheap`).waitFor();
    await shotAndCheck(page, 'desktop', '03-product-list-two-filters');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('desktop: the untitled draft\'s editor — type label, valid price types, one reason once, a readable history, a drop zone', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signInToDashboard(page, stack.url, admin);
    await page.goto(`${stack.url}/dashboard/products/${ids.untitled}`);
    const aside = page.getByRole('complementary', { name: 'About this product' }).or(page.getByRole('region', { name: 'About this product' }));
    await aside.getByText('Volume', { exact: true }).first().waitFor();
    assert.equal(await aside.getByText(/\(code \d+\)/).count(), 0, 'no "(code 0)"');

    // Price types of the Digital variant: no 'Print'.
    const form = page.getByRole('form', { name: 'Product' });
    const digital = form.getByRole('group', { name: 'Digital', exact: true });
    await digital.getByRole('button', { name: /Price type$/ }).click();
    const offered = (await page.getByRole('listbox').getByRole('option').allInnerTexts()).map((text) => text.trim());
    await page.keyboard.press('Escape');
    assert.ok(offered.includes('Paid') && offered.includes('Free'), JSON.stringify(offered));
    assert.ok(!offered.some((text) => text === 'Print' || text.startsWith('Print ')), `no Print for a Digital variant: ${JSON.stringify(offered)}`);
    await shotAndCheck(page, 'desktop', '04-editor-price-types', true);

    // Publish: 'Comic has not been ingested' is listed once.
    await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = main(page).getByRole('alert').filter({ has: page.getByRole('heading', { name: /cannot be published yet/ }) });
    await refusal.waitFor();
    const listed = (await refusal.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
    assert.equal(listed.filter((text) => text.includes('Comic has not been ingested')).length, 1, JSON.stringify(listed));
    assert.equal(new Set(listed).size, listed.length, `each reason once: ${JSON.stringify(listed)}`);
    await shotAndCheck(page, 'desktop', '05-editor-publish-refused', true);

    // History: the editor's field names and the file's name.
    const history = page.getByRole('region', { name: 'History' }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: 'History' }) })).first();
    await history.scrollIntoViewIfNeeded();
    for (const summary of await history.locator('summary').all()) await summary.click();
    const text = await history.innerText();
    assert.match(text, /Age rating/);
    assert.doesNotMatch(text, /age restrictable/i);
    assert.match(text, /cover-3a9f\.jpg/);
    assert.doesNotMatch(text, /\/media\/products/);
    assert.match(text, /Comic file ingested/);
    await shotAndCheck(page, 'desktop', '06-editor-history', true);

    // The comic file: a drop zone reached by keyboard that opens the chooser; wrong files named with what to do.
    const zone = main(page).getByRole('group', { name: 'Comic file drop zone' });
    const choose = zone.getByRole('button', { name: 'Choose a file…' });
    assert.equal(await main(page).getByLabel(/Comic archive/).count(), 1, 'the file input keeps its label');
    await zone.scrollIntoViewIfNeeded();
    await choose.focus();
    // The chooser's button is a real button in the tab order (a keyboard reaches it; Space opens the
    // chooser, though in headless Chromium not on the first key press after a programmatic focus — see the report).
    await choose.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    assert.equal(await choose.evaluate((element) => element === element.ownerDocument.activeElement), true, 'Tab reaches "Choose a file…"');
    const chooser = page.waitForEvent('filechooser');
    await choose.click();
    const wrong = path.join(work, 'notes.txt');
    await writeFile(wrong, 'not a comic');
    await (await chooser).setFiles(wrong);
    await main(page).getByText('Choose a .cbz or .zip archive of page images, or a .pdf; notes.txt is none of these.').waitFor();
    // Two files dropped at once.
    await zone.evaluate((element) => {
      // The page's own constructors: the test is compiled without the DOM's globals.
      const view = element.ownerDocument.defaultView as unknown as Record<string, new (...args: unknown[]) => any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const transfer = new view.DataTransfer!();
      transfer.items.add(new view.File!(['a'], 'one.cbz', { type: 'application/zip' }));
      transfer.items.add(new view.File!(['b'], 'two.cbz', { type: 'application/zip' }));
      for (const type of ['dragenter', 'dragover', 'drop']) element.dispatchEvent(new view.DragEvent!(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    });
    await main(page).getByText(/Drop one file at a time: 2 files were dropped/).waitFor();
    await main(page).getByText(/One file: a \.cbz or \.zip of page images, or a \.pdf/).waitFor();
    await zone.scrollIntoViewIfNeeded();
    await shotAndCheck(page, 'desktop', '07-editor-drop-zone');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('phone: the list with labels and Untitled, sorted by lowest price; the editor\'s drop zone', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    failing = page;
    await signInToDashboard(page, stack.url, admin);
    await page.goto(listUrl('sort=price'));
    await main(page).getByText(`${tag} Cheap`).first().waitFor();
    await main(page).getByText('Untitled', { exact: true }).first().waitFor();
    await main(page).getByText('Box set', { exact: true }).first().waitFor();
    const order = await main(page).getByText(new RegExp(`^${tag} (Cheap|Dear|Box)$`)).allInnerTexts();
    assert.deepEqual(order, [`${tag} Cheap`, `${tag} Box`, `${tag} Dear`]);
    await shotAndCheck(page, 'phone', '01-product-list', true);
    await page.goto(`${stack.url}/dashboard/products/${ids.untitled}`);
    const zone = main(page).getByRole('group', { name: 'Comic file drop zone' });
    await zone.scrollIntoViewIfNeeded();
    await shotAndCheck(page, 'phone', '02-editor-drop-zone');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
