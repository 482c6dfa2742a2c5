import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresSearchIndex } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { SearchIndexer } from '../src/drivers/search-indexer';
import { createProduct, createSeries, putOnSale } from './factories';
import { startReaderEntitlements, type ReaderEntitlements } from './support/reader-entitlements';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const names = (body: Json): string[] => body.response.map((item: Json) => item.name ?? item.title);

describe('catalog storefront API', () => {
  let service: TestService;
  let entitlements: ReaderEntitlements;
  let ids: Record<string, number>;
  let readerToken: string;
  let adminToken: string;
  let teenToken: string;

  const get = async (url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() };
  };
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    entitlements = await startReaderEntitlements();
    service = await buildTestService(catalogService, { config: entitlements.config });
    await service.bus.start();
    const db = service.context.db;
    const tidewater = await createSeries(db, { title: 'Tidewater', readableUrl: 'tidewater', genres: ['Drama'], ageRating: 't' });
    const ember = await createSeries(db, { title: 'Ember Crown', readableUrl: 'ember-crown', genres: ['Fantasy'], restrictedTerritories: ['DE'] });
    const hidden = await createSeries(db, { title: 'Secret Series', status: 'Draft' });
    ids = {
      tidewater,
      ember,
      vol1: await createProduct(db, { name: 'Tidewater Vol. 1', readableUrl: 'tidewater-vol-1', seriesId: tidewater, volumeNumber: 1, ageRating: 't', variants: [{ type: 'Digital', priceType: 'Paid', priceCents: 999 }, { type: 'Print', priceType: 'Print', priceCents: 1499, cartLimit: 5 }] }),
      vol2: await createProduct(db, { name: 'Tidewater Vol. 2', seriesId: tidewater, volumeNumber: 2, ageRating: 't', publishDate: new Date(Date.now() - 2 * 86_400_000) }),
      ch1: await createProduct(db, { name: 'Tidewater Chapter 1', seriesId: tidewater, type: 'Chapter', chapterNumber: 1, ageRating: 't', variants: [{ priceType: 'Free', priceCents: 0 }] }),
      ch2: await createProduct(db, { name: 'Tidewater Chapter 2', seriesId: tidewater, type: 'Chapter', chapterNumber: 2, ageRating: 't', variants: [{ priceType: 'FreeForRegistered', priceCents: 0 }] }),
      mature: await createProduct(db, { name: 'Nightglass Omnibus', readableUrl: 'nightglass-omnibus', ageRating: 'm', type: 'Omnibus' }),
      emberVol: await createProduct(db, { name: 'Ember Crown Vol. 1', readableUrl: 'ember-crown-vol-1', seriesId: ember, volumeNumber: 1 }),
      // Complete (a Book, ingested, numbered) so the staff publish tests below meet dashboard spec §5.
      draft: await createProduct(db, { name: 'Unfinished Draft', readableUrl: 'unfinished-draft', type: 'Book', status: 'Draft', ingestCompleted: true, issueNumber: 1 }),
      scheduled: await createProduct(db, { name: 'Future Volume', readableUrl: 'future-volume', status: 'Scheduled', publishDate: new Date(Date.now() + 7 * 86_400_000) }),
      preorder: await createProduct(db, { name: 'Preorder Volume', readableUrl: 'preorder-volume', status: 'ScheduledPreOrder', publishDate: new Date(Date.now() + 7 * 86_400_000), variants: [{ isPreOrder: true }] }),
      unlisted: await createProduct(db, { name: 'Convention Sampler', readableUrl: 'convention-sampler', unlisted: true, variants: [{ priceType: 'Free', priceCents: 0 }] }),
      inHidden: await createProduct(db, { name: 'Hidden Series Vol. 1', seriesId: hidden }),
      jpOnly: await createProduct(db, { name: 'Harbor Lights', readableUrl: 'harbor-lights', restrictedTerritories: ['jp'] }),
    };
    await putOnSale(db, ids.vol2!, 499);
    await new SearchIndexer(db, new PostgresSearchIndex(db)).all();
    readerToken = await signTestToken({ userId: 'reader-1' });
    adminToken = await signTestToken({ userId: 'staff-1', roles: ['admin'] });
    teenToken = await signTestToken({ userId: 'teen-1', maxShownRating: 'pg' });
  });

  afterAll(async () => {
    await service?.close();
    await entitlements?.close();
  });

  describe('product lookups', () => {
    it('finds a product by id and by readable url, with variants, prices and series', async () => {
      const byId = await get(`/api/product/${ids.vol1}`);
      const byUrl = await get('/api/product/tidewater-vol-1');
      assert.equal(byId.status, 200);
      assert.deepEqual(byUrl.body, byId.body);
      const product = byId.body.response;
      assert.equal(product.name, 'Tidewater Vol. 1');
      assert.equal(product.subCategory, 'Volume');
      assert.equal(product.subCategoryId, 0);
      assert.deepEqual(product.series, { id: ids.tidewater, title: 'Tidewater', readableUrl: 'tidewater', color: null });
      assert.deepEqual(product.variants.map((v: Json) => [v.type, v.price, v.fullPrice, v.cartLimit]), [['Digital', 999, 999, null], ['Print', 1499, 1499, 5]]);
      assert.equal(product.fromPrice, 999);
      assert.equal(product.ageRestrictable.ageRating, 't');
      assert.deepEqual(product.readingAccess, { canRead: false, reason: 'login-required' });
      assert.equal(byId.body.status.geoRestriction, undefined);
    });

    it('answers /comic/{id} like /product/{id}', async () => {
      assert.deepEqual((await get(`/api/comic/${ids.vol1}`)).body, (await get(`/api/product/${ids.vol1}`)).body);
    });

    it("answers unknown items with the spec's NotFound, and malformed ids with 400", async () => {
      for (const url of ['/api/product/999999', '/api/product/no-such-comic', '/api/series/V2/no-such-series']) {
        const { status, body } = await get(url);
        assert.equal(status, 404, url);
        assert.deepEqual(body.status, { type: 'NotFound', message: 'Object does not exist in backend' });
      }
      const bad = await get('/api/product/Not_A%20Slug!');
      assert.equal(bad.status, 400);
      assert.equal(bad.body.status.type, 'BadRequest');
    });

    it('shows a sale price next to the full price while a campaign runs', async () => {
      const { body } = await get(`/api/product/${ids.vol2}`);
      assert.deepEqual(body.response.variants.map((v: Json) => [v.price, v.fullPrice, v.isOnSale]), [[499, 799, true]]);
      assert.equal(body.response.isOnSale, true);
    });

    it('hides drafts, future scheduled items and items of hidden series; shows pre-orders and unlisted items by link', async () => {
      assert.equal((await get('/api/product/unfinished-draft')).status, 404);
      assert.equal((await get('/api/product/future-volume')).status, 404);
      assert.equal((await get(`/api/product/${ids.inHidden}`)).status, 404);
      const preorder = await get('/api/product/preorder-volume');
      assert.equal(preorder.status, 200);
      assert.equal(preorder.body.response.isPreOrder, true);
      assert.equal((await get('/api/product/convention-sampler')).status, 200);
    });

    it('shows staff what is hidden from visitors', async () => {
      assert.equal((await get('/api/product/unfinished-draft', as(adminToken))).status, 200);
    });

    it("hides items above the account's max shown rating", async () => {
      assert.equal((await get('/api/product/nightglass-omnibus')).status, 200);
      assert.equal((await get('/api/product/nightglass-omnibus', as(teenToken))).status, 404);
      assert.equal((await get('/api/product/tidewater-vol-1', as(teenToken))).status, 404, 't is above pg');
    });
  });

  describe('reading access and purchase by visitor', () => {
    it('lets everyone read Free, registered readers FreeForRegistered', async () => {
      assert.deepEqual((await get(`/api/product/${ids.ch1}`)).body.response.readingAccess, { canRead: true, reason: 'free' });
      assert.deepEqual((await get(`/api/product/${ids.ch2}`)).body.response.readingAccess, { canRead: false, reason: 'login-required' });
      assert.deepEqual((await get(`/api/product/${ids.ch2}`, as(readerToken))).body.response.readingAccess, { canRead: true, reason: 'free-for-registered' });
      assert.deepEqual((await get(`/api/product/${ids.vol1}`, as(readerToken))).body.response.readingAccess, { canRead: false, reason: 'purchase-required' });
    });

    it('does not offer digital purchases in Japan', async () => {
      const elsewhere = (await get(`/api/product/${ids.vol1}`, { 'cf-ipcountry': 'US' })).body.response.variants;
      const japan = (await get(`/api/product/${ids.vol1}`, { 'cf-ipcountry': 'jp' })).body.response.variants;
      assert.deepEqual(elsewhere.map((v: Json) => v.purchasable), [true, true]);
      assert.deepEqual(japan.map((v: Json) => [v.type, v.purchasable]), [['Digital', false], ['Print', true]]);
    });
  });

  describe('geo restriction', () => {
    it("refuses a restricted product with 403 'Restricted' and no data", async () => {
      const { status, body } = await get('/api/product/harbor-lights', { 'cf-ipcountry': 'JP' });
      assert.equal(status, 403);
      assert.deepEqual(body, { status: { type: 'GeoRestricted', message: 'This title is not available in your region.', geoRestriction: 'Restricted' }, response: null });
      assert.equal((await get('/api/product/harbor-lights', { 'cf-ipcountry': 'US' })).status, 200);
      assert.equal((await get('/api/product/harbor-lights')).status, 200, 'an unknown country is not restricted');
    });

    it('inherits the series restriction, and tells staff RestrictedButAdmin', async () => {
      assert.equal((await get('/api/product/ember-crown-vol-1', { 'cf-ipcountry': 'DE' })).status, 403);
      const staff = await get('/api/product/ember-crown-vol-1', { 'cf-ipcountry': 'DE', ...as(adminToken) });
      assert.equal(staff.status, 200);
      assert.equal(staff.body.status.geoRestriction, 'RestrictedButAdmin');
    });

    it('answers a restricted series with its data, flagged RestrictedWithData', async () => {
      const { status, body } = await get('/api/series/V2/ember-crown', { 'cf-ipcountry': 'de' });
      assert.equal(status, 200);
      assert.equal(body.status.geoRestriction, 'RestrictedWithData');
      assert.equal(body.response.title, 'Ember Crown');
    });

    it('lets an owner in (RestrictedButOwned) when the reader says they own the product', async () => {
      assert.equal((await get('/api/product/harbor-lights', { 'cf-ipcountry': 'JP', ...as(readerToken) })).status, 403, 'before they own it');
      entitlements.owned.set('reader-1', [String(ids.jpOnly)]);
      const { status, body } = await get('/api/product/harbor-lights', { 'cf-ipcountry': 'JP', ...as(readerToken) });
      assert.equal(status, 200);
      assert.equal(body.status.geoRestriction, 'RestrictedButOwned');
      assert.equal(body.response.readable.isOwned, true);
      assert.deepEqual(body.response.readingAccess, { canRead: true, reason: 'owner' });
      assert.equal(body.response.variants[0].purchasable, false, 'an owner cannot buy it again');
    });
  });

  describe('series', () => {
    it('answers a series with genres and counts, and its volumes and chapters in order', async () => {
      const { body } = await get('/api/series/V2/tidewater');
      assert.equal(body.response.title, 'Tidewater');
      assert.deepEqual(body.response.genres.map((g: Json) => g.name), ['Drama']);
      assert.equal(body.response.volumeCount, 2);
      assert.equal(body.response.chapterCount, 2);
      const products = await get(`/api/product/forSeries/${ids.tidewater}`);
      assert.deepEqual(products.body.response.map((p: Json) => p.name), ['Tidewater Vol. 1', 'Tidewater Vol. 2', 'Tidewater Chapter 1', 'Tidewater Chapter 2']);
      const chapters = await get('/api/comic/forSeries/V3/tidewater');
      assert.deepEqual(chapters.body.response.map((p: Json) => p.chapterNumber), [1, 2]);
    });

    it('hides a draft series', async () => {
      const { rows } = await service.context.db.query<{ id: number }>("SELECT id FROM series WHERE title = 'Secret Series'");
      assert.equal((await get(`/api/series/V2/${rows[0]!.id}`)).status, 404);
    });
  });

  describe('/discover/v2', () => {

    it('lists only what the storefront lists, with fullCount and paging', async () => {
      const all = await get('/api/discover/v2?sort=9&count=100');
      assert.equal(all.status, 200);
      const listed = names(all.body);
      for (const hiddenName of ['Unfinished Draft', 'Future Volume', 'Convention Sampler', 'Hidden Series Vol. 1']) assert.ok(!listed.includes(hiddenName), hiddenName);
      assert.ok(listed.includes('Preorder Volume'));
      assert.equal(all.body.status.fullCount, listed.length);
      const page = await get('/api/discover/v2?sort=9&fromIndex=2&count=3');
      assert.deepEqual(names(page.body), listed.slice(2, 5));
      assert.equal(page.body.status.fullCount, listed.length);
      const pastTheEnd = await get('/api/discover/v2?sort=9&fromIndex=500&count=3');
      assert.deepEqual(pastTheEnd.body.response, []);
      assert.equal(pastTheEnd.body.status.fullCount, listed.length);
    });

    it('filters by type, genre, sale, newness, price, distribution, rating and series title', async () => {
      assert.deepEqual(names((await get('/api/discover/v2?typeIds=8&sort=9')).body), ['Tidewater Chapter 1', 'Tidewater Chapter 2']);
      assert.deepEqual(names((await get('/api/discover/v2?typeIds=8,5&sort=9')).body), ['Nightglass Omnibus', 'Tidewater Chapter 1', 'Tidewater Chapter 2']);
      const drama = (await get('/api/genre')).body.response.find((g: Json) => g.name === 'Drama').id;
      assert.equal(names((await get(`/api/discover/v2?genreIds=${drama}`)).body).length, 4);
      assert.deepEqual(names((await get('/api/discover/v2?isOnSale=true')).body), ['Tidewater Vol. 2']);
      assert.deepEqual(names((await get('/api/discover/v2?newOnly=true')).body), ['Tidewater Vol. 2']);
      assert.deepEqual(names((await get('/api/discover/v2?isFree=true&sort=9')).body), ['Tidewater Chapter 1']);
      assert.deepEqual(names((await get('/api/discover/v2?isFree=true&sort=9', as(readerToken))).body), ['Tidewater Chapter 1', 'Tidewater Chapter 2']);
      assert.deepEqual(names((await get('/api/discover/v2?distributionType=Print')).body), ['Tidewater Vol. 1']);
      assert.deepEqual(names((await get('/api/discover/v2?ageRatings=m')).body), ['Nightglass Omnibus']);
      assert.deepEqual(names((await get('/api/discover/v2?seriesTitleSearchTerm=ember')).body), ['Ember Crown Vol. 1']);
    });

    it('sorts by title both ways', async () => {
      const ascending = names((await get('/api/discover/v2?sort=9&count=100')).body);
      const descending = names((await get('/api/discover/v2?sort=8&count=100')).body);
      assert.deepEqual(descending, [...ascending].reverse());
    });

    it('groups into series with includeSeries', async () => {
      const { body } = await get('/api/discover/v2?includeSeries=true&sort=9');
      assert.deepEqual(body.response.map((s: Json) => [s.kind, s.title]), [['series', 'Ember Crown'], ['series', 'Tidewater']]);
      assert.equal(body.status.fullCount, 2);
    });

    it('leaves out what the visitor may not see: restricted in their country, above their rating', async () => {
      assert.ok(!names((await get('/api/discover/v2?count=100', { 'cf-ipcountry': 'DE' })).body).includes('Ember Crown Vol. 1'));
      const teen = names((await get('/api/discover/v2?count=100', as(teenToken))).body);
      assert.ok(!teen.includes('Nightglass Omnibus') && !teen.includes('Tidewater Vol. 1'));
    });

    it('answers unknown filter values and bad paging with 400 envelopes', async () => {
      for (const query of ['sort=99', 'count=-1', 'count=0', 'count=101', 'fromIndex=-5', 'ageRatings=zz', 'distributionType=Vinyl', 'typeIds=abc', 'typeIds=4', 'isOnSale=maybe', 'seriesStatus=Paused']) {
        const { status, body } = await get(`/api/discover/v2?${query}`);
        assert.equal(status, 400, query);
        assert.equal(body.status.type, 'BadRequest', query);
        assert.ok(body.status.message.length > 0);
      }
      const library = await get('/api/discover/v2?isInUserLibrary=true');
      assert.equal(library.status, 400);
      assert.match(library.body.status.message, /Log in/);
    });

    it('filters by what the signed-in reader owns', async () => {
      entitlements.owned.set('reader-1', [String(ids.jpOnly), String(ids.vol1)]);
      try {
        assert.deepEqual(names((await get('/api/discover/v2?isInUserLibrary=true', as(readerToken))).body).sort(), ['Harbor Lights', 'Tidewater Vol. 1']);
        const others = names((await get('/api/discover/v2?isInUserLibrary=false&count=100', as(readerToken))).body);
        assert.ok(others.includes('Tidewater Vol. 2') && !others.includes('Harbor Lights') && !others.includes('Tidewater Vol. 1'), JSON.stringify(others));
      } finally {
        entitlements.owned.set('reader-1', [String(ids.jpOnly)]);
      }
    });

    it('asks the reader once for a signed-in page, however many products it lists, and never for an anonymous one', async () => {
      const before = entitlements.calls;
      assert.ok((await get('/api/discover/v2?count=100', as(readerToken))).body.response.length > 3);
      assert.equal(entitlements.calls, before + 1);
      assert.equal((await get('/api/discover/v2?count=100&isInUserLibrary=true', as(readerToken))).status, 200);
      assert.equal(entitlements.calls, before + 2, 'the filter and the cards share one answer');
      assert.equal((await get('/api/discover/v2?count=100')).status, 200);
      assert.equal((await get('/api/product/harbor-lights')).status, 200);
      assert.equal(entitlements.calls, before + 2);
    });
  });

  describe('search', () => {
    const titles = (body: Json) => body.response.map((result: Json) => result.content.title);

    it('finds a title with a one-letter typo, exact title first, capped at 20', async () => {
      const typo = await get('/api/search/V3?query=tidewatr');
      assert.equal(typo.status, 200);
      assert.ok(titles(typo.body).includes('Tidewater'), JSON.stringify(titles(typo.body)));
      const exact = await get('/api/search/V3?query=Tidewater');
      assert.equal(titles(exact.body)[0], 'Tidewater');
      assert.equal(exact.body.response[0].type, 'series');
      assert.equal(exact.body.response[0].displayType, 'Series');
      assert.ok(exact.body.response.length <= 20);
    });

    it('finds nothing for one character, and leaves out hidden, restricted and too-mature items', async () => {
      assert.deepEqual((await get('/api/search/V3?query=t')).body.response, []);
      assert.deepEqual(titles((await get('/api/search/V3?query=unfinished')).body), []);
      assert.deepEqual(titles((await get('/api/search/V3?query=harbor', { 'cf-ipcountry': 'JP' })).body), []);
      assert.deepEqual(titles((await get('/api/search/V3?query=nightglass', as(teenToken))).body), []);
    });

    it('suggests series titles', async () => {
      assert.deepEqual((await get('/api/search/suggestions/ember?field=series')).body.response, ['Ember Crown']);
    });

    it('shows a published product in search and browse without a restart, and drops it when unpublished', async () => {
      const before = await get('/api/discover/v2?count=100&sort=9');
      assert.ok(!names(before.body).includes('Unfinished Draft'));
      assert.deepEqual(titles((await get('/api/search/V3?query=unfinished')).body), []);

      const publish = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/publish?id=${ids.draft}`, headers: as(adminToken) });
      assert.equal(publish.statusCode, 200);
      await service.relay.drain();
      assert.deepEqual(titles((await get('/api/search/V3?query=unfinished')).body), ['Unfinished Draft']);
      assert.ok(names((await get('/api/discover/v2?count=100&sort=9')).body).includes('Unfinished Draft'), 'the cached browse answer was invalidated');

      const unpublish = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/unpublish?id=${ids.draft}`, headers: as(adminToken) });
      assert.equal(unpublish.statusCode, 200);
      await service.relay.drain();
      assert.deepEqual(titles((await get('/api/search/V3?query=unfinished')).body), []);
      assert.equal((await get('/api/product/unfinished-draft')).status, 404);
    });
  });

  describe('staff publishing', () => {
    it('needs the admin role', async () => {
      const anonymous = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/publish?id=${ids.draft}` });
      assert.equal(anonymous.statusCode, 401);
      const reader = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/publish?id=${ids.draft}`, headers: as(readerToken) });
      assert.equal(reader.statusCode, 403);
    });

    it('refuses a schedule without a date and an unknown product', async () => {
      const noDate = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/publish?id=${ids.draft}&publishStatus=Scheduled`, headers: as(adminToken) });
      assert.equal(noDate.statusCode, 400);
      const unknown = await service.app.inject({ method: 'POST', url: '/api/dashboard/product/publish?id=999999', headers: as(adminToken) });
      assert.equal(unknown.statusCode, 404);
    });

    it('takes a publishDate with any offset the date-time format admits, and refuses one that is no instant', async () => {
      const farOffset = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/publish?id=${ids.draft}&publishStatus=Scheduled&publishDate=${encodeURIComponent('2999-01-13T21:00:28+19:24')}`, headers: as(adminToken) });
      assert.equal(farOffset.statusCode, 200, farOffset.body);
      const leapSecond = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/publish?id=${ids.draft}&publishStatus=Scheduled&publishDate=${encodeURIComponent('2999-01-13T23:59:60Z')}`, headers: as(adminToken) });
      assert.equal(leapSecond.statusCode, 400);
      assert.equal(leapSecond.json().status.message, 'publishDate is not a date and time, e.g. 2025-01-31T18:04:05Z.');
      await service.app.inject({ method: 'POST', url: `/api/dashboard/product/unpublish?id=${ids.draft}`, headers: as(adminToken) });
      await service.relay.drain();
    });
  });

  describe('lookups', () => {
    it('lists genres, product types with their codes, publishers and IP tags', async () => {
      assert.deepEqual((await get('/api/genre')).body.response.map((g: Json) => g.name), ['Drama', 'Fantasy']);
      const types = (await get('/api/type')).body.response;
      assert.deepEqual(types.find((t: Json) => t.name === 'Chapter'), { id: 8, name: 'Chapter', category: 'Publication', categoryId: 0 });
      assert.equal(types.find((t: Json) => t.name === 'DigitalBundle').id, 3000);
      assert.equal((await get('/api/publisher')).status, 200);
      assert.equal((await get('/api/iptag/unknown-tag')).status, 404);
    });
  });
});

describe('catalog storefront API without the reader', () => {
  let service: TestService;
  let productId: number;

  beforeAll(async () => {
    const gone = await startReaderEntitlements();
    await gone.close();
    service = await buildTestService(catalogService, { config: gone.config });
    productId = await createProduct(service.context.db, { name: 'Quiet Harbour', readableUrl: 'quiet-harbour' });
  });

  afterAll(() => service?.close());

  it('answers signed-in visitors 503 rather than guess what they own, and anonymous ones as usual', async () => {
    const token = await signTestToken({ userId: 'reader-1' });
    const signedIn = await service.app.inject({ method: 'GET', url: `/api/product/${productId}`, headers: { authorization: `Bearer ${token}` } });
    assert.equal(signedIn.statusCode, 503);
    assert.deepEqual(signedIn.json(), { status: { type: 'ServiceUnavailable', message: 'Your library is temporarily unavailable. Please try again in a moment.' }, response: null });
    assert.equal((await service.app.inject({ method: 'GET', url: `/api/product/${productId}` })).statusCode, 200);
  });
});
