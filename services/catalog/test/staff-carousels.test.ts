import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CURATED_LIST_TITLE_MESSAGE, LIST_SORTS } from '@inkwell/contracts/dashboard-merchandising';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Database, migrate } from '@inkwell/platform';
import { buildTestService, createTestDatabase, signTestToken, testLogger, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { createCarousel } from '../src/store';
import { createProduct, createSeries, putOnSale } from './factories';
import { startReaderEntitlements, type ReaderEntitlements } from './support/reader-entitlements';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/*
 * Curated lists (the home page's carousels) and HTML components through the staff calls of the
 * dashboard spec §7 "Home page", against real PostgreSQL: every call, the §5 title rule, bad input
 * refused with the field named and nothing changed, the filter criteria evaluated by the catalog's
 * discover query, and what the storefront's home and carousel calls then show.
 */
describe('staff curated lists (carousels) and HTML components', () => {
  let service: TestService;
  let entitlements: ReaderEntitlements;
  let admin: string;
  const ids: Record<string, number> = {};

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    return { status: response.statusCode, body: response.json() };
  };
  const count = async (sql: string, values: unknown[] = []) => Number((await service.context.db.query<{ n: number }>(sql, values)).rows[0]!.n);
  const homeEvents = () => count("SELECT count(*)::int AS n FROM outbox WHERE type = 'home.changed'");
  const audit = async (entity: string, entityId: number | undefined) =>
    (await service.context.db.query<{ action: string; actor_email: string; changes: Json }>('SELECT action, actor_email, changes FROM staff_audit WHERE entity = $1 AND entity_id = $2 ORDER BY id', [entity, entityId])).rows;
  const names = (items: Json[]) => items.map((item) => item.name ?? item.title);
  const list = (overrides: Json = {}) => ({ title: 'Picks', type: 'Filtered', curatedItems: [], filterCriteria: {}, ...overrides });
  const preview = async (overrides: Json) => {
    const answer = await call('POST', '/api/dashboard/carousels/preview', list(overrides));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.response as { items: Json[]; fullCount: number };
  };

  beforeAll(async () => {
    entitlements = await startReaderEntitlements();
    service = await buildTestService(catalogService, { config: entitlements.config });
    // The read cache follows the outbox's events through the bus.
    await service.bus.start();
    admin = await signTestToken({ roles: ['admin'], userId: 'staff-1', email: 'editor@inkwell.example' });
    const db = service.context.db;
    ids.publisher = (await db.query<{ id: number }>("INSERT INTO publishers (name) VALUES ('Inkwell Press') RETURNING id")).rows[0]!.id;
    ids.imprint = (await db.query<{ id: number }>("INSERT INTO imprints (publisher_id, name) VALUES ($1, 'Night Owl') RETURNING id", [ids.publisher])).rows[0]!.id;
    ids.ipTag = (await db.query<{ id: number }>("INSERT INTO ip_tags (name, readable_url) VALUES ('Moonlit Saga', 'moonlit-saga') RETURNING id")).rows[0]!.id;
    ids.lantern = await createSeries(db, { title: 'Lantern Street', genres: ['Slice of Life'] });
    ids.ember = await createSeries(db, { title: 'Ember Crown', ageRating: 'm', genres: ['Fantasy'] });
    ids.frost = await createSeries(db, { title: 'Frostline', restrictedTerritories: ['CN'] });
    await db.query('UPDATE series SET imprint_id = $2, ip_tag_id = $3 WHERE id = $1', [ids.ember, ids.imprint, ids.ipTag]);
    ids.genreFantasy = (await db.query<{ id: number }>("SELECT id FROM genres WHERE name = 'Fantasy'")).rows[0]!.id;
    // Prices: Lantern 1 at 4.99 (on sale at 2.99), Lantern 2 at 9.99, the Ember volume 12.99 digital and print, Ember's one-shot print only at 24.99.
    ids.lantern1 = await createProduct(db, { name: 'Lantern Street Vol. 1', seriesId: ids.lantern, volumeNumber: 1, variants: [{ priceCents: 499 }] });
    ids.lantern2 = await createProduct(db, { name: 'Lantern Street Vol. 2', seriesId: ids.lantern, volumeNumber: 2, variants: [{ priceCents: 999 }] });
    ids.ember1 = await createProduct(db, { name: 'Ember Crown Vol. 1', seriesId: ids.ember, volumeNumber: 1, ageRating: 'm', variants: [{ priceCents: 1299 }, { type: 'Print', priceCents: 1299 }] });
    ids.emberShot = await createProduct(db, { name: 'Ember Crown One-Shot', seriesId: ids.ember, type: 'OneShot', ageRating: 't', variants: [{ type: 'Print', priceCents: 2499 }] });
    ids.frost1 = await createProduct(db, { name: 'Frostline Vol. 1', seriesId: ids.frost, volumeNumber: 1, variants: [{ priceCents: 699 }] });
    ids.draft = await createProduct(db, { name: 'Draft Thing', status: 'Draft' });
    await putOnSale(db, ids.lantern1, 299);
    await db.query('INSERT INTO product_ip_tags (product_id, ip_tag_id) VALUES ($1, $2)', [ids.frost1, ids.ipTag]);
  });

  afterAll(async () => {
    await service?.close();
    await entitlements?.close();
  });

  describe('who may call', () => {
    it('refuses callers who are not signed in or not staff, on every call', async () => {
      const reader = await signTestToken({ roles: [] });
      for (const [method, url, body] of [
        ['GET', '/api/dashboard/carousels', undefined],
        ['POST', '/api/dashboard/carousels/new', list()],
        ['POST', '/api/dashboard/carousels/alter', [list({ id: 1 })]],
        ['POST', '/api/dashboard/carousels/remove?id=1', undefined],
        ['POST', '/api/dashboard/carousels/preview', list()],
        ['GET', '/api/dashboard/carousels/1/audit', undefined],
        ['GET', '/api/dashboard/html-components', undefined],
        ['POST', '/api/dashboard/html-components/new', { name: 'X', style: 'Plain', content: '' }],
        ['POST', '/api/dashboard/html-components/alter', [{ id: 1, name: 'X', style: 'Plain', content: '' }]],
        ['POST', '/api/dashboard/html-components/preview', { content: '<p>x</p>' }],
        ['POST', '/api/dashboard/html-components/remove?id=1', undefined],
        ['GET', '/api/dashboard/html-components/1/audit', undefined],
      ] as const) {
        assert.equal((await call(method, url, body, null)).status, 401, `${url} without a token`);
        assert.equal((await call(method, url, body, reader)).status, 403, `${url} as a reader`);
      }
      assert.equal(await count('SELECT count(*)::int AS n FROM carousels'), 0);
    });
  });

  describe('curated lists', () => {
    it('creates a Draft list with every field, lists it, audits it and tells the read cache', async () => {
      const events = await homeEvents();
      const created = await call('POST', '/api/dashboard/carousels/new', {
        title: '  Staff picks ',
        type: 'Filtered',
        customCallToActionText: 'See all picks',
        customCallToActionUrl: '/browse/?s=9',
        curatedItems: [{ kind: 'product', id: ids.lantern2 }, { kind: 'series', id: ids.frost }],
        filterCriteria: { sort: LIST_SORTS.TitleAscending, typeIds: [0], MinPrice: 100, MaxPrice: 5000 },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const saved = created.body.response;
      ids.picks = saved.id;
      assert.equal(saved.title, 'Staff picks');
      assert.equal(saved.status, 'Draft');
      assert.equal(saved.order, 0);
      assert.equal(saved.customCallToActionText, 'See all picks');
      assert.deepEqual(saved.curatedItems, [{ kind: 'product', id: ids.lantern2, name: 'Lantern Street Vol. 2' }, { kind: 'series', id: ids.frost, name: 'Frostline' }]);
      assert.deepEqual(saved.filterCriteria, { sort: 9, typeIds: [0], MinPrice: 100, MaxPrice: 5000 });
      assert.ok(!Number.isNaN(Date.parse(saved.updatedAt)));
      assert.deepEqual((await call('GET', '/api/dashboard/carousels')).body.response, [saved]);
      assert.equal(await homeEvents(), events + 1);
      const [entry] = await audit('curated-list', saved.id);
      assert.equal(entry!.action, 'created');
      assert.equal(entry!.actor_email, 'editor@inkwell.example');
      assert.deepEqual(entry!.changes.title, { from: null, to: 'Staff picks' });
      const trail = await call('GET', `/api/dashboard/carousels/${saved.id}/audit`);
      assert.deepEqual(trail.body.response.map((item: Json) => item.action), ['created']);
    });

    it('publishes only with a non-empty title (§5), naming the title field, and saves nothing when refused', async () => {
      const before = await count('SELECT count(*)::int AS n FROM carousels');
      const refused = await call('POST', '/api/dashboard/carousels/new', list({ title: '   ', status: 'Published' }));
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.status.problems, [{ field: 'title', message: CURATED_LIST_TITLE_MESSAGE }]);
      assert.equal(await count('SELECT count(*)::int AS n FROM carousels'), before);
      const draft = await call('POST', '/api/dashboard/carousels/new', list({ title: '' }));
      assert.equal(draft.status, 200, 'a Draft may be untitled');
      ids.untitled = draft.body.response.id;
      const publish = await call('POST', '/api/dashboard/carousels/alter', [list({ id: ids.untitled, title: '', status: 'Published' })]);
      assert.equal(publish.status, 400);
      assert.deepEqual(publish.body.status.problems, [{ field: '[0].title', message: CURATED_LIST_TITLE_MESSAGE }]);
    });

    it('refuses unknown or repeated items, out-of-range filters and unsafe links, naming the field', async () => {
      const before = await count('SELECT count(*)::int AS n FROM carousels');
      const problems = async (body: Json) => {
        const answer = await call('POST', '/api/dashboard/carousels/new', body);
        assert.equal(answer.status, 400, JSON.stringify(answer.body));
        return answer.body.status.problems?.map((item: Json) => item.field) ?? answer.body.status.message;
      };
      assert.deepEqual(await problems(list({ curatedItems: [{ kind: 'product', id: ids.lantern1 }, { kind: 'product', id: 999999 }, { kind: 'series', id: 888888 }] })), ['curatedItems[1]', 'curatedItems[2]']);
      assert.deepEqual(await problems(list({ curatedItems: [{ kind: 'product', id: ids.lantern1 }, { kind: 'product', id: ids.lantern1 }] })), ['curatedItems[1]']);
      assert.deepEqual(await problems(list({ filterCriteria: { MinPrice: 1000, MaxPrice: 500 } })), ['filterCriteria.MaxPrice']);
      assert.deepEqual(await problems(list({ filterCriteria: { typeIds: [0, 4] } })), ['filterCriteria.typeIds[1]']);
      assert.deepEqual(await problems(list({ filterCriteria: { genres: [ids.genreFantasy, 777777] } })), ['filterCriteria.genres[1]']);
      assert.deepEqual(await problems(list({ filterCriteria: { ipTagId: 777777, imprintId: 777777 } })), ['filterCriteria.ipTagId', 'filterCriteria.imprintId']);
      for (const url of ['javascript:alert(1)', '//evil.example/x', 'http://insecure.example/', 'data:text/html,x', ' /path with space']) {
        assert.deepEqual(await problems(list({ customCallToActionUrl: url })), ['customCallToActionUrl'], url);
      }
      assert.deepEqual(await problems(list({ customCallToActionText: 'Go' })), ['customCallToActionUrl']);
      // Out of the contract's ranges: refused by the schema with the field in the message.
      for (const filterCriteria of [{ sort: 11 }, { category: 9 }, { ageRatings: ['x'] }, { MinPrice: -1 }, { publishStatus: [7] }, { typeIds: [10000] }, { genres: [0] }]) {
        const answer = await call('POST', '/api/dashboard/carousels/new', list({ filterCriteria }));
        assert.equal(answer.status, 400, JSON.stringify(filterCriteria));
        assert.match(answer.body.status.message, /filterCriteria/, JSON.stringify(answer.body.status));
      }
      assert.equal((await call('POST', '/api/dashboard/carousels/new', list({ type: 'Random' }))).status, 400);
      assert.equal((await call('POST', '/api/dashboard/carousels/new', list({ curatedItems: [{ kind: 'bundle', id: 1 }] }))).status, 400);
      assert.equal(await count('SELECT count(*)::int AS n FROM carousels'), before, 'nothing was created');
    });

    it('alters several lists in one transaction: all saved, or on any problem none', async () => {
      const second = (await call('POST', '/api/dashboard/carousels/new', list({ title: 'Second' }))).body.response;
      const [picks] = (await call('GET', '/api/dashboard/carousels')).body.response.filter((item: Json) => item.id === ids.picks);
      const auditBefore = await count('SELECT count(*)::int AS n FROM staff_audit');
      const failing = await call('POST', '/api/dashboard/carousels/alter', [
        list({ id: picks.id, title: 'Renamed picks', status: 'Published', expectedUpdatedAt: picks.updatedAt }),
        list({ id: second.id, title: 'Second', curatedItems: [{ kind: 'product', id: 999999 }] }),
      ]);
      assert.equal(failing.status, 400);
      assert.deepEqual(failing.body.status.problems.map((item: Json) => item.field), ['[1].curatedItems[0]']);
      const after = (await call('GET', '/api/dashboard/carousels')).body.response;
      assert.deepEqual(after.find((item: Json) => item.id === picks.id), picks, 'the first list is unchanged');
      assert.equal(await count('SELECT count(*)::int AS n FROM staff_audit'), auditBefore);

      assert.equal((await call('POST', '/api/dashboard/carousels/alter', [list({ id: 999999 })])).status, 404);
      assert.deepEqual((await call('POST', '/api/dashboard/carousels/alter', [list()])).body.status.problems, [{ field: '[0].id', message: 'Each list to alter needs its id.' }]);
      assert.equal((await call('POST', '/api/dashboard/carousels/alter', [list({ id: picks.id }), list({ id: picks.id })])).status, 400);
      assert.equal((await call('POST', '/api/dashboard/carousels/alter', [])).status, 400);
      const stale = await call('POST', '/api/dashboard/carousels/alter', [list({ id: picks.id, expectedUpdatedAt: '2020-01-01T00:00:00.000Z' })]);
      assert.equal(stale.status, 409);

      const saved = await call('POST', '/api/dashboard/carousels/alter', [
        { ...picks, id: picks.id, title: 'Renamed picks', status: 'Published', order: 5, expectedUpdatedAt: picks.updatedAt, curatedItems: picks.curatedItems.map(({ kind, id }: Json) => ({ kind, id })) },
        list({ id: second.id, title: 'Second', type: 'Curated', status: 'Published', order: 1, curatedItems: [{ kind: 'product', id: ids.ember1 }, { kind: 'series', id: ids.lantern }] }),
      ]);
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.response.map((item: Json) => [item.id, item.title, item.status, item.order]), [[picks.id, 'Renamed picks', 'Published', 5], [second.id, 'Second', 'Published', 1]]);
      ids.second = second.id;
      const trail = await audit('curated-list', picks.id);
      assert.deepEqual(trail.map((entry) => entry.action), ['created', 'altered']);
      assert.deepEqual(trail[1]!.changes.title, { from: 'Staff picks', to: 'Renamed picks' });
      const order = (await call('GET', '/api/dashboard/carousels')).body.response.map((item: Json) => [item.id, item.order]);
      assert.deepEqual(order, [[ids.untitled, 1], [second.id, 1], [picks.id, 5]], 'by order, then id');
    });

    it('removes a list (Removed, listed last, off the storefront) and restores it by an alter with a status', async () => {
      const events = await homeEvents();
      assert.deepEqual((await call('POST', `/api/dashboard/carousels/remove?id=${ids.untitled}`)).body.response, { id: ids.untitled, status: 'Removed' });
      assert.equal(await homeEvents(), events + 1);
      const all = (await call('GET', '/api/dashboard/carousels')).body.response;
      assert.equal(all.at(-1).id, ids.untitled);
      assert.equal(all.at(-1).status, 'Removed');
      assert.equal((await call('POST', '/api/dashboard/carousels/remove?id=999999')).status, 404);
      assert.equal((await call('POST', '/api/dashboard/carousels/remove?id=abc')).status, 400);
      assert.deepEqual((await audit('curated-list', ids.untitled)).map((entry) => entry.action), ['created', 'removed']);
      const restored = await call('POST', '/api/dashboard/carousels/alter', [list({ id: ids.untitled, title: 'Back again', status: 'Draft' })]);
      assert.deepEqual(restored.body.response.map((item: Json) => [item.title, item.status]), [['Back again', 'Draft']]);
      assert.equal((await call('POST', `/api/dashboard/carousels/remove?id=${ids.untitled}`)).status, 200);
      assert.equal((await call('POST', `/api/dashboard/carousels/remove?id=${ids.untitled}`)).body.response.status, 'Removed', 'removing again is a no-op');
      assert.deepEqual((await audit('curated-list', ids.untitled)).map((entry) => entry.action), ['created', 'removed', 'altered', 'removed']);
    });
  });

  describe('filter criteria, evaluated by the discover query', () => {
    it('on sale, price range, age ratings, types, price-type flags, IP tag, imprint, genres and sort really filter', async () => {
      assert.deepEqual(names((await preview({ filterCriteria: { isOnSale: true } })).items), ['Lantern Street Vol. 1']);
      assert.deepEqual(names((await preview({ filterCriteria: { isOnSale: false, sort: LIST_SORTS.TitleAscending } })).items), ['Ember Crown One-Shot', 'Ember Crown Vol. 1', 'Frostline Vol. 1', 'Lantern Street Vol. 2']);
      assert.deepEqual(names((await preview({ filterCriteria: { MinPrice: 600, MaxPrice: 1000, sort: LIST_SORTS.TitleAscending } })).items), ['Frostline Vol. 1', 'Lantern Street Vol. 2']);
      assert.deepEqual(names((await preview({ filterCriteria: { MinPrice: 2000, sort: LIST_SORTS.TitleAscending } })).items), ['Ember Crown One-Shot']);
      assert.deepEqual(names((await preview({ filterCriteria: { ageRatings: ['m', 't'], sort: LIST_SORTS.TitleAscending } })).items), ['Ember Crown One-Shot', 'Ember Crown Vol. 1']);
      assert.deepEqual(names((await preview({ filterCriteria: { typeIds: [6] } })).items), ['Ember Crown One-Shot']);
      assert.deepEqual(names((await preview({ filterCriteria: { hasShippablePriceTypeFlag: true, sort: LIST_SORTS.TitleDescending } })).items), ['Ember Crown Vol. 1', 'Ember Crown One-Shot']);
      assert.deepEqual(names((await preview({ filterCriteria: { hasDownloadablePriceTypeFlag: false } })).items), ['Ember Crown One-Shot']);
      assert.deepEqual(names((await preview({ filterCriteria: { ipTagId: ids.ipTag, sort: LIST_SORTS.TitleAscending } })).items), ['Ember Crown One-Shot', 'Ember Crown Vol. 1', 'Frostline Vol. 1'], "the series' tag or the product's own");
      assert.deepEqual(names((await preview({ filterCriteria: { imprintId: ids.imprint, sort: LIST_SORTS.TitleAscending } })).items), ['Ember Crown One-Shot', 'Ember Crown Vol. 1']);
      assert.deepEqual(names((await preview({ filterCriteria: { genres: [ids.genreFantasy], sort: LIST_SORTS.TitleAscending } })).items), ['Ember Crown One-Shot', 'Ember Crown Vol. 1']);
      const series = await preview({ filterCriteria: { includeSeries: true, sort: LIST_SORTS.TitleAscending } });
      assert.deepEqual(names(series.items), ['Ember Crown', 'Frostline', 'Lantern Street']);
      assert.deepEqual(series.items.map((item: Json) => item.kind), ['series', 'series', 'series']);
      const everything = await preview({ filterCriteria: {} });
      assert.equal(everything.fullCount, 5, 'every listed product, the draft left out');
    });

    it('puts hand-picked items first, then filter results without them again; a Curated list shows only its picks', async () => {
      const filtered = await preview({ curatedItems: [{ kind: 'product', id: ids.ember1 }, { kind: 'series', id: ids.lantern }], filterCriteria: { sort: LIST_SORTS.TitleAscending } });
      assert.deepEqual(names(filtered.items), ['Ember Crown Vol. 1', 'Lantern Street', 'Ember Crown One-Shot', 'Frostline Vol. 1', 'Lantern Street Vol. 1', 'Lantern Street Vol. 2']);
      assert.equal(filtered.fullCount, 6);
      const curated = await preview({ type: 'Curated', curatedItems: [{ kind: 'product', id: ids.lantern2 }, { kind: 'product', id: ids.draft }], filterCriteria: { isOnSale: true } });
      assert.deepEqual(names(curated.items), ['Lantern Street Vol. 2'], 'a draft pick is not shown; the filter is not used');
      assert.equal(curated.fullCount, 1);
    });
  });

  describe('the storefront', () => {
    it('/home/V2 shows the published lists in order as carousels, with the call to action as the link, per visitor', async () => {
      const home = await call('GET', '/api/home/V2', undefined, null);
      assert.equal(home.status, 200);
      const carousels = home.body.response.carousels;
      assert.deepEqual(carousels.map((item: Json) => item.title), ['Second', 'Renamed picks']);
      assert.deepEqual(names(carousels[0].items), ['Ember Crown Vol. 1', 'Lantern Street']);
      assert.equal(carousels[1].link, '/browse/?s=9');
      assert.equal(carousels[1].linkText, 'See all picks');
      // Renamed picks: Lantern Street Vol. 2 and Frostline picked, then Volumes priced 1.00–50.00 by title.
      assert.deepEqual(names(carousels[1].items), ['Lantern Street Vol. 2', 'Frostline', 'Ember Crown Vol. 1', 'Frostline Vol. 1', 'Lantern Street Vol. 1']);

      const teen = await signTestToken({ roles: [], maxShownRating: 't' });
      const teenHome = await call('GET', '/api/home/V2', undefined, teen);
      assert.equal(teenHome.status, 200, JSON.stringify(teenHome.body));
      const forTeen = teenHome.body.response.carousels;
      assert.deepEqual(names(forTeen[0].items), ['Lantern Street'], 'a pick above the visitor\'s rating is left out');
      const china = (await call('GET', '/api/home/V2', undefined, null, { 'cf-ipcountry': 'CN' })).body.response.carousels;
      assert.deepEqual(names(china[1].items), ['Lantern Street Vol. 2', 'Ember Crown Vol. 1', 'Lantern Street Vol. 1'], 'restricted picks and results are left out');

      const discover = (await call('GET', '/api/discover/carousel', undefined, null)).body.response;
      assert.deepEqual(discover.map((item: Json) => item.title), ['Second', 'Renamed picks']);
      const page = await call('GET', `/api/discover/${ids.picks}?fromIndex=1&count=3`, undefined, null);
      assert.deepEqual(names(page.body.response.items), ['Frostline', 'Ember Crown Vol. 1', 'Frostline Vol. 1']);
      assert.equal(page.body.status.fullCount, 5);
      assert.equal((await call('GET', `/api/discover/${ids.untitled}`, undefined, null)).status, 404, 'a removed list is not served');
    });

    it('drops the cached home page when a list changes', async () => {
      const first = (await call('GET', '/api/home/V2', undefined, null)).body.response.carousels.map((item: Json) => item.title);
      assert.deepEqual(first, ['Second', 'Renamed picks']);
      await call('POST', `/api/dashboard/carousels/remove?id=${ids.second}`);
      await service.relay.drain();
      let titles: string[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        titles = (await call('GET', '/api/home/V2', undefined, null)).body.response.carousels.map((item: Json) => item.title);
        if (titles.length === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(titles, ['Renamed picks']);
    });

    it('keeps the store function the demo used working: a published Filtered list from /discover/v2 filter names', async () => {
      const id = await service.context.db.transaction((tx) => createCarousel({ tx, outbox: service.context.outbox }, { title: 'Fantasy in print', filter: { genreIds: [ids.genreFantasy], distributionType: 'Print', sort: 9 }, link: '/browse/', ordinal: 9 }));
      const saved = (await call('GET', '/api/dashboard/carousels')).body.response.find((item: Json) => item.id === Number(id));
      assert.deepEqual(saved.filterCriteria, { genres: [ids.genreFantasy], hasShippablePriceTypeFlag: true, sort: 9 });
      assert.equal(saved.status, 'Published');
      const page = await call('GET', `/api/discover/${id}`, undefined, null);
      assert.deepEqual(names(page.body.response.items), ['Ember Crown One-Shot', 'Ember Crown Vol. 1']);
    });
  });

  describe('HTML components', () => {
    it('creates a component with its content sanitised, lists it and audits it', async () => {
      const events = await homeEvents();
      const created = await call('POST', '/api/dashboard/html-components/new', { name: 'Welcome', style: 'Callout', content: '<h2>Hello</h2><p onclick="steal()">Read <a href="/browse">more</a></p><script>alert(1)</script>' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const saved = created.body.response;
      ids.welcome = saved.id;
      assert.equal(saved.content, '<h2>Hello</h2><p>Read <a href="/browse" rel="noopener noreferrer">more</a></p>');
      assert.equal(saved.status, 'Draft');
      assert.deepEqual((await call('GET', '/api/dashboard/html-components')).body.response, [saved]);
      assert.equal(await homeEvents(), events + 1);
      assert.deepEqual((await call('GET', `/api/dashboard/html-components/${saved.id}/audit`)).body.response.map((item: Json) => item.action), ['created']);
      assert.equal((await call('POST', '/api/dashboard/html-components/new', { name: '   ', style: 'Plain', content: '' })).status, 400);
      assert.equal((await call('POST', '/api/dashboard/html-components/new', { name: 'X', style: 'Marquee', content: '' })).status, 400);
      assert.equal((await call('POST', '/api/dashboard/html-components/new', { name: 'X', style: 'Plain', content: 'x'.repeat(100_001) })).status, 400);
    });

    it('previews the sanitised content with what was removed, storing nothing', async () => {
      const before = await count('SELECT count(*)::int AS n FROM html_components');
      const answer = await call('POST', '/api/dashboard/html-components/preview', { content: '<p>Hi</p><img src=x onerror=alert(1)><iframe src="https://player.vimeo.com/video/1"></iframe>' });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body.response, { content: '<p>Hi</p><img src="x" /><iframe src="https://player.vimeo.com/video/1"></iframe>', removed: ['img[onerror="alert(1)"]'] });
      assert.equal(await count('SELECT count(*)::int AS n FROM html_components'), before);
    });

    it('puts a new component or list after one ordered last of all (the largest ordinal) without overflowing', async () => {
      const INT4_MAX = 2_147_483_647;
      const last = await call('POST', '/api/dashboard/html-components/new', { name: 'Very last', style: 'Plain', content: '', order: INT4_MAX });
      assert.equal(last.body.response.order, INT4_MAX);
      const next = await call('POST', '/api/dashboard/html-components/new', { name: 'After it', style: 'Plain', content: '' });
      assert.equal(next.status, 200, JSON.stringify(next.body));
      assert.equal(next.body.response.order, INT4_MAX);
      assert.equal((await call('POST', '/api/dashboard/carousels/new', list({ title: 'Last list', order: INT4_MAX }))).status, 200);
      const after = await call('POST', '/api/dashboard/carousels/new', list({ title: 'After the last list' }));
      assert.equal(after.status, 200, JSON.stringify(after.body));
      assert.equal(after.body.response.order, INT4_MAX);
      for (const id of [last.body.response.id, next.body.response.id]) await service.context.db.query('DELETE FROM html_components WHERE id = $1', [id]);
      await service.context.db.query("DELETE FROM carousels WHERE title IN ('Last list', 'After the last list')");
    });

    it('alters several components at once, or none on any problem; publishes them onto /home/V2', async () => {
      const other = (await call('POST', '/api/dashboard/html-components/new', { name: 'Footer note', style: 'Plain', content: '<p>Thanks</p>' })).body.response;
      const before = (await call('GET', '/api/dashboard/html-components')).body.response;
      const failing = await call('POST', '/api/dashboard/html-components/alter', [
        { id: ids.welcome, name: 'Welcome', style: 'Banner', content: '<p>New</p>', status: 'Published' },
        { id: other.id, name: '  ', style: 'Plain', content: '<p>Thanks</p>' },
      ]);
      assert.equal(failing.status, 400);
      assert.deepEqual(failing.body.status.problems.map((item: Json) => item.field), ['[1].name']);
      assert.equal((await call('POST', '/api/dashboard/html-components/alter', [{ id: 999999, name: 'Ghost', style: 'Plain', content: '' }])).status, 404);
      assert.equal((await call('POST', '/api/dashboard/html-components/alter', [{ id: ids.welcome, name: 'W', style: 'Plain', content: '', expectedUpdatedAt: '2020-01-01T00:00:00.000Z' }])).status, 409);
      assert.deepEqual((await call('GET', '/api/dashboard/html-components')).body.response, before, 'nothing changed');

      const saved = await call('POST', '/api/dashboard/html-components/alter', [
        { id: ids.welcome, name: 'Welcome', style: 'Banner', content: '<p>New <iframe src="https://evil.example/x"></iframe></p>', status: 'Published', order: 2, expectedUpdatedAt: before[0].updatedAt },
        { id: other.id, name: 'Footer note', style: 'Plain', content: '<p>Thanks</p>', status: 'Published', order: 1 },
      ]);
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.response.map((item: Json) => [item.name, item.style, item.content, item.status]), [['Welcome', 'Banner', '<p>New </p>', 'Published'], ['Footer note', 'Plain', '<p>Thanks</p>', 'Published']]);
      assert.deepEqual((await audit('html-component', ids.welcome)).map((entry) => entry.action), ['created', 'altered']);

      await service.relay.drain();
      let shown: Json[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        shown = (await call('GET', '/api/home/V2', undefined, null)).body.response.htmlComponents ?? [];
        if (shown.length === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(shown, [{ id: other.id, name: 'Footer note', style: 'Plain', content: '<p>Thanks</p>' }, { id: ids.welcome, name: 'Welcome', style: 'Banner', content: '<p>New </p>' }]);

      assert.deepEqual((await call('POST', `/api/dashboard/html-components/remove?id=${other.id}`)).body.response, { id: other.id, status: 'Removed' });
      assert.equal((await call('GET', '/api/dashboard/html-components')).body.response.at(-1).id, other.id);
    });
  });

  describe('migration 012', () => {
    it("turns the carousels' /discover/v2 filters into the spec's criteria, keeping their links and status", async () => {
      const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
      const before012 = await mkdtemp(path.join(tmpdir(), 'catalog-migrations-'));
      const database = await createTestDatabase('catalog_m012');
      const db = new Database(database.url, testLogger);
      try {
        for (const file of (await readdir(migrations)).filter((name) => name < '012')) await copyFile(path.join(migrations, file), path.join(before012, file));
        await migrate(db, 'catalog', before012, testLogger);
        await db.query(`INSERT INTO carousels (title, filter, link, ordinal, status) VALUES
          ('Sale', '{"isOnSale": true, "sort": 0}', '/browse/?s=0&st=true', 0, 4),
          ('Fantasy print', '{"genreIds": [3], "seriesStatus": "Completed", "distributionType": "Print", "isInUserLibrary": false}', NULL, 1, 0),
          ('Free chapters', '{"isFree": true, "typeIds": [8], "sort": 7, "seriesTitleSearchTerm": "x"}', NULL, 2, 4)`);
        await copyFile(path.join(migrations, '012_curated_lists.sql'), path.join(before012, '012_curated_lists.sql'));
        await migrate(db, 'catalog', before012, testLogger);
        const { rows } = await db.query<{ title: string; type: string; filter_criteria: Json; cta_url: string | null; status: number }>('SELECT title, type, filter_criteria, cta_url, status FROM carousels ORDER BY ordinal');
        assert.deepEqual(rows, [
          { title: 'Sale', type: 'Filtered', filter_criteria: { isOnSale: true, sort: 0 }, cta_url: '/browse/?s=0&st=true', status: 4 },
          { title: 'Fantasy print', type: 'Filtered', filter_criteria: { genres: [3], SeriesStatus: 'Completed', hasShippablePriceTypeFlag: true }, cta_url: null, status: 0 },
          { title: 'Free chapters', type: 'Filtered', filter_criteria: { isFree: true, typeIds: [8], sort: 7 }, cta_url: null, status: 4 },
        ]);
      } finally {
        await db.close();
        await database.drop();
        await rm(before012, { recursive: true, force: true });
      }
    });
  });
});
