import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { grantAdmin } from '@inkwell/account';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, openSignedIn, PHONE, screenshotDir, signUpReader, startBrowserStack, tokensOf, openDashboardArea } from '../support/browser';
import type { TestStack } from '../support/stack';

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
type ViewportName = keyof typeof VIEWPORTS;

/** Every area of dashboard spec §2, as the sidebar names them, and the System area (operations console). */
const AREAS = [
  'Products',
  'Series',
  'Bundles',
  'Sales campaigns',
  'Home page',
  'Carousels',
  'HTML components',
  'Users',
  'Orders',
  'Support tickets',
  'Badges and gift codes',
  'Publishers',
  'Lookups',
  'Email templates',
  'Scheduled emails',
  'Sent emails',
  'Email provider',
  'Analytics',
  'Reports',
  'Search maintenance',
  'System',
] as const;


/**
 * The staff dashboard's frame in a real Chromium against the whole stack: the staff gate (signed
 * out, a wrong password, a reader's account, an admin's), the sidebar and the keyboard, and the
 * Publishers, Lookups and Search maintenance screens — on a desktop and on a phone, with the axe
 * gate and a screenshot of every state.
 */
describe('staff dashboard frame in Chromium', { skip: skipBecause(browserSuiteSkip('web', 'dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: { email: string; password: string };
  const reader = { email: `dash-reader-${process.pid}@example.com`, password: 'just here to read' };

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-frame');
    const account = stack.services.find((service) => service.name === 'account')!;
    const granted = await grantAdmin(account.context.db, `dash-staff-${process.pid}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its password');
    admin = granted;
    await signUpReader(stack.url, reader);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** The accessibility gate run on the state, then its screenshot (once the gate has let transitions finish). */
  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  const adminTokens = () => tokensOf(stack.url, admin);
  const openAsAdmin = (viewport: ViewportName) => openSignedIn(browser, VIEWPORTS[viewport], stack.url, admin);

  /** A staff call made the way the dashboard makes it; resolves with the envelope's response. */
  async function staffCall<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    const { access_token: token } = await adminTokens();
    const response = await fetch(`${stack.url}/api${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assert.equal(response.status, 200, `${method} ${route}: ${text}`);
    return (JSON.parse(text) as { response: T }).response;
  }

  const main = (page: Page) => page.getByRole('main');

  /** The sidebar: always there on a desktop, behind the menu button on a phone. */
  const openArea = openDashboardArea;

  const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text);

  /** Waits for the toast, then closes it with its own button, as staff do before the next step. */
  async function dismissToast(page: Page, text: string | RegExp): Promise<void> {
    await toast(page, text).waitFor();
    await page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: text }).getByRole('button', { name: 'Close toast' }).click();
    await toast(page, text).waitFor({ state: 'detached' });
  }

  /** The focused element's text (or label), trimmed. */
  const focusedName = (page: Page) => page.evaluate<string>("(document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '').trim()");

  async function tabTo(page: Page, name: string | RegExp, limit = 40): Promise<void> {
    for (let presses = 0; ; presses += 1) {
      const focused = await focusedName(page);
      if (typeof name === 'string' ? focused === name : name.test(focused)) return;
      assert.ok(presses < limit, `${String(name)} is reached within ${limit} Tabs (focus is on “${focused}”)`);
      await page.keyboard.press('Tab');
    }
  }

  /** Focus is drawn: an outline or a box shadow on the focused element. */
  async function expectFocusVisible(page: Page, what: string): Promise<void> {
    const style = await page.evaluate<{ outline: string; shadow: string }>(
      '(() => { const s = getComputedStyle(document.activeElement); return { outline: s.outlineStyle === "none" ? "" : s.outlineWidth, shadow: s.boxShadow === "none" ? "" : s.boxShadow }; })()',
    );
    assert.ok((style.outline !== '' && style.outline !== '0px') || style.shadow !== '', `${what} shows where the focus is (${JSON.stringify(style)})`);
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`lets only staff in and frames every area on a ${viewport}`, async () => {
      const { page, errors } = await openPage(browser, VIEWPORTS[viewport]);
      await page.goto(`${stack.url}/dashboard/`);
      const gate = page.getByRole('region', { name: 'Staff sign in' });
      await gate.getByRole('heading', { level: 1, name: 'Staff sign in' }).waitFor();
      await shotAndCheck(page, viewport, '01-sign-in');

      // Empty, then a bad address, then a wrong password: each under its own field.
      await gate.getByRole('button', { name: 'Sign in', exact: true }).click();
      await gate.getByText('Enter your email.').waitFor();
      await gate.getByText('Enter your password.').waitFor();
      assert.equal(await gate.getByLabel('Email').getAttribute('aria-invalid'), 'true');
      await gate.getByLabel('Email').fill('staff@nowhere');
      await gate.getByLabel('Password').fill('anything');
      await gate.getByRole('button', { name: 'Sign in', exact: true }).click();
      await gate.getByText('Please enter a valid email.').waitFor();
      await gate.getByLabel('Email').fill(admin.email);
      await gate.getByLabel('Password').fill('not the password');
      await gate.getByRole('button', { name: 'Sign in', exact: true }).click();
      const wrong = gate.getByText('Wrong password.');
      await wrong.waitFor();
      const password = gate.getByLabel('Password');
      assert.equal(await password.getAttribute('aria-invalid'), 'true');
      assert.match((await password.getAttribute('aria-describedby')) ?? '', new RegExp((await wrong.getAttribute('id')) ?? 'no id'));
      assert.equal(await password.evaluate((field) => field === field.ownerDocument.activeElement), true, 'focus goes to the password to try again');
      await shotAndCheck(page, viewport, '02-wrong-password');

      // A reader's account is told plainly, with the way back to the store.
      await gate.getByLabel('Email').fill(reader.email);
      await password.fill(reader.password);
      await gate.getByRole('button', { name: 'Sign in', exact: true }).click();
      const notStaff = page.getByRole('region', { name: 'This account is not a staff account' });
      await notStaff.waitFor();
      await notStaff.getByText(reader.email).waitFor();
      assert.equal(await notStaff.getByRole('link', { name: 'Go to the storefront' }).getAttribute('href'), '/');
      assert.equal(await page.getByRole('navigation', { name: 'Dashboard areas' }).count(), 0, 'no sidebar for a reader');
      await shotAndCheck(page, viewport, '03-not-staff');
      await notStaff.getByRole('button', { name: 'Sign out', exact: true }).click();
      await gate.waitFor();

      // The admin gets the overview and the sidebar with every area.
      await gate.getByLabel('Email').fill(admin.email);
      await password.fill(admin.password);
      await page.keyboard.press('Enter');
      await main(page).getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await main(page).getByText(`Signed in as ${admin.email}.`).waitFor();
      await shotAndCheck(page, viewport, '04-overview', true);

      const nav = page.getByRole('navigation', { name: 'Dashboard areas' });
      if (viewport === 'phone') {
        assert.equal(await nav.isVisible(), false, 'the sidebar waits behind the menu button on a phone');
        await page.getByRole('button', { name: 'Dashboard areas', exact: true }).click();
        await nav.waitFor();
        await shotAndCheck(page, viewport, '05-sidebar-open');
      }
      for (const area of AREAS) await nav.getByRole('link', { name: new RegExp(`^${area}`) }).waitFor();
      assert.equal(await nav.getByRole('link').count(), AREAS.length);
      if (viewport === 'phone') {
        await page.keyboard.press('Escape');
        await nav.waitFor({ state: 'hidden' });
      }

      // Every area is built now: the last ones to come (support, email, analytics) open their own page.
      await openArea(page, viewport, 'Support tickets');
      await main(page).getByRole('heading', { level: 1, name: 'Support tickets' }).waitFor();
      assert.equal(await main(page).getByRole('heading', { name: 'Coming in a later release' }).count(), 0);
      await shotAndCheck(page, viewport, '06-support-area');
      await page.goto(`${stack.url}/dashboard/no-such-area`);
      await main(page).getByRole('heading', { name: 'There is no such dashboard page' }).waitFor();

      // Keyboard: the skip link comes first and lands in the page; Tab reaches the sidebar's links.
      await page.goto(`${stack.url}/dashboard/`);
      await main(page).getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.keyboard.press('Tab');
      assert.match(await focusedName(page), /skip/i, 'the first Tab reaches the skip link');
      await expectFocusVisible(page, 'the skip link');
      await shotAndCheck(page, viewport, '07-skip-link');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate('document.activeElement.id'), 'main');
      if (viewport === 'desktop') {
        await page.evaluate('document.activeElement.blur()');
        await page.goto(`${stack.url}/dashboard/`);
        await main(page).getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
        await tabTo(page, 'Publishers');
        await expectFocusVisible(page, 'a sidebar link');
        await page.keyboard.press('Enter');
        await main(page).getByRole('heading', { level: 1, name: 'Publishers' }).waitFor();
      } else {
        await tabTo(page, 'Dashboard areas');
        await expectFocusVisible(page, 'the menu button');
        await page.keyboard.press('Enter');
        await tabTo(page, 'Publishers');
        await expectFocusVisible(page, 'a sidebar link');
        await shotAndCheck(page, viewport, '08-sidebar-keyboard');
        await page.keyboard.press('Enter');
        await main(page).getByRole('heading', { level: 1, name: 'Publishers' }).waitFor();
        await nav.waitFor({ state: 'hidden' });
      }

      // Signing out returns to the gate.
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await gate.waitFor();
      assert.deepEqual(errors, []);
      await page.context().close();
    });

    it(`creates, edits, searches, hides and removes publishers on a ${viewport}`, async () => {
      const tag = `${viewport}-${process.pid}`;
      // Enough publishers for a second page at 25 a page.
      for (let index = 1; index <= 26; index += 1) {
        await staffCall('POST', '/dashboard/publisher/new', { name: `Filler ${tag} ${String(index).padStart(2, '0')}`, imprints: [] });
      }
      const { page, errors } = await openAsAdmin(viewport);
      await page.goto(`${stack.url}/dashboard/publishers`);
      await main(page).getByRole('heading', { level: 1, name: 'Publishers' }).waitFor();
      const table = main(page).getByRole('table', { name: /^Publishers/ });
      await table.getByRole('rowheader').first().waitFor();
      await shotAndCheck(page, viewport, '10-publishers', true);

      // New: an empty name is refused at the field.
      await main(page).getByRole('button', { name: 'New publisher', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New publisher' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Create publisher', exact: true }).click();
      await dialog.getByText('Enter the publisher’s name.').waitFor();
      assert.equal(await dialog.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid'), 'true');
      await dialog.getByLabel('Website').fill('not a web address');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).click();
      await dialog.getByText('Enter a web address starting with https://.').waitFor();
      await shotAndCheck(page, viewport, '11-publisher-dialog-errors');
      const name = `Aardvark Comics ${tag}`;
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await dialog.getByLabel('Website').fill('https://aardvark.example');
      await dialog.getByRole('button', { name: 'Add an imprint', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Imprint 1', exact: true }).fill(`Aardvark Noir ${tag}`);
      await dialog.getByRole('button', { name: 'Create publisher', exact: true }).click();
      await dismissToast(page, `Publisher “${name}” created`);
      await dialog.waitFor({ state: 'detached' });
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await row.waitFor();
      await row.getByText(`Aardvark Noir ${tag}`).or(row.getByText('Visible')).first().waitFor();
      await shotAndCheck(page, viewport, '12-publisher-created');

      // Paged on the server: 27+ rows, 25 a page.
      const pages = main(page).getByRole('navigation', { name: 'Publishers pages' });
      await pages.getByText(/^Page 1 of [2-9]/).waitFor();
      await pages.getByRole('button', { name: 'Next', exact: true }).click();
      await pages.getByText(/^Page 2 of/).waitFor();
      assert.match(page.url(), /[?&]page=2/);
      await pages.getByRole('button', { name: 'Previous', exact: true }).click();
      await pages.getByText(/^Page 1 of/).waitFor();

      // Edit from the row's menu.
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await edit.waitFor();
      assert.equal(await edit.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), name);
      await shotAndCheck(page, viewport, '13-publisher-edit');
      // The whole form scrolls inside the dialog; its buttons stay on screen.
      await edit.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
      const save = await edit.getByRole('button', { name: 'Save publisher', exact: true }).boundingBox();
      assert.ok(save && save.y >= 0 && save.y + save.height <= VIEWPORTS[viewport].height, `Save publisher is on screen (${JSON.stringify(save)})`);
      await shotAndCheck(page, viewport, '13b-publisher-edit-history');
      const renamed = `Aardvark Press ${tag}`;
      await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
      await edit.getByRole('button', { name: 'Save publisher', exact: true }).click();
      await dismissToast(page, `Publisher “${renamed}” saved`);
      await edit.waitFor({ state: 'detached' });
      const renamedRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: renamed, exact: true }) });
      await renamedRow.waitFor();

      // Search narrows on the server (the URL carries it, the count says so).
      const search = main(page).getByRole('searchbox', { name: 'Search publishers' });
      await search.fill(`Aardvark Press ${tag}`);
      await page.waitForURL(/[?&]q=/);
      await pages.getByText(/^1–1 of 1/).waitFor();
      assert.equal(await table.getByRole('rowheader').count(), 1);
      await shotAndCheck(page, viewport, '14-publisher-search');
      await search.fill('no publisher is called this');
      await main(page).getByRole('heading', { name: 'Nothing matches' }).waitFor();
      await search.fill(`Filler ${tag} 0`);
      await pages.getByText(/^1–9 of 9/).waitFor();

      // Select two rows, Hide: both shown hidden.
      // The box drawn over the (visually hidden) input is what a person clicks.
      const selectBox = (label: string) => table.getByRole('checkbox', { name: label }).locator('xpath=ancestor::label[1]');
      await selectBox(`Select Filler ${tag} 01`).click();
      await selectBox(`Select Filler ${tag} 02`).click();
      const bulk = main(page).getByRole('region', { name: 'Selected rows' });
      await bulk.getByText('2 selected').waitFor();
      await shotAndCheck(page, viewport, '15-publishers-selected');
      await bulk.getByRole('button', { name: 'Hide', exact: true }).click();
      await dismissToast(page, '2 publishers hidden');
      for (const n of ['01', '02']) {
        await table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Filler ${tag} ${n}` }) }).getByText('Hidden', { exact: true }).waitFor();
      }
      assert.equal(await table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Filler ${tag} 03` }) }).getByText('Visible', { exact: true }).count(), 1);
      await bulk.waitFor({ state: 'detached' });
      const hidden = await staffCall<{ items: Array<{ name: string; hidden: boolean }> }>('POST', '/dashboard/publisher/post-pagination', { query: `Filler ${tag} 0`, start: 0, count: 25, hidden: true });
      assert.deepEqual(hidden.items.map((p) => p.name).sort(), [`Filler ${tag} 01`, `Filler ${tag} 02`]);

      // Remove: Cancel keeps it, confirming removes it.
      await search.fill(renamed);
      await pages.getByText(/^1–1 of 1/).waitFor();
      await renamedRow.getByRole('button', { name: `Actions for ${renamed}` }).click();
      await page.getByRole('menuitem', { name: 'Remove…', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: `Remove ${renamed}?` });
      await confirm.waitFor();
      await shotAndCheck(page, viewport, '16-publisher-remove-confirm');
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      assert.equal(await renamedRow.count(), 1, 'Cancel keeps the publisher');
      await renamedRow.getByRole('button', { name: `Actions for ${renamed}` }).click();
      await page.getByRole('menuitem', { name: 'Remove…', exact: true }).click();
      await confirm.getByRole('button', { name: 'Remove publisher', exact: true }).click();
      await toast(page, `Publisher “${renamed}” removed`).waitFor();
      await main(page).getByRole('heading', { name: 'Nothing matches' }).waitFor();
      await shotAndCheck(page, viewport, '17-publisher-removed');
      const left = await staffCall<{ filteredTotalRows: number }>('POST', '/dashboard/publisher/post-pagination', { query: renamed, start: 0, count: 10 });
      assert.equal(left.filteredTotalRows, 0);
      const imprints = await staffCall<Array<{ name: string }>>('GET', '/dashboard/home/imprints');
      assert.equal(imprints.filter((imprint) => imprint.name === `Aardvark Noir ${tag}`).length, 0, 'its imprint went with it');

      // A publisher a series still names is refused, and the dialog says why (and stays open).
      const busy = `Busy House ${tag}`;
      const { id: busyId } = await staffCall<{ id: number }>('POST', '/dashboard/publisher/new', { name: busy, imprints: [] });
      await staffCall('POST', '/dashboard/series/new', { title: `Busy Series ${tag}`, status: 'Draft', publisherId: busyId });
      await search.fill(busy);
      const busyRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: busy, exact: true }) });
      await busyRow.getByRole('button', { name: `Actions for ${busy}` }).click();
      await page.getByRole('menuitem', { name: 'Remove…', exact: true }).click();
      const refuse = page.getByRole('alertdialog', { name: `Remove ${busy}?` });
      await refuse.getByRole('button', { name: 'Remove publisher', exact: true }).click();
      await refuse.getByRole('alert').filter({ hasText: `The publisher ${busy} cannot be removed while 1 series` }).waitFor();
      await shotAndCheck(page, viewport, '17b-publisher-remove-refused');
      await refuse.getByRole('button', { name: 'Cancel', exact: true }).click();
      await busyRow.waitFor();

      assert.deepEqual(errors, []);
      await page.context().close();
    });

    it(`asks before leaving a publisher with unsaved edits on a ${viewport}`, async () => {
      const { page, errors } = await openAsAdmin(viewport);
      await page.goto(`${stack.url}/dashboard/`);
      await main(page).getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await openArea(page, viewport, 'Publishers');
      await main(page).getByRole('button', { name: 'New publisher', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New publisher' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Half-typed ${viewport}`);

      // The browser's Back button (back to the overview) while the dialog holds an edit.
      await page.goBack({ waitUntil: 'commit' });
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await leave.waitFor();
      await shotAndCheck(page, viewport, '18-unsaved-changes');
      await leave.getByRole('button', { name: 'Keep editing', exact: true }).click();
      await leave.waitFor({ state: 'detached' });
      assert.equal(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), `Half-typed ${viewport}`, 'staying keeps the edit');
      assert.match(page.url(), /\/dashboard\/publishers/);

      // Closing the dialog with an edit asks too; discarding closes it.
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      const discard = page.getByRole('alertdialog', { name: 'Discard this publisher’s changes?' });
      await discard.waitFor();
      await discard.getByRole('button', { name: 'Keep editing', exact: true }).click();
      await discard.waitFor({ state: 'detached' });
      assert.equal(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), `Half-typed ${viewport}`);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await discard.getByRole('button', { name: 'Discard changes', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      // Nothing edited now: leaving asks nothing.
      await openArea(page, viewport, 'Lookups');
      assert.equal(await leave.count(), 0);

      // Confirming the leave goes where Back was headed, and the edit is gone.
      await page.goBack({ waitUntil: 'commit' });
      await main(page).getByRole('heading', { level: 1, name: 'Publishers' }).waitFor();
      await main(page).getByRole('button', { name: 'New publisher', exact: true }).first().click();
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Never saved');
      await page.goBack({ waitUntil: 'commit' });
      await leave.getByRole('button', { name: 'Discard and leave', exact: true }).click();
      await main(page).getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      assert.equal(await dialog.count(), 0);
      const unsaved = await staffCall<{ filteredTotalRows: number }>('POST', '/dashboard/publisher/post-pagination', { query: 'Never saved', start: 0, count: 10 });
      assert.equal(unsaved.filteredTotalRows, 0);
      assert.deepEqual(errors, []);
      await page.context().close();
    });

    it(`shows every lookup list on a ${viewport}`, async () => {
      const catalog = stack.services.find((service) => service.name === 'catalog')!;
      await catalog.context.db.query(`INSERT INTO ip_tags (name, readable_url) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [`Moonlit Saga ${viewport}`, `moonlit-saga-${viewport}`]);
      await staffCall('POST', '/dashboard/publisher/new', { name: `Lookup House ${viewport}`, imprints: [`Lookup Imprint ${viewport}`] });
      const ims = await staffCall<Array<{ id: number; name: string; totalStock: number; stocks: Array<{ available: number }> }>>('GET', '/dashboard/ims');
      assert.ok(ims.length > 0, 'the inventory system has products');
      const stocked = ims.find((product) => product.stocks.length > 1) ?? ims[0]!;
      assert.equal(stocked.totalStock, stocked.stocks.reduce((sum, stock) => sum + stock.available, 0), 'total stock is the sum of available');

      const { page, errors } = await openAsAdmin(viewport);
      await page.goto(`${stack.url}/dashboard/lookups`);
      await main(page).getByRole('heading', { level: 1, name: 'Lookups' }).waitFor();
      const tabs = main(page).getByRole('tablist', { name: 'Lookups' });
      const panel = main(page).getByRole('tabpanel');

      await panel.getByRole('table', { name: 'IP tags' }).getByRole('rowheader', { name: `Moonlit Saga ${viewport}` }).waitFor();
      await shotAndCheck(page, viewport, '20-lookups-ip-tags');

      await tabs.getByRole('tab', { name: 'Inventory' }).click();
      const inventory = panel.getByRole('table', { name: 'Inventory-system products' });
      const stockedRow = inventory.getByRole('row').filter({ has: page.getByRole('rowheader', { name: stocked.name, exact: true }) });
      await stockedRow.getByText(new Intl.NumberFormat('en-US').format(stocked.totalStock), { exact: true }).waitFor();
      await shotAndCheck(page, viewport, '21-lookups-inventory', true);
      await stockedRow.getByRole('button', { name: `${stocked.stocks.length === 1 ? '1 location' : `${stocked.stocks.length} locations`} of ${stocked.name}` }).click();
      const stockDialog = page.getByRole('dialog', { name: `Stock of ${stocked.name}` });
      await stockDialog.getByText(`${new Intl.NumberFormat('en-US').format(stocked.totalStock)} available in all`).waitFor();
      assert.equal(await stockDialog.getByRole('table').getByRole('rowheader').count(), stocked.stocks.length);
      await shotAndCheck(page, viewport, '22-lookups-stock-dialog');
      await stockDialog.getByRole('button', { name: 'Close', exact: true }).click();
      await stockDialog.waitFor({ state: 'detached' });

      await tabs.getByRole('tab', { name: 'Restricted territories' }).click();
      const territories = panel.getByRole('table', { name: 'Restricted territories' });
      await territories.getByRole('rowheader').first().waitFor();
      assert.ok((await territories.getByRole('rowheader').count()) > 10, 'territories are listed');
      assert.match(page.url(), /tab=territories/);
      await panel.getByRole('searchbox', { name: 'Filter territories' }).fill('DE');
      await territories.getByRole('rowheader', { name: 'Germany' }).waitFor();
      await shotAndCheck(page, viewport, '23-lookups-territories');

      await tabs.getByRole('tab', { name: 'Pricing tiers' }).click();
      const tiers = panel.getByRole('table', { name: 'Pricing tiers' });
      await tiers.getByRole('rowheader').first().waitFor();
      await tiers.getByText(/^\$\d+\.\d\d$/).first().waitFor();
      await shotAndCheck(page, viewport, '24-lookups-pricing-tiers');

      await tabs.getByRole('tab', { name: 'Imprints' }).click();
      const imprints = panel.getByRole('table', { name: 'Imprints' });
      await imprints.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Lookup Imprint ${viewport}` }) }).getByText(`Lookup House ${viewport}`).waitFor();
      await shotAndCheck(page, viewport, '25-lookups-imprints');

      // The tab is in the address: a reload comes back to it.
      await page.reload();
      await main(page).getByRole('tab', { name: 'Imprints', selected: true }).waitFor();
      assert.deepEqual(errors, []);
      await page.context().close();
    });

    it(`maintains search and invalidates the cache on a ${viewport}`, async () => {
      // Draft series: the upload goes through them (not listed, so nothing is written for them).
      for (let index = 1; index <= 3; index += 1) await staffCall('POST', '/dashboard/series/new', { title: `Search ${viewport} ${index}`, status: 'Draft' });
      const { page, errors } = await openAsAdmin(viewport);
      await page.goto(`${stack.url}/dashboard/search-maintenance`);
      await main(page).getByRole('heading', { level: 1, name: 'Search maintenance' }).waitFor();
      await main(page).getByRole('heading', { name: 'Nothing left behind' }).waitFor();
      await main(page).getByRole('heading', { name: 'Nothing missing' }).waitFor();
      await shotAndCheck(page, viewport, '30-search-maintenance', true);

      const upload = main(page).getByRole('region', { name: 'Upload all to search' });
      await upload.getByRole('button', { name: 'Upload all to search', exact: true }).click();
      const progress = upload.getByRole('progressbar');
      await progress.waitFor();
      const finished = upload.getByRole('progressbar', { name: 'Upload finished' });
      await finished.waitFor({ timeout: 20_000 });
      const [, done, total] = /^(\d+) of (\d+) items$/.exec((await finished.getAttribute('aria-valuetext')) ?? '') ?? [];
      assert.ok(Number(total) >= 3 && done === total, `every item handled (${done} of ${total})`);
      await upload.getByText(/^0 written to the index · started /).waitFor();
      await upload.getByRole('button', { name: 'Upload all to search', exact: true }).waitFor();
      await shotAndCheck(page, viewport, '31-search-upload-finished');

      const cache = main(page).getByRole('region', { name: 'Invalidate whole cache' });
      await cache.getByRole('button', { name: 'Invalidate whole cache', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Invalidate the whole cache?' });
      await confirm.waitFor();
      await shotAndCheck(page, viewport, '32-cache-confirm');
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      assert.equal(await toast(page, 'Every cache invalidated').count(), 0, 'Cancel invalidates nothing');
      await cache.getByRole('button', { name: 'Invalidate whole cache', exact: true }).click();
      await confirm.getByRole('button', { name: 'Invalidate whole cache', exact: true }).click();
      await toast(page, 'Every cache invalidated').waitFor();
      await confirm.waitFor({ state: 'detached' });
      await shotAndCheck(page, viewport, '33-cache-invalidated');

      const remove = main(page).getByRole('region', { name: 'Remove inactive from search' });
      await remove.getByRole('button', { name: 'Remove inactive from search', exact: true }).click();
      const removeConfirm = page.getByRole('alertdialog', { name: 'Remove inactive items from search?' });
      await removeConfirm.getByRole('button', { name: 'Remove from search', exact: true }).click();
      await toast(page, /removed from search$/).waitFor();
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});

