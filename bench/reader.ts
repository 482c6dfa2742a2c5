/**
 * Reader first-screen benchmark in Chromium: time from navigation to the first comic page painted
 * at /reader/{id}/ and the bytes transferred for that first screen, on the demo catalogue, on a
 * desktop and a phone screen, each run in a fresh browser context (nothing cached). The baseline,
 * measured in the same run through the same gateway, is a static file (/favicon.svg) opened the same
 * way; times are printed as ratios against it. The store runs in its own process.
 *
 *   npm run build && npx tsx bench/reader.ts [--runs 10] [--data DIR]
 *
 * `--data DIR` keeps the store's data (demo art, drawn pages) in DIR between runs.
 *
 * Targets (issue 5): first page painted within 500 ms locally; first screen under 300 KB.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/support/chromium';
import { saveResults } from './support/outcome';
import { startStore } from './support/start-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 10);
const keptData = option('data') ? path.resolve(option('data')!) : undefined;
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, deviceScaleFactor: 1 },
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 3 },
] as const;
const TARGET = { firstPageMs: 500, firstScreenBytes: 300 * 1024 };

/** What the pages report (this file is type-checked without the DOM library). */
type PageGlobals = {
  performance: { getEntriesByType(type: string): Array<{ name: string; entryType: string; transferSize: number; responseEnd: number }> };
};

/** How the probe reports: a console message carries no code into the page while it loads. */
const PAINTED_MESSAGE = 'inkwell-bench: first page painted at ';

/**
 * Runs in every page before its own scripts: notes the time of the first frame drawn after the
 * current page's image (the one the reader fetches first) has arrived. It reports by a console
 * message rather than being polled: polling (waitForFunction) compiles Playwright's own script in
 * the page while it loads, 15–75 ms of its main thread in traces, which no visitor's page spends.
 */
const FIRST_PAGE_PROBE = `(() => {
  const watch = () => {
    const image = document.querySelector('[data-page] img[fetchpriority="high"]');
    if (image && image.complete && image.naturalWidth > 0) requestAnimationFrame(() => console.debug('${PAINTED_MESSAGE}' + performance.now()));
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();`;

interface Sample {
  ms: number;
  /** Bytes of what had arrived by the time the first page was painted (document, code, styles, API answers, images). */
  firstScreenBytes: number;
  /** Of those, the app's document, scripts and styles; the rest is API answers and page images. */
  appCodeBytes: number;
  /** Everything fetched once the page settled, the preloaded pages included. */
  settledBytes: number;
}

async function measure(browser: Browser, url: string, viewport: (typeof VIEWPORTS)[number], paintedWhen: 'firstPage' | 'load'): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor });
  await context.addInitScript({ content: `localStorage.setItem('cookieConsent', 'essential');${paintedWhen === 'firstPage' ? FIRST_PAGE_PROBE : ''}` });
  const page = await context.newPage();
  try {
    const painted = paintedWhen === 'firstPage' ? page.waitForEvent('console', { predicate: (message) => message.text().startsWith(PAINTED_MESSAGE) }) : undefined;
    await page.goto(url, { waitUntil: paintedWhen === 'load' ? 'load' : 'commit' });
    const ms = painted
      ? Number((await painted).text().slice(PAINTED_MESSAGE.length))
      : await page.evaluate(() => (globalThis as unknown as { performance: { getEntriesByType(type: string): Array<{ loadEventEnd: number }> } }).performance.getEntriesByType('navigation')[0]!.loadEventEnd);
    const bytesUntil = (until: number, onlyAppCode = false) =>
      page.evaluate(
        ([limit, codeOnly]) => {
          const { performance } = globalThis as unknown as PageGlobals;
          const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
          // No named helpers in here: the function is sent to the page as source, without the build's helpers.
          return entries
            .filter((entry) => entry.responseEnd <= limit && (!codeOnly || entry.entryType === 'navigation' || new URL(entry.name).pathname.startsWith('/assets/')))
            .reduce((sum, entry) => sum + entry.transferSize, 0);
        },
        [until, onlyAppCode] as const,
      );
    // Counted once the page has settled: a resource's timing entry is listed only once the page
    // has taken its body in, which may be well after the response ended while its main thread is busy.
    await page.waitForLoadState('networkidle');
    const firstScreenBytes = await bytesUntil(ms);
    const appCodeBytes = await bytesUntil(ms, true);
    const settledBytes = await bytesUntil(Number.MAX_SAFE_INTEGER);
    return { ms, firstScreenBytes, appCodeBytes, settledBytes };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.9) - 1)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

if (!existsSync(path.join(here, '../web/dist/index.html'))) throw new Error('The storefront is not built: run npm run build first.');
const dataDir = keptData ?? (await mkdtemp(path.join(os.tmpdir(), 'inkwell-bench-')));
await mkdir(dataDir, { recursive: true });
let store: ChildProcess | undefined;
let browser: Browser | undefined;
try {
  console.log('Starting the store with the demo catalogue (the first start renders the demo art; this takes a while) ...');
  const started = await startStore(dataDir);
  store = started.child;
  const { url } = started;
  const free = (await (await fetch(`${url}/api/discover/v2?subCategory=Chapter&isFree=true&sort=7&count=1`)).json()) as { response: Array<{ id: number; name: string }> };
  const comic = free.response[0];
  if (!comic) throw new Error('The demo catalogue has no free chapter to read.');
  const readerUrl = `${url}/reader/${comic.id}/`;
  const staticUrl = `${url}/favicon.svg`;
  browser = await launchChromium();

  // Demo pages are drawn on first read: one visit per screen first, so the runs time reading, not drawing.
  for (const viewport of VIEWPORTS) await measure(browser, readerUrl, viewport, 'firstPage');

  const rows: Array<{ what: string; viewport: string; samples: Sample[] }> = [];
  for (const viewport of VIEWPORTS) {
    const baseline: Sample[] = [];
    const reader: Sample[] = [];
    // Interleaved, so a slow moment of the machine weighs on both alike.
    for (let run = 0; run < RUNS; run += 1) {
      baseline.push(await measure(browser, staticUrl, viewport, 'load'));
      reader.push(await measure(browser, readerUrl, viewport, 'firstPage'));
    }
    rows.push({ what: 'static file /favicon.svg, loaded (baseline)', viewport: viewport.name, samples: baseline }, { what: `reader, first page painted (${comic.name})`, viewport: viewport.name, samples: reader });
  }

  console.log(`\n${RUNS} runs per row in fresh browser contexts, ${os.cpus().length} cores; ratio = median time over the baseline of the same screen\n`);
  console.log('| what | screen | median ms | p90 ms | ratio | first screen | of which app code | settled (with preloads) |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  const verdicts: Array<[string, boolean]> = [];
  for (let index = 0; index < rows.length; index += 2) {
    const [base, read] = [rows[index]!, rows[index + 1]!];
    const baseMs = median(base.samples.map((sample) => sample.ms));
    for (const row of [base, read]) {
      const ms = median(row.samples.map((sample) => sample.ms));
      console.log(
        `| ${row.what} | ${row.viewport} | ${ms.toFixed(0)} | ${percentile90(row.samples.map((sample) => sample.ms)).toFixed(0)} | ${(ms / baseMs).toFixed(2)} | ${kb(median(row.samples.map((sample) => sample.firstScreenBytes)))} | ${kb(median(row.samples.map((sample) => sample.appCodeBytes)))} | ${kb(median(row.samples.map((sample) => sample.settledBytes)))} |`,
      );
    }
    const readMs = median(read.samples.map((sample) => sample.ms));
    const readBytes = median(read.samples.map((sample) => sample.firstScreenBytes));
    verdicts.push([`${read.viewport}: first page painted within ${TARGET.firstPageMs} ms (median ${readMs.toFixed(0)} ms)`, readMs <= TARGET.firstPageMs]);
    verdicts.push([`${read.viewport}: first screen under ${kb(TARGET.firstScreenBytes)} (median ${kb(readBytes)})`, readBytes < TARGET.firstScreenBytes]);
  }
  console.log('');
  for (const [target, met] of verdicts) console.log(`${met ? 'met    ' : 'NOT MET'}  ${target}`);
  await saveResults('reader', { runs: RUNS, comic, rows });
} finally {
  await browser?.close();
  store?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  if (!keptData) await rm(dataDir, { recursive: true, force: true });
}
