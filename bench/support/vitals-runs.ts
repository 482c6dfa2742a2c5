/**
 * How the browser benchmarks (bench/web-vitals.ts, bench/support/curated-home.ts) measure a page:
 * phone and desktop screens, a fresh context per run (cold) then a second visit in it (warm), the
 * web vitals read by the probe of test/support/web-vitals.ts, the first screen's JS and CSS at gzip
 * level 9, and a static page whose LCP is the floor a route's is compared with.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { DESKTOP, PHONE } from '../../test/support/chromium';
import { readVitals, VITALS_PROBE, type PageVitals } from '../../test/support/web-vitals';

export const SCREENS = [
  { name: 'phone', viewport: PHONE, deviceScaleFactor: 3, isMobile: true },
  { name: 'desktop', viewport: DESKTOP, deviceScaleFactor: 1, isMobile: false },
] as const;
export type Screen = (typeof SCREENS)[number];

export interface Sample {
  vitals: PageVitals;
  jsGzip: number;
  cssGzip: number;
}

/** A page as plain as a page gets (a heading, a paragraph and an image, no script): the floor any route's LCP is compared with. */
export async function startStaticPage(): Promise<{ url: string; server: http.Server }> {
  const image = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750" viewBox="0 0 600 750"><rect width="600" height="750" fill="#274060"/><circle cx="300" cy="320" r="180" fill="#f2c14e"/></svg>`,
  );
  const html = Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Static</title>` +
      `<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}img{max-width:100%;height:auto}</style></head>` +
      `<body><h1>A static page</h1><p>The same bytes every time, no script: the floor of a page load on this machine.</p><img src="/cover.svg" width="600" height="750" alt="A cover"></body></html>`,
  );
  const server = http.createServer((request, response) => {
    const [type, body] = request.url === '/cover.svg' ? ['image/svg+xml', image] : ['text/html; charset=utf-8', html];
    response.writeHead(200, { 'content-type': type, 'cache-control': 'max-age=3600' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const gzipSizes = new Map<string, number>();
/** The gzip size of a file as it would travel compressed (the same level whatever the server does). */
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const size = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  gzipSizes.set(url, size);
  return size;
}

/** A browser context of `screen`, cookie consent given, the vitals probe installed. */
export async function newContext(browser: Browser, screen: Screen): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor, isMobile: screen.isMobile, hasTouch: screen.isMobile });
  await context.addInitScript({ content: `localStorage.setItem('cookieConsent', 'essential');${VITALS_PROBE}` });
  return context;
}

/** One visit of `url` in `context`: its vitals and its first screen's JS and CSS, gzipped. */
export async function visit(context: BrowserContext, url: string): Promise<Sample> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    const vitals = await readVitals(page);
    let jsGzip = 0;
    let cssGzip = 0;
    for (const asset of new Map(vitals.firstScreenAssets.map((entry) => [entry.url, entry])).values()) {
      const size = await gzipSize(asset.url);
      if (asset.kind === 'js') jsGzip += size;
      else cssGzip += size;
    }
    return { vitals, jsGzip, cssGzip };
  } finally {
    await page.close();
  }
}

/** Cold: a fresh context each run. Warm: the same page visited once before in the context. */
export async function measureRuns(browser: Browser, url: string, screen: Screen, runs: number): Promise<{ cold: Sample[]; warm: Sample[] }> {
  const cold: Sample[] = [];
  const warm: Sample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await newContext(browser, screen);
    try {
      cold.push(await visit(context, url));
      warm.push(await visit(context, url));
    } finally {
      await context.close();
    }
  }
  return { cold, warm };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
