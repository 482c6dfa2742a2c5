import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { READ_CACHE_PREFIX } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { SERIES_MISSING_INFORMATION_MESSAGE, SERIES_NO_GENRES_MESSAGE } from '../src/domain';
import { BUNDLE_NEEDS_DESCRIPTION_MESSAGE, BUNDLE_NEEDS_THUMBNAIL_MESSAGE } from '../src/domain/staff-catalogue-rules';
import { loadSeries } from '../src/store/records';
import { createProduct, createSeries } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const THUMBNAIL = { url: 'https://cdn.example.com/cover.jpg', width: 600, height: 900 };

describe('staff catalogue: series, bundles, publishers, lookups and the cache', () => {
  let service: TestService;
  let admin: string;
  const ids: Record<string, number> = {};

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const events = async (type: string, key: string) =>
    (await service.context.db.query<{ id: string }>('SELECT id FROM outbox WHERE type = $1 AND key = $2', [type, key])).rowCount ?? 0;
  const audit = async (entity: string, entityId: number | null) =>
    (await service.context.db.query<{ action: string; actor_email: string; changes: Json }>('SELECT action, actor_email, changes FROM staff_audit WHERE entity = $1 AND entity_id IS NOT DISTINCT FROM $2 ORDER BY id', [entity, entityId])).rows;

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    admin = await signTestToken({ roles: ['admin'], userId: 'staff-1', email: 'editor@inkwell.example' });
    const db = service.context.db;
    ids.fantasy = (await db.query<{ id: number }>("INSERT INTO genres (name, readable_url) VALUES ('Fantasy', 'fantasy') RETURNING id")).rows[0]!.id;
    ids.horror = (await db.query<{ id: number }>("INSERT INTO genres (name, readable_url) VALUES ('Horror', 'horror') RETURNING id")).rows[0]!.id;
    ids.creator = (await db.query<{ id: number }>("INSERT INTO creators (name) VALUES ('Aki Mori') RETURNING id")).rows[0]!.id;
    ids.publisher = (await db.query<{ id: number }>("INSERT INTO publishers (name) VALUES ('Inkwell Press') RETURNING id")).rows[0]!.id;
    ids.imprint = (await db.query<{ id: number }>("INSERT INTO imprints (publisher_id, name) VALUES ($1, 'Night Owl') RETURNING id", [ids.publisher])).rows[0]!.id;
    ids.otherPublisher = (await db.query<{ id: number }>("INSERT INTO publishers (name) VALUES ('Elsewhere Books') RETURNING id")).rows[0]!.id;
    ids.otherImprint = (await db.query<{ id: number }>("INSERT INTO imprints (publisher_id, name) VALUES ($1, 'Far Shore') RETURNING id", [ids.otherPublisher])).rows[0]!.id;
    ids.ipTag = (await db.query<{ id: number }>("INSERT INTO ip_tags (name, readable_url) VALUES ('Moonlit Saga', 'moonlit-saga') RETURNING id")).rows[0]!.id;
    ids.existingSeries = await createSeries(db, { title: 'Lantern Street', readableUrl: 'lantern-street', genres: ['Slice of Life'] });
    ids.vol1 = await createProduct(db, { name: 'Lantern Street Vol. 1', seriesId: ids.existingSeries, volumeNumber: 1 });
    ids.vol2 = await createProduct(db, { name: 'Lantern Street Vol. 2', seriesId: ids.existingSeries, volumeNumber: 2 });
  });

  afterAll(() => service?.close());

  describe('series', () => {
    it('refuses callers who are not staff', async () => {
      assert.equal((await call('GET', '/api/dashboard/series', undefined, null)).status, 401);
      const reader = await signTestToken({ roles: [] });
      assert.equal((await call('GET', '/api/dashboard/series', undefined, reader)).status, 403);
      assert.equal((await call('POST', '/api/dashboard/series/new', { title: 'X' }, reader)).status, 403);
    });

    it('creates a draft series with every field, and reads it back', async () => {
      const created = await call('POST', '/api/dashboard/series/new', {
        title: '  Moonlit Garden ',
        description: 'A garden that opens at night.',
        genreIds: [ids.fantasy],
        readableUrl: 'moonlit-garden',
        altTitles: ['Tsukiyo no Niwa'],
        defaultCreators: [{ creatorId: ids.creator, title: 'Story & Art' }],
        overrideCreators: [{ creatorId: ids.creator, title: 'Writer', hidden: true }],
        isUsingOverrideCreators: true,
        restrictedTerritories: ['CN'],
        thumbnails: [THUMBNAIL],
        heroThumbnails: [{ ...THUMBNAIL, url: 'https://cdn.example.com/hero.jpg' }],
        assetLinkGroups: [{ name: 'Print files', links: [{ name: 'Cover PDF', url: 'https://files.example.com/cover.pdf' }] }],
        externalLinks: [{ name: 'Official site', url: 'https://moonlit.example.com' }],
        publisherId: ids.publisher,
        imprintId: ids.imprint,
        ipTagId: ids.ipTag,
        newNotes: [{ text: 'Licensed for all territories but CN.', logLevel: 'Success' }],
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const id = created.body.response.id;
      assert.ok(Number.isInteger(id));
      ids.moonlit = id;
      const { body } = await call('GET', `/api/dashboard/series/${id}`);
      const series = body.response;
      assert.equal(series.title, 'Moonlit Garden', 'the title is trimmed');
      assert.equal(series.status, 'Draft');
      assert.equal(series.relativeNameSetting, 'UsePublisherSetting', 'the default relative name setting');
      assert.deepEqual(series.genres, [{ id: ids.fantasy, name: 'Fantasy' }]);
      assert.deepEqual(series.defaultCreators.map((c: Json) => [c.creator.name, c.title, c.ordinal, c.hidden]), [['Aki Mori', 'Story & Art', 0, false]]);
      assert.deepEqual(series.overrideCreators.map((c: Json) => [c.title, c.hidden]), [['Writer', true]]);
      assert.equal(series.isUsingOverrideCreators, true);
      assert.deepEqual(series.thumbnails, [THUMBNAIL]);
      assert.equal(series.heroThumbnails[0].url, 'https://cdn.example.com/hero.jpg');
      assert.deepEqual(series.assetLinkGroups[0].links[0].name, 'Cover PDF');
      assert.deepEqual(series.publisher, { id: ids.publisher, name: 'Inkwell Press' });
      assert.deepEqual(series.imprint, { id: ids.imprint, name: 'Night Owl' });
      assert.deepEqual(series.ipTag, { id: ids.ipTag, name: 'Moonlit Saga' });
      assert.deepEqual(series.notes.map((n: Json) => [n.text, n.logLevel, n.author]), [['Licensed for all territories but CN.', 'Success', 'editor@inkwell.example']]);
      assert.equal(series.productCount, 0);
      assert.equal(await events('series.changed', `series:${id}`), 1);
      const trail = await audit('series', id);
      assert.deepEqual(trail.map((entry) => entry.action), ['created']);
      assert.equal(trail[0]!.actor_email, 'editor@inkwell.example');
      assert.equal(trail[0]!.changes.title.to, 'Moonlit Garden');
    });

    it('shows the storefront the override credits while they are switched on, the default ones otherwise', async () => {
      const credits = async (id: number) => (await loadSeries(service.context.db, [id]))[0]!.creators.map((credit) => credit.title);
      assert.deepEqual(await credits(ids.moonlit!), ['Writer']);
      const off = await call('POST', '/api/dashboard/series/new', {
        title: 'Sunlit Garden',
        defaultCreators: [{ creatorId: ids.creator, title: 'Story & Art' }],
        overrideCreators: [{ creatorId: ids.creator, title: 'Writer' }],
        isUsingOverrideCreators: false,
      });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.deepEqual(await credits(off.body.response.id), ['Story & Art']);
    });

    it('counts the products of a series', async () => {
      assert.equal((await call('GET', `/api/dashboard/series/${ids.existingSeries}`)).body.response.productCount, 2);
      assert.equal((await call('GET', '/api/dashboard/series/999999')).status, 404);
      assert.equal((await call('GET', '/api/dashboard/series/abc')).status, 400);
    });

    it('refuses unknown references naming the field, and saves nothing', async () => {
      const before = (await service.context.db.query('SELECT count(*)::int AS n FROM series')).rows[0];
      const cases: Array<[Json, RegExp]> = [
        [{ title: 'A', genreIds: [999999] }, /^genreIds: .*999999/],
        [{ title: 'A', publisherId: 999999 }, /^publisherId: /],
        [{ title: 'A', imprintId: 999999 }, /^imprintId: /],
        [{ title: 'A', publisherId: ids.publisher, imprintId: ids.otherImprint }, /^imprintId: .*another publisher/],
        [{ title: 'A', ipTagId: 999999 }, /^ipTagId: /],
        [{ title: 'A', defaultCreators: [{ creatorId: 999999, title: 'Writer' }] }, /^defaultCreators: /],
        [{ title: 'A', restrictedTerritories: ['ZZ'] }, /^restrictedTerritories: ZZ/],
        [{ title: 'A', readableUrl: '12345' }, /^readableUrl: /],
        [{ title: '   ' }, /^title: /],
      ];
      for (const [payload, message] of cases) {
        const answer = await call('POST', '/api/dashboard/series/new', payload);
        assert.equal(answer.status, 400, JSON.stringify(payload));
        assert.match(answer.body.status.message, message);
      }
      const taken = await call('POST', '/api/dashboard/series/new', { title: 'Copy', readableUrl: 'moonlit-garden' });
      assert.equal(taken.status, 409);
      assert.match(taken.body.status.message, /^readableUrl: /);
      assert.equal((await call('POST', '/api/dashboard/series/new', { title: 'A', restrictedTerritories: ['cn'] })).status, 400, 'codes are upper case');
      assert.equal((await call('POST', '/api/dashboard/series/new', { title: 'A', relativeNameSetting: 'Whatever' })).status, 400);
      assert.deepEqual((await service.context.db.query('SELECT count(*)::int AS n FROM series')).rows[0], before);
    });

    it('refuses publishing without title, description and a genre, in the spec\'s words', async () => {
      const bare = (await call('POST', '/api/dashboard/series/new', { title: 'Bare' })).body.response.id;
      const refused = await call('POST', `/api/dashboard/series/publish?id=${bare}`);
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.status.problems, [{ field: 'description', message: SERIES_MISSING_INFORMATION_MESSAGE }, { field: 'genreIds', message: SERIES_NO_GENRES_MESSAGE }]);
      assert.deepEqual(refused.body.status.problems.map((item: Json) => item.message), ['Missing Series Information', 'No genres selected. A published series must belong to at least one genre']);
      assert.ok(refused.body.status.message.includes('No genres selected. A published series must belong to at least one genre'));
      assert.equal((await call('GET', `/api/dashboard/series/${bare}`)).body.response.status, 'Draft');
      const direct = await call('POST', '/api/dashboard/series/new', { title: 'Direct', description: 'Has one.', status: 'Published' });
      assert.equal(direct.status, 400);
      assert.deepEqual(direct.body.status.problems, [{ field: 'genreIds', message: SERIES_NO_GENRES_MESSAGE }]);
    });

    it('publishes and unpublishes, with events and audit entries', async () => {
      const id = ids.moonlit!;
      const published = await call('POST', `/api/dashboard/series/publish?id=${id}`);
      assert.equal(published.status, 200, JSON.stringify(published.body));
      assert.deepEqual(published.body.response, { id, status: 'Published' });
      const again = await call('POST', `/api/dashboard/series/publish?id=${id}`);
      assert.equal(again.body.response.status, 'Published', 'publishing a published series changes nothing');
      const unpublished = await call('POST', `/api/dashboard/series/unpublish?id=${id}`);
      assert.deepEqual(unpublished.body.response, { id, status: 'Draft' });
      assert.equal(await events('series.changed', `series:${id}`), 3);
      assert.deepEqual((await audit('series', id)).map((entry) => entry.action), ['created', 'published', 'unpublished']);
      assert.equal((await call('POST', '/api/dashboard/series/publish?id=999999')).status, 404);
      assert.equal((await call('POST', '/api/dashboard/series/publish')).status, 400);
    });

    it('alters a list of series all or nothing, with notes', async () => {
      const a = ids.moonlit!;
      const b = ids.existingSeries!;
      const failed = await call('POST', '/api/dashboard/series/alter', [
        { id: a, title: 'Moonlit Garden (new)' },
        { id: b, genreIds: [424242] },
      ]);
      assert.equal(failed.status, 400);
      assert.match(failed.body.status.message, new RegExp(`^Series ${b}: genreIds: `));
      assert.equal((await call('GET', `/api/dashboard/series/${a}`)).body.response.title, 'Moonlit Garden', 'the first series of a refused list is not saved');

      const saved = await call('POST', '/api/dashboard/series/alter', [
        { id: a, title: 'Moonlit Garden Deluxe', genreIds: [ids.fantasy, ids.horror], newNotes: [{ text: 'Renamed for the deluxe run.' }] },
        { id: b, unlisted: true, relativeNameSetting: 'Chapter' },
      ]);
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.response.map((s: Json) => s.title), ['Moonlit Garden Deluxe', 'Lantern Street']);
      const moonlit = saved.body.response[0];
      assert.deepEqual(moonlit.genres.map((g: Json) => g.name), ['Fantasy', 'Horror']);
      assert.equal(moonlit.notes[0].text, 'Renamed for the deluxe run.');
      assert.equal(moonlit.notes[0].logLevel, 'Info');
      assert.equal(moonlit.isUsingOverrideCreators, true, 'fields left out keep their value');
      assert.equal(saved.body.response[1].relativeNameSetting, 'Chapter');
      const entry = (await audit('series', a)).at(-1)!;
      assert.equal(entry.action, 'altered');
      assert.deepEqual(entry.changes.title, { from: 'Moonlit Garden', to: 'Moonlit Garden Deluxe' });
      assert.ok(entry.changes.notes);

      const published = await call('POST', '/api/dashboard/series/alter', [{ id: b, genreIds: [] }]);
      assert.equal(published.status, 400, 'a published series must keep a genre');
      assert.deepEqual(published.body.status.problems, [{ field: 'genreIds', message: SERIES_NO_GENRES_MESSAGE }]);
      assert.equal((await call('POST', '/api/dashboard/series/alter', [{ id: a }, { id: a }])).status, 400, 'a series twice in one list');
      assert.equal((await call('POST', '/api/dashboard/series/alter', [])).status, 400);
      assert.equal((await call('POST', '/api/dashboard/series/alter', [{ id: 999999, title: 'Ghost' }])).status, 404);
      const move = await call('POST', '/api/dashboard/series/alter', [{ id: a, status: 'Scheduled' }]);
      assert.equal(move.status, 400);
      assert.match(move.body.status.message, /^status: /);
    });

    it('adds a note on its own, and refuses an empty one', async () => {
      const noted = await call('POST', `/api/dashboard/series/${ids.moonlit}/notes`, { text: 'Print run delayed.', logLevel: 'Error' });
      assert.equal(noted.status, 200);
      assert.deepEqual(noted.body.response.notes.map((n: Json) => n.logLevel), ['Error', 'Info', 'Success'], 'newest first');
      assert.equal((await call('POST', `/api/dashboard/series/${ids.moonlit}/notes`, { text: '' })).status, 400);
      assert.equal((await call('POST', `/api/dashboard/series/${ids.moonlit}/notes`, { text: 'x', logLevel: 'Debug' })).status, 400);
      assert.equal((await call('POST', '/api/dashboard/series/999999/notes', { text: 'x' })).status, 404);
      assert.equal((await audit('series', ids.moonlit!)).at(-1)!.action, 'noted');
    });

    it('lists series a page at a time, filtered and sorted', async () => {
      const all = await call('GET', '/api/dashboard/series?count=2&start=0');
      assert.equal(all.status, 200);
      const page = all.body.response;
      assert.equal(page.items.length, 2);
      assert.equal(page.thisPageNumber, 1);
      assert.equal(page.thisPageSize, 2);
      assert.ok(page.filteredTotalRows >= 3);
      assert.equal(page.totalPageNumber, Math.ceil(page.filteredTotalRows / 2));
      const found = await call('GET', '/api/dashboard/series?query=moonlit');
      assert.deepEqual(found.body.response.items.map((s: Json) => s.title), ['Moonlit Garden Deluxe']);
      assert.deepEqual(found.body.response.items[0].genres.map((g: Json) => g.name), ['Fantasy', 'Horror']);
      const wildcard = await call('GET', '/api/dashboard/series?query=%25');
      assert.equal(wildcard.body.response.filteredTotalRows, 0, 'a % in the query is a literal %');
      const published = await call('GET', '/api/dashboard/series?publishStatus=Published');
      assert.deepEqual(published.body.response.items.map((s: Json) => s.title), ['Lantern Street']);
      const byCode = await call('GET', '/api/dashboard/series?publishStatus=4');
      assert.deepEqual(byCode.body.response.items.map((s: Json) => s.title), ['Lantern Street']);
      assert.equal((await call('GET', '/api/dashboard/series?publishStatus=Sometimes')).status, 400);
      const desc = await call('GET', '/api/dashboard/series?sortBy=title&sortDirection=desc');
      const titles = desc.body.response.items.map((s: Json) => s.title);
      assert.deepEqual(titles, [...titles].sort((x: string, y: string) => y.toLowerCase().localeCompare(x.toLowerCase())));
      const posted = await call('POST', '/api/dashboard/series', { query: 'lantern', count: 5 });
      assert.deepEqual(posted.body.response.items.map((s: Json) => [s.title, s.productCount]), [['Lantern Street', 2]]);
      assert.equal((await call('GET', '/api/dashboard/series?count=0')).status, 400);
      assert.equal((await call('GET', '/api/dashboard/series?sortBy=color')).status, 400);
    });
  });

  describe('bundles', () => {
    it('creates, alters, publishes, unpublishes and removes a bundle', async () => {
      const created = await call('POST', '/api/dashboard/bundles/new', {
        name: 'Lantern Street starter',
        items: [{ productId: ids.vol1, price: 499 }, { productId: ids.vol2, price: 599 }],
        priceable: { type: 'Paid', price: 999 },
        geoRestrictable: { restrictedTerritories: ['JP'] },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const id = created.body.response.id;
      ids.bundle = id;
      const bundle = (await call('GET', `/api/dashboard/bundles/${id}`)).body.response;
      assert.equal(bundle.status, 'Draft');
      assert.deepEqual(bundle.items.map((item: Json) => [item.name, item.price]), [['Lantern Street Vol. 1', 499], ['Lantern Street Vol. 2', 599]]);
      assert.deepEqual(bundle.priceable, { type: 'Paid', price: 999, currency: 'USD' });
      assert.deepEqual(bundle.geoRestrictable, { restrictedTerritories: ['JP'] });

      const refused = await call('POST', `/api/dashboard/bundles/publish?id=${id}`);
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.status.problems, [{ field: 'description', message: BUNDLE_NEEDS_DESCRIPTION_MESSAGE }, { field: 'defaultThumbnail', message: BUNDLE_NEEDS_THUMBNAIL_MESSAGE }]);
      assert.match(refused.body.status.message, /description.*default thumbnail/);

      const altered = await call('POST', '/api/dashboard/bundles/alter', { id, description: 'Two volumes.', defaultThumbnail: THUMBNAIL, items: [{ productId: ids.vol2, price: 0 }] });
      assert.equal(altered.status, 200, JSON.stringify(altered.body));
      assert.deepEqual(altered.body.response.items.map((item: Json) => item.productId), [ids.vol2]);
      assert.equal(altered.body.response.name, 'Lantern Street starter', 'fields left out keep their value');

      assert.deepEqual((await call('POST', `/api/dashboard/bundles/publish?id=${id}`)).body.response, { id, status: 'Published' });
      const unpublishable = await call('POST', '/api/dashboard/bundles/alter', { id, defaultThumbnail: null });
      assert.equal(unpublishable.status, 400, 'a published bundle keeps its default thumbnail');
      assert.deepEqual(unpublishable.body.status.problems, [{ field: 'defaultThumbnail', message: BUNDLE_NEEDS_THUMBNAIL_MESSAGE }]);
      assert.deepEqual((await call('POST', `/api/dashboard/bundles/unpublish?id=${id}`)).body.response, { id, status: 'Draft' });
      assert.deepEqual((await call('POST', `/api/dashboard/bundles/remove?id=${id}`)).body.response, { id, status: 'Removed' });
      assert.equal((await call('POST', `/api/dashboard/bundles/publish?id=${id}`)).status, 400, 'a removed bundle is restored before it is published');

      assert.equal(await events('bundle.changed', `bundle:${id}`), 5);
      assert.deepEqual((await audit('bundle', id)).map((entry) => entry.action), ['created', 'altered', 'published', 'unpublished', 'removed']);
    });

    it('refuses unknown products, negative prices and unknown price types, saving nothing', async () => {
      const before = (await service.context.db.query('SELECT count(*)::int AS n FROM bundles')).rows[0];
      const unknown = await call('POST', '/api/dashboard/bundles/new', { name: 'Ghosts', items: [{ productId: ids.vol1, price: 1 }, { productId: 999999, price: 1 }] });
      assert.equal(unknown.status, 400);
      assert.match(unknown.body.status.message, /^items\[1\]\.productId: .*999999/);
      const negative = await call('POST', '/api/dashboard/bundles/new', { name: 'Cheap', items: [{ productId: ids.vol1, price: -1 }] });
      assert.equal(negative.status, 400);
      assert.match(negative.body.status.message, /price/);
      assert.equal((await call('POST', '/api/dashboard/bundles/new', { name: 'Odd', priceable: { type: 'Bartered', price: 1 } })).status, 400);
      assert.equal((await call('POST', '/api/dashboard/bundles/new', { name: 'Twice', items: [{ productId: ids.vol1, price: 1 }, { productId: ids.vol1, price: 2 }] })).status, 400);
      assert.equal((await call('POST', '/api/dashboard/bundles/new', { name: '' })).status, 400);
      assert.equal((await call('POST', '/api/dashboard/bundles/alter', { id: 999999, name: 'Ghost' })).status, 404);
      assert.deepEqual((await service.context.db.query('SELECT count(*)::int AS n FROM bundles')).rows[0], before);
    });

    it('lists bundles, leaving removed ones out unless asked', async () => {
      await call('POST', '/api/dashboard/bundles/new', { name: 'Frostline box' });
      const list = (await call('GET', '/api/dashboard/bundles?count=10')).body.response;
      assert.deepEqual(list.items.map((b: Json) => b.name), ['Frostline box']);
      assert.equal(list.unfilteredTotalRows, 2);
      const removed = (await call('GET', '/api/dashboard/bundles?publishStatus=Removed')).body.response;
      assert.deepEqual(removed.items.map((b: Json) => [b.name, b.itemCount]), [['Lantern Street starter', 1]]);
      assert.deepEqual((await call('GET', '/api/dashboard/bundles?query=frost')).body.response.items.map((b: Json) => b.name), ['Frostline box']);
    });
  });

  describe('publishers', () => {
    it('creates, pages, alters, hides and removes publishers', async () => {
      const created = await call('POST', '/api/dashboard/publisher/new', { name: 'Paper Lantern', imprints: ['Dusk', 'Dawn'], relativeNameSetting: 'Chapter' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const id = created.body.response.id;
      assert.equal((await call('POST', '/api/dashboard/publisher/new', { name: 'paper lantern' })).status, 409, 'names are unique whatever the case');
      assert.equal((await call('POST', '/api/dashboard/publisher/new', { name: 'Twins', imprints: ['A', 'a'] })).status, 400);

      const page = (await call('POST', '/api/dashboard/publisher/post-pagination', { query: 'lantern' })).body.response;
      assert.deepEqual(page.items.map((p: Json) => [p.name, p.relativeNameSetting, p.imprints.map((i: Json) => i.name)]), [['Paper Lantern', 'Chapter', ['Dawn', 'Dusk']]]);
      const sorted = (await call('POST', '/api/dashboard/publisher/post-pagination', { sortBy: 'name', sortDirection: 'desc', count: 2 })).body.response;
      assert.deepEqual(sorted.items.map((p: Json) => p.name), ['Paper Lantern', 'Inkwell Press']);
      assert.equal(sorted.totalPageNumber, 2);

      const dawn = page.items[0].imprints.find((i: Json) => i.name === 'Dawn');
      const altered = await call('POST', '/api/dashboard/publisher/alter', { id, name: 'Paper Lantern Books', imprints: [{ id: dawn.id, name: 'Daybreak' }, { name: 'Noon' }] });
      assert.equal(altered.status, 200, JSON.stringify(altered.body));
      assert.deepEqual(altered.body.response.imprints.map((i: Json) => i.name), ['Daybreak', 'Noon']);
      assert.equal(altered.body.response.imprints.find((i: Json) => i.name === 'Daybreak').id, dawn.id, 'a renamed imprint keeps its id');
      assert.equal((await call('POST', '/api/dashboard/publisher/alter', { id, imprints: [{ id: ids.imprint, name: 'Stolen' }] })).status, 400, "another publisher's imprint");

      const hidden = await call('POST', `/api/dashboard/publisher/batch-visibility?hidden=true`, [id, ids.otherPublisher]);
      assert.deepEqual(hidden.body.response, { hidden: true, ids: [id, ids.otherPublisher] });
      assert.deepEqual((await call('GET', '/api/publisher', undefined, null)).body.response.map((p: Json) => p.name), ['Inkwell Press'], 'the storefront no longer lists hidden publishers');
      assert.equal((await call('POST', '/api/dashboard/publisher/batch-visibility?hidden=false', [id, 999999])).status, 400);
      assert.equal((await call('POST', '/api/dashboard/publisher/batch-visibility', [id])).status, 400, 'hidden is required');
      assert.equal((await call('POST', '/api/dashboard/publisher/batch-visibility?hidden=true', [])).status, 400);
      const stillHidden = (await call('POST', '/api/dashboard/publisher/post-pagination', { hidden: true })).body.response.items.map((p: Json) => p.id);
      assert.deepEqual(stillHidden.sort(), [id, ids.otherPublisher].sort(), 'a refused batch changes nothing');

      assert.deepEqual((await call('POST', `/api/dashboard/publisher/remove?id=${id}`)).body.response, { id });
      assert.equal((await call('POST', `/api/dashboard/publisher/remove?id=${id}`)).status, 404);
      assert.equal(await events('publisher.changed', `publisher:${id}`), 4);
      assert.deepEqual((await audit('publisher', id)).map((entry) => entry.action), ['created', 'altered', 'hidden', 'removed']);
    });

    it('refuses removing a publisher or an imprint that series still name', async () => {
      const refused = await call('POST', `/api/dashboard/publisher/remove?id=${ids.publisher}`);
      assert.equal(refused.status, 409);
      assert.match(refused.body.status.message, /Inkwell Press cannot be removed while 1 series/);
      const imprint = await call('POST', '/api/dashboard/publisher/alter', { id: ids.publisher, imprints: [] });
      assert.equal(imprint.status, 409);
      assert.match(imprint.body.status.message, /Night Owl/);
      const kept = (await call('POST', '/api/dashboard/publisher/post-pagination', { query: 'Inkwell' })).body.response.items[0];
      assert.deepEqual(kept.imprints.map((i: Json) => i.name), ['Night Owl']);
      assert.equal(kept.seriesCount, 1);
    });
  });

  it('documents every staff catalogue call in the OpenAPI document', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/dashboard/series/alter', '/api/dashboard/bundles/new', '/api/dashboard/publisher/batch-visibility', '/api/dashboard/ims/{id}', '/api/dashboard/search/uploadAllToSearch/{jobId}', '/api/dashboard/cache/invalidateAll']) {
      assert.ok(paths.includes(path), path);
    }
  });

  describe('lookups and the cache', () => {
    it('answers IP tags, inventory products with their stock, territories, tiers and imprints', async () => {
      assert.deepEqual((await call('GET', '/api/dashboard/ipTags?query=moon')).body.response, [{ id: ids.ipTag, name: 'Moonlit Saga', readableUrl: 'moonlit-saga' }]);
      assert.deepEqual((await call('GET', '/api/dashboard/ipTags?query=zzz')).body.response, []);
      const ims = (await call('GET', '/api/dashboard/ims?query=lantern street vol. 1')).body.response;
      assert.equal(ims.length, 1);
      const product = (await call('GET', `/api/dashboard/ims/${ims[0].id}`)).body.response;
      assert.equal(product.totalStock, product.stocks.reduce((sum: number, stock: Json) => sum + stock.available, 0));
      assert.equal(product.totalStock, 155);
      assert.ok(product.stocks.every((stock: Json) => !Number.isNaN(Date.parse(stock.lastUpdated))));
      assert.equal((await call('GET', '/api/dashboard/ims/999999')).status, 404);
      const territories = (await call('GET', '/api/dashboard/home/restrictedTerritories')).body.response;
      assert.ok(territories.length > 200);
      assert.deepEqual(territories.find((t: Json) => t.code === 'JP'), { code: 'JP', name: 'Japan' });
      const tiers = (await call('GET', '/api/dashboard/home/pricing/tiers')).body.response;
      assert.ok(tiers.length > 0 && tiers.every((tier: Json) => Number.isInteger(tier.price) && tier.currency === 'USD'));
      assert.deepEqual(tiers.map((t: Json) => t.price), [...tiers.map((t: Json) => t.price)].sort((a: number, b: number) => a - b));
      const imprints = (await call('GET', '/api/dashboard/home/imprints')).body.response;
      assert.deepEqual(imprints.find((i: Json) => i.id === ids.imprint), { id: ids.imprint, name: 'Night Owl', publisherId: ids.publisher, publisherName: 'Inkwell Press' });
      assert.equal((await call('GET', '/api/dashboard/home/imprints', undefined, null)).status, 401);
    });

    it('invalidates the whole cache, here and through an event', async () => {
      await service.context.cache.setText(`${READ_CACHE_PREFIX}probe`, 'cached', 60);
      const invalidations = async () => (await service.context.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE type = 'catalog.cache-invalidated'")).rows[0]!.n;
      const before = await invalidations();
      const answer = await call('POST', '/api/dashboard/cache/invalidateAll');
      assert.equal(answer.status, 200);
      assert.ok(!Number.isNaN(Date.parse(answer.body.response.invalidatedAt)));
      assert.equal(await service.context.cache.getText(`${READ_CACHE_PREFIX}probe`), undefined);
      assert.equal(await invalidations(), before + 1);
      assert.deepEqual((await audit('cache', null)).map((entry) => entry.action), ['invalidated']);
    });
  });
});
