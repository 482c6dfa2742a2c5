import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { grantAdmin } from '@inkwell/account';
import { NOTE_LENGTH_MESSAGE, NOTE_MAX_LENGTH, USER_MESSAGES } from '@inkwell/contracts/dashboard-customers';
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
  signUpReader,
  startBrowserStack,
  type Credentials,
  type Viewport,
  type ViewportName,
} from '../support/browser';
import { verifiedReader } from '../support/readers';
import type { TestStack } from '../support/stack';

/**
 * Issue 23's Users area in a real Chromium against the whole stack: staff find a shopper by email,
 * open their page and go through every tab, add a note (and see one over the length refused), grant
 * a product with the picker and remove it with a reason, set a role (and are refused removing their
 * own admin role), run an export and see it complete with a download link, and erase a throwaway
 * account behind the typed confirmation. Phone and desktop; axe on every screen and dialog; each
 * shot saved to look at.
 */
describe('staff Users area in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: Credentials;
  const run = process.pid;
  const password = 'Correct-Horse-9';
  const shopper = (name: string): Credentials => ({ email: `${name}-${run}@example.com`, password });
  const productName = `Lantern Bay Vol. 1 (${run})`;
  const boughtName = `Lantern Bay Vol. 2 (${run})`;
  let bought: { productId: number; variantId: number };

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-users');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `users-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    for (const who of ['desk-shopper', 'desk-throwaway', 'phone-shopper', 'phone-throwaway']) await signUpReader(stack.url, shopper(who));
    await createProduct(stack.service('catalog').context.db, {
      name: productName,
      readableUrl: `lantern-bay-1-${run}`,
      variants: [{ type: 'Digital', priceCents: 699 }],
    });
    const catalog = stack.service('catalog').context.db;
    const boughtId = await createProduct(catalog, { name: boughtName, readableUrl: `lantern-bay-2-${run}`, variants: [{ type: 'Digital', priceCents: 899 }] });
    const { rows } = await catalog.query<{ id: string }>('SELECT id FROM variants WHERE product_id = $1', [boughtId]);
    bought = { productId: boughtId, variantId: Number(rows[0]!.id) };
    await stack.eventsDelivered();
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

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  /** Searches the users list for `email` and opens that user's page. */
  async function openUser(page: Page, email: string): Promise<void> {
    const main = mainOf(page);
    await main.getByRole('searchbox', { name: 'Search users' }).fill(email);
    // The list follows the search 200 ms after typing stops: the URL keeps it.
    await page.waitForURL((url) => url.searchParams.get('q') === email);
    const link = main.getByRole('link', { name: email, exact: true });
    // The previous page stays on screen until the search's answer replaces it: one user found (and the header row).
    await main.getByRole('row').nth(2).waitFor({ state: 'detached' });
    await link.waitFor();
    await link.click();
    await main.getByRole('heading', { level: 1, name: email }).waitFor();
  }

  async function openTab(page: Page, name: string): Promise<void> {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tabpanel', { name }).waitFor();
  }

  /** Erases `who` through the More menu's action `action` and its typed confirmation; lands on the list with a toast. */
  async function erase(page: Page, viewport: ViewportName, who: Credentials, action: string, confirm: string, toast: RegExp): Promise<void> {
    const main = mainOf(page);
    await main.getByRole('button', { name: `More actions for ${who.email}`, exact: true }).click();
    await page.getByRole('menuitem', { name: action }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const button = dialog.getByRole('button', { name: confirm, exact: true });
    assert.equal(await button.isDisabled(), true, 'the delete button waits for the typed email');
    // Focus starts in the confirmation field: typing goes there.
    await page.keyboard.type('someone-else@example.com');
    assert.equal(await dialog.getByRole('textbox', { name: 'Email of the account' }).inputValue(), 'someone-else@example.com');
    assert.equal(await button.isDisabled(), true, 'a different email does not confirm');
    await dialog.getByRole('textbox', { name: 'Email of the account' }).fill(who.email);
    assert.equal(await button.isDisabled(), false);
    await shotAndCheck(page, viewport, 'erase-confirmation');
    await button.click();
    await main.getByRole('heading', { level: 1, name: 'Users', exact: true }).waitFor();
    await dashboardToast(page, toast).waitFor();
    // The erased account is gone from the list.
    await main.getByRole('searchbox', { name: 'Search users' }).fill(who.email);
    await page.waitForURL((url) => url.searchParams.get('q') === who.email);
    await main.getByText('Nothing matches').waitFor();
  }

  async function open(viewport: Viewport): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(browser, viewport);
    failing = opened.page;
    return opened;
  }

  it('on a desktop: finds a shopper, notes, grants and removes a product, sets a role, exports, erases', async () => {
    const { page, errors } = await open(DESKTOP);
    const main = mainOf(page);
    const who = shopper('desk-shopper');
    await signInToDashboard(page, stack.url, admin);
    await openDashboardArea(page, 'desktop', 'Users');
    await main.getByRole('link', { name: who.email, exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', 'list');

    // Filters: an admin filter finds the staff member, not the shopper; the URL keeps it.
    await main.getByRole('button', { name: /Role$/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Admin', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('role') === 'admin');
    await main.getByRole('link', { name: who.email, exact: true }).waitFor({ state: 'detached' });
    await main.getByRole('link', { name: admin.email, exact: true }).waitFor();
    await main.getByRole('button', { name: /Role$/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Any role', exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('role'));

    await openUser(page, who.email);
    await main.getByRole('heading', { name: 'Email verification' }).waitFor();
    await shotAndCheck(page, 'desktop', 'user-overview', true);
    // The tabs answer the arrow keys, and the open tab is in the address.
    await page.getByRole('tab', { name: 'Overview', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Products' }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'products');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tabpanel', { name: 'Overview' }).waitFor();

    // Edit: another account's email is refused under the field, a name is saved.
    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog');
    const emailBox = edit.getByRole('textbox', { name: 'Email' });
    await emailBox.fill(admin.email);
    await edit.getByRole('button', { name: 'Save user' }).click();
    await edit.getByText(USER_MESSAGES.emailTaken).waitFor();
    assert.equal(await emailBox.getAttribute('aria-invalid'), 'true', 'the refusal sits under the Email field');
    await emailBox.fill(who.email);
    await edit.getByRole('textbox', { name: 'Name' }).fill('Dana Shopper');
    await shotAndCheck(page, 'desktop', 'edit-dialog');
    await edit.getByRole('button', { name: 'Save user' }).click();
    await dashboardToast(page, 'User saved').waitFor();
    await main.getByRole('heading', { level: 1, name: 'Dana Shopper' }).waitFor();

    // Notes: one over the length is refused with nothing added; one is added with its level.
    await openTab(page, 'Notes');
    const noteBox = main.getByRole('textbox', { name: 'New note' });
    await noteBox.fill('x'.repeat(NOTE_MAX_LENGTH + 1));
    await main.getByText(NOTE_LENGTH_MESSAGE).waitFor();
    assert.equal(await noteBox.getAttribute('aria-invalid'), 'true');
    await main.getByRole('button', { name: 'Add note' }).click();
    await main.getByText('No notes yet.').waitFor();
    await noteBox.fill(`Called about a missing issue (${run}).`);
    await main.getByRole('button', { name: /Log level$/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Success', exact: true }).click();
    await main.getByRole('button', { name: 'Add note' }).click();
    await dashboardToast(page, 'Note added').waitFor();
    const notes = main.getByRole('list', { name: 'Notes' });
    await notes.getByText(`Called about a missing issue (${run}).`).waitFor();
    await notes.getByText('Success').waitFor();
    await shotAndCheck(page, 'desktop', 'user-notes');

    // Products: grant one with the picker, then remove it with a reason.
    await openTab(page, 'Products');
    await main.getByText('Owns no products').waitFor();
    await main.getByRole('button', { name: 'Grant products' }).click();
    const grant = page.getByRole('dialog');
    // A grant without a product or a reason is refused in the dialog, nothing sent.
    await grant.getByRole('button', { name: 'Grant product' }).click();
    await grant.getByText('Choose at least one product.').waitFor();
    const picker = grant.getByRole('combobox', { name: 'Find a product' });
    await picker.click();
    await picker.fill('Lantern Bay');
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(productName.replace(/[()]/g, '\\$&')) }).first().click();
    await grant.getByRole('list', { name: 'Products to grant' }).getByText(productName).waitFor();
    await grant.getByRole('textbox', { name: 'Reason' }).fill('Replacement for a damaged download');
    await shotAndCheck(page, 'desktop', 'grant-dialog');
    await grant.getByRole('button', { name: 'Grant product' }).click();
    await dashboardToast(page, `Granted “${productName}”`).waitFor();
    const owned = main.getByRole('table', { name: 'Products owned' });
    await owned.getByText(productName).waitFor();
    await owned.getByText('Replacement for a damaged download').waitFor();
    await shotAndCheck(page, 'desktop', 'user-products');

    await owned.getByRole('button', { name: `Remove ${productName}` }).click();
    const removal = page.getByRole('alertdialog');
    await removal.getByRole('button', { name: 'Remove product' }).click();
    await removal.getByText('Say why the product is removed.').first().waitFor();
    await removal.getByRole('textbox', { name: 'Reason' }).fill('Granted by mistake');
    await shotAndCheck(page, 'desktop', 'remove-product');
    await removal.getByRole('button', { name: 'Remove product' }).click();
    await dashboardToast(page, `“${productName}” removed from ${who.email}`).waitFor();
    await main.getByText('Owns no products').waitFor();

    // Orders and transactions: empty for a new shopper, each says so.
    await openTab(page, 'Orders');
    await main.getByText('No orders', { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', 'user-orders');
    await openTab(page, 'Transactions');
    await main.getByText('No transactions', { exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', 'user-transactions');

    // Roles: Support set, shown beside the name.
    await main.getByRole('button', { name: 'Roles', exact: true }).click();
    const roles = page.getByRole('dialog');
    // React Aria's checkbox input is visually hidden: its label is what staff click.
    await roles.getByText('Support', { exact: true }).click();
    assert.equal(await roles.getByRole('checkbox', { name: 'Support', exact: true }).isChecked(), true);
    await shotAndCheck(page, 'desktop', 'roles-dialog');
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await dashboardToast(page, 'Roles saved: Support').waitFor();
    await main.locator('header').getByText('Support', { exact: true }).first().waitFor();

    // Activity: the staff actions on this user, newest first.
    await openTab(page, 'Activity');
    await main.getByRole('tabpanel', { name: 'Activity' }).getByRole('listitem').first().waitFor();
    await shotAndCheck(page, 'desktop', 'user-activity', true);

    // The staff member cannot take their own admin role away: the API's words are shown.
    await page.goto(`${stack.url}/dashboard/users`);
    await openUser(page, admin.email);
    await main.getByRole('button', { name: 'Roles', exact: true }).click();
    await page.getByRole('dialog').getByText('Admin', { exact: true }).click();
    assert.equal(await page.getByRole('dialog').getByRole('checkbox', { name: 'Admin', exact: true }).isChecked(), false);
    await page.getByRole('dialog').getByRole('button', { name: 'Save roles' }).click();
    await page.getByRole('dialog').getByText(USER_MESSAGES.ownAdminRole).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // An export with the default fields runs to completion and offers its file.
    await page.goto(`${stack.url}/dashboard/users`);
    await main.getByRole('link', { name: 'Export users' }).click();
    await main.getByRole('heading', { level: 1, name: 'User exports' }).waitFor();
    assert.equal(await main.getByRole('checkbox', { name: /^Email \(email\)/ }).isChecked(), true, 'default fields pre-checked');
    assert.equal(await main.getByRole('checkbox', { name: /^Roles/ }).isChecked(), false, 'fields beyond the default list are not');
    await shotAndCheck(page, 'desktop', 'exports');
    await main.getByRole('button', { name: 'Start export' }).click();
    await dashboardToast(page, 'Export started').waitFor();
    const download = main.getByRole('link', { name: /^Download \d+ users$/ }).first();
    await download.waitFor({ timeout: 60_000 });
    const href = await download.getAttribute('href');
    assert.ok(href, 'the download link has an address');
    // The link is built on the store's public address (PUBLIC_URL); the test stack listens on a free port instead.
    const link = new URL(href, stack.url);
    const file = await fetch(new URL(`${link.pathname}${link.search}`, stack.url));
    assert.equal(file.status, 200, 'the signed link downloads the file');
    const text = await file.text();
    assert.match(text.split('\n')[0] ?? '', /user_id.*email/, 'the header row names the fields');
    assert.ok(text.includes(who.email), 'the shopper is in the export');
    await shotAndCheck(page, 'desktop', 'exports-completed');

    // A throwaway account is erased behind the typed confirmation.
    await page.goto(`${stack.url}/dashboard/users`);
    const throwaway = shopper('desk-throwaway');
    await openUser(page, throwaway.email);
    await erase(page, 'desktop', throwaway, 'Delete user…', 'Delete user', /erased/);

    assert.deepEqual(errors, []);
  }, 240_000);

  it('on a desktop: a buyer’s order, charge and bought product, the order opened from the Orders tab', async () => {
    const buyer = await verifiedReader(stack, `buyer-${run}@example.com`, 'a long buyer password 7');
    const [order] = await buyWithSimulatedCard(stack.url, buyer, [bought]);
    assert.ok(order, 'the purchase made an order');
    await stack.eventsDelivered();
    const { page, errors } = await open(DESKTOP);
    const main = mainOf(page);
    await signInToDashboard(page, stack.url, admin);
    await openDashboardArea(page, 'desktop', 'Users');
    await openUser(page, buyer.email);

    await openTab(page, 'Products');
    const owned = main.getByRole('table', { name: 'Products owned' });
    await owned.getByText(boughtName).waitFor();
    await owned.getByText('Bought', { exact: true }).waitFor();

    await openTab(page, 'Transactions');
    const money = main.getByRole('table', { name: `Charges and refunds of ${buyer.email}` });
    await money.getByText('Charge', { exact: true }).waitFor();
    await money.getByRole('link', { name: order.accountingId }).waitFor();
    await shotAndCheck(page, 'desktop', 'buyer-transactions');

    await openTab(page, 'Orders');
    const link = main.getByRole('link', { name: order.accountingId, exact: true });
    await link.waitFor();
    await shotAndCheck(page, 'desktop', 'buyer-orders');
    await link.click();
    await page.waitForURL((url) => url.pathname === `/dashboard/orders/${order.id}`);
    assert.deepEqual(errors, []);
  }, 180_000);

  it('on a phone: the list as cards, every tab, a note, the grant dialog, an export screen, an erasure', async () => {
    const { page, errors } = await open(PHONE);
    const main = mainOf(page);
    const who = shopper('phone-shopper');
    await signInToDashboard(page, stack.url, admin);
    await openDashboardArea(page, 'phone', 'Users');
    await main.getByRole('link', { name: who.email, exact: true }).waitFor();
    await shotAndCheck(page, 'phone', 'list', true);

    await openUser(page, who.email);
    await main.getByRole('heading', { name: 'Email verification' }).waitFor();
    await shotAndCheck(page, 'phone', 'user-overview', true);

    await openTab(page, 'Notes');
    await main.getByRole('textbox', { name: 'New note' }).fill(`Asked for a refund by phone (${run}).`);
    await main.getByRole('button', { name: 'Add note' }).click();
    await dashboardToast(page, 'Note added').waitFor();
    await main.getByRole('list', { name: 'Notes' }).getByText(`Asked for a refund by phone (${run}).`).waitFor();
    await shotAndCheck(page, 'phone', 'user-notes', true);

    await openTab(page, 'Products');
    await main.getByText('Owns no products').waitFor();
    await main.getByRole('button', { name: 'Grant products' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Find a product' }).waitFor();
    await shotAndCheck(page, 'phone', 'grant-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    for (const [tab, shown] of [['Orders', 'No orders'], ['Transactions', 'No transactions'], ['Activity', 'Note added']] as const) {
      await openTab(page, tab);
      await page.getByRole('tabpanel', { name: tab }).getByText(shown, { exact: true }).first().waitFor();
      await shotAndCheck(page, 'phone', `user-${tab.toLowerCase()}`, true);
    }

    await main.getByRole('button', { name: 'Roles', exact: true }).click();
    await page.getByRole('dialog').getByRole('checkbox', { name: /^Finance/ }).waitFor();
    await shotAndCheck(page, 'phone', 'roles-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${stack.url}/dashboard/users/exports`);
    await main.getByRole('heading', { level: 1, name: 'User exports' }).waitFor();
    await main.getByRole('heading', { name: 'Exports', exact: true }).waitFor();
    await shotAndCheck(page, 'phone', 'exports', true);

    await page.goto(`${stack.url}/dashboard/users`);
    const throwaway = shopper('phone-throwaway');
    await openUser(page, throwaway.email);
    await erase(page, 'phone', throwaway, 'Delete payment customer & subscription…', 'Delete payment customer', /erased/);

    assert.deepEqual(errors, []);
  }, 240_000);
});
