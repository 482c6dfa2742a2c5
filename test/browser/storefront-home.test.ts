import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { grantAdmin } from '@inkwell/account';
import { seedDemoCatalogue } from '@inkwell/demo';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, tokensOf } from '../support/browser';
import type { TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Issue 22: the home page staff curate. A wheel group is edited, its items reordered and a new group
 * published through the dashboard's calls; the storefront home shows it as soon as the change's
 * events are handled, on a phone and a desktop, with the accessibility gate.
 */
describe('the curated storefront home in Chromium (demo catalogue)', { skip: skipBecause(browserSuiteSkip('web')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let token: string;

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Json> => {
    const response = await fetch(stack.url + url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Json;
    assert.equal(response.status, 200, `${url}: ${JSON.stringify(json.status)}`);
    return json.response;
  };
  /** A group as saved: what the editor sends back (read-only fields left out). */
  const asInput = (group: Json) => ({
    id: group.id,
    type: group.type,
    name: group.name,
    isForSteam: group.isForSteam,
    isForWebsite: group.isForWebsite,
    isForNintendoSwitch: group.isForNintendoSwitch,
    isForApp: group.isForApp,
    isHeroBanner: group.isHeroBanner,
    items: group.items.map(({ productName: _p, seriesName: _s, metaData: _m, ...item }: Json) => item),
    expectedUpdatedAt: group.updatedAt,
  });

  beforeAll(async () => {
    stack = await startBrowserStack();
    await seedDemoCatalogue(stack.service('catalog').context);
    await stack.eventsDelivered();
    const admin = await grantAdmin(stack.service('account').context.db, `home-ui-${Date.now()}@example.com`);
    assert.ok(admin.created);
    token = (await tokensOf(stack.url, { email: admin.email, password: admin.password })).access_token;
    browser = await launchChromium();
    shots = await screenshotDir('storefront-home');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

  it('shows the seeded wheel: the Banner hero, the message bar and the Thumbnail row', async () => {
    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${stack.url}/`);
      const hero = page.locator('section[aria-roledescription="carousel"][aria-label="Featured series"]');
      await hero.waitFor();
      await page.getByRole('complementary', { name: 'Announcement' }).getByText('Autumn Reading Sale').waitFor();
      await page.getByRole('heading', { name: 'Staff picks' }).waitFor();
      // The wheel turns with the keyboard: the arrow keys inside it move to the next slide.
      const first = await hero.locator('[aria-roledescription="slide"]:not([inert])').getAttribute('aria-label');
      await hero.getByRole('button', { name: 'Next slide' }).click();
      const second = await hero.locator('[aria-roledescription="slide"]:not([inert])').getAttribute('aria-label');
      assert.notEqual(second, first);
      assert.match(second ?? '', /^2 of \d+:/);
      await hero.getByRole('button', { name: 'Previous slide' }).focus();
      await page.keyboard.press('ArrowLeft');
      assert.match((await hero.locator('[aria-roledescription="slide"]:not([inert])').getAttribute('aria-label')) ?? '', /^1 of \d+:/);
      await shot(page, `${name}-seeded`);
      await expectNoSeriousViolations(page, `${name} seeded home`);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });

  it('shows a group edited, reordered and published through the API at once, on a phone and a desktop', async () => {
    const entries = await api('GET', '/api/dashboard/home/entry');
    const picks = entries.groups.find((group: Json) => group.name === 'Staff picks');
    const featured = entries.groups.find((group: Json) => group.name === 'Featured series');
    assert.ok(picks && featured);

    // Edit: a new name and tagline on the first pick; then a new Thumbnail group from the same items, published, moved first, and made the top type.
    const edited = asInput(picks);
    edited.name = 'Editors’ shelf';
    edited.items[0].tagline = 'Chosen this week by the editors';
    await api('POST', '/api/dashboard/home/entry/alter', {
      added: [{ ...asInput(picks), id: undefined, expectedUpdatedAt: undefined, name: 'Fresh this week', items: edited.items.map(({ id: _id, ...item }: Json) => item) }],
      edited: [edited],
    });
    const after = await api('GET', '/api/dashboard/home/entry');
    const fresh = after.groups.find((group: Json) => group.name === 'Fresh this week');
    assert.equal(fresh.status, 'Draft');

    // Reorder the new group's items: the last comes first.
    const last = fresh.items.at(-1);
    const moves = fresh.items.map((item: Json, index: number) => ({ id: item.id, oldOrder: item.ordinal, newOrder: item.id === last.id ? 0 : index + 1 }));
    await api('POST', '/api/dashboard/home/entry/reOrder', { groupId: fresh.id, moves });
    await api('POST', `/api/dashboard/home/entry/publish?id=${fresh.id}`);
    const groups = (await api('GET', '/api/dashboard/home/entry')).groups.filter((group: Json) => group.status !== 'Removed');
    await api('POST', '/api/dashboard/home/entry/reOrder', {
      groupId: null,
      moves: groups.map((group: Json, index: number) => ({ id: group.id, oldOrder: group.order, newOrder: group.id === fresh.id ? 0 : index + 1 })),
    });
    await api('POST', '/api/dashboard/homepage/top?typeId=0');
    await api('POST', '/api/dashboard/homepage/messaging/set', { enabled: true, text: 'New on the shelf every Friday.', linkText: 'See what is new', linkUrl: '/browse/' });
    await stack.eventsDelivered();

    const home = await (await fetch(`${stack.url}/api/home/V2`)).json() as Json;
    assert.equal(home.response.topType, 'Thumbnail');
    assert.equal(home.response.wheel[0].name, 'Fresh this week');
    const leadTitle = home.response.wheel[0].slides[0].title;
    assert.equal(leadTitle, last.subtitle, 'the reordered item leads');

    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${stack.url}/`);
      const hero = page.locator(`section[data-wheel-group="${fresh.id}"]`);
      await hero.waitFor();
      assert.equal(await hero.getByRole('heading', { level: 2 }).first().innerText(), 'Fresh this week');
      assert.equal(await hero.getByRole('heading', { level: 3 }).first().innerText(), leadTitle);
      await page.getByRole('complementary', { name: 'Announcement' }).getByRole('link', { name: 'See what is new' }).waitFor();
      // The edited group keeps its place below, under its new name, with the new tagline.
      const shelf = page.locator(`[data-wheel-group="${picks.id}"]`);
      await shelf.getByRole('heading', { name: 'Editors’ shelf' }).waitFor();
      await shelf.getByText('Chosen this week by the editors').waitFor();
      // The Banner group is no longer the hero but still on the page, as a wheel of its own.
      await page.locator(`section[data-wheel-group="${featured.id}"]`).waitFor();
      await shot(page, `${name}-curated`);
      await expectNoSeriousViolations(page, `${name} curated home`);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });

  it('takes a group off the storefront when it is unpublished', async () => {
    const entries = await api('GET', '/api/dashboard/home/entry');
    const fresh = entries.groups.find((group: Json) => group.name === 'Fresh this week');
    await api('POST', `/api/dashboard/home/entry/unpublish?id=${fresh.id}`);
    await stack.eventsDelivered();
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${stack.url}/`);
    await page.locator('[data-wheel-group]').first().waitFor();
    assert.equal(await page.locator(`[data-wheel-group="${fresh.id}"]`).count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
