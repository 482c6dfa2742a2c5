import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LocalFileStorage } from '@inkwell/platform';
import { buildTestService, testLogger, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { renderDemoArt, seedDemoData } from '../src/demo/seed';
import { SearchIndexer } from '../src/search/indexer';
import { PostgresSearchIndex } from '../src/search/postgres-search-index';
import { createProduct, createSeries } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('demo catalogue seeding', () => {
  let service: TestService;
  const get = async (url: string): Promise<Json> => (await service.app.inject({ method: 'GET', url })).json();

  before(async () => {
    service = await buildTestService(catalogService);
    assert.equal(await seedDemoData(service.context.db, testLogger), true);
    await new SearchIndexer(service.context.db, new PostgresSearchIndex(service.context.db)).all();
  });
  after(() => service?.close());

  it('loads a catalogue of the promised size, once', async () => {
    const db = service.context.db;
    const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]!.n);
    assert.ok((await count('SELECT count(*) AS n FROM series')) >= 40);
    assert.ok((await count('SELECT count(*) AS n FROM products')) >= 400);
    assert.ok((await count('SELECT count(DISTINCT price_type) AS n FROM variants')) >= 9 - 1, 'every price type but Print-only ones appear');
    assert.equal(await count("SELECT count(DISTINCT age_rating) AS n FROM products"), 5);
    assert.ok((await count('SELECT count(*) AS n FROM sales_products')) > 0);
    assert.ok((await count('SELECT count(*) AS n FROM news_articles')) >= 12);
    assert.equal(await seedDemoData(db, testLogger), false, 'a second seeding leaves the data alone');
  });

  it('fills the storefront: home page, browse, series, product and search', async () => {
    const home = await get('/api/home/V2');
    assert.ok(home.response.spotlight.length >= 3);
    assert.ok(home.response.carousels.length >= 4);
    assert.ok(home.response.carousels.every((carousel: Json) => carousel.items.length > 0));
    const browse = await get('/api/discover/v2?count=24');
    assert.equal(browse.response.length, 24);
    assert.ok(browse.status.fullCount >= 300);
    const onSale = await get('/api/discover/v2?isOnSale=true');
    assert.ok(onSale.status.fullCount > 0 && onSale.response.every((p: Json) => p.isOnSale));
    const preorders = await get('/api/product/getPlanned');
    assert.ok(preorders.response.length > 0);
    const series = home.response.spotlight[0];
    const page = await get(`/api/series/V2/${series.readableUrl}`);
    assert.equal(page.response.title, series.title);
    const products = await get(`/api/product/forSeries/${series.id}`);
    assert.ok(products.response.length > 0);
    const search = await get(`/api/search/V3?query=${encodeURIComponent(series.title.toLowerCase())}`);
    assert.equal(search.response[0].content.title, series.title, 'the exact title comes first');
    const news = await get('/api/news?maxItemCount=3');
    assert.equal(news.response.length, 3);
  });
});

describe('demo art', () => {
  let service: TestService;
  let dir: string;

  before(async () => {
    service = await buildTestService(catalogService);
    dir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-art-'));
    const seriesId = await createSeries(service.context.db, { title: 'Paper Lanterns' });
    await createProduct(service.context.db, { name: 'Paper Lanterns Vol. 1', seriesId, volumeNumber: 1 });
  });
  after(async () => {
    await service?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders covers at the spec widths as WebP with a JPEG fallback and records them', async () => {
    const files = new LocalFileStorage(dir);
    assert.equal(await renderDemoArt(service.context.db, files, testLogger), true);
    const { rows } = await service.context.db.query<{ thumbnails: Array<{ url: string; fallbackUrl: string; width: number; height: number }> }>('SELECT thumbnails FROM products');
    const thumbnails = rows[0]!.thumbnails;
    assert.deepEqual(thumbnails.map((t) => [t.width, t.height]), [[250, 313], [500, 625]]);
    const webp = await files.get(thumbnails[0]!.url.replace('/media/', ''));
    const jpeg = await files.get(thumbnails[0]!.fallbackUrl.replace('/media/', ''));
    assert.equal(webp!.subarray(8, 12).toString('ascii'), 'WEBP');
    assert.deepEqual([...jpeg!.subarray(0, 2)], [0xff, 0xd8]);
    const series = await service.context.db.query<{ thumbnails: Array<{ width: number; role: string }> }>('SELECT thumbnails FROM series');
    assert.deepEqual(series.rows[0]!.thumbnails.map((t) => [t.role, t.width]), [['cover', 250], ['cover', 500], ['hero', 1200]]);
  });

  it('stops when asked', async () => {
    const controller = new AbortController();
    controller.abort();
    assert.equal(await renderDemoArt(service.context.db, new LocalFileStorage(dir), testLogger, controller.signal), false);
  });
});
