/**
 * The storefront home with what staff curate (issue 22): a curated wheel (a Banner hero and a
 * Thumbnail row, each with enough items for every age bucket), the message bar and six carousels,
 * as the demo seeds them through the catalog's store functions (demo/src/seed.ts, createHomePage).
 * Measures the home's web vitals in Chromium the way bench/web-vitals.ts does — phone and desktop,
 * cold (fresh context) and warm (second visit), LCP, CLS, TBT and first-screen JS/CSS gzip, next to
 * a static page's LCP measured in the same run — and prints them against the web-vitals targets.
 *
 *   npm run build && npx tsx bench/support/curated-home.ts [--runs 3]
 *   (or from bench/merchandising.ts: `await measureCuratedHome({ runs })`)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../test/support/chromium';
import { VITALS_TARGETS } from '../../test/support/web-vitals';
import { startStore } from './start-store';
import { kb, measureRuns, median, newContext, SCREENS, startStaticPage, visit } from './vitals-runs';

/** What the curated home must hold for the measurement to mean what it says. */
export const CURATED_HOME_NEEDS = { wheelGroups: 1, carousels: 6 } as const;

export interface CuratedHomeRow {
  screen: string;
  cache: 'cold' | 'warm';
  lcpMs: number;
  baselineLcpMs: number;
  cls: number;
  tbtMs: number;
  jsGzip: number;
  cssGzip: number;
  lcpElement: string;
  /** The worst run's largest layout shift: its value and what moved. */
  largestShift: string;
  met: boolean;
}

export interface CuratedHomeResult {
  /** What the home served: wheel groups with their slide counts, carousels, top type, whether the message bar is on. */
  content: { wheel: Array<{ name: string; type: string; slides: number }>; carousels: number; topType: string | undefined; messaging: boolean; htmlComponents: number };
  rows: CuratedHomeRow[];
  /** Each target with whether every row met it. */
  verdicts: Array<[target: string, met: boolean]>;
}

/** What the storefront home serves, checked against what the measurement needs. */
async function curatedContent(url: string): Promise<CuratedHomeResult['content']> {
  const response = await fetch(`${url}/api/home/V2`);
  if (!response.ok) throw new Error(`/api/home/V2 answered ${response.status}`);
  const home = ((await response.json()) as { response: { wheel?: Array<{ name: string; type: string; slides: unknown[] }>; carousels: unknown[]; topType?: string; messaging?: unknown; htmlComponents?: unknown[] } }).response;
  const content = {
    wheel: (home.wheel ?? []).map((group) => ({ name: group.name, type: group.type, slides: group.slides.length })),
    carousels: home.carousels.length,
    topType: home.topType,
    messaging: Boolean(home.messaging),
    htmlComponents: home.htmlComponents?.length ?? 0,
  };
  if (content.wheel.length < CURATED_HOME_NEEDS.wheelGroups || content.carousels < CURATED_HOME_NEEDS.carousels) {
    throw new Error(`The home is not curated enough to measure: ${content.wheel.length} wheel groups (needs ${CURATED_HOME_NEEDS.wheelGroups}), ${content.carousels} carousels (needs ${CURATED_HOME_NEEDS.carousels}).`);
  }
  return content;
}

/**
 * Measures the curated storefront home. With `url`, against that running store (its home must be
 * curated: at least one wheel group and six carousels); without, on a store of its own started with
 * the demo data (which seeds them), stopped afterwards. Prints its table and verdicts.
 */
export async function measureCuratedHome({ url, runs = 3 }: { url?: string; runs?: number } = {}): Promise<CuratedHomeResult> {
  let dataDir: string | undefined;
  let store: Awaited<ReturnType<typeof startStore>> | undefined;
  let browser: Browser | undefined;
  let staticPage: Awaited<ReturnType<typeof startStaticPage>> | undefined;
  try {
    let base = url;
    if (!base) {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-curated-home-'));
      console.log('Starting the store with the demo catalogue and its curated home (the first start renders the demo art) ...');
      store = await startStore(dataDir);
      base = store.url;
    }
    const content = await curatedContent(base);
    staticPage = await startStaticPage();
    browser = await launchChromium();
    // Art is drawn on first request: one visit first, so the runs time the page, not the drawing.
    const warmUp = await newContext(browser, SCREENS[0]);
    await visit(warmUp, `${base}/`).catch(() => undefined);
    await warmUp.close();

    const rows: CuratedHomeRow[] = [];
    for (const screen of SCREENS) {
      const baseline = await measureRuns(browser, staticPage.url, screen, runs);
      const home = await measureRuns(browser, `${base}/`, screen, runs);
      for (const cache of ['cold', 'warm'] as const) {
        const samples = home[cache];
        const lcpMs = median(samples.map((sample) => sample.vitals.lcpMs));
        const cls = Math.max(...samples.map((sample) => sample.vitals.cls));
        const jsGzip = median(samples.map((sample) => sample.jsGzip));
        const worst = samples.reduce((a, b) => (b.vitals.cls > a.vitals.cls ? b : a));
        rows.push({
          screen: screen.name,
          cache,
          lcpMs,
          baselineLcpMs: median(baseline[cache].map((sample) => sample.vitals.lcpMs)),
          cls,
          tbtMs: median(samples.map((sample) => sample.vitals.tbtMs)),
          jsGzip,
          cssGzip: median(samples.map((sample) => sample.cssGzip)),
          lcpElement: worst.vitals.lcpElement,
          largestShift: (() => {
            const shift = [...worst.vitals.shifts].sort((a, b) => b.value - a.value)[0];
            return shift ? `${shift.value.toFixed(3)}: ${shift.moved.join(', ')}` : '';
          })(),
          met: cls <= VITALS_TARGETS.cls && lcpMs <= VITALS_TARGETS.lcpMs && jsGzip <= VITALS_TARGETS.firstScreenJsGzipBytes,
        });
      }
    }

    console.log(`\nStorefront home, curated: ${content.wheel.map((group) => `${group.name} (${group.type}, ${group.slides} slides)`).join(', ')}; top ${content.topType}; message bar ${content.messaging ? 'on' : 'off'}; ${content.htmlComponents} HTML components; ${content.carousels} carousels.`);
    console.log(`${runs} runs per row, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}. LCP and TBT are medians, CLS the worst run; JS/CSS = gzip KB of the first screen; LCP ratio against a static page in the same run.\n`);
    console.log('| screen | cache | LCP ms | LCP ratio | CLS (worst) | TBT ms | JS KB | CSS KB | verdict | largest paint / largest shift |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---|---|');
    for (const row of rows) {
      console.log(`| ${row.screen} | ${row.cache} | ${row.lcpMs.toFixed(0)} | ${(row.lcpMs / row.baselineLcpMs).toFixed(2)} | ${row.cls.toFixed(3)} | ${row.tbtMs.toFixed(0)} | ${kb(row.jsGzip)} | ${kb(row.cssGzip)} | ${row.met ? 'met' : 'NOT MET'} | ${row.lcpElement}${row.largestShift ? ` / ${row.largestShift}` : ''} |`);
    }
    const verdicts: Array<[string, boolean]> = [
      [`curated home CLS ≤ ${VITALS_TARGETS.cls} (phone and desktop, cold and warm)`, rows.every((row) => row.cls <= VITALS_TARGETS.cls)],
      [`curated home LCP ≤ ${VITALS_TARGETS.lcpMs} ms`, rows.every((row) => row.lcpMs <= VITALS_TARGETS.lcpMs)],
      [`curated home first-screen JS ≤ ${VITALS_TARGETS.firstScreenJsGzipBytes / 1024} KB gzip`, rows.every((row) => row.jsGzip <= VITALS_TARGETS.firstScreenJsGzipBytes)],
    ];
    console.log('');
    for (const [target, met] of verdicts) console.log(`${met ? 'met    ' : 'NOT MET'}  ${target}`);
    return { content, rows, verdicts };
  } finally {
    await browser?.close();
    staticPage?.server.close();
    if (store) {
      store.child.kill('SIGTERM');
      await new Promise((resolve) => store!.child.once('exit', resolve));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

// Run on its own: npx tsx bench/support/curated-home.ts [--runs N] [--url http://…]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const option = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const url = option('url');
  await measureCuratedHome({ runs: Number(option('runs') ?? 3), ...(url ? { url } : {}) });
}
