import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { signTestToken } from '@inkwell/platform/testing';
import { createProduct, createSeries } from '../../catalog/test/factories';
import { orderCompleted, startReader, type Json, type ReaderHarness } from './support/harness';

const names = (body: Json): string[] => body.response.map((item: Json) => item.name);
const days = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);

describe('My Comics: /mycomics', () => {
  let harness: ReaderHarness;
  let ids: Record<string, number>;
  let token: string;
  let userId: string;
  let users = 0;

  /** Puts products on the shelf in order, each shelved a day after the one before. */
  const shelve = async (...productIds: number[]) => {
    for (const [index, productId] of productIds.entries()) {
      const answer = await harness.request('POST', `/api/mycomics/${productId}/-`, { token });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      await harness.context.db.query('UPDATE shelf_items SET added_at = $3 WHERE user_id = $1 AND product_id = $2', [userId, productId, days(100 + index)]);
    }
  };
  const list = (query = '', as = token) => harness.request('GET', `/api/mycomics${query}`, { token: as });

  beforeAll(async () => {
    harness = await startReader();
    const db = harness.catalogDb;
    const tide = await createSeries(db, { title: 'Tidewater', readableUrl: 'tidewater' });
    const ember = await createSeries(db, { title: 'Ember Crown' });
    const free = [{ priceType: 'Free' as const, priceCents: 0 }];
    ids = {
      tide,
      ember,
      tide1: await createProduct(db, { name: 'Tidewater Vol. 1', seriesId: tide, volumeNumber: 1, publishDate: days(10) }),
      tide2: await createProduct(db, { name: 'Tidewater Vol. 2', seriesId: tide, volumeNumber: 2, publishDate: days(40) }),
      tide10: await createProduct(db, { name: 'Tidewater Vol. 10', seriesId: tide, volumeNumber: 10, publishDate: days(30), variants: free }),
      ember1: await createProduct(db, { name: 'Ember Crown Vol. 1', seriesId: ember, volumeNumber: 1, publishDate: days(20), variants: free }),
      cafe: await createProduct(db, { name: 'Café Noir', publishDate: days(50), variants: [{ priceType: 'Free', priceCents: 0 }, { type: 'Print', priceType: 'Print', priceCents: 1299 }] }),
      draft: await createProduct(db, { name: 'Unfinished', status: 'Draft', variants: free }),
    };
    await db.query('UPDATE products SET thumbnails = $2 WHERE id = $1', [ids.tide1, JSON.stringify([{ url: '/media/covers/tide-1-500.webp', width: 500, height: 625 }])]);
  });

  beforeEach(async () => {
    users += 1;
    userId = `shelf-reader-${users}`;
    token = await signTestToken({ userId });
  });

  afterAll(() => harness?.close());

  it('needs a signed-in reader for every library call', async () => {
    const calls: Array<['GET' | 'POST' | 'PATCH', string, unknown?]> = [
      ['GET', '/api/mycomics'],
      ['GET', '/api/mycomics/withReadingProgress'],
      ['GET', '/api/mycomics/processing'],
      ['POST', `/api/mycomics/${ids.tide1}/-`],
      ['PATCH', `/api/mycomics/remove/${ids.tide1}/-`],
      ['PATCH', `/api/mycomics/${ids.tide1}`, { ReadingProgress: 1 }],
      ['POST', '/api/mycomics/updateReadingProgressForPublication', { PublicationId: ids.tide1, ReadingProgress: 1 }],
      ['POST', '/api/mycomics/EmptyBookshelf', {}],
      ['POST', '/api/mycomics/wipe-reading-history', { All: true }],
    ];
    for (const [method, url, body] of calls) {
      const answer = await harness.request(method, url, { body });
      assert.equal(answer.status, 401, `${method} ${url}`);
      assert.equal(answer.body.status.type, 'Unauthorized');
    }
  });

  it('grants an order.completed delivered twice once: owned, on the shelf, shelved when bought', async () => {
    await harness.deliver('order', 'order.completed', orderCompleted('order-77', userId, [ids.tide1!, ids.tide2!]), 2);
    await harness.deliver('order', 'order.completed', orderCompleted('order-78', userId, [ids.ember1!], 'Print'));
    const { rows } = await harness.context.db.query<{ product_id: number }>('SELECT product_id FROM entitlement_purchases WHERE user_id = $1 ORDER BY product_id', [userId]);
    assert.deepEqual(rows.map((row) => row.product_id), [ids.tide1, ids.tide2], 'print copies give no reading rights');
    const answer = await list();
    assert.equal(answer.status, 200);
    assert.deepEqual(names(answer.body).sort(), ['Tidewater Vol. 1', 'Tidewater Vol. 2']);
    assert.equal(answer.body.status.fullCount, 2);
    const [item] = answer.body.response.filter((entry: Json) => entry.productId === String(ids.tide1));
    assert.deepEqual({ ...item, addedAt: undefined }, {
      productId: String(ids.tide1),
      name: 'Tidewater Vol. 1',
      readableUrl: item.readableUrl,
      seriesId: String(ids.tide),
      seriesTitle: 'Tidewater',
      volumeNumber: 1,
      chapterNumber: null,
      thumbnailUrl: '/media/covers/tide-1-500.webp',
      isOwned: true,
      addedAt: undefined,
      publishDate: days(10).toISOString(),
      pageCount: 32,
      readingProgress: 0,
      completed: false,
      lastReadAt: null,
    });
    assert.ok(Date.parse(item.addedAt) > 0);
  });

  it('takes back the right to read a refunded comic, and takes it off the shelf', async () => {
    await harness.deliver('order', 'order.completed', orderCompleted('order-90', userId, [ids.tide2!]));
    await harness.deliver('order', 'order.refunded', { orderId: 'order-90', userId, amount: { cents: 799, currency: 'USD' }, productIds: [String(ids.tide2)] });
    const answer = await list();
    assert.deepEqual(answer.body.response, [], 'a refunded comic leaves My Comics (issue 23)');
    assert.equal((await harness.request('GET', `/api/comic/${ids.tide2}/pages`, { token })).status, 403);
  });

  it('adds and removes comics, with or without a variant', async () => {
    const added = await harness.request('POST', `/api/mycomics/${ids.cafe}/-`, { token });
    assert.equal(added.status, 200);
    assert.equal(added.body.response.name, 'Café Noir');
    assert.equal(added.body.response.isOwned, false);
    const { rows: [variant] } = await harness.catalogDb.query<{ id: number }>("SELECT id FROM variants WHERE product_id = $1 AND type = 'Print'", [ids.cafe]);
    assert.equal((await harness.request('POST', `/api/mycomics/${ids.cafe}/${variant!.id}`, { token })).status, 200);
    assert.equal((await list()).body.status.fullCount, 1, 'adding again does not add twice');

    const removed = await harness.request('PATCH', `/api/mycomics/remove/${ids.cafe}/${variant!.id}`, { token });
    assert.deepEqual(removed.body, { status: { type: 'Success' }, response: { productId: String(ids.cafe), removed: true } });
    assert.deepEqual((await harness.request('PATCH', `/api/mycomics/remove/${ids.cafe}/-`, { token })).body.response, { productId: String(ids.cafe), removed: false });
    assert.deepEqual((await list()).body.response, []);
  });

  it('refuses to shelve what is not there, not out, or a variant of something else', async () => {
    const cases: Array<[string, number, string]> = [
      [`/api/mycomics/987654/-`, 404, 'NotFound'],
      [`/api/mycomics/${ids.draft}/-`, 400, 'BadRequest'],
      [`/api/mycomics/${ids.cafe}/999999`, 400, 'BadRequest'],
      [`/api/mycomics/${ids.cafe}/print`, 400, 'BadRequest'],
      ['/api/mycomics/cafe-noir/-', 400, 'BadRequest'],
    ];
    for (const [url, status, type] of cases) {
      const answer = await harness.request('POST', url, { token });
      assert.equal(answer.status, status, url);
      assert.equal(answer.body.status.type, type, url);
    }
  });

  it('sorts by name, publish date and shelving date, in both directions', async () => {
    await shelve(ids.ember1!, ids.tide10!, ids.cafe!, ids.tide1!, ids.tide2!);
    const sorted = async (sort: number) => names((await list(`?sort=${sort}`)).body);
    assert.deepEqual(await sorted(0), ['Café Noir', 'Ember Crown Vol. 1', 'Tidewater Vol. 1', 'Tidewater Vol. 2', 'Tidewater Vol. 10']);
    assert.deepEqual(await sorted(1), ['Tidewater Vol. 10', 'Tidewater Vol. 2', 'Tidewater Vol. 1', 'Ember Crown Vol. 1', 'Café Noir']);
    assert.deepEqual(await sorted(2), ['Café Noir', 'Tidewater Vol. 2', 'Tidewater Vol. 10', 'Ember Crown Vol. 1', 'Tidewater Vol. 1']);
    assert.deepEqual(await sorted(3), ['Tidewater Vol. 2', 'Tidewater Vol. 1', 'Café Noir', 'Tidewater Vol. 10', 'Ember Crown Vol. 1']);
    assert.deepEqual(await sorted(4), ['Tidewater Vol. 1', 'Ember Crown Vol. 1', 'Tidewater Vol. 10', 'Tidewater Vol. 2', 'Café Noir']);
    assert.deepEqual(await sorted(5), ['Ember Crown Vol. 1', 'Tidewater Vol. 10', 'Café Noir', 'Tidewater Vol. 1', 'Tidewater Vol. 2']);
    assert.deepEqual(names((await list()).body), await sorted(3), 'newest on the shelf first by default');
  });

  it('pages 24 at a time by default, with fullCount of everything that matched', async () => {
    const many: number[] = [];
    for (let n = 1; n <= 26; n++) many.push(await createProduct(harness.catalogDb, { name: `Shelf Filler ${String(n).padStart(2, '0')}`, variants: [{ priceType: 'Free', priceCents: 0 }] }));
    await shelve(...many);
    const first = await list('?sort=0');
    assert.equal(first.body.response.length, 24);
    assert.equal(first.body.status.fullCount, 26);
    const second = await list('?sort=0&offset=24');
    assert.deepEqual(names(second.body), ['Shelf Filler 25', 'Shelf Filler 26']);
    const window = await list('?sort=0&offset=3&count=2');
    assert.deepEqual(names(window.body), ['Shelf Filler 04', 'Shelf Filler 05']);
    assert.equal(window.body.status.fullCount, 26);
    assert.deepEqual((await list('?offset=100')).body.response, []);
  });

  it('searches within the shelf by name and series, ignoring case and accents', async () => {
    await shelve(ids.ember1!, ids.tide1!, ids.tide2!, ids.cafe!);
    assert.deepEqual(names((await list('?search=TIDEWATER&sort=0')).body), ['Tidewater Vol. 1', 'Tidewater Vol. 2']);
    assert.deepEqual(names((await list('?search=cafe')).body), ['Café Noir']);
    assert.deepEqual(names((await list('?search=crown%20ember')).body), ['Ember Crown Vol. 1']);
    const none = await list('?search=zebra');
    assert.deepEqual(none.body.response, []);
    assert.equal(none.body.status.fullCount, 0);
  });

  it('lists only purchased comics, and only comics started, as the spec variants ask', async () => {
    await shelve(ids.tide10!, ids.cafe!);
    await harness.completeOrder(userId, [ids.tide1!]);
    await harness.request('PATCH', `/api/mycomics/${ids.cafe}`, { token, body: { ReadingProgress: 3, updatedAt: days(200).toISOString() } });
    await harness.request('PATCH', `/api/mycomics/${ids.tide10}`, { token, body: { ReadingProgress: 5, updatedAt: days(300).toISOString() } });
    assert.deepEqual(names((await list('/?onlyPurchased=true')).body), ['Tidewater Vol. 1']);
    assert.equal((await list('?withReadingProgress=false')).body.status.fullCount, 3);
    const started = await harness.request('GET', '/api/mycomics/withReadingProgress', { token });
    assert.deepEqual(names(started.body), ['Tidewater Vol. 10', 'Café Noir'], 'last read first');
    assert.deepEqual(started.body.response.map((item: Json) => [item.readingProgress, item.lastReadAt]), [[5, days(300).toISOString()], [3, days(200).toISOString()]]);
    assert.deepEqual(names((await list('?withReadingProgress=true&sort=0')).body), ['Café Noir', 'Tidewater Vol. 10']);
    const processing = await harness.request('GET', '/api/mycomics/processing', { token });
    assert.deepEqual(processing.body, { status: { type: 'Success', fullCount: 0 }, response: [] });
  });

  it('lists a bought pre-order as processing until its release day, then on the shelf', async () => {
    const later = (n: number) => new Date(Date.now() + n * 86_400_000);
    const soon = await createProduct(harness.catalogDb, { name: 'Harbour Lights Vol. 3', status: 'ScheduledPreOrder', publishDate: later(3) });
    const after = await createProduct(harness.catalogDb, { name: 'Harbour Lights Vol. 4', status: 'ScheduledPreOrder', publishDate: later(30) });
    const unbought = await createProduct(harness.catalogDb, { name: 'Harbour Lights Vol. 5', status: 'ScheduledPreOrder', publishDate: later(60) });
    await harness.completeOrder(userId, [after, soon, ids.tide1!]);
    const processing = await harness.request('GET', '/api/mycomics/processing', { token });
    assert.equal(processing.status, 200);
    assert.deepEqual(names(processing.body), ['Harbour Lights Vol. 3', 'Harbour Lights Vol. 4'], 'soonest release first; a pre-order not bought is not there');
    assert.equal(processing.body.status.fullCount, 2);
    assert.equal(processing.body.response[0].isOwned, true);
    assert.deepEqual(names((await list()).body), ['Tidewater Vol. 1'], 'the shelf holds what can be read');
    assert.ok(!names(processing.body).includes('Harbour Lights Vol. 5') && unbought > 0);

    await harness.catalogDb.query('UPDATE products SET publish_date = $2 WHERE id = $1', [soon, new Date(Date.now() - 60_000)]);
    assert.deepEqual(names((await harness.request('GET', '/api/mycomics/processing', { token })).body), ['Harbour Lights Vol. 4']);
    assert.deepEqual(names((await list('?sort=0')).body).sort(), ['Harbour Lights Vol. 3', 'Tidewater Vol. 1']);
    const stranger = await signTestToken({ userId: `${userId}-stranger` });
    assert.deepEqual((await harness.request('GET', '/api/mycomics/processing', { token: stranger })).body, { status: { type: 'Success', fullCount: 0 }, response: [] });
  });

  it('lists the Digital items of a placed order until it completes or is cancelled; a late placed event adds nothing', async () => {
    const buyer = 'reader-awaiting';
    const buyerToken = await signTestToken({ userId: buyer });
    const releaseDay = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const volume = await createProduct(harness.catalogDb, { name: 'Lamplight Vol. 1' });
    const other = await createProduct(harness.catalogDb, { name: 'Lamplight Vol. 2' });
    const boxed = await createProduct(harness.catalogDb, { name: 'Lamplight Box' });
    const placed = (orderId: string, productIds: number[], extra: Record<string, unknown> = {}) => ({
      ...orderCompleted(orderId, buyer, productIds),
      purchaseId: `purchase-${orderId}`,
      status: 'Scheduled',
      scheduleDate: releaseDay,
      ...extra,
    });
    const processing = async () => (await harness.request('GET', '/api/mycomics/processing', { token: buyerToken })).body;

    await harness.deliver('order', 'order.placed', placed('order-pre-1', [volume]), 2);
    await harness.deliver('order', 'order.placed', { ...placed('order-print-1', [boxed]), items: [{ productId: String(boxed), variantId: '1', distributionType: 'Print', quantity: 1, price: { cents: 0, currency: 'USD' } }] });
    await harness.deliver('order', 'order.placed', { ...placed('order-guest-1', [other]), userId: undefined });
    await harness.deliver('order', 'order.placed', placed('order-pre-2', [other], { status: 'ConfirmedByClient', scheduleDate: undefined }));
    const waiting = await processing();
    assert.deepEqual(names(waiting), ['Lamplight Vol. 2', 'Lamplight Vol. 1'], 'soonest readable first: the payment being confirmed (the comic is out), then the pre-order; no print, no guest');
    assert.equal(waiting.response[1].releaseDate, releaseDay, "the pre-order's day");
    assert.equal(waiting.response[1].isOwned, false, 'not readable yet');
    assert.deepEqual(names((await harness.request('GET', '/api/mycomics', { token: buyerToken })).body), [], 'nothing on the shelf yet');

    // Completed: the order's items become entitlements and leave this list; cancelled: they just leave.
    await harness.deliver('order', 'order.completed', orderCompleted('order-pre-1', buyer, [volume]));
    await harness.deliver('order', 'order.cancelled', { orderId: 'order-pre-2', purchaseId: 'purchase-order-pre-2', userId: buyer, reason: 'refunded' });
    assert.deepEqual(names(await processing()), []);
    assert.deepEqual(names((await harness.request('GET', '/api/mycomics', { token: buyerToken })).body), ['Lamplight Vol. 1']);
    // The placed event of a settled order, delivered late (another id), adds nothing back.
    await harness.deliver('order', 'order.placed', placed('order-pre-2', [other]));
    assert.deepEqual(names(await processing()), []);
  });

  it('keeps an owned comic on the shelf when the catalog withdraws it, and drops one that was only added, and digital goods that are not comics', async () => {
    const owned = await createProduct(harness.catalogDb, { name: 'Withdrawn Owned' });
    const added = await createProduct(harness.catalogDb, { name: 'Withdrawn Added', variants: [{ priceType: 'Free', priceCents: 0 }] });
    const game = await createProduct(harness.catalogDb, { name: 'Digital Board Game' });
    await harness.catalogDb.query('UPDATE products SET category = 1, sub_category = 1000 WHERE id = $1', [game]);
    await harness.completeOrder(userId, [owned, game]);
    await shelve(added);
    await harness.catalogDb.query("UPDATE products SET status = 5 WHERE id = ANY($1::bigint[])", [[owned, added]]);
    assert.deepEqual(names((await list()).body), ['Withdrawn Owned']);
  });

  it('empties the shelf, keeping reading history unless asked to wipe it', async () => {
    await shelve(ids.tide10!, ids.cafe!);
    await harness.request('PATCH', `/api/mycomics/${ids.cafe}`, { token, body: { ReadingProgress: 4 } });
    const emptied = await harness.request('POST', '/api/mycomics/EmptyBookshelf', { token });
    assert.deepEqual(emptied.body.response, { removed: 2, wipedReadingHistory: false });
    assert.deepEqual((await list()).body.response, []);
    await shelve(ids.cafe!);
    assert.equal((await list()).body.response[0].readingProgress, 4, 'progress survived the empty shelf');

    const wiped = await harness.request('POST', '/api/mycomics/EmptyBookshelf', { token, body: { wipeReadingHistory: true } });
    assert.deepEqual(wiped.body.response, { removed: 1, wipedReadingHistory: true });
    await shelve(ids.cafe!);
    assert.deepEqual((await list()).body.response.map((item: Json) => [item.readingProgress, item.lastReadAt]), [[0, null]]);
  });

  it('wipes reading history of one series, or all of it', async () => {
    for (const [id, page] of [[ids.tide10, 2], [ids.ember1, 3], [ids.cafe, 4]] as const) {
      assert.equal((await harness.request('PATCH', `/api/mycomics/${id}`, { token, body: { ReadingProgress: page } })).status, 200);
    }
    const series = await harness.request('POST', '/api/mycomics/wipe-reading-history', { token, body: { SeriesId: ids.tide } });
    assert.deepEqual(series.body.response, { wiped: 1 });
    assert.deepEqual(names((await harness.request('GET', '/api/mycomics/withReadingProgress?sort=0', { token })).body), ['Café Noir', 'Ember Crown Vol. 1']);
    assert.equal((await list()).body.status.fullCount, 3, 'wiping history leaves the shelf alone');
    const all = await harness.request('POST', '/api/mycomics/wipe-reading-history', { token, body: { All: true } });
    assert.deepEqual(all.body.response, { wiped: 2 });
    assert.deepEqual((await harness.request('GET', '/api/mycomics/withReadingProgress', { token })).body.response, []);
  });

  it('forgets a deleted account', async () => {
    await harness.completeOrder(userId, [ids.tide1!]);
    await harness.request('PATCH', `/api/mycomics/${ids.tide1}`, { token, body: { ReadingProgress: 2 } });
    await harness.deliver('account', 'account.deleted', { userId });
    for (const table of ['entitlement_purchases', 'shelf_items', 'reading_progress']) {
      const { rowCount } = await harness.context.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [userId]);
      assert.equal(rowCount, 0, table);
    }
  });

  it('answers bad input with 400 envelopes', async () => {
    for (const query of ['?sort=6', '?sort=-1', '?sort=newest', '?offset=-1', '?offset=x', '?count=0', '?count=101', '?onlyPurchased=maybe', `?search=${'x'.repeat(101)}`]) {
      const answer = await list(query);
      assert.equal(answer.status, 400, query);
      assert.equal(answer.body.status.type, 'BadRequest');
      assert.equal(typeof answer.body.status.message, 'string');
    }
    for (const body of [{}, { All: false }, { SeriesId: ids.tide, All: true }, { SeriesId: 'tidewater' }, { All: 'yes' }]) {
      const answer = await harness.request('POST', '/api/mycomics/wipe-reading-history', { token, body });
      assert.equal(answer.status, 400, JSON.stringify(body));
    }
    assert.equal((await harness.request('POST', '/api/mycomics/EmptyBookshelf', { token, body: { wipeReadingHistory: 'yes please' } })).status, 400);
  });
});
