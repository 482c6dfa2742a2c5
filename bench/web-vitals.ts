/**
 * Web-vitals benchmark in Chromium: every storefront route (and the dashboard's sign-in) on the
 * demo catalogue, on a phone and a desktop screen, with a cold cache (a fresh browser context) and
 * a warm one (the same context, visited a second time): largest contentful paint, cumulative layout
 * shift, total blocking time, and the JS and CSS of the first screen (gzip, as the files would
 * travel compressed). The baseline, measured in the same run, is a static HTML page (a heading, a
 * paragraph and an image) served by a bare Node server; LCP is also printed as a ratio against it.
 *
 *   npm run build && npx tsx bench/web-vitals.ts [--runs 3] [--data DIR] [--only /browse/]
 *
 * Targets (issue 11): CLS ≤ 0.05 everywhere, LCP ≤ 1.5 s, first-screen JS ≤ 150 KB gzip.
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
import { VITALS_TARGETS } from '../test/support/web-vitals';
import { kb, measureRuns, median, newContext, SCREENS, startStaticPage, visit, type Sample } from './support/vitals-runs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 3);
const ONLY = option('only');
const keptData = option('data') ? path.resolve(option('data')!) : undefined;
type Json = Record<string, unknown>;
async function json(url: string): Promise<Json> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Json;
}

/** The storefront's routes, with real ids from the demo catalogue for those that need one. */
async function storefrontRoutes(url: string): Promise<string[]> {
  const products = (await json(`${url}/api/discover/v2?sort=7&count=20`)).response as Array<{ id: number; readableUrl?: string; seriesReadableUrl?: string; seriesId?: number }>;
  const product = products[0];
  if (!product) throw new Error('The demo catalogue has no products.');
  const free = ((await json(`${url}/api/discover/v2?subCategory=Chapter&isFree=true&sort=7&count=1`)).response as Array<{ id: number }>)[0];
  const full = (await json(`${url}/api/product/${product.id}`)).response as { readableUrl?: string; series?: { readableUrl?: string; id?: number } };
  const series = full.series?.readableUrl ?? full.series?.id;
  const routes = ['/', '/browse/', '/news/', '/calendar/', '/search/?query=night', `/product/${full.readableUrl ?? product.id}/`, '/account-benefits/', '/account/', '/about/', '/library/'];
  if (series !== undefined) routes.splice(6, 0, `/series/${series}/`);
  if (free) routes.push(`/reader/${free.id}/`);
  routes.push('/dashboard/');
  return routes;
}

if (!existsSync(path.join(here, '../web/dist/index.html'))) throw new Error('The storefront is not built: run npm run build first.');
const dataDir = keptData ?? (await mkdtemp(path.join(os.tmpdir(), 'inkwell-bench-')));
await mkdir(dataDir, { recursive: true });
let store: ChildProcess | undefined;
let browser: Browser | undefined;
let staticPage: Awaited<ReturnType<typeof startStaticPage>> | undefined;
try {
  console.log('Starting the store with the demo catalogue (the first start renders the demo art; this takes a while) ...');
  const started = await startStore(dataDir);
  store = started.child;
  staticPage = await startStaticPage();
  const routes = (await storefrontRoutes(started.url)).filter((route) => !ONLY || route === ONLY);
  browser = await launchChromium();
  const load = () => os.loadavg()[0]!.toFixed(2);
  const loadBefore = load();

  // Demo art and reader pages are drawn on first request: one visit per route first, so runs time pages, not drawing.
  for (const route of routes) {
    const context = await newContext(browser, SCREENS[0]);
    await visit(context, started.url + route).catch(() => undefined);
    await context.close();
  }

  type Row = { route: string; screen: string; cache: 'cold' | 'warm'; samples: Sample[]; baselineLcp: number };
  const rows: Row[] = [];
  for (const screen of SCREENS) {
    const baseline = await measureRuns(browser, staticPage.url, screen, RUNS);
    const baselineLcp = { cold: median(baseline.cold.map((sample) => sample.vitals.lcpMs)), warm: median(baseline.warm.map((sample) => sample.vitals.lcpMs)) };
    rows.push({ route: 'static page (baseline)', screen: screen.name, cache: 'cold', samples: baseline.cold, baselineLcp: baselineLcp.cold });
    rows.push({ route: 'static page (baseline)', screen: screen.name, cache: 'warm', samples: baseline.warm, baselineLcp: baselineLcp.warm });
    for (const route of routes) {
      const measured = await measureRuns(browser, started.url + route, screen, RUNS);
      rows.push({ route, screen: screen.name, cache: 'cold', samples: measured.cold, baselineLcp: baselineLcp.cold });
      rows.push({ route, screen: screen.name, cache: 'warm', samples: measured.warm, baselineLcp: baselineLcp.warm });
    }
  }

  console.log(`\n${RUNS} runs per row, ${os.cpus().length} cores, load average ${loadBefore} → ${load()}. LCP and TBT are medians, CLS the worst run; JS/CSS = gzip KB of the first screen.\n`);
  console.log('| route | screen | cache | LCP ms | LCP ratio | CLS (worst) | TBT ms | JS KB | CSS KB | verdict | largest paint / largest shift |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|---|');
  const misses: string[] = [];
  for (const row of rows) {
    const lcp = median(row.samples.map((sample) => sample.vitals.lcpMs));
    const cls = Math.max(...row.samples.map((sample) => sample.vitals.cls));
    const tbt = median(row.samples.map((sample) => sample.vitals.tbtMs));
    const js = median(row.samples.map((sample) => sample.jsGzip));
    const css = median(row.samples.map((sample) => sample.cssGzip));
    const problems = [
      cls > VITALS_TARGETS.cls ? `CLS ${cls.toFixed(3)}` : '',
      lcp > VITALS_TARGETS.lcpMs ? `LCP ${lcp.toFixed(0)} ms` : '',
      js > VITALS_TARGETS.firstScreenJsGzipBytes ? `JS ${kb(js)} KB` : '',
    ].filter(Boolean);
    if (problems.length) misses.push(`${row.route} ${row.screen} ${row.cache}: ${problems.join(', ')}`);
    const worst = row.samples.reduce((a, b) => (b.vitals.cls > a.vitals.cls ? b : a));
    const shift = [...worst.vitals.shifts].sort((a, b) => b.value - a.value)[0];
    const note = `${worst.vitals.lcpElement}${shift ? ` / ${shift.value.toFixed(3)}: ${shift.moved.join(', ')}` : ''}`;
    console.log(
      `| ${row.route} | ${row.screen} | ${row.cache} | ${lcp.toFixed(0)} | ${(lcp / row.baselineLcp).toFixed(2)} | ${cls.toFixed(3)} | ${tbt.toFixed(0)} | ${kb(js)} | ${kb(css)} | ${problems.length ? 'NOT MET' : 'met'} | ${note} |`,
    );
  }
  console.log('');
  console.log(misses.length ? `Targets not met:\n${misses.join('\n')}` : `Every row meets CLS ≤ ${VITALS_TARGETS.cls}, LCP ≤ ${VITALS_TARGETS.lcpMs} ms, JS ≤ ${VITALS_TARGETS.firstScreenJsGzipBytes / 1024} KB gzip.`);
  await saveResults('web-vitals', { runs: RUNS, rows });
} finally {
  await browser?.close();
  staticPage?.server.close();
  store?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  if (!keptData) await rm(dataDir, { recursive: true, force: true });
}
