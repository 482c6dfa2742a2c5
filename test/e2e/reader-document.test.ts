import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { startTestStack, type TestStack } from '../support/stack';

/** Shaped as Vite builds the storefront's: the entry module, its preloaded imports and the style sheet in the head. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />' +
  '<link rel="icon" href="/favicon.svg" /><title>Inkwell</title><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/chunk.js"><link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
  '<body><div id="root"></div></body></html>';

/**
 * Issue 11: a comic anyone may read comes with its page list and first page in the reader's
 * document, so the page is fetched while the app's code loads; any other comic gets the plain
 * document. The inline script that removes them for signed-in readers is allowed by its hash only.
 */
describe('the reader document with its first page', () => {
  let stack: TestStack;
  let webDist: string;
  let freeId: number;
  let paidId: number;

  const get = (url: string) => fetch(stack.url + url);

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'inkwell-web-dist-'));
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
    stack = await startTestStack({ WEB_DIST: webDist });
    const catalogDb = stack.service('catalog').context.db;
    const series = await createSeries(catalogDb, { title: 'Lantern Harbour', readableUrl: 'lantern-harbour' });
    freeId = await createProduct(catalogDb, { name: 'Lantern Harbour Chapter 1', readableUrl: 'lantern-harbour-chapter-1', seriesId: series, type: 'Chapter', chapterNumber: 1, variants: [{ priceType: 'Free', priceCents: 0 }] });
    paidId = await createProduct(catalogDb, { name: 'Lantern Harbour Chapter 2', readableUrl: 'lantern-harbour-chapter-2', seriesId: series, type: 'Chapter', chapterNumber: 2 });
    const pages = await Promise.all([0, 1].map((n) => sharp({ create: { width: 900, height: 1350, channels: 3, background: { r: 90 * n, g: 60, b: 140 } } }).png().toBuffer()));
    for (const id of [freeId, paidId]) await stack.service('reader').exposed.pages.ingest(String(id), pages);
  });

  afterAll(async () => {
    await stack?.stop();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  it('draws the first page of a free comic into the document, with its page list, by id and by readable url', async () => {
    for (const address of [`/reader/${freeId}/`, '/reader/lantern-harbour-chapter-1']) {
      const answer = await get(address);
      assert.equal(answer.status, 200, address);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(answer.headers.get('cache-control'), 'no-store', 'signed links are never stored');
      const html = await answer.text();
      const image = /<div id="inkwell-first-page" data-page="1"[^>]*><picture><source type="image\/webp" srcset="([^"]+)" sizes="([^"]+)"><img src="([^"]+)"/.exec(html);
      assert.ok(image, `${address}: no first page in\n${html.slice(0, 400)}`);
      assert.match(image[2]!, /^min\(100vw, 66\.667vh\)$/, 'drawn to fit a screen, as tall as it may be');
      const src = image[3]!.replace(/&amp;/g, '&');
      const picture = await get(src.startsWith('http') ? new URL(src).pathname + new URL(src).search : src);
      assert.equal(picture.status, 200, 'the signed link in the document opens the page');
      assert.match(picture.headers.get('content-type') ?? '', /^image\//);

      const boot = /<script type="application\/json" id="inkwell-reader-boot">(.*?)<\/script>/s.exec(html);
      assert.ok(boot);
      const { idOrUrl, comic } = JSON.parse(boot[1]!);
      assert.equal(idOrUrl, address.split('/')[2]);
      assert.equal(comic.comicID, String(freeId));
      assert.equal(comic.pages.length, 2);
      assert.ok(html.endsWith('<div id="root"></div></body></html>'), 'the app follows as built');

      // The head asks for the page's image first (the same rendition the picture picks), then the
      // style sheet, then the app's modules at low priority; the entry is preloaded, to be run by the
      // document's script.
      const head = html.slice(0, html.indexOf('<body>'));
      const preload = /^<!doctype html><html lang="en"><head><meta charset="UTF-8" \/><meta name="viewport"[^>]*>(<link rel="preload" as="image" type="image\/webp" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">)<link rel="stylesheet" crossorigin href="\/assets\/index.css">\s*<link rel="icon"/.exec(head);
      assert.ok(preload, `${address}: the head does not start with the image's preload and the style sheet:\n${head}`);
      assert.equal(preload[2], image[1], 'the preload names the picture’s WebP renditions');
      assert.equal(preload[3], image[2], 'at the size the picture is drawn');
      assert.equal(html.match(/rel="stylesheet"/g)?.length, 1);
      assert.ok(head.endsWith('<title>Inkwell</title><link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/index.js" id="inkwell-app-entry"><link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/chunk.js"></head>'), head);
      assert.ok(!html.includes('<script type="module"'), 'the app starts from the document’s script, once the page is shown');

      const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
      assert.equal(inline.length, 1);
      const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
      const policy = answer.headers.get('content-security-policy') ?? '';
      assert.ok(policy.includes(`script-src 'self' ${hash}`), policy);
      assert.ok(!policy.includes('unsafe-inline') || !/script-src[^;]*unsafe-inline/.test(policy));
    }
  });

  it('sends the plain document for a comic that needs an account or a purchase, an unknown one, and a series path', async () => {
    for (const address of [`/reader/${paidId}/`, '/reader/no-such-comic/', '/reader/lantern-harbour/volume/1']) {
      const answer = await get(address);
      assert.equal(answer.status, 200, address);
      assert.equal(await answer.text(), INDEX_HTML, address);
      assert.ok(!(answer.headers.get('content-security-policy') ?? '').includes('sha256-'), address);
    }
    assert.equal((await get('/reader/%E0%A4%A/')).status, 400, 'a malformed address is the client\'s mistake');
  });

  it("asks the reader once for a comic's page list while many visitors open it, per country; a refusal is kept too", async () => {
    // The stack runs in this process: the gateway's calls to the reader go through this fetch.
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/api\/comic\/[^/]+\/pages$/.test(url)) asked.push(`${new Headers(init?.headers).get('cf-ipcountry') ?? '-'} ${url.replace(/^.*\/api\/comic\//, '')}`);
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const open = (address: string, country?: string) => realFetch(stack.url + address, { headers: country ? { 'cf-ipcountry': country } : {} }).then((answer) => answer.text());
      // A fresh comic, so no earlier test has its list kept.
      const catalogDb = stack.service('catalog').context.db;
      const fresh = await createProduct(catalogDb, { name: 'Lantern Harbour Chapter 3', readableUrl: 'lantern-harbour-chapter-3', type: 'Chapter', chapterNumber: 3, variants: [{ priceType: 'Free', priceCents: 0 }] });
      const page = await sharp({ create: { width: 900, height: 1350, channels: 3, background: { r: 10, g: 60, b: 140 } } }).png().toBuffer();
      await stack.service('reader').exposed.pages.ingest(String(fresh), [page]);

      const documents = await Promise.all(Array.from({ length: 20 }, () => open(`/reader/${fresh}/`, 'FR')));
      assert.ok(documents.every((html) => html.includes('id="inkwell-first-page"')), 'every visitor gets the first page');
      assert.equal(new Set(documents).size, 1, 'the same document for each');
      assert.deepEqual(asked, [`FR ${fresh}/pages`], 'twenty visitors at once, one call to the reader');
      await open(`/reader/${fresh}/`, 'DE');
      await open(`/reader/${fresh}/`, 'FR');
      assert.deepEqual(asked, [`FR ${fresh}/pages`, `DE ${fresh}/pages`], 'another country is asked for once (access depends on it)');

      // The reader's refusal of a comic that needs a purchase is an answer: kept like a page list.
      await open(`/reader/${paidId}/`, 'FR');
      await open(`/reader/${paidId}/`, 'FR');
      assert.equal(asked.filter((entry) => entry === `FR ${paidId}/pages`).length, 1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
