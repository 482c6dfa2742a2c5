import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BANNER_UPLOAD_LIMITS, WHEEL_MIN_ITEMS_PER_BUCKET } from '@inkwell/contracts/dashboard-merchandising';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { WHEEL_MESSAGES, itemProblems } from '../src/domain/wheel-rules';
import { SaleBoundaries } from '../src/flows/sale-boundaries';
import { invalidateReads } from '../src/routes/read-cache';
import { BANNER_MESSAGES } from '../src/routes/staff-home';
import { createProduct, createSeries } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const IMAGE = { url: 'https://cdn.example.com/banner.jpg', width: 1600, height: 600, localPath: null, color: '#223344' };

/** A 2×1 PNG (its IHDR is what the upload reads). */
function png(width: number, height: number): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const ihdr = Buffer.alloc(17);
  ihdr.write('IHDR', 0, 'latin1');
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  ihdr[12] = 8;
  ihdr[13] = 6;
  return Buffer.concat([header, ihdr, Buffer.alloc(4), Buffer.from('0000000049454e44ae426082', 'hex')]);
}

function multipartBody(field: string, fileName: string, bytes: Buffer, type = 'application/octet-stream'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----inkwell-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('staff home page: the wheel, its rules, the settings and the storefront home', () => {
  let service: TestService;
  let admin: string;
  const ids: Record<string, number> = {};

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    return { status: response.statusCode, body: response.json() };
  };
  const db = () => service.context.db;
  const count = async (sql: string, params: unknown[] = []) => Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) x`, params)).rows[0]!.n);

  /** A Banner item pointing at a series (Banner groups need series and thumbnail). */
  const banner = (seriesId: number, ordinal: number, displayUpToAgeRating: string | null = 'm') => ({ type: 'Image', enabled: true, ordinal, displayUpToAgeRating, seriesId, thumbnail: IMAGE, subtitle: `Slide ${ordinal}` });
  /** A publishable Banner group for the website: four e-rated series shown up to m count in every bucket. */
  const goodGroup = (name: string) => ({
    type: 'Banner',
    name,
    isForSteam: false,
    isForWebsite: true,
    isForNintendoSwitch: false,
    items: [ids.e1!, ids.e2!, ids.e3!, ids.e4!].map((id, index) => banner(id, index)),
  });

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    admin = await signTestToken({ roles: ['admin'], userId: 'staff-1', email: 'editor@inkwell.example' });
    for (const n of [1, 2, 3, 4]) ids[`e${n}`] = await createSeries(db(), { title: `Everyone ${n}`, readableUrl: `everyone-${n}`, ageRating: 'e' });
    for (const n of [1, 2, 3, 4]) ids[`t${n}`] = await createSeries(db(), { title: `Teen ${n}`, readableUrl: `teen-${n}`, ageRating: 't' });
    ids.geoTeen = await createSeries(db(), { title: 'Teen Abroad', readableUrl: 'teen-abroad', ageRating: 't', restrictedTerritories: ['CN'] });
    for (const n of [1, 2, 3, 4]) ids[`m${n}`] = await createSeries(db(), { title: `Mature ${n}`, readableUrl: `mature-${n}`, ageRating: 'm' });
    ids.teenProduct = await createProduct(db(), { name: 'Teen 1 Vol. 1', seriesId: ids.t1, volumeNumber: 1, ageRating: 't' });
  });

  afterAll(() => service?.close());

  it('refuses callers who are not staff, on every call', async () => {
    const reader = await signTestToken({ roles: [] });
    for (const [method, url, body] of [
      ['GET', '/api/dashboard/home/entry'],
      ['POST', '/api/dashboard/home/entry/new', goodGroup('x')],
      ['POST', '/api/dashboard/home/entry/alter', {}],
      ['POST', '/api/dashboard/home/entry/remove?id=1'],
      ['POST', '/api/dashboard/home/entry/publish?id=1'],
      ['POST', '/api/dashboard/home/entry/unpublish?id=1'],
      ['POST', '/api/dashboard/home/entry/reOrder', { groupId: null, moves: [{ id: 1, oldOrder: 0, newOrder: 1 }] }],
      ['POST', '/api/dashboard/homepage/top?typeId=0'],
      ['POST', '/api/dashboard/homepage/messaging/set', { enabled: false, text: '', linkText: null, linkUrl: null }],
      ['GET', '/api/dashboard/home/images'],
    ] as const) {
      assert.equal((await call(method, url, body, null)).status, 401, url);
      assert.equal((await call(method, url, body, reader)).status, 403, url);
    }
  });

  it('saves a group only with a type, and a website group only when publishable', async () => {
    const noType = await call('POST', '/api/dashboard/home/entry/new', { ...goodGroup('No type'), type: null });
    assert.equal(noType.status, 400);
    assert.deepEqual(noType.body.status.problems.map((p: Json) => [p.field, p.message]), [['type', WHEEL_MESSAGES.typeRequired]]);

    const short = await call('POST', '/api/dashboard/home/entry/new', { ...goodGroup('Short'), items: goodGroup('Short').items.slice(0, 3) });
    assert.equal(short.status, 400);
    assert.equal(short.body.status.problems.filter((p: Json) => p.bucket !== null).length, 5, 'every bucket short of items is named');
    assert.equal(await count('SELECT 1 FROM wheel_groups'), 0, 'nothing saved');

    // Not for Steam, the website or the Switch: a draft may be incomplete.
    const draft = await call('POST', '/api/dashboard/home/entry/new', { type: 'Thumbnail', name: 'App only', isForSteam: false, isForWebsite: false, isForNintendoSwitch: false, isForApp: true, items: [{ type: 'Image', enabled: true, ordinal: null, displayUpToAgeRating: null }] });
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    assert.equal(draft.body.response.status, 'Draft');
    ids.appOnly = draft.body.response.id;
  });

  it('checks each item by group and item type, naming the item field', async () => {
    const publishOf = async (type: string, item: Json) => {
      const created = await call('POST', '/api/dashboard/home/entry/new', { type, name: `Check ${type} ${item.type}`, isForSteam: false, isForWebsite: false, isForNintendoSwitch: false, items: [item] });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const published = await call('POST', `/api/dashboard/home/entry/publish?id=${created.body.response.id}`);
      assert.equal(published.status, 400);
      return published.body.status.problems.filter((p: Json) => p.bucket === null).map((p: Json) => [p.field, p.message]);
    };
    // JSON null for an integer arrives as 0 (the platform's validator coerces types), so the ordinal rule is checked on the domain function.
    const bare = { type: 'Image' as const, enabled: true, ordinal: null, displayUpToAgeRating: null, subtitle: 'x', thumbnail: null, videoId: null, actionType: null, buttonText: null, tagline: null, productId: null, seriesId: 1, minimumRating: null, isGeoRestricted: false };
    assert.deepEqual(itemProblems(7, 'Thumbnail', bare, 'items[2]').map((p) => [p.field, p.message]), [['items[2].ordinal', WHEEL_MESSAGES.ordinalRequired], ['items[2].displayUpToAgeRating', WHEEL_MESSAGES.ratingRequired]]);
    assert.deepEqual(itemProblems(7, 'Thumbnail', { ...bare, enabled: false }, 'items[2]'), [], 'a disabled item is not shown, so not checked');
    assert.deepEqual(await publishOf('Thumbnail', { type: 'Image', enabled: true, ordinal: null, displayUpToAgeRating: null }), [
      ['items[0].displayUpToAgeRating', WHEEL_MESSAGES.ratingRequired],
      ['items[0].subtitle', WHEEL_MESSAGES.subtitleRequired],
      ['items[0].seriesId', WHEEL_MESSAGES.productOrSeriesRequired],
    ]);
    assert.deepEqual(await publishOf('Thumbnail', { type: 'Video', enabled: true, ordinal: 0, displayUpToAgeRating: 'm', actionType: 'Reader' }), [
      ['items[0].videoId', WHEEL_MESSAGES.videoIdRequired],
      ['items[0].buttonText', WHEEL_MESSAGES.buttonTextRequired],
      ['items[0].tagline', WHEEL_MESSAGES.taglineRequired],
      ['items[0].productId', WHEEL_MESSAGES.productRequired('Reader')],
    ]);
    assert.deepEqual(await publishOf('Thumbnail', { type: 'Video', enabled: true, ordinal: 0, displayUpToAgeRating: 'm', videoId: 'abc', buttonText: 'Watch', tagline: 'Now' }), [['items[0].actionType', WHEEL_MESSAGES.actionTypeRequired]]);
    assert.deepEqual(await publishOf('Thumbnail', { type: 'Video', enabled: true, ordinal: 0, displayUpToAgeRating: 'm', videoId: 'abc', buttonText: 'Watch', tagline: 'Now', actionType: 'Series' }), [['items[0].seriesId', WHEEL_MESSAGES.seriesForVideoRequired]]);
    assert.deepEqual(await publishOf('Banner', { type: 'Image', enabled: true, ordinal: 0, displayUpToAgeRating: 'm' }), [
      ['items[0].seriesId', WHEEL_MESSAGES.bannerSeriesRequired],
      ['items[0].thumbnail', WHEEL_MESSAGES.bannerThumbnailRequired],
    ]);
    const empty = await call('POST', '/api/dashboard/home/entry/new', { type: 'Banner', name: '', isForSteam: false, isForWebsite: false, isForNintendoSwitch: false, items: [] });
    const refused = await call('POST', `/api/dashboard/home/entry/publish?id=${empty.body.response.id}`);
    assert.deepEqual(refused.body.status.problems.map((p: Json) => p.message), [WHEEL_MESSAGES.nameRequired, WHEEL_MESSAGES.noItems]);
  });

  it('refuses unknown products and series by the item, and raises displayUpToAgeRating to the item’s rating', async () => {
    const unknown = await call('POST', '/api/dashboard/home/entry/new', { ...goodGroup('Unknown'), isForWebsite: false, items: [banner(999_999, 0)] });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.status.problems.map((p: Json) => [p.field, p.message]), [['items[0].seriesId', WHEEL_MESSAGES.unknownSeries(999_999)]]);
    const raised = await call('POST', '/api/dashboard/home/entry/new', {
      type: 'Thumbnail', name: 'Raised', isForSteam: false, isForWebsite: false, isForNintendoSwitch: false,
      items: [{ type: 'Image', enabled: true, ordinal: 0, displayUpToAgeRating: 'e', subtitle: 'Teen pick', productId: ids.teenProduct }],
    });
    assert.equal(raised.status, 200);
    const item = raised.body.response.items[0];
    assert.equal(item.displayUpToAgeRating, 't');
    assert.deepEqual(item.metaData, { ageRating: 't', isGeoRestricted: false });
    assert.equal(item.productName, 'Teen 1 Vol. 1');
  });

  it('gives duplicate group names a “ (n)” suffix', async () => {
    const names = [];
    for (let i = 0; i < 3; i += 1) names.push((await call('POST', '/api/dashboard/home/entry/new', { ...goodGroup('Featured') })).body.response.name);
    assert.deepEqual(names, ['Featured', 'Featured (1)', 'Featured (2)']);
    ids.featured = (await db().query<{ id: number }>("SELECT id FROM wheel_groups WHERE name = 'Featured'")).rows[0]!.id;
  });

  it("refuses to publish a group with 3 items for the 't' bucket, naming the bucket and the item that does not count", async () => {
    // e-rated series shown up to pg count in e, e7 and pg; the m bucket gets its own four; t gets three teen series and one geo-restricted.
    const items = [
      ...[ids.e1!, ids.e2!, ids.e3!, ids.e4!].map((id, index) => banner(id, index, 'pg')),
      ...[ids.t1!, ids.t2!, ids.t3!, ids.geoTeen!].map((id, index) => banner(id, 4 + index, 't')),
      ...[ids.m1!, ids.m2!, ids.m3!, ids.m4!].map((id, index) => banner(id, 8 + index, 'm')),
      // t1 shown up to m would count for t, but it is disabled.
      { ...banner(ids.t1!, 12, 'm'), enabled: false },
    ];
    const created = await call('POST', '/api/dashboard/home/entry/new', { type: 'Banner', name: 'Teen wheel', isForSteam: false, isForWebsite: false, isForNintendoSwitch: false, items });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    ids.teenWheel = created.body.response.id;
    const refused = await call('POST', `/api/dashboard/home/entry/publish?id=${ids.teenWheel}`);
    assert.equal(refused.status, 400);
    const problems = refused.body.status.problems;
    assert.deepEqual(problems.map((p: Json) => p.bucket), ['t']);
    assert.equal(problems[0].field, 'items');
    assert.match(problems[0].message, /Age rating 't' needs at least 4 enabled items that are not geo-restricted; it has 3\./);
    assert.match(problems[0].message, /items\[7\] \(geo-restricted\)/);
    assert.match(refused.body.status.message, /cannot be published/);
    assert.equal((await db().query<{ status: number }>('SELECT status FROM wheel_groups WHERE id = $1', [ids.teenWheel])).rows[0]!.status, 0, 'still Draft');
    assert.equal(WHEEL_MIN_ITEMS_PER_BUCKET, 4);
  });

  it('applies the ordered save in one transaction: a refused edit keeps nothing, naming the change', async () => {
    const before = await count('SELECT 1 FROM wheel_groups');
    const auditBefore = await count('SELECT 1 FROM staff_audit');
    const group = (await call('GET', '/api/dashboard/home/entry')).body.response.groups.find((g: Json) => g.id === ids.teenWheel);
    const edited = { ...group, items: group.items.map(({ productName: _p, seriesName: _s, metaData: _m, ...item }: Json, index: number) => (index === 3 ? { ...item, seriesId: 888_888 } : item)) };
    delete edited.status; delete edited.publishDate; delete edited.order; delete edited.updatedAt;
    const refused = await call('POST', '/api/dashboard/home/entry/alter', { added: [goodGroup('Added then undone')], removed: [ids.appOnly], edited: [edited] });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.status.problems.map((p: Json) => p.field), ['edited[0].items[3].seriesId']);
    assert.equal(await count('SELECT 1 FROM wheel_groups'), before);
    assert.equal(await count("SELECT 1 FROM wheel_groups WHERE name = 'Added then undone'"), 0);
    assert.equal((await db().query<{ status: number }>('SELECT status FROM wheel_groups WHERE id = $1', [ids.appOnly])).rows[0]!.status, 0, 'the removal was undone');
    assert.equal(await count('SELECT 1 FROM staff_audit'), auditBefore);

    // An item of another group in an edit is refused by its place.
    const other = (await call('GET', '/api/dashboard/home/entry')).body.response.groups.find((g: Json) => g.id === ids.featured);
    const foreign = await call('POST', '/api/dashboard/home/entry/alter', { edited: [{ ...edited, items: [...edited.items.slice(0, 3), { ...edited.items[3], id: other.items[0].id }] }] });
    assert.equal(foreign.status, 400);
    assert.deepEqual(foreign.body.status.problems.map((p: Json) => p.field), ['edited[0].items[3].id']);

    // Now the whole save: add, remove, edit (the geo-restricted teen swapped for t4), publish the edited group, schedule another, in that order.
    const fixed = { ...edited, items: edited.items.map((item: Json, index: number) => (index === 3 ? { ...item, seriesId: ids.e4 } : index === 7 ? { ...item, seriesId: ids.t4 } : item)) };
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const saved = await call('POST', '/api/dashboard/home/entry/alter', { added: [goodGroup('Added')], removed: [ids.appOnly], edited: [fixed], published: [ids.teenWheel], scheduled: [{ id: ids.featured, publishDate: future }] });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const groups = saved.body.response.groups;
    const byId = (id: number | undefined) => groups.find((g: Json) => g.id === id);
    assert.equal(byId(ids.teenWheel).status, 'Published');
    assert.equal(byId(ids.featured).status, 'Scheduled');
    assert.equal(byId(ids.featured).publishDate, future);
    assert.equal(byId(ids.appOnly).status, 'Removed');
    assert.equal(groups[groups.length - 1].id, ids.appOnly, 'removed groups last');
    assert.ok(groups.some((g: Json) => g.name === 'Added' && g.status === 'Draft'));

    // The scheduled group goes live at its date, which no event marks: the cached storefront reads are dropped then.
    const boundaries = new SaleBoundaries({ db: db(), cache: service.context.cache, logger: { warn() {}, info() {} } }, { recheckMs: 3 * 86_400_000 });
    try {
      await boundaries.arm();
      assert.ok(boundaries.nextAt !== undefined && Math.abs(boundaries.nextAt - Date.parse(future)) < 5_000, `armed for the schedule (${boundaries.nextAt} vs ${future})`);
    } finally {
      await boundaries.close();
    }

    const past = await call('POST', '/api/dashboard/home/entry/alter', { scheduled: [{ id: ids.featured, publishDate: '2020-01-01T00:00:00.000Z' }] });
    assert.equal(past.status, 400);
    assert.deepEqual(past.body.status.problems.map((p: Json) => [p.field, p.message]), [['scheduled[0]', WHEEL_MESSAGES.scheduleInPast]]);
    const removedPublish = await call('POST', '/api/dashboard/home/entry/alter', { published: [ids.appOnly] });
    assert.equal(removedPublish.status, 400);
    assert.equal(removedPublish.body.status.problems[0].field, 'published[0]');
    const restored = await call('POST', '/api/dashboard/home/entry/alter', { restored: [ids.appOnly] });
    assert.equal(restored.body.response.groups.find((g: Json) => g.id === ids.appOnly).status, 'Draft');
  });

  it('refuses a published group’s edit that would make it unpublishable', async () => {
    const group = (await call('GET', '/api/dashboard/home/entry')).body.response.groups.find((g: Json) => g.id === ids.teenWheel);
    const items = group.items.map(({ productName: _p, seriesName: _s, metaData: _m, ...item }: Json) => item).filter((_: Json, index: number) => index !== 4);
    const refused = await call('POST', '/api/dashboard/home/entry/alter', { edited: [{ id: group.id, type: group.type, name: group.name, isForSteam: false, isForWebsite: false, isForNintendoSwitch: false, items }] });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.status.problems.map((p: Json) => [p.field, p.bucket]), [['edited[0].items', 't']]);
    const stale = await call('POST', '/api/dashboard/home/entry/alter', { edited: [{ id: group.id, type: group.type, name: group.name, isForSteam: false, isForWebsite: false, isForNintendoSwitch: false, items: group.items.map(({ productName: _p, seriesName: _s, metaData: _m, ...item }: Json) => item), expectedUpdatedAt: '2020-01-01T00:00:00.000Z' }] });
    assert.equal(stale.status, 409);
  });

  it('reorders items and groups; refuses another group’s items naming the move, and a stale oldOrder with 409', async () => {
    const entries = (await call('GET', '/api/dashboard/home/entry')).body.response;
    const teen = entries.groups.find((g: Json) => g.id === ids.teenWheel);
    const featured = entries.groups.find((g: Json) => g.id === ids.featured);
    const foreign = await call('POST', '/api/dashboard/home/entry/reOrder', { groupId: ids.teenWheel, moves: [{ id: teen.items[0].id, oldOrder: 0, newOrder: 1 }, { id: featured.items[0].id, oldOrder: 0, newOrder: 0 }] });
    assert.equal(foreign.status, 400);
    assert.deepEqual(foreign.body.status.problems.map((p: Json) => [p.field, p.message]), [['moves[1].id', WHEEL_MESSAGES.notOfGroup(featured.items[0].id, ids.teenWheel!)]]);
    const stale = await call('POST', '/api/dashboard/home/entry/reOrder', { groupId: ids.teenWheel, moves: [{ id: teen.items[0].id, oldOrder: 5, newOrder: 1 }] });
    assert.equal(stale.status, 409);
    const notAGroup = await call('POST', '/api/dashboard/home/entry/reOrder', { groupId: null, moves: [{ id: teen.items[0].id, oldOrder: 0, newOrder: 1 }] });
    assert.equal(notAGroup.status, 400);
    assert.equal(notAGroup.body.status.problems[0].field, 'moves[0].id');

    const swapped = await call('POST', '/api/dashboard/home/entry/reOrder', { groupId: ids.teenWheel, moves: [{ id: teen.items[0].id, oldOrder: 0, newOrder: 1 }, { id: teen.items[1].id, oldOrder: 1, newOrder: 0 }] });
    assert.equal(swapped.status, 200);
    const after = swapped.body.response.groups.find((g: Json) => g.id === ids.teenWheel);
    assert.deepEqual(after.items.slice(0, 2).map((item: Json) => item.id), [teen.items[1].id, teen.items[0].id]);

    const groupMove = await call('POST', '/api/dashboard/home/entry/reOrder', { groupId: null, moves: [{ id: ids.teenWheel, oldOrder: teen.order, newOrder: featured.order }, { id: ids.featured, oldOrder: featured.order, newOrder: teen.order }] });
    assert.equal(groupMove.status, 200, JSON.stringify(groupMove.body));
    const moved = groupMove.body.response.groups;
    assert.equal(moved.find((g: Json) => g.id === ids.teenWheel).order, featured.order);
    assert.equal(moved.find((g: Json) => g.id === ids.featured).order, teen.order);
    assert.ok(moved.findIndex((g: Json) => g.id === ids.teenWheel) < moved.findIndex((g: Json) => g.id === ids.featured), 'listed in their new order');
  });

  it('publishes, unpublishes and removes by id, with the audit trail and home.changed events', async () => {
    const missing = await call('POST', '/api/dashboard/home/entry/publish?id=987654');
    assert.equal(missing.status, 404);
    const badId = await call('POST', '/api/dashboard/home/entry/publish?id=abc');
    assert.equal(badId.status, 400);
    const added = (await call('GET', '/api/dashboard/home/entry')).body.response.groups.find((g: Json) => g.name === 'Added');
    assert.equal((await call('POST', `/api/dashboard/home/entry/publish?id=${added.id}`)).body.response.status, 'Published');
    assert.equal((await call('POST', `/api/dashboard/home/entry/unpublish?id=${added.id}`)).body.response.status, 'Draft');
    assert.equal((await call('POST', `/api/dashboard/home/entry/remove?id=${added.id}`)).body.response.status, 'Removed');
    const trail = await call('GET', `/api/dashboard/home/entry/${added.id}/audit`);
    assert.deepEqual(trail.body.response.map((entry: Json) => entry.action), ['removed', 'unpublished', 'published', 'created']);
    assert.equal(trail.body.response[0].actorEmail, 'editor@inkwell.example');
    assert.ok(await count("SELECT 1 FROM outbox WHERE type = 'home.changed'") >= 10);
  });

  it('sets the top type and the message bar, refusing bad values by field', async () => {
    assert.equal((await call('POST', '/api/dashboard/homepage/top?typeId=2')).status, 400);
    const top = await call('POST', '/api/dashboard/homepage/top?typeId=0');
    assert.equal(top.body.response.topTypeId, 0);
    const badLink = await call('POST', '/api/dashboard/homepage/messaging/set', { enabled: true, text: 'Hi', linkText: 'Go', linkUrl: 'javascript:alert(1)' });
    assert.equal(badLink.status, 400);
    assert.deepEqual(badLink.body.status.problems.map((p: Json) => [p.field, p.message]), [['linkUrl', WHEEL_MESSAGES.messagingLink]]);
    const noText = await call('POST', '/api/dashboard/homepage/messaging/set', { enabled: true, text: ' ', linkText: null, linkUrl: null });
    assert.deepEqual(noText.body.status.problems.map((p: Json) => p.field), ['text']);
    const set = await call('POST', '/api/dashboard/homepage/messaging/set', { enabled: true, text: 'Free shipping this week', linkText: 'See the sale', linkUrl: '/browse?os=true' });
    assert.equal(set.status, 200);
    const entries = (await call('GET', '/api/dashboard/home/entry')).body.response;
    assert.deepEqual(entries.messaging, { enabled: true, text: 'Free shipping this week', linkText: 'See the sale', linkUrl: '/browse?os=true' });
    assert.equal((await call('GET', '/api/dashboard/homepage/1/audit')).body.response.length, 2);
  });

  it('serves the published wheel on the storefront home per bucket, country and platform, at once', async () => {
    const anonymous = (await call('GET', '/api/home/V2', undefined, null)).body.response;
    assert.equal(anonymous.topType, 'Thumbnail');
    assert.deepEqual(anonymous.messaging, { text: 'Free shipping this week', linkText: 'See the sale', linkUrl: '/browse?os=true' });
    assert.ok(Array.isArray(anonymous.htmlComponents));
    // Not for the website: the teen wheel stays off the storefront.
    assert.equal(anonymous.wheel.length, 0);
    const teen = (await call('GET', '/api/dashboard/home/entry')).body.response.groups.find((g: Json) => g.id === ids.teenWheel);
    const saved = await call('POST', '/api/dashboard/home/entry/alter', { edited: [{ id: teen.id, type: teen.type, name: teen.name, isForSteam: false, isForWebsite: true, isForNintendoSwitch: false, items: teen.items.map(({ productName: _p, seriesName: _s, metaData: _m, ...item }: Json) => item) }] });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    // What the read-cache consumer does on the home.changed event the save wrote (the bus is not started here).
    assert.ok(await count("SELECT 1 FROM outbox WHERE type = 'home.changed'") > 0);
    await invalidateReads(service.context.cache);

    const slidesFor = async (token: string | null, headers: Record<string, string> = {}) => {
      const home = (await call('GET', '/api/home/V2', undefined, token, headers)).body.response;
      return home.wheel.find((g: Json) => g.id === ids.teenWheel)?.slides.map((s: Json) => s.title) ?? [];
    };
    const everyone = await signTestToken({ roles: [], maxShownRating: 'e' });
    const teens = await signTestToken({ roles: [], maxShownRating: 't' });
    assert.deepEqual((await slidesFor(everyone)).sort(), ['Slide 0', 'Slide 1', 'Slide 2', 'Slide 3']);
    assert.deepEqual((await slidesFor(teens)).sort(), ['Slide 4', 'Slide 5', 'Slide 6', 'Slide 7']);
    const adults = await slidesFor(null);
    assert.deepEqual([...adults].sort(), ['Slide 10', 'Slide 11', 'Slide 8', 'Slide 9']);
    const slide = (await call('GET', '/api/home/V2', undefined, null)).body.response.wheel.find((g: Json) => g.id === ids.teenWheel).slides[0];
    assert.match(slide.href, /^\/series\//);
    assert.equal(slide.image.url, IMAGE.url);
    // The spotlight keeps working, from the wheel's series items.
    const spotlight = (await call('GET', '/api/spotlight', undefined, null)).body.response;
    assert.ok(spotlight.length > 0);
    assert.ok(spotlight.every((series: Json) => typeof series.tagline === 'string'));
  });

  it('lists images to pick and takes banner uploads by their content, within the size limit', async () => {
    const upload = (field: string, name: string, bytes: Buffer) => {
      const body = multipartBody(field, name, bytes);
      return service.app.inject({ method: 'POST', url: '/api/dashboard/home/banners', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${admin}` } });
    };
    const ok = await upload('file', 'summer.png', png(1600, 600));
    assert.equal(ok.statusCode, 200, ok.body);
    const asset = ok.json().response;
    assert.equal(asset.width, 1600);
    assert.equal(asset.height, 600);
    assert.match(asset.localPath, /^banners\/[0-9a-f-]+\.png$/);
    assert.ok(await service.context.files.exists(asset.localPath));

    const text = await upload('file', 'evil.png', Buffer.from('<svg onload=alert(1)></svg>'));
    assert.equal(text.statusCode, 400);
    assert.equal(text.json().status.message, BANNER_MESSAGES.notImage);
    const wrongField = await upload('image', 'x.png', png(2, 2));
    assert.equal(wrongField.statusCode, 400);
    const tooLarge = await upload('file', 'big.png', Buffer.concat([png(10, 10), Buffer.alloc(BANNER_UPLOAD_LIMITS.bytes + 10)]));
    assert.equal(tooLarge.statusCode, 413);
    // A multipart body the parser cannot read (no boundary) is the client's mistake.
    const unreadable = await service.app.inject({ method: 'POST', url: '/api/dashboard/home/banners', headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${admin}` } });
    assert.equal(unreadable.statusCode, 400, unreadable.body);
    assert.match(unreadable.json().status.message, /^The upload could not be read as multipart\/form-data/);
    assert.equal(await count('SELECT 1 FROM home_banners'), 1);

    const images = await call('GET', '/api/dashboard/home/images?query=summer');
    assert.deepEqual(images.body.response.map((choice: Json) => choice.source), ['banner']);
    const covers = await call('GET', '/api/dashboard/home/images?count=100');
    assert.equal(covers.body.response[0].source, 'banner');
    const reader = await signTestToken({ roles: [] });
    const body = multipartBody('file', 'summer.png', png(4, 4));
    assert.equal((await service.app.inject({ method: 'POST', url: '/api/dashboard/home/banners', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${reader}` } })).statusCode, 403);
  });
});
