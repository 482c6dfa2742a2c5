import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { createProduct, createSeries, putOnSale } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const DAY = 86_400_000;

describe('catalog home, lists, calendar, news and links', () => {
  let service: TestService;
  const ids: Record<string, number> = {};

  const get = async (url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    const db = service.context.db;
    ids.lantern = await createSeries(db, { title: 'Lantern Street', readableUrl: 'lantern-street' });
    ids.frost = await createSeries(db, { title: 'Frostline', readableUrl: 'frostline', restrictedTerritories: ['CN'] });
    ids.vol1 = await createProduct(db, { name: 'Lantern Street Vol. 1', seriesId: ids.lantern, volumeNumber: 1, publishDate: new Date(Date.now() - 10 * DAY) });
    ids.vol2 = await createProduct(db, { name: 'Lantern Street Vol. 2', seriesId: ids.lantern, volumeNumber: 2, publishDate: new Date(Date.now() - 3 * DAY) });
    ids.ch3 = await createProduct(db, { name: 'Lantern Street Chapter 3', seriesId: ids.lantern, volumeNumber: 1, type: 'Chapter', chapterNumber: 3 });
    ids.soon = await createProduct(db, { name: 'Lantern Street Vol. 3', seriesId: ids.lantern, volumeNumber: 3, status: 'ScheduledPreOrder', publishDate: new Date(Date.now() + 5 * DAY), variants: [{ isPreOrder: true }] });
    ids.frostVol = await createProduct(db, { name: 'Frostline Vol. 1', seriesId: ids.frost, volumeNumber: 1 });
    ids.draft = await createProduct(db, { name: 'Draft Thing', status: 'Draft' });
    await putOnSale(db, ids.vol1, 399);
    // The spotlight is the website wheel's series items (a published Banner group).
    await db.query(
      `WITH g AS (INSERT INTO wheel_groups (type, name, is_for_website, status) VALUES ('Banner', 'Spotlight', true, 4) RETURNING id)
       INSERT INTO wheel_items (group_id, type, enabled, ordinal, display_up_to_age_rating, tagline, action_type, series_id)
       SELECT g.id, 'Image', true, v.ordinal, 'm', v.tagline, 'Series', v.series_id FROM g, (VALUES (1, 'A street that glows at night', $1::bigint), (2, 'Cold case, colder town', $2::bigint)) AS v(ordinal, tagline, series_id)`,
      [ids.lantern, ids.frost],
    );
    await db.query(`INSERT INTO carousels (title, filter_criteria, cta_url, ordinal) VALUES ('On sale', '{"isOnSale": true}', '/browse/?s=0&st=true', 1), ('Empty shelf', '{"ageRatings": ["m"]}', null, 2), ('New releases', '{"sort": 5}', '/browse/?st=3&is=false', 3)`);
    await db.query("INSERT INTO news_articles (title, readable_url, summary, body_html, status, published_at, series_id) VALUES ('Lantern Street returns', 'lantern-street-returns', 'Volume 3 is coming.', '<p>Volume 3 is coming.</p>', 4, now() - interval '1 day', $1), ('Hidden news', 'hidden-news', '', '', 0, null, null)", [ids.lantern]);
    await db.query("INSERT INTO short_urls (code, long_url) VALUES ('ls3', '/product/lantern-street-vol-3/')");
    const bundle = await db.query<{ id: number }>("INSERT INTO bundles (name, readable_url, status, price_cents) VALUES ('Lantern Street starter pack', 'lantern-starter', 4, 1499) RETURNING id");
    await db.query('INSERT INTO bundle_items (bundle_id, product_id, ordinal) VALUES ($1, $2, 1), ($1, $3, 2)', [bundle.rows[0]!.id, ids.vol1, ids.vol2]);
  });

  afterAll(() => service?.close());

  it('builds the home page from the spotlight and the carousels with items', async () => {
    const { status, body } = await get('/api/home/V2');
    assert.equal(status, 200);
    assert.deepEqual(body.response.spotlight.map((s: Json) => [s.title, s.tagline]), [['Lantern Street', 'A street that glows at night'], ['Frostline', 'Cold case, colder town']]);
    assert.deepEqual(body.response.carousels.map((c: Json) => c.title), ['On sale', 'New releases'], 'an empty carousel is left out');
    assert.deepEqual(body.response.carousels[0].items.map((i: Json) => i.name), ['Lantern Street Vol. 1']);
    assert.equal(body.response.carousels[0].link, '/browse/?s=0&st=true');
    const china = await get('/api/home/V2', { 'cf-ipcountry': 'CN' });
    assert.deepEqual(china.body.response.spotlight.map((s: Json) => s.title), ['Lantern Street'], 'a restricted series is not put in the spotlight');
  });

  it('pages through one carousel with fullCount, and 404s an unknown one', async () => {
    const carousels = (await get('/api/discover/carousel')).body.response;
    const newReleases = carousels.find((c: Json) => c.title === 'New releases');
    const page = await get(`/api/discover/${newReleases.id}?fromIndex=1&count=2`);
    assert.equal(page.body.status.fullCount, 5, "four Lantern Street items and Frostline; the draft is not listed");
    assert.equal(page.body.response.items.length, 2);
    assert.equal((await get('/api/discover/99999')).status, 404);
    assert.equal((await get('/api/discover/abc')).status, 400);
  });

  it('fetches several products at once in the order asked, leaving out hidden and unknown ones', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/api/comic/fetch-list', payload: { ids: [ids.vol2, 999999, ids.draft, ids.vol1] } });
    assert.deepEqual(response.json().response.map((p: Json) => p.name), ['Lantern Street Vol. 2', 'Lantern Street Vol. 1']);
    const tooMany = await service.app.inject({ method: 'POST', url: '/api/comic/fetch-list', payload: { ids: Array.from({ length: 101 }, (_, i) => i + 1) } });
    assert.equal(tooMany.statusCode, 400);
    const notNumbers = await service.app.inject({ method: 'POST', url: '/api/comic/fetch-list', payload: { ids: ['x'] } });
    assert.equal(notNumbers.statusCode, 400);
  });

  it('lists planned releases and the release calendar by day', async () => {
    assert.deepEqual((await get('/api/product/getPlanned')).body.response.map((p: Json) => p.name), ['Lantern Street Vol. 3']);
    const calendar = (await get('/api/product/ReleaseCalendar')).body.response;
    const names = calendar.flatMap((day: Json) => day.products.map((p: Json) => p.name));
    assert.ok(names.includes('Lantern Street Vol. 3') && names.includes('Lantern Street Vol. 2'));
    assert.ok(!names.includes('Lantern Street Chapter 3'), 'chapters are not calendar entries');
    assert.ok(calendar.every((day: Json) => /^\d{4}-\d{2}-\d{2}$/.test(day.date)));
    const upcoming = (await get('/api/product/ReleaseCalendar?filterBy=upcoming')).body.response;
    assert.deepEqual(upcoming.flatMap((day: Json) => day.products.map((p: Json) => p.name)), ['Lantern Street Vol. 3']);
    assert.equal((await get('/api/product/ReleaseCalendar?filterBy=someday')).status, 400);
  });

  it('finds a volume and a chapter by series and number', async () => {
    assert.equal((await get('/api/product/lantern-street/2')).body.response.name, 'Lantern Street Vol. 2');
    assert.equal((await get(`/api/product/${ids.lantern}/1?chapterNumber=3`)).body.response.name, 'Lantern Street Chapter 3');
    assert.equal((await get('/api/product/lantern-street/9')).status, 404);
  });

  it('lists and shows published news, previews unpublished articles to staff only', async () => {
    const list = await get('/api/news?maxItemCount=5');
    assert.deepEqual(list.body.response.map((a: Json) => a.title), ['Lantern Street returns']);
    assert.equal(list.body.status.fullCount, 1);
    const article = await get('/api/news/strips-article/lantern-street-returns');
    assert.equal(article.body.response.bodyHtml, '<p>Volume 3 is coming.</p>');
    assert.equal(article.body.response.series.title, 'Lantern Street');
    assert.equal((await get('/api/news/strips-article/hidden-news')).status, 404);
    assert.equal((await get('/api/news/strips-article-preview/hidden-news')).status, 401);
    const admin = await signTestToken({ roles: ['admin'] });
    assert.equal((await get('/api/news/strips-article-preview/hidden-news', { authorization: `Bearer ${admin}` })).status, 200);
  });

  it('resolves short links', async () => {
    assert.deepEqual((await get('/api/url/getLongUrl/ls3')).body, { status: { type: 'Success' }, response: '/product/lantern-street-vol-3/' });
    assert.deepEqual((await get('/api/url/getLongUrl/nope')).body.status, { type: 'NotFound', message: 'Object does not exist in backend' });
    assert.equal((await get('/api/url/getLongUrl/bad%20code')).status, 400);
  });

  it('lists bundles and their products', async () => {
    const bundles = (await get('/api/discover/bundles')).body.response;
    assert.deepEqual(bundles.map((b: Json) => [b.name, b.itemCount]), [['Lantern Street starter pack', 2]]);
    assert.deepEqual((await get('/api/comic/forBundle/lantern-starter')).body.response.map((p: Json) => p.name), ['Lantern Street Vol. 1', 'Lantern Street Vol. 2']);
  });

  it('names the list sort orders', async () => {
    const sorts = (await get('/api/discover/sortorder')).body.response;
    assert.deepEqual(sorts[0], { id: 0, name: 'NewAndPopular' });
    assert.equal(sorts.length, 11);
  });
});
