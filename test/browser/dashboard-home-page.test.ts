import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { skipBecause } from '@inkwell/platform/testing';
import { grantAdmin } from '@inkwell/account';
import type { HomeEntries, WheelGroup } from '@inkwell/contracts/dashboard-merchandising';
import { createSeries } from '../../services/catalog/test/factories';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openSignedIn, PHONE, screenshotDir, startBrowserStack, tokensOf } from '../support/browser';
import type { TestStack } from '../support/stack';

type ViewportName = 'desktop' | 'phone';
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

const IMAGE = { url: '/favicon.svg', width: 1600, height: 600, localPath: null, color: '#223344' };

/**
 * Issue 22's wheel editor in a real Chromium against the whole stack: a group edited (renamed, an
 * item added through the item dialog with its image picker), its items and the groups reordered
 * with the KEYBOARD (dnd-kit: Space, arrow, Space), saved in one step; publishing a group whose `t`
 * bucket has three items is refused naming the bucket; a valid group is published; the top type and
 * the messaging bar are saved. Phone and desktop, axe on every screen, each shot saved to look at.
 */
describe('staff home page wheel editor in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: { email: string; password: string };
  const run = process.pid;
  const series: Record<string, { id: number; title: string }> = {};
  const good = `Spring Heroes ${run}`;
  const short = `Teen Shortfall ${run}`;
  let goodId = 0;
  let shortId = 0;

  async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ status: number; response: T }> {
    const headers: Record<string, string> = { authorization: `Bearer ${(await tokensOf(stack.url, admin)).access_token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await fetch(`${stack.url}/api${route}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: answer.status, response: ((await answer.json()) as { response: T }).response };
  }
  const entries = async () => (await call<HomeEntries>('GET', '/dashboard/home/entry')).response;
  const groupOf = async (id: number): Promise<WheelGroup> => (await entries()).groups.find((group) => group.id === id)!;

  const banner = (key: string, ordinal: number, displayUpToAgeRating: string) => ({ type: 'Image', enabled: true, ordinal, displayUpToAgeRating, seriesId: series[key]!.id, thumbnail: IMAGE });

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-home-page');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `home-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    const db = stack.service('catalog').context.db;
    for (const [key, title, ageRating] of [
      ['e1', `Lantern Bay ${run}`, 'e'],
      ['e2', `Copper Kites ${run}`, 'e'],
      ['e3', `Paper Moons ${run}`, 'e'],
      ['e4', `Glass Owls ${run}`, 'e'],
      ['m1', `Night Harbor ${run}`, 'm'],
    ] as const) {
      series[key] = { id: await createSeries(db, { title, readableUrl: `${key}-home-${run}`, ageRating }), title };
    }
    // A group every bucket can show: four e-rated series up to m.
    const created = await call<WheelGroup>('POST', '/dashboard/home/entry/new', {
      type: 'Banner',
      name: good,
      isForSteam: false,
      isForWebsite: true,
      isForNintendoSwitch: false,
      items: ['e1', 'e2', 'e3', 'e4'].map((key, index) => banner(key, index, 'm')),
    });
    assert.equal(created.status, 200, JSON.stringify(created.response));
    goodId = created.response.id;
    // Three e-rated items up to m, one only up to pg, and an m-rated one: bucket t has 3, every other 4.
    const shortGroup = await call<WheelGroup>('POST', '/dashboard/home/entry/new', {
      type: 'Banner',
      name: short,
      isForSteam: false,
      isForWebsite: false,
      isForNintendoSwitch: false,
      items: [banner('e1', 0, 'm'), banner('e2', 1, 'm'), banner('e3', 2, 'm'), banner('e4', 3, 'pg'), banner('m1', 4, 'm')],
    });
    assert.equal(shortGroup.status, 200, JSON.stringify(shortGroup.response));
    shortId = shortGroup.response.id;
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
  const main = (page: Page) => page.getByRole('main');
  const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text).first();
  const groupRow = (page: Page, name: string): Locator => main(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

  async function openHomePage(viewport: ViewportName): Promise<{ page: Page; errors: string[] }> {
    const opened = await openSignedIn(browser, VIEWPORTS[viewport], stack.url, admin);
    failing = opened.page;
    await opened.page.goto(`${stack.url}/dashboard/`);
    if (viewport === 'phone') await opened.page.getByRole('button', { name: 'Dashboard areas', exact: true }).click();
    await opened.page.getByRole('navigation', { name: 'Dashboard areas' }).getByRole('link', { name: 'Home page', exact: true }).click();
    await main(opened.page).getByRole('heading', { level: 1, name: 'Home page', exact: true }).waitFor();
    await main(opened.page).getByRole('heading', { level: 3, name: good }).waitFor();
    return opened;
  }

  /** Lifts the row by its handle with the keyboard, moves it `steps` down (negative: up) and drops it, following the announcements. */
  async function keyboardMove(page: Page, handle: Locator, from: number, steps: number, lifted?: () => Promise<void>): Promise<void> {
    const announced = (text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).waitFor({ state: 'attached' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.locator('[aria-pressed="true"][aria-roledescription="sortable"]').waitFor();
    await lifted?.();
    for (let step = 1; step <= Math.abs(steps); step += 1) {
      await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
      await announced(`is over position ${from + 1 + (steps > 0 ? step : -step)} of`);
    }
    await page.keyboard.press('Space');
    await announced(`dropped at position ${from + 1 + steps} of`);
  }

  it('edits a group, reorders items and groups with the keyboard, saves, is refused for a short bucket, publishes a valid group and saves the settings (desktop)', async () => {
    const { page, errors } = await openHomePage('desktop');
    assert.equal(await main(page).getByRole('heading', { name: 'No unsaved wheel changes' }).count(), 1);
    await shotAndCheck(page, 'desktop', '01-wheel', true);

    // Open the good group: its fields, the publish checks per bucket (all enough), its items.
    await groupRow(page, good).getByRole('button', { name: good, exact: true }).click();
    const checks = groupRow(page, good).getByRole('table', { name: 'Publish checks per age rating' });
    await checks.waitFor();
    for (const bucket of ['e', 'e7', 'pg', 't', 'm']) assert.equal(await checks.getByRole('row').filter({ has: page.getByRole('rowheader', { name: bucket, exact: true }) }).getByText('Enough').count(), 1, bucket);
    await groupRow(page, good).getByRole('textbox', { name: 'Group name' }).fill(`${good} edited`);
    await main(page).getByRole('heading', { name: '1 unsaved wheel change' }).waitFor();
    const edited = `${good} edited`;
    // The row is found by its heading, which now shows the new name.
    const panel = groupRow(page, edited);
    await main(page).getByRole('region', { name: `Preview: ${edited}` }).waitFor();

    // The item dialog: Banner fields (series, thumbnail), with the image picker open; cancelled, nothing added.
    await panel.getByRole('button', { name: 'Add item' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Add an item to ${edited}`) });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Series' }).waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Subtitle' }).count(), 0, 'a Banner item has no subtitle');
    await dialog.getByRole('button', { name: 'Choose image' }).click();
    await dialog.getByRole('searchbox', { name: 'Search covers and banners' }).waitFor();
    await dialog.getByText(/Loading images/).waitFor({ state: 'detached' });
    await shotAndCheck(page, 'desktop', '02-item-dialog');
    // A file that is not an image is refused before it is sent; a PNG banner is uploaded and chosen.
    const upload = dialog.getByLabel('Upload a banner');
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await dialog.getByRole('alert').getByText('notes.txt is not a PNG, JPEG or WebP image.').waitFor();
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#3355aa' } }).png().toBuffer();
    await upload.setInputFiles({ name: `spring-banner-${run}.png`, mimeType: 'image/png', buffer: png });
    await dialog.getByRole('img', { name: 'The chosen thumbnail' }).waitFor();
    assert.match((await dialog.getByRole('img', { name: 'The chosen thumbnail' }).getAttribute('src')) ?? '', /banners\//);
    await dialog.getByRole('button', { name: 'Change image' }).click();
    await dialog.getByRole('list', { name: 'Covers and banners' }).getByText(`spring-banner-${run}.png`).waitFor();
    await shotAndCheck(page, 'desktop', '02b-banner-uploaded');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Items: the first (Lantern Bay) moved one down with the keyboard.
    const firstItem = panel.getByRole('button', { name: `Drag item ${series.e1!.title}` });
    await keyboardMove(page, firstItem, 0, 1);
    const itemNames = async () => panel.getByRole('button', { name: /^Drag item / }).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    assert.deepEqual((await itemNames()).slice(0, 2), [`Drag item ${series.e2!.title}`, `Drag item ${series.e1!.title}`]);

    // Groups: the edited group (open: lifting it closes it) moved below the short one with the keyboard.
    const namesBefore = await main(page).getByRole('button', { name: /^Drag group / }).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    const from = namesBefore.indexOf(`Drag group ${edited}`);
    const to = namesBefore.indexOf(`Drag group ${short}`);
    assert.ok(from >= 0 && to > from, `the edited group comes before the short one: ${namesBefore.join(', ')}`);
    // Lifted, the open group closes; the keys move it once it has.
    await keyboardMove(page, main(page).getByRole('button', { name: `Drag group ${edited}` }), from, to - from, () =>
      panel.getByRole('table', { name: 'Publish checks per age rating' }).waitFor({ state: 'detached' }),
    );
    const namesAfter = await main(page).getByRole('button', { name: /^Drag group / }).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    assert.ok(namesAfter.indexOf(`Drag group ${edited}`) > namesAfter.indexOf(`Drag group ${short}`), namesAfter.join(', '));

    const pending = main(page).getByRole('region', { name: /unsaved wheel change/ });
    await pending.getByText(`Save the edits to “${edited}”`).waitFor();
    await pending.getByText('Reorder the groups').waitFor();
    await shotAndCheck(page, 'desktop', '03-pending-changes', true);

    const ordersBefore = await entries();
    await main(page).getByRole('button', { name: 'Save wheel' }).click();
    await toast(page, /The wheel is saved/).waitFor();
    await main(page).getByRole('heading', { name: 'No unsaved wheel changes' }).waitFor();
    const saved = await groupOf(goodId);
    assert.equal(saved.name, edited);
    assert.deepEqual(saved.items.map((item) => item.seriesId), [series.e2!.id, series.e1!.id, series.e3!.id, series.e4!.id]);
    const after = await entries();
    const orderOf = (list: HomeEntries, id: number) => list.groups.find((group) => group.id === id)!.order;
    assert.ok(orderOf(after, goodId) > orderOf(after, shortId), 'the edited group is now after the short one');
    assert.notEqual(orderOf(ordersBefore, goodId), orderOf(after, goodId));

    // Publishing the short group is refused, the t bucket named; nothing changes.
    await groupRow(page, short).getByRole('button', { name: short, exact: true }).click();
    const shortPanel = groupRow(page, short);
    const shortChecks = shortPanel.getByRole('table', { name: 'Publish checks per age rating' });
    await shortChecks.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 't', exact: true }) }).getByText('Short by 1').waitFor();
    await shortPanel.getByRole('button', { name: `Publish group ${short}` }).click();
    await main(page).getByRole('region', { name: /unsaved wheel change/ }).getByText(`Publish “${short}”`).waitFor();
    await main(page).getByRole('button', { name: 'Save wheel' }).click();
    const refusal = main(page).getByRole('alert').filter({ hasText: 'The wheel was not saved' });
    await refusal.waitFor();
    await refusal.getByText(/Age rating 't'/).first().waitFor();
    await shortPanel.getByRole('alert').getByText(/Age rating 't'/).first().waitFor();
    assert.equal(await refusal.getByText(/Age rating 'e'/).count(), 0, 'only the short bucket is named');
    assert.equal((await groupOf(shortId)).status, 'Draft');
    await shotAndCheck(page, 'desktop', '04-publish-refused', true);

    // The good group is published instead.
    await shortPanel.getByRole('button', { name: `Undo publish of group ${short}` }).click();
    await groupRow(page, edited).getByRole('button', { name: `Publish group ${edited}` }).click();
    await main(page).getByRole('button', { name: 'Save wheel' }).click();
    await toast(page, /The wheel is saved/).waitFor();
    await groupRow(page, edited).getByText('Published', { exact: true }).waitFor();
    assert.equal((await groupOf(goodId)).status, 'Published');
    assert.equal((await groupOf(shortId)).status, 'Draft');

    // Scheduling asks for a date in the future before it joins the pending changes.
    await main(page).getByRole('button', { name: `Schedule group ${short}…` }).click();
    const scheduleDialog = page.getByRole('dialog', { name: 'Schedule this group' });
    await scheduleDialog.getByRole('button', { name: 'Schedule on save' }).click();
    await scheduleDialog.getByText('Choose a publish date and time in the future.').waitFor();
    await shotAndCheck(page, 'desktop', '04b-schedule');
    await scheduleDialog.getByRole('button', { name: 'Cancel' }).click();
    await scheduleDialog.waitFor({ state: 'detached' });
    await main(page).getByRole('heading', { name: 'No unsaved wheel changes' }).waitFor();

    // Settings: Banner groups first; the messaging bar on, with its preview.
    const settings = main(page).getByRole('region', { name: 'Settings' });
    const otherTop = (await entries()).topTypeId === 1 ? 'Thumbnail' : 'Banner';
    await settings.getByRole('button', { name: /What leads the home page/ }).click();
    await page.getByRole('option', { name: `${otherTop} groups first` }).click();
    await settings.getByRole('button', { name: 'Save top' }).click();
    await toast(page, `The home page now leads with ${otherTop} groups.`).waitFor();
    const bar = settings.getByRole('form', { name: 'Messaging bar' });
    await bar.getByText('Show the messaging bar above the home page').click();
    assert.equal(await bar.getByRole('switch', { name: /Show the messaging bar/ }).isChecked(), true);
    await bar.getByRole('textbox', { name: 'Message' }).fill('Free shipping this weekend');
    await bar.getByRole('textbox', { name: 'Link text' }).fill('See the sale');
    await bar.getByRole('textbox', { name: 'Link URL' }).fill('/browse?onSale=true');
    await bar.getByRole('group', { name: 'Messaging bar preview' }).getByText('Free shipping this weekend').waitFor();
    await shotAndCheck(page, 'desktop', '05-settings', true);
    await bar.getByRole('button', { name: 'Save messaging bar' }).click();
    await toast(page, 'The messaging bar is saved and shown.').waitFor();
    const stored = await entries();
    assert.equal(stored.topTypeId, otherTop === 'Banner' ? 1 : 0);
    assert.deepEqual(stored.messaging, { enabled: true, text: 'Free shipping this weekend', linkText: 'See the sale', linkUrl: '/browse?onSale=true' });

    // A new Thumbnail group with an Image item (subtitle and a series picked by search), added by the save.
    const thumbnailName = `Staff Picks ${run}`;
    await main(page).getByRole('button', { name: 'Add Thumbnail group' }).click();
    const fresh = groupRow(page, 'Unnamed group');
    await fresh.getByRole('textbox', { name: 'Group name' }).fill(thumbnailName);
    const added = groupRow(page, thumbnailName);
    await added.getByRole('button', { name: 'Add item' }).click();
    const itemDialog = page.getByRole('dialog', { name: new RegExp(`Add an item to ${thumbnailName}`) });
    await itemDialog.getByRole('textbox', { name: 'Subtitle' }).fill('Cosy mysteries for the winter');
    const seriesBox = itemDialog.getByRole('combobox', { name: 'Series' });
    await seriesBox.click();
    await seriesBox.fill('Paper Moons');
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(series.e3!.title) }).first().click();
    await itemDialog.getByRole('button', { name: 'Add item' }).click();
    await itemDialog.waitFor({ state: 'detached' });
    await added.getByText('Cosy mysteries for the winter').waitFor();
    await main(page).getByRole('region', { name: /unsaved wheel change/ }).getByText(`Add Thumbnail group “${thumbnailName}” with 1 item`).waitFor();
    await shotAndCheck(page, 'desktop', '06-new-thumbnail-group', true);
    await main(page).getByRole('button', { name: 'Save wheel' }).click();
    await toast(page, /The wheel is saved/).waitFor();
    const created = (await entries()).groups.find((group) => group.name === thumbnailName);
    assert.ok(created, 'the new group is stored');
    assert.equal(created.type, 'Thumbnail');
    assert.equal(created.status, 'Draft');
    assert.deepEqual(created.items.map((item) => [item.type, item.subtitle, item.seriesId]), [['Image', 'Cosy mysteries for the winter', series.e3!.id]]);

    // Leaving with an unsaved change asks first; Keep editing stays, with the change.
    await main(page).getByRole('button', { name: `Move group ${short} down` }).click();
    await main(page).getByRole('heading', { name: '1 unsaved wheel change' }).waitFor();
    await page.getByRole('navigation', { name: 'Dashboard areas' }).getByRole('link', { name: 'Carousels', exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await leave.waitFor({ state: 'detached' });
    assert.match(page.url(), /\/dashboard\/home-page$/);
    await main(page).getByRole('heading', { name: '1 unsaved wheel change' }).waitFor();

    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows the wheel, an open group, its preview and the settings on a phone', async () => {
    const { page, errors } = await openHomePage('phone');
    await shotAndCheck(page, 'phone', '01-wheel');
    await groupRow(page, short).getByRole('button', { name: short, exact: true }).click();
    await groupRow(page, short).getByRole('table', { name: 'Publish checks per age rating' }).waitFor();
    await shotAndCheck(page, 'phone', '02-group-open', true);
    const preview = main(page).getByRole('region', { name: new RegExp(`Preview: ${short}`) });
    await preview.scrollIntoViewIfNeeded();
    await preview.getByText('Slide 1 of 5').waitFor();
    await preview.getByRole('button', { name: 'Next slide' }).click();
    await preview.getByText('Slide 2 of 5').waitFor();
    await preview.screenshot({ path: path.join(shots, 'phone-03-preview.png') });
    // Move with the buttons too: the short group's first item down, then Discard leaves nothing pending.
    await groupRow(page, short).getByRole('button', { name: `Move item ${series.e1!.title} down` }).click();
    await main(page).getByRole('heading', { name: '1 unsaved wheel change' }).waitFor();
    await main(page).getByRole('button', { name: 'Discard changes' }).click();
    await main(page).getByRole('heading', { name: 'No unsaved wheel changes' }).waitFor();

    // Removing asks first; the save removes the group (listed last), and Restore brings it back as a Draft.
    await groupRow(page, short).getByRole('button', { name: `Remove group ${short}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this group?' });
    await confirm.waitFor();
    await shotAndCheck(page, 'phone', '04-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove group' }).click();
    await confirm.waitFor({ state: 'detached' });
    await main(page).getByRole('region', { name: /unsaved wheel change/ }).getByText(`Remove “${short}”`).waitFor();
    await main(page).getByRole('button', { name: 'Save wheel' }).click();
    await groupRow(page, short).getByText('Removed', { exact: true }).first().waitFor();
    assert.equal((await groupOf(shortId)).status, 'Removed');
    await groupRow(page, short).getByRole('button', { name: `Restore group ${short}` }).click();
    await main(page).getByRole('button', { name: 'Save wheel' }).click();
    await groupRow(page, short).getByText('Draft', { exact: true }).first().waitFor();
    assert.equal((await groupOf(shortId)).status, 'Draft');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
