import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { catalogService } from '@inkwell/catalog';
import { createBundle } from '@inkwell/catalog/store';
import { PUBLISH_STATUS_CODES } from '@inkwell/contracts/catalog-rules';
import { LocalFileStorage, type EventEnvelope } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { renderDemoArt, seedDemoCatalogue } from '../src';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Every event the catalog publishes, as its consumers get them. */
async function recordEvents(service: TestService): Promise<EventEnvelope[]> {
  const events: EventEnvelope[] = [];
  await service.bus.subscribe({ group: 'test.recorder', types: ['product.created', 'product.changed', 'series.changed', 'bundle.changed', 'sales-campaign.changed', 'home.changed', 'news.changed'], handler: async (event) => void events.push(event) });
  await service.bus.start();
  return events;
}

describe('demo catalogue seeding, through the catalog store and its outbox', () => {
  let service: TestService;
  let events: EventEnvelope[];
  const get = async (url: string): Promise<Json> => (await service.app.inject({ method: 'GET', url })).json();

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    events = await recordEvents(service);
    assert.equal(await seedDemoCatalogue(service.context), true);
    // The catalog's own consumers index the catalogue from the events the seeding wrote.
    await service.relay.drain();
  });
  afterAll(() => service?.close());

  it('loads a catalogue of the promised size, once', async () => {
    const db = service.context.db;
    const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]!.n);
    assert.ok((await count('SELECT count(*) AS n FROM series')) >= 40);
    assert.ok((await count('SELECT count(*) AS n FROM products')) >= 400);
    assert.ok((await count('SELECT count(DISTINCT price_type) AS n FROM variants')) >= 9 - 1, 'every price type but Print-only ones appear');
    assert.equal(await count("SELECT count(DISTINCT age_rating) AS n FROM products"), 5);
    assert.ok((await count('SELECT count(*) AS n FROM sales_products')) > 0);
    assert.ok((await count('SELECT count(*) AS n FROM news_articles')) >= 12);
    assert.equal(await count('SELECT count(*) AS n FROM bundles'), 3);
    assert.equal(await seedDemoCatalogue(service.context), false, 'a second seeding leaves the data alone');
  });

  it('writes an event for every record it creates, in the same commit', async () => {
    const db = service.context.db;
    const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((row) => String(row.id)).sort();
    const of = (type: string, field: string) => events.filter((event) => event.type === type).map((event) => String((event.data as Record<string, unknown>)[field])).sort();
    assert.deepEqual(of('product.created', 'productId'), await ids('SELECT id FROM products'));
    assert.deepEqual(of('series.changed', 'seriesId'), await ids('SELECT id FROM series'));
    assert.deepEqual(of('bundle.changed', 'bundleId'), await ids('SELECT id FROM bundles'));
    assert.deepEqual(of('news.changed', 'articleId'), await ids('SELECT id FROM news_articles'));
    assert.deepEqual(of('sales-campaign.changed', 'campaignId'), await ids('SELECT id FROM sales_campaigns'));
    // Each wheel group is created and then published (two events), each carousel created, the message bar set once.
    assert.equal(events.filter((event) => event.type === 'home.changed').length, Number((await db.query<{ n: number }>('SELECT (SELECT 2 * count(*) FROM wheel_groups) + (SELECT count(*) FROM carousels) + 1 AS n')).rows[0]!.n));
    const waiting = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    assert.equal(waiting.rows[0]!.n, 0);
  });

  it('fills the storefront: home page, browse, series, product and search', async () => {
    const home = await get('/api/home/V2');
    assert.ok(home.response.spotlight.length >= 3);
    assert.deepEqual(home.response.wheel.map((group: Json) => [group.name, group.type]), [['Featured series', 'Banner'], ['Staff picks', 'Thumbnail']]);
    assert.ok(home.response.wheel.every((group: Json) => group.slides.length >= 4));
    assert.equal(home.response.topType, 'Banner');
    assert.equal(home.response.messaging.linkText, 'See the sale');
    assert.ok(home.response.carousels.length >= 4);
    assert.ok(home.response.carousels.every((carousel: Json) => carousel.items.length > 0));
    const favourites = home.response.carousels.find((carousel: Json) => carousel.title === 'Staff favourites');
    assert.ok(favourites?.items.length >= 4, 'a hand-picked curated list is on the home page');
    assert.equal(home.response.carousels.find((carousel: Json) => carousel.title === 'On sale now')?.linkText, 'See the sale');
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
    assert.equal(search.response[0].content.title, series.title, 'the exact title comes first (indexed from the events)');
    const news = await get('/api/news?maxItemCount=3');
    assert.equal(news.response.length, 3);
  });
});

describe('demo art', () => {
  let service: TestService;
  let packId: number;
  let dir: string;
  let events: EventEnvelope[];

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    events = await recordEvents(service);
    dir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-art-'));
    const seriesId = await createSeries(service.context.db, { title: 'Paper Lanterns' });
    const productId = await createProduct(service.context.db, { name: 'Paper Lanterns Vol. 1', seriesId, volumeNumber: 1 });
    // A starter pack as the seed writes it: a Draft until its art exists.
    packId = await service.context.db.transaction((tx) => createBundle({ tx, outbox: service.context.outbox }, { name: 'Paper Lanterns starter pack', description: 'The first volume.', status: 'Draft', priceCents: 999, items: [{ productId, priceCents: 999 }] }));
    await service.relay.drain();
    events.length = 0;
  });
  afterAll(async () => {
    await service?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const target = () => ({ ...service.context, files: new LocalFileStorage(dir) });

  it('renders covers at the spec widths as WebP with a JPEG fallback and records them with their events', async () => {
    const files = new LocalFileStorage(dir);
    assert.equal(await renderDemoArt({ ...service.context, files }), true);
    const { rows } = await service.context.db.query<{ thumbnails: Array<{ url: string; fallbackUrl: string; width: number; height: number }> }>('SELECT thumbnails FROM products');
    const thumbnails = rows[0]!.thumbnails;
    assert.deepEqual(thumbnails.map((t) => [t.width, t.height]), [[250, 313], [500, 625]]);
    const webp = await files.get(thumbnails[0]!.url.replace('/media/', ''));
    const jpeg = await files.get(thumbnails[0]!.fallbackUrl.replace('/media/', ''));
    assert.equal(webp!.subarray(8, 12).toString('ascii'), 'WEBP');
    assert.deepEqual([...jpeg!.subarray(0, 2)], [0xff, 0xd8]);
    const series = await service.context.db.query<{ thumbnails: Array<{ width: number; role: string }> }>('SELECT thumbnails FROM series');
    assert.deepEqual(series.rows[0]!.thumbnails.map((t) => [t.role, t.width]), [['cover', 250], ['cover', 500], ['hero', 1200]]);
    await service.relay.drain();
    assert.deepEqual(events.map((event) => event.type).sort(), ['bundle.changed', 'product.changed', 'series.changed']);
  });

  it('publishes a starter pack by the staff rule once its first volume has a cover, which becomes its thumbnail', async () => {
    const { rows } = await service.context.db.query<{ status: number; default_thumbnail: { url: string; width: number } | null }>('SELECT status, default_thumbnail FROM bundles WHERE id = $1', [packId]);
    const products = await service.context.db.query<{ thumbnails: Array<{ url: string; width: number }> }>('SELECT thumbnails FROM products');
    assert.equal(rows[0]!.status, PUBLISH_STATUS_CODES.Published);
    assert.deepEqual([rows[0]!.default_thumbnail?.url, rows[0]!.default_thumbnail?.width], [products.rows[0]!.thumbnails[1]!.url, 500]);
  });

  it('records nothing and tells no one when the art is already in (a restart)', async () => {
    events.length = 0;
    assert.equal(await renderDemoArt(target()), true);
    await service.relay.drain();
    assert.deepEqual(events, []);
  });

  it('stops when asked', async () => {
    const controller = new AbortController();
    controller.abort();
    assert.equal(await renderDemoArt(target(), { signal: controller.signal }), false);
  });
});
