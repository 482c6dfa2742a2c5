import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { renderDemoArt, seedDemoCatalogue } from '@inkwell/demo';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DEMO_ART, DESKTOP, launchChromium, mainOf, openPage, PHONE, screenshotDir, startBrowserStack } from '../support/browser';
import type { TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const STOP_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or', 'the', 'to', 'with']);
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Letters dropped, added, replaced or swapped (optimal string alignment), to judge "shares a word, allowing typos". */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/**
 * Issue 26, what a first-time shopper stumbled on in search, browse and the home page, on a phone
 * and a desktop with the accessibility gate: search says it shows the top 20 and links to browse
 * with the term for the rest, lists a series' volumes in order, shows no title that shares no word
 * with the query, and shows format and price; browse lists volumes with filters read from the
 * address (a drawer on the phone); the home hero shows its cover on a phone; no copy promises
 * "over 500 series".
 */
describe('search, browse volumes and the home page in Chromium (demo catalogue)', { skip: skipBecause(browserSuiteSkip('web')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  /** The demo series with the most volumes and chapters: a search for its title fills the top 20. */
  let big: { title: string; volumeCount: number; chapterCount: number };

  const api = async (url: string): Promise<{ response: Json; status: Json }> => {
    const response = await fetch(stack.url + url);
    assert.equal(response.status, 200, url);
    return (await response.json()) as { response: Json; status: Json };
  };

  beforeAll(async () => {
    stack = await startBrowserStack();
    await seedDemoCatalogue(stack.service('catalog').context);
    // The covers and banners, drawn: the home hero is judged by what a shopper sees.
    await renderDemoArt(stack.service('catalog').context, DEMO_ART);
    await stack.eventsDelivered();
    browser = await launchChromium();
    shots = await screenshotDir('search-browse');
    const series = (await api('/api/discover/v2?includeSeries=true&count=100')).response as Json[];
    big = series.sort((a, b) => b.volumeCount + b.chapterCount - (a.volumeCount + a.chapterCount))[0];
    assert.ok(big && big.volumeCount >= 3, 'the demo catalogue has a series with volumes');
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
  const viewports = [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const;

  it('search: top 20 with a link to browse by the term, volumes in order, no unrelated titles, format and price shown', async () => {
    for (const [name, viewport] of viewports) {
      const { page, errors } = await openPage(browser, viewport);
      // "feeed the dragon": a typo in the first word and a stop word.
      const words = wordsOf(big.title).filter((word) => !STOP_WORDS.has(word));
      const typo = words[0]!.length >= 4 ? words[0]!.slice(0, 2) + words[0]![2] + words[0]!.slice(2) : words[0]!;
      const query = ['the', typo, ...words.slice(1)].join(' ');
      await page.goto(`${stack.url}/search/?query=${encodeURIComponent(query)}`);
      const main = mainOf(page);
      const status = main.getByRole('status').filter({ hasText: /results? for/ });
      await status.waitFor();
      const cards = main.getByRole('link').filter({ has: page.getByRole('heading', { level: 3 }) });
      const titles = await cards.getByRole('heading', { level: 3 }).allInnerTexts();
      assert.ok(titles.length > 0, 'the search finds the series');
      // Every result shares a word with the query, allowing typing mistakes; "the" alone finds nothing.
      const queryWords = wordsOf(query).filter((word) => !STOP_WORDS.has(word));
      for (const title of titles)
        assert.ok(
          wordsOf(title).some((word) => queryWords.some((typed) => distance(word, typed) <= (typed.length >= 6 ? 2 : 1) || word.startsWith(typed))),
          `"${title}" shares no word with "${query}" (${name})`,
        );
      // The series' volumes, in order.
      const volumeNumbers = titles.filter((title) => title.startsWith(`${big.title}, Vol. `)).map((title) => Number(title.split(' ').at(-1)));
      assert.deepEqual(volumeNumbers, [...volumeNumbers].sort((a, b) => a - b), `volumes in order (${name}): ${volumeNumbers.join(', ')}`);
      const chapterNumbers = titles.filter((title) => title.startsWith(`${big.title}, Chapter `)).map((title) => Number(title.split(' ').at(-1)));
      assert.deepEqual(chapterNumbers, [...chapterNumbers].sort((a, b) => a - b), `chapters in order (${name}): ${chapterNumbers.join(', ')}`);
      // Top 20, and the way to the rest: browse filtered by the term.
      if (titles.length >= 20) {
        assert.equal((await status.innerText()).trim(), `Top 20 results for “${query}”`);
        const link = main.getByRole('link', { name: `See everything matching “${query}” in Browse` });
        assert.match((await link.getAttribute('href')) ?? '', /^\/browse\/\?q=.+&is=false$/);
      }
      // Format and price on each volume; human labels, never a code.
      const volumeCard = cards.filter({ hasText: `${big.title}, Vol. ` }).first();
      const text = await volumeCard.innerText();
      assert.match(text, /(Digital|Print) (\$\d+\.\d\d|Free)/, `format and price on a volume card (${name}): ${text}`);
      const mainText = await main.innerText();
      assert.doesNotMatch(mainText, /BoxSet|ScheduledPreOrder|SingleIssue|OneShot/);
      await expectNoSeriousViolations(page, `${name} search`);
      await shot(page, `${name}-search`);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });

  it('search to browse: the link under a top-20 list lists every matching volume, typo and all', async () => {
    const { page } = await openPage(browser, DESKTOP);
    const words = wordsOf(big.title).filter((word) => !STOP_WORDS.has(word));
    const typo = words[0]!.length >= 4 ? words[0]!.slice(0, 2) + words[0]![2] + words[0]!.slice(2) : words[0]!;
    const query = ['the', typo, ...words.slice(1)].join(' ');
    await page.goto(`${stack.url}/search/?query=${encodeURIComponent(query)}`);
    const main = mainOf(page);
    const link = main.getByRole('link', { name: `See everything matching “${query}” in Browse` });
    await link.click();
    await main.getByRole('heading', { level: 1, name: `Volumes matching “${query}”` }).waitFor();
    const expected = await api(`/api/discover/v2?seriesTitleSearchTerm=${encodeURIComponent(query)}&count=1`);
    assert.ok(expected.status.fullCount >= big.volumeCount + big.chapterCount, `browse finds the series' ${big.volumeCount + big.chapterCount} items`);
    await main.getByText(new RegExp(`Showing \\d+ of ${expected.status.fullCount}$`)).waitFor();
    await main.getByRole('heading', { level: 3, name: big.title }).first().waitFor();
    assert.equal(await main.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Volumes' }).getAttribute('aria-current'), 'page');
    await expectNoSeriousViolations(page, 'desktop browse by term');
    await shot(page, 'desktop-browse-term');
    await page.context().close();
  });

  it('browse volumes: filters from the address, changed with the keyboard, a drawer on the phone', async () => {
    const printCount = (await api('/api/discover/v2?distributionType=Print&count=1')).status.fullCount as number;
    const printTeen = (await api('/api/discover/v2?distributionType=Print&ageRatings=t&count=1')).status.fullCount as number;
    assert.ok(printCount > printTeen, 'the demo has print volumes of several ratings');
    for (const [name, viewport] of viewports) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${stack.url}/browse/?is=false&format=Print`);
      const main = mainOf(page);
      await main.getByText(new RegExp(`Showing \\d+ of ${printCount}$`)).waitFor();
      if (name === 'desktop') {
        const format = main.getByLabel('Format');
        assert.equal(await format.inputValue(), 'Print');
        // The keyboard alone: Tab to the rating "Teen 15+" and tick it with Space.
        const teen = main.getByRole('checkbox', { name: 'Teen 15+' });
        await teen.focus();
        await page.keyboard.press('Space');
        await page.waitForURL(/rating=t/);
        await main.getByText(new RegExp(`Showing \\d+ of ${printTeen}$`)).waitFor();
        await expectNoSeriousViolations(page, 'desktop browse volumes filtered');
        await shot(page, 'desktop-browse-volumes');
      } else {
        await main.getByRole('button', { name: 'Filters (1)' }).click();
        const drawer = page.getByRole('dialog', { name: 'Filters' });
        await drawer.waitFor();
        assert.equal(await drawer.getByLabel('Format').inputValue(), 'Print');
        await drawer.getByRole('checkbox', { name: 'Teen 15+' }).check();
        await page.waitForURL(/rating=t/);
        await drawer.getByRole('button', { name: `Show ${printTeen} ${printTeen === 1 ? 'result' : 'results'}` }).waitFor();
        await expectNoSeriousViolations(page, 'phone browse filter drawer');
        await shot(page, 'phone-browse-drawer', false);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        await main.getByText(new RegExp(`Showing \\d+ of ${printTeen}$`)).waitFor();
        await shot(page, 'phone-browse-volumes');
      }
      // The address keeps the filters: opened afresh it shows the same list.
      const url = page.url();
      const again = await openPage(browser, viewport);
      await again.page.goto(url);
      await mainOf(again.page).getByText(new RegExp(`Showing \\d+ of ${printTeen}$`)).waitFor();
      await again.page.context().close();
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });

  it('browse: a filter that matches nothing says so and offers to clear the filters', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(`${stack.url}/browse/?is=false&q=zzzqxnothing`);
    const main = mainOf(page);
    await main.getByRole('heading', { name: 'Nothing matches “zzzqxnothing” with these filters' }).waitFor();
    await main.getByRole('link', { name: 'Search for “zzzqxnothing”' }).waitFor();
    await expectNoSeriousViolations(page, 'desktop browse nothing found');
    await page.context().close();
  });

  it('home: the first hero slide shows its cover on a phone, and no copy promises "over 500 series"', async () => {
    for (const [name, viewport] of viewports) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${stack.url}/`);
      const hero = page.locator('section[aria-roledescription="carousel"]').first();
      await hero.waitFor();
      const slide = hero.locator('[aria-roledescription="slide"]:not([inert])');
      // A cover in the first screen: an image drawn (loaded) at a useful size inside the viewport.
      const covers = slide.locator('img');
      await covers.first().waitFor();
      const visible = await covers.evaluateAll(
        (images, height) =>
          images.some((image: Json) => {
            const box = image.getBoundingClientRect();
            const style = image.ownerDocument.defaultView.getComputedStyle(image);
            return image.complete && image.naturalWidth > 0 && style.visibility !== 'hidden' && style.display !== 'none' && box.width >= 120 && box.height >= 160 && box.top < height && box.bottom > 0;
          }),
        viewport.height,
      );
      assert.ok(visible, `a cover is visible in the first hero slide (${name})`);
      await expectNoSeriousViolations(page, `${name} home`);
      await shot(page, `${name}-home-hero`, false);
      for (const route of ['/', '/account-benefits/']) {
        await page.goto(`${stack.url}${route}`);
        await mainOf(page).waitFor();
        await page.waitForLoadState('networkidle');
        const text = await page.locator('body').innerText();
        assert.doesNotMatch(text, /\b500\b/, `${route} (${name}) promises a number it cannot keep`);
        const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
        assert.doesNotMatch(description, /\b500\b/);
      }
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });
});
