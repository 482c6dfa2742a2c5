import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack, type Viewport } from '../support/browser';
import type { TestStack } from '../support/stack';
import { createReaderCatalogue, type ReaderCatalogue } from './reader-fixtures';

/** What the functions run in the page use of it (this file is type-checked without the DOM library). */
type BrowserGlobals = {
  document: { querySelectorAll<T>(selector: string): ArrayLike<T>; getAnimations(): Array<{ playState: string }> };
  localStorage: { getItem(key: string): string | null };
};

/** The focused element's name (aria-label, else text) and whether a focus indicator is drawn on it (outline or ring). */
const FOCUS_STATE = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return { name: '', ring: false };
  const style = getComputedStyle(element);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  return { name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(), ring };
})()`;

/** Storefront spec §8, quoted. */
const DENIED_BODY = 'Unfortunately you can not read this comic. Please log in to read non-free comics.';

describe('the comic reader in Chromium', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let comics: ReaderCatalogue;

  beforeAll(async () => {
    stack = await startBrowserStack();
    comics = await createReaderCatalogue(stack);
    browser = await launchChromium();
    shots = await screenshotDir('reader');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A visitor's page, cookie banner answered, with script errors collected. */
  const open = (viewport: Viewport, setup = '') => openPage(browser, viewport, { setup, deviceScaleFactor: viewport === PHONE ? 2 : 1 });

  const reader = (id: number) => `${stack.url}/reader/${id}/`;
  /** The reader announces the view it shows to screen readers: 'Page 3 of 8', 'Pages 2–3 of 6'. */
  const showing = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
  /** Every page image in the document has arrived (current, preloaded, and hidden ones) and the view has stopped moving. */
  const settled = (page: Page) =>
    page.waitForFunction(() => {
      const { document } = globalThis as unknown as BrowserGlobals;
      const images = Array.from(document.querySelectorAll<{ complete: boolean; naturalWidth: number }>('[data-page] img'));
      return images.every((img) => img.complete && img.naturalWidth > 0) && document.getAnimations().every((animation) => animation.playState !== 'running');
    });
  const shot = async (page: Page, name: string) => {
    await settled(page);
    await page.screenshot({ path: path.join(shots, `${name}.png`) });
  };
  const settings = async (page: Page, choices: string[]) => {
    await page.getByRole('button', { name: 'Reading settings' }).click();
    for (const choice of choices) await page.getByRole('radio', { name: choice, exact: true }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('group', { name: 'Reading settings' }).waitFor({ state: 'detached' });
  };
  const barsShown = (page: Page) => page.locator('header[data-shown]').count().then((count) => count === 1);
  /**
   * The bars shown and held by the pointer resting on them (they hide 3 s after showing otherwise),
   * so that an accessibility check sees them, and does not see them mid-fade.
   */
  const holdBars = async (page: Page, viewport: Viewport) => {
    for (let attempt = 1; ; attempt += 1) {
      if (!(await barsShown(page))) await page.mouse.click(viewport.width / 2, viewport.height / 2);
      try {
        await page.locator('header[data-shown] h1').hover({ timeout: 2_000 });
        if (await barsShown(page)) return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  };
  /** The accessibility gate on the reader as it is, bars shown. */
  const checkReader = async (page: Page, viewport: Viewport, label: string) => {
    await holdBars(page, viewport);
    await expectNoSeriousViolations(page, label);
  };

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`opens a free chapter anonymously and turns pages by keyboard and click in each mode on a ${name}`, async () => {
      const { page, errors } = await open(viewport);
      await page.goto(reader(comics.harbor.chapter1));
      await page.getByRole('img', { name: 'Page 1' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Chapter 1' }).waitFor();
      await showing(page, 'Page 1 of 8');
      await shot(page, `${name}-page-mode`);
      await checkReader(page, viewport, `${name} reader, page mode`);

      // Page mode: keys, then the side panel and the bottom bar's button.
      await page.keyboard.press('ArrowRight');
      await showing(page, 'Page 2 of 8');
      await page.keyboard.press('d');
      await showing(page, 'Page 3 of 8');
      await page.keyboard.press('a');
      await showing(page, 'Page 2 of 8');
      await page.mouse.click(viewport.width - 20, viewport.height / 2);
      await showing(page, 'Page 3 of 8');
      await page.mouse.click(20, viewport.height / 2);
      await showing(page, 'Page 2 of 8');
      if (viewport === DESKTOP) {
        await page.getByRole('button', { name: 'Next page' }).last().click();
        await showing(page, 'Page 3 of 8');
      }

      // Scroll mode: the page being read carries over; keys and side taps move a page at a time.
      await page.getByRole('button', { name: 'Reading settings' }).click();
      await page.getByRole('group', { name: 'Reading settings' }).waitFor();
      await expectNoSeriousViolations(page, `${name} reader, settings open`);
      await page.keyboard.press('Escape');
      await settings(page, ['Scroll']);
      await page.getByRole('img', { name: 'Page 2' }).waitFor();
      await page.keyboard.press('ArrowRight');
      await showing(page, viewport === DESKTOP ? 'Page 4 of 8' : 'Page 3 of 8');
      await page.keyboard.press('ArrowLeft');
      await showing(page, viewport === DESKTOP ? 'Page 3 of 8' : 'Page 2 of 8');
      await page.mouse.click(viewport.width - 20, viewport.height / 2);
      await showing(page, viewport === DESKTOP ? 'Page 4 of 8' : 'Page 3 of 8');
      await shot(page, `${name}-scroll-mode`);
      await checkReader(page, viewport, `${name} reader, scroll mode`);

      // Strip mode: pages side by side.
      await settings(page, ['Strip']);
      await page.keyboard.press('ArrowRight');
      await showing(page, viewport === DESKTOP ? 'Page 5 of 8' : 'Page 4 of 8');
      await page.mouse.click(20, viewport.height / 2);
      await showing(page, viewport === DESKTOP ? 'Page 4 of 8' : 'Page 3 of 8');
      await shot(page, `${name}-strip-mode`);
      await checkReader(page, viewport, `${name} reader, strip mode`);

      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('reads right to left with swapped keys, and two pages side by side where they fit', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(reader(comics.lanterns.chapter1));
    await showing(page, 'Page 1 of 6');
    // A manga opens right to left: the next page is to the left.
    await page.getByRole('button', { name: 'Reading settings' }).click();
    assert.equal(await page.getByRole('radio', { name: 'Right to left' }).isChecked(), true);
    await page.getByRole('radio', { name: 'Double page' }).check();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowLeft');
    await showing(page, 'Pages 2–3 of 6');
    const [second, third] = await Promise.all([page.getByRole('img', { name: 'Page 2' }).boundingBox(), page.getByRole('img', { name: 'Page 3' }).boundingBox()]);
    assert.ok(second && third && second.x > third.x, 'page 2 sits right of page 3');
    await shot(page, 'desktop-rtl-double-page');
    await checkReader(page, DESKTOP, 'desktop reader, double page right to left');
    await page.keyboard.press('a');
    await showing(page, 'Pages 4–5 of 6');
    await page.keyboard.press('ArrowRight');
    await showing(page, 'Pages 2–3 of 6');
    await page.mouse.click(DESKTOP.width - 20, DESKTOP.height / 2);
    await showing(page, 'Page 1 of 6');

    // Left to right again: the keys swap back.
    await settings(page, ['Left to right']);
    await page.keyboard.press('ArrowRight');
    await showing(page, 'Pages 2–3 of 6');
    const [left, right] = await Promise.all([page.getByRole('img', { name: 'Page 2' }).boundingBox(), page.getByRole('img', { name: 'Page 3' }).boundingBox()]);
    assert.ok(left && right && left.x < right.x, 'page 2 sits left of page 3');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows one page at a time on a phone held upright, whatever the setting', async () => {
    const { page } = await open(PHONE, `localStorage.setItem('readerSettings', '{"mode":"Page","doublePage":true}');`);
    await page.goto(reader(comics.lanterns.chapter1));
    await showing(page, 'Page 1 of 6');
    await page.keyboard.press('ArrowLeft');
    await showing(page, 'Page 2 of 6');
    await page.getByRole('button', { name: 'Reading settings' }).click();
    await page.getByText('Turn your screen sideways to see two pages.').waitFor();
    assert.equal(await page.getByRole('radio', { name: 'Double page' }).isDisabled(), true);
    await shot(page, 'phone-settings');
    await expectNoSeriousViolations(page, 'phone reader settings, double page unavailable');
    await page.context().close();
  });

  it('turns pages by swipe, and toggles the bars only by a tap inside the tap zone', async () => {
    // A touch screen: taps toggle the bars there, while a moving mouse brings them back (issue 26).
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
    await context.addInitScript({ content: `localStorage.setItem('cookieConsent', 'essential');` });
    const page = await context.newPage();
    await page.goto(reader(comics.harbor.chapter2));
    await showing(page, 'Page 1 of 6');
    // A drag of 40% of the width to the left turns forward; one of 10% springs back.
    const swipe = async (from: number, to: number) => {
      await page.mouse.move(from, 500);
      await page.mouse.down();
      await page.mouse.move((from + to) / 2, 500, { steps: 4 });
      await page.mouse.move(to, 500, { steps: 4 });
      await page.mouse.up();
    };
    await swipe(300, 300 - PHONE.width * 0.4);
    await showing(page, 'Page 2 of 6');
    await swipe(200, 200 + PHONE.width * 0.1);
    await showing(page, 'Page 2 of 6');
    await swipe(100, 100 + PHONE.width * 0.4);
    await showing(page, 'Page 1 of 6');

    await page.touchscreen.tap(PHONE.width / 2, PHONE.height / 2);
    const afterFirstTap = await barsShown(page);
    await page.touchscreen.tap(PHONE.width / 2, PHONE.height / 2);
    assert.equal(await barsShown(page), !afterFirstTap, 'a tap in the middle toggles the bars');
    if (await barsShown(page)) await page.touchscreen.tap(PHONE.width / 2, PHONE.height / 2);
    assert.equal(await barsShown(page), false);
    // Above 60 px and below height − 90 px a tap leaves them hidden.
    await page.touchscreen.tap(PHONE.width / 2, 30);
    await page.touchscreen.tap(PHONE.width / 2, PHONE.height - 40);
    assert.equal(await barsShown(page), false);
    await showing(page, 'Page 1 of 6');
    await page.context().close();
  });

  it('reaches the end card, continues to the next chapter, and resumes there after a reload', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(reader(comics.harbor.chapter1));
    await showing(page, 'Page 1 of 8');
    for (let turn = 1; turn < 8; turn += 1) {
      await page.keyboard.press('ArrowRight');
      await showing(page, `Page ${turn + 1} of 8`);
    }
    await page.keyboard.press('ArrowRight');
    const endCard = page.getByRole('dialog', { name: 'Harbor Lights: Chapter 1' });
    await endCard.waitFor();
    const suggestions = endCard.getByRole('region', { name: 'You might also like' });
    await suggestions.waitFor();
    assert.equal(await suggestions.getByRole('link').count(), 3);
    await shot(page, 'desktop-end-card');
    await expectNoSeriousViolations(page, 'desktop reader end card');

    // Back from the end card hides it; forward shows it again.
    await page.keyboard.press('ArrowLeft');
    await endCard.waitFor({ state: 'detached' });
    await showing(page, 'Page 8 of 8');
    await page.keyboard.press('ArrowRight');
    // Leaving the chapter reports how long each page was read.
    const report = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/account/instrumentation'));
    await endCard.getByRole('button', { name: /Continue to Chapter 2/ }).click();
    const sent = await report;
    const body = sent.postDataJSON() as { comicId: string; mode: string; platform: string; pageSessions: Array<{ pageNumber: number; start: string; end: string }> };
    assert.deepEqual([body.comicId, body.mode, body.platform], [String(comics.harbor.chapter1), 'Page', 'Web']);
    assert.deepEqual([...new Set(body.pageSessions.map((session) => session.pageNumber))].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal((await sent.response())?.status(), 200);
    await page.waitForURL(reader(comics.harbor.chapter2));
    await page.getByRole('heading', { level: 1, name: 'Chapter 2' }).waitFor();
    await showing(page, 'Page 1 of 6');

    // Progress is kept as the visitor reads, and the reader opens there again.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await showing(page, 'Page 3 of 6');
    await page.waitForFunction(
      (id) => (JSON.parse((globalThis as unknown as BrowserGlobals).localStorage.getItem('readingProgress') ?? '{}') as Record<string, { page: number }>)[id]?.page === 2,
      String(comics.harbor.chapter2),
    );
    await page.reload();
    await showing(page, 'Page 3 of 6');
    await page.getByRole('img', { name: 'Page 3' }).waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  for (const mode of ['Scroll', 'Strip'] as const) {
    it(`goes on to the next chapter from the last page in ${mode} mode`, async () => {
      const { page } = await open(PHONE, `localStorage.setItem('readerSettings', '{"mode":"${mode}","doublePage":false}');`);
      await page.goto(reader(comics.harbor.chapter1));
      await showing(page, 'Page 1 of 8');
      await page.getByRole('button', { name: 'Reading settings' }).waitFor();
      if (!(await barsShown(page))) await page.mouse.click(PHONE.width / 2, PHONE.height / 2);
      await page.getByLabel('Page', { exact: true }).selectOption({ label: 'Page 8' });
      await showing(page, 'Page 8 of 8');
      if (mode === 'Strip') {
        await page.getByRole('button', { name: 'Continue to Chapter 2' }).click();
      } else {
        await page.keyboard.press('ArrowRight');
      }
      await page.waitForURL(reader(comics.harbor.chapter2));
      await showing(page, 'Page 1 of 6');
      await page.context().close();
    });
  }

  it('shows the end card after the last chapter in Scroll mode on a phone', async () => {
    const { page } = await open(PHONE, `localStorage.setItem('readerSettings', '{"mode":"Scroll","doublePage":false}');`);
    await page.goto(reader(comics.lanterns.chapter2));
    await showing(page, 'Page 1 of 4');
    await page.getByRole('button', { name: 'Finish' }).scrollIntoViewIfNeeded();
    await showing(page, 'Page 4 of 4');
    await page.keyboard.press('ArrowLeft');
    const endCard = page.getByRole('dialog', { name: 'Paper Lanterns: Chapter 2' });
    await endCard.getByRole('region', { name: 'You might also like' }).waitFor();
    await shot(page, 'phone-end-card');
    await expectNoSeriousViolations(page, 'phone reader end card');
    await page.context().close();
  });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`shows 'Unable to open comic' for a chapter that is not free on a ${name}`, async () => {
      const { page, errors } = await open(viewport);
      await page.goto(reader(comics.harbor.chapter3));
      const modal = page.getByRole('alertdialog', { name: 'Unable to open comic' });
      await modal.waitFor();
      await modal.getByText(DENIED_BODY, { exact: true }).waitFor();
      await modal.getByRole('button', { name: 'Log in' }).waitFor();
      await page.screenshot({ path: path.join(shots, `${name}-unable-to-open.png`) });
      await expectNoSeriousViolations(page, `${name} reader, unable to open`);
      await modal.getByRole('link', { name: 'See the comic' }).click();
      await page.waitForURL(`${stack.url}/product/${comics.harbor.chapter3}/`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('opens a volume by its series address, and adds the trailing slash', async () => {
    const { page } = await open(DESKTOP);
    await page.goto(`${stack.url}/reader/${comics.harbor.readableUrl}/volume-1`);
    await page.waitForURL(`${stack.url}/reader/${comics.harbor.readableUrl}/volume-1/`);
    await page.getByRole('heading', { level: 1, name: 'Volume 1' }).waitFor();
    await showing(page, 'Page 1 of 5');
    await page.goto(`${stack.url}/reader/${comics.harbor.readableUrl}/volume-9/`);
    await page.getByRole('heading', { level: 1, name: 'We couldn’t find this comic' }).waitFor();
    await expectNoSeriousViolations(page, 'desktop reader, comic not found');
    await page.context().close();
  });

  it('closes with Escape, back to where the reader was opened from', async () => {
    const { page } = await open(DESKTOP);
    await page.goto(`${stack.url}/product/${comics.harbor.chapter1}/`);
    await page.getByRole('link', { name: 'Read free', exact: true }).click();
    await page.waitForURL(reader(comics.harbor.chapter1));
    await showing(page, 'Page 1 of 8');
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/product\/[^/]+\/$/);
    await page.context().close();
  });
  it('reads by keyboard only: arrows turn pages, Tab reaches the controls with a visible focus, Escape closes the menu and then the reader', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(`${stack.url}/product/${comics.harbor.chapter1}/`);
    const readFree = page.getByRole('link', { name: 'Read free', exact: true });
    await readFree.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(reader(comics.harbor.chapter1));
    await showing(page, 'Page 1 of 8');
    await page.keyboard.press('ArrowRight');
    await showing(page, 'Page 2 of 8');
    await page.keyboard.press('ArrowRight');
    await showing(page, 'Page 3 of 8');
    await page.keyboard.press('ArrowLeft');
    await showing(page, 'Page 2 of 8');

    // Tab walks the controls; each one shows where focus is, and the bars come up for it.
    const reached: string[] = [];
    for (let presses = 0; !reached.includes('Reading settings'); presses += 1) {
      assert.ok(presses < 20, `Reading settings is reached within 20 Tabs (reached ${reached.join(', ')})`);
      await page.keyboard.press('Tab');
      const focus = await page.evaluate<{ name: string; ring: boolean }>(FOCUS_STATE);
      if (focus.name === '') continue;
      assert.ok(focus.ring, `focus on “${focus.name}” is visible`);
      reached.push(focus.name);
    }
    assert.ok(reached.includes('Close reader'), `Close reader is on the way (${reached.join(', ')})`);
    assert.equal(await barsShown(page), true, 'the bars show while a control in them has focus');
    await page.screenshot({ path: path.join(shots, 'desktop-keyboard-focus.png') });

    // The settings menu opens from the keyboard, takes a choice by keyboard, and Escape closes it back onto its button.
    await page.keyboard.press('Enter');
    const menu = page.getByRole('group', { name: 'Reading settings' });
    await menu.waitFor();
    for (let presses = 0; !(await page.getByRole('radio', { name: 'Scroll', exact: true }).evaluate((radio) => radio === radio.ownerDocument.activeElement)); presses += 1) {
      assert.ok(presses < 10, 'the Scroll choice is reached by Tab and arrows');
      await page.keyboard.press((await menu.evaluate((group) => group.contains(group.ownerDocument.activeElement))) ? 'ArrowRight' : 'Tab');
    }
    assert.equal(await page.getByRole('radio', { name: 'Scroll', exact: true }).isChecked(), true, 'arrowing onto a choice picks it');
    await expectNoSeriousViolations(page, 'desktop reader settings, chosen by keyboard');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    assert.equal((await page.evaluate<{ name: string; ring: boolean }>(FOCUS_STATE)).name, 'Reading settings', 'focus is back on the settings button');
    assert.equal(page.url(), reader(comics.harbor.chapter1), 'the first Escape only closes the menu');

    // With the menu closed, Escape leaves the reader for the page it was opened from.
    await page.keyboard.press('Escape');
    await page.waitForURL(`${stack.url}/product/${comics.harbor.chapter1}/`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
