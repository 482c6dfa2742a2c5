/**
 * Screenshots of the built storefront and dashboard in a real Chromium, for looking at layouts on a
 * phone and a desktop.
 *
 *   npx tsx test/browser/shots.ts [baseUrl]          (default http://localhost:8080)
 *
 * Pages are shot as a returning visitor (cookie banner already answered); `/` is also shot as a
 * first visit, with the banner. Set SHOTS_ACCESS_TOKEN to shoot signed in (stored the way the
 * storefront stores it; files get a -signed-in suffix). Output: test-results/screens/<viewport>-<page>.png
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchChromium, PHONE } from '../support/chromium';

const VIEWPORTS = [
  { name: 'phone', ...PHONE },
  { name: 'desktop', ...DESKTOP },
] as const;

const PAGES = ['/', '/browse', '/library', '/dashboard/'] as const;

const OUT_DIR = path.resolve('test-results/screens');
/** Loading states (skeletons, spinners) carry role=status; wait this long for them to settle. */
const SETTLE_TIMEOUT_MS = 15_000;

function slug(pagePath: string): string {
  const trimmed = pagePath.replace(/^\/+|\/+$/g, '').replace(/\//g, '-');
  return trimmed || 'home';
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    // A string, not a function: this file is type-checked without the DOM library.
    .waitForFunction(`document.querySelector('[role="status"]') === null`, undefined, { timeout: SETTLE_TIMEOUT_MS })
    .catch(() => console.warn(`  still loading after ${SETTLE_TIMEOUT_MS} ms: ${page.url()}`));
}

async function shoot(browser: Browser, baseUrl: string, viewport: (typeof VIEWPORTS)[number], pagePath: string, firstVisit: boolean) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.name === 'phone' ? 2 : 1,
  });
  const accessToken = process.env.SHOTS_ACCESS_TOKEN;
  const setup = [
    firstVisit ? '' : `localStorage.setItem('cookieConsent', 'essential');`,
    accessToken ? `localStorage.setItem('accessToken', ${JSON.stringify(accessToken)});` : '',
  ].join('\n');
  await context.addInitScript({ content: setup });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error on ${pagePath}: ${error.message}`));
  try {
    const response = await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'load' });
    await settle(page);
    const suffix = `${firstVisit ? '-first-visit' : ''}${accessToken ? '-signed-in' : ''}`;
    const file = path.join(OUT_DIR, `${viewport.name}-${slug(pagePath)}${suffix}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`${response?.status() ?? '???'} ${pagePath} @ ${viewport.width}x${viewport.height} -> ${path.relative(process.cwd(), file)}`);
  } finally {
    await context.close();
  }
}

async function main() {
  const baseUrl = process.argv[2] ?? 'http://localhost:8080';
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const viewport of VIEWPORTS) {
      await shoot(browser, baseUrl, viewport, '/', true);
      for (const pagePath of PAGES) await shoot(browser, baseUrl, viewport, pagePath, false);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
