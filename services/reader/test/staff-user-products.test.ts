import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { USER_PRODUCT_MESSAGES } from '@inkwell/contracts/dashboard-customers';
import { signTestToken } from '@inkwell/platform/testing';
import { createProduct } from '../../catalog/test/factories';
import { STAFF_PRODUCT_MESSAGES } from '../src/domain';
import { orderCompleted, startReader, type Json, type ReaderHarness } from './support/harness';

const refund = (orderId: string, userId: string, productIds: readonly number[]) => ({ orderId, userId, amount: { cents: 799, currency: 'USD' }, productIds: productIds.map(String) });

/**
 * Dashboard `users/products…` against a real reader, a real catalog (SKUs resolved over gRPC) and
 * real PostgreSQL: the list, grants (add, compAdd), removals, the ownership the storefront sees after
 * them (the catalog's gRPC question, reading access, My Comics), the audit, and the bad inputs.
 */
describe('Dashboard: a user\'s products (/dashboard/users/products…)', () => {
  let harness: ReaderHarness;
  let admin: string;
  let readerToken: string;
  let ids: Record<string, number>;
  let userId: string;
  let userToken: string;

  const products = (as = admin, user = userId) => harness.request('GET', `/api/dashboard/users/products?userId=${user}`, { token: as });
  const grant = (body: unknown, path: 'add' | 'compAdd' = 'add', as = admin) => harness.request('POST', `/api/dashboard/users/products/${path}`, { token: as, body });
  const remove = (id: string, body: unknown = { reason: 'Asked by support' }, as = admin) =>
    harness.request('POST', `/api/dashboard/users/products/delete/${encodeURIComponent(id)}`, { token: as, body });
  const shelf = async () => {
    const answer = await harness.request('GET', '/api/mycomics?count=100', { token: userToken });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body.response as Json[]).map((item) => [Number(item.productId), item.isOwned]);
  };
  const ownedByGrpc = async () => {
    // The catalog asks the reader over gRPC (ListEntitlements) for isInUserLibrary.
    const answer = await harness.catalogRequest('GET', '/api/discover/v2?isInUserLibrary=true&count=100', { token: userToken });
    assert.equal(answer.status, 200);
    return (answer.body.response as Json[]).map((card) => Number(card.id)).sort((a, b) => a - b);
  };
  const pagesStatus = async (productId: number) => (await harness.request('GET', `/api/comic/${productId}/pages`, { token: userToken })).status;
  const audit = async (user = userId) =>
    (await harness.context.db.query<{ action: string; actor_id: string; actor_email: string | null; changes: Json }>("SELECT action, actor_id, actor_email, changes FROM staff_audit WHERE entity = 'user-product' AND entity_id = $1 ORDER BY id", [user]))
      .rows;
  const grantCount = async () => Number((await harness.context.db.query<{ n: string }>('SELECT count(*) AS n FROM entitlement_grants')).rows[0]!.n);

  beforeAll(async () => {
    harness = await startReader();
    admin = await signTestToken({ userId: 'staff-1', email: 'staff@inkwell.test', roles: ['admin'] });
    readerToken = await signTestToken({ userId: 'reader-1' });
    const db = harness.catalogDb;
    ids = {
      tide: await createProduct(db, { name: 'Tidewater Vol. 1', readableUrl: 'tidewater-1' }),
      ember: await createProduct(db, { name: 'Ember Crown Vol. 1', readableUrl: 'ember-crown-1' }),
      moth: await createProduct(db, { name: 'Moth Queen Vol. 1' }),
      print: await createProduct(db, { name: 'Paper Only', readableUrl: 'paper-only', variants: [{ type: 'Print', priceType: 'Print', priceCents: 1299 }] }),
      game: await createProduct(db, { name: 'Dice Game' }),
    };
    await db.query('UPDATE products SET category = 1, sub_category = 1000 WHERE id = $1', [ids.game]);
    await db.query('UPDATE products SET thumbnails = $2 WHERE id = $1', [ids.tide, JSON.stringify([{ url: '/media/covers/tide-500.webp', width: 500, height: 625 }])]);
    for (const id of [ids.tide!, ids.ember!, ids.moth!]) await harness.ingestPages(id, 2, { width: 60, height: 90 });
  });

  beforeEach(async () => {
    userId = randomUUID();
    userToken = await signTestToken({ userId });
  });

  afterAll(() => harness?.close());

  it('answers 401 to a visitor and 403 to a reader, for every call, changing nothing', async () => {
    const before = await grantCount();
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', `/api/dashboard/users/products?userId=${userId}`],
      ['POST', '/api/dashboard/users/products/add', { userId, productSkus: [String(ids.tide)], reason: 'x' }],
      ['POST', '/api/dashboard/users/products/compAdd', { userId, productSkus: [String(ids.tide)], reason: 'x' }],
      ['POST', `/api/dashboard/users/products/delete/g:${randomUUID()}`, { reason: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await harness.request(method, url, { body });
      assert.equal(anonymous.status, 401, `${method} ${url}`);
      const reader = await harness.request(method, url, { body, token: readerToken });
      assert.equal(reader.status, 403, `${method} ${url}`);
    }
    assert.equal(await grantCount(), before);
  });

  it('lists what the user bought, with the catalog name and cover and the order, and nothing for someone unknown', async () => {
    assert.deepEqual((await products()).body, { status: { type: 'Success' }, response: [] });
    await harness.deliver('order', 'order.completed', orderCompleted('order-list-1', userId, [ids.tide!, ids.ember!]));
    await harness.deliver('order', 'order.completed', orderCompleted('order-list-2', userId, [ids.moth!], 'Print'));
    const answer = await products();
    assert.equal(answer.status, 200);
    const list = answer.body.response as Json[];
    assert.deepEqual(
      list.map((item) => [item.productId, item.source, item.orderId]).sort(),
      [
        [ids.ember, 'purchase', 'order-list-1'],
        [ids.tide, 'purchase', 'order-list-1'],
      ].sort(),
      'print copies give no reading rights',
    );
    const tide = list.find((item) => item.productId === ids.tide)!;
    assert.equal(tide.name, 'Tidewater Vol. 1');
    assert.match(tide.thumbnailUrl, /tide-500\.webp/);
    assert.equal(tide.id, `p:order-list-1:${ids.tide}`);
    assert.deepEqual([tide.reason, tide.grantedById, tide.grantedByEmail], [null, null, null]);
    assert.ok(Date.parse(tide.acquiredAt) > 0);
  });

  it('grants by product id and readable url, records the reason and the staff member, shelves, audits, and the storefront sees it owned', async () => {
    assert.equal(await pagesStatus(ids.tide!), 403, 'not owned before the grant');
    const answer = await grant({ userId, productSkus: [String(ids.tide), 'Ember-Crown-1'], reason: 'Lost purchase, ticket 41' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.status.warnings, undefined);
    const list = answer.body.response as Json[];
    assert.deepEqual(list.map((item) => item.productId).sort(), [ids.tide, ids.ember].sort());
    for (const item of list) {
      assert.equal(item.source, 'grant');
      assert.match(item.id, /^g:[0-9a-f-]{36}$/);
      assert.equal(item.orderId, null);
      assert.equal(item.reason, 'Lost purchase, ticket 41');
      assert.equal(item.grantedById, 'staff-1');
      assert.equal(item.grantedByEmail, 'staff@inkwell.test');
    }
    assert.deepEqual((await products()).body.response, list, 'the list says the same');

    const { rows } = await harness.context.db.query('SELECT kind, reason, actor_id, actor_email FROM entitlement_grants WHERE user_id = $1', [userId]);
    assert.deepEqual(rows, [
      { kind: 'add', reason: 'Lost purchase, ticket 41', actor_id: 'staff-1', actor_email: 'staff@inkwell.test' },
      { kind: 'add', reason: 'Lost purchase, ticket 41', actor_id: 'staff-1', actor_email: 'staff@inkwell.test' },
    ]);
    const trail = await audit();
    assert.deepEqual(trail.map((row) => [row.action, row.actor_id, row.actor_email, row.changes.reason.to]), [
      ['grant', 'staff-1', 'staff@inkwell.test', 'Lost purchase, ticket 41'],
      ['grant', 'staff-1', 'staff@inkwell.test', 'Lost purchase, ticket 41'],
    ]);
    assert.deepEqual(trail.map((row) => Number(row.changes.productId.to)).sort(), [ids.tide, ids.ember].sort());

    assert.deepEqual((await shelf()).sort(), [[ids.tide, true], [ids.ember, true]].sort(), 'on the shelf, owned');
    assert.deepEqual(await ownedByGrpc(), [ids.tide, ids.ember].sort((a, b) => a! - b!), 'the catalog asks and hears owned');
    assert.equal(await pagesStatus(ids.tide!), 200, 'readable');
  });

  it('compAdd records a complimentary copy', async () => {
    const answer = await grant({ userId, productSkus: ['tidewater-1'], reason: 'Convention giveaway' }, 'compAdd');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.response.length, 1);
    assert.deepEqual((await harness.context.db.query('SELECT kind FROM entitlement_grants WHERE user_id = $1', [userId])).rows, [{ kind: 'comp' }]);
    assert.deepEqual((await audit()).map((row) => row.action), ['comp']);
  });

  it('does not grant what the user owns already (bought or granted), and says so; the same SKU twice grants once', async () => {
    await harness.deliver('order', 'order.completed', orderCompleted('order-owned-1', userId, [ids.tide!]));
    const answer = await grant({ userId, productSkus: [String(ids.tide), String(ids.moth), ` ${ids.moth} `, String(ids.moth)], reason: 'Goodwill' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.status.warnings, [STAFF_PRODUCT_MESSAGES.alreadyOwned('Tidewater Vol. 1', String(ids.tide))]);
    assert.deepEqual((answer.body.response as Json[]).map((item) => [item.productId, item.source]), [
      [ids.tide, 'purchase'],
      [ids.moth, 'grant'],
    ]);
    const again = await grant({ userId, productSkus: [String(ids.moth)], reason: 'Clicked twice' }, 'compAdd');
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.status.warnings, [STAFF_PRODUCT_MESSAGES.alreadyOwned('Moth Queen Vol. 1', String(ids.moth))]);
    assert.equal((await harness.context.db.query('SELECT 1 FROM entitlement_grants WHERE user_id = $1', [userId])).rowCount, 1);
    assert.equal((await audit()).length, 1, 'a skipped product is not audited as granted');
  });

  it('grants once when the same grant is sent twice at the same time (a double click)', async () => {
    const body = { userId, productSkus: [String(ids.ember)], reason: 'Double click' };
    const answers = await Promise.all([grant(body), grant(body, 'compAdd')]);
    assert.deepEqual(answers.map((answer) => answer.status), [200, 200]);
    assert.equal(answers.filter((answer) => answer.body.status.warnings !== undefined).length, 1, 'the second says it is owned already');
    assert.equal((await harness.context.db.query('SELECT 1 FROM entitlement_grants WHERE user_id = $1', [userId])).rowCount, 1);
    assert.equal((await audit()).length, 1);
  });

  it('refuses unknown SKUs, Print-only comics and games with the field, granting nothing of the call', async () => {
    const before = await grantCount();
    const answer = await grant({ userId, productSkus: [String(ids.tide), 'no-such-comic', '999999999', 'paper-only', String(ids.game), 'not a url!'], reason: 'Goodwill' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.status.type, 'BadRequest');
    assert.deepEqual(answer.body.status.problems, [
      { field: 'productSkus.1', message: USER_PRODUCT_MESSAGES.unknownSku.replace('{sku}', 'no-such-comic') },
      { field: 'productSkus.2', message: 'Unknown product SKU: 999999999.' },
      { field: 'productSkus.3', message: STAFF_PRODUCT_MESSAGES.printOnly('paper-only') },
      { field: 'productSkus.4', message: STAFF_PRODUCT_MESSAGES.notAComic(String(ids.game), 'Game') },
      { field: 'productSkus.5', message: 'Unknown product SKU: not a url!.' },
    ]);
    assert.equal(await grantCount(), before, 'nothing granted, not even the good SKU');
    assert.deepEqual(await shelf(), []);
    assert.deepEqual(await audit(), []);
  });

  it('refuses malformed bodies with the field: user id, empty list, missing, blank or long reason, long SKU', async () => {
    const before = await grantCount();
    const good = { userId, productSkus: [String(ids.tide)], reason: 'Goodwill' };
    const cases: Array<[unknown, string]> = [
      [{ ...good, userId: '77' }, 'userId'],
      [{ ...good, userId: undefined }, 'userId'],
      [{ ...good, productSkus: [] }, 'productSkus'],
      [{ ...good, productSkus: [''] }, 'productSkus.0'],
      [{ ...good, productSkus: ['x'.repeat(201)] }, 'productSkus.0'],
      [{ ...good, productSkus: Array.from({ length: 101 }, () => String(ids.tide)) }, 'productSkus'],
      [{ ...good, reason: undefined }, 'reason'],
      [{ ...good, reason: '' }, 'reason'],
      [{ ...good, reason: '   ' }, 'reason'],
      [{ ...good, reason: 'r'.repeat(501) }, 'reason'],
    ];
    for (const [body, field] of cases) {
      for (const path of ['add', 'compAdd'] as const) {
        const answer = await grant(body, path);
        assert.equal(answer.status, 400, `${path} ${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(answer.body)}`);
        assert.ok(
          (answer.body.status.problems as Json[]).some((item) => item.field === field),
          `${path}: problem on ${field}: ${JSON.stringify(answer.body.status.problems)}`,
        );
      }
    }
    assert.equal((await products(admin, '77')).status, 400, 'a list for a malformed user id');
    assert.equal((await harness.request('GET', '/api/dashboard/users/products', { token: admin })).status, 400, 'a list without a user id');
    assert.equal(await grantCount(), before);
  });

  it('refuses a user whose account was deleted (404), and the deletion takes their grants and removals', async () => {
    const granted = await grant({ userId, productSkus: [String(ids.tide)], reason: 'Goodwill' });
    assert.equal(granted.status, 200);
    await harness.deliver('order', 'order.completed', orderCompleted('order-gone-1', userId, [ids.ember!]));
    assert.equal((await remove(`p:order-gone-1:${ids.ember}`)).status, 200);
    await harness.deliver('account', 'account.deleted', { userId });
    const answer = await grant({ userId, productSkus: [String(ids.moth)], reason: 'Goodwill' });
    assert.equal(answer.status, 404);
    assert.equal(answer.body.status.message, USER_PRODUCT_MESSAGES.unknownUser);
    for (const table of ['entitlement_grants', 'entitlement_removals', 'entitlement_purchases', 'shelf_items']) {
      assert.equal((await harness.context.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [userId])).rowCount, 0, table);
    }
    assert.equal((await harness.context.db.query("SELECT 1 FROM staff_audit WHERE entity_id = $1 OR changes::text LIKE '%Goodwill%' AND entity_id = 'erased'", [userId])).rowCount, 0, 'the audit keeps no trace of whom, nor the reason');
    assert.equal((await harness.context.db.query("SELECT 1 FROM staff_audit WHERE entity_id = 'erased'")).rowCount! >= 2, true, 'the audit keeps what was done');
    const list = await products();
    assert.equal(list.status, 404);
    assert.equal(list.body.status.message, USER_PRODUCT_MESSAGES.unknownUser);
  });

  it('removes a grant: no longer owned anywhere, off the shelf, the grant kept as removed with who and why, audited', async () => {
    const granted = await grant({ userId, productSkus: [String(ids.tide), String(ids.ember)], reason: 'Goodwill' });
    const tide = (granted.body.response as Json[]).find((item) => item.productId === ids.tide)!;
    const answer = await remove(tide.id, { reason: 'Granted by mistake' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual((answer.body.response as Json[]).map((item) => item.productId), [ids.ember]);
    assert.deepEqual((await products()).body.response.map((item: Json) => item.productId), [ids.ember]);
    assert.deepEqual(await shelf(), [[ids.ember, true]], 'the removed comic leaves My Comics');
    assert.deepEqual(await ownedByGrpc(), [ids.ember]);
    assert.equal(await pagesStatus(ids.tide!), 403);
    const { rows } = await harness.context.db.query('SELECT removed_by_id, removed_by_email, removal_reason FROM entitlement_grants WHERE id = $1', [tide.id.slice(2)]);
    assert.deepEqual(rows, [{ removed_by_id: 'staff-1', removed_by_email: 'staff@inkwell.test', removal_reason: 'Granted by mistake' }]);
    const last = (await audit()).at(-1)!;
    assert.equal(last.action, 'remove');
    assert.equal(last.changes.reason.to, 'Granted by mistake');
    assert.equal(last.changes.entitlement.from, tide.id);

    const twice = await remove(tide.id, { reason: 'Again' });
    assert.equal(twice.status, 404, 'a removed grant is gone');
    assert.equal(twice.body.status.message, USER_PRODUCT_MESSAGES.unknownEntitlement);
    const regranted = await grant({ userId, productSkus: [String(ids.tide)], reason: 'Second thoughts' });
    assert.equal(regranted.status, 200);
    assert.deepEqual(regranted.body.status.warnings, undefined, 'a removed grant can be granted again');
    assert.equal(await pagesStatus(ids.tide!), 200);
  });

  it('removes a purchased copy like a refund: the other order\'s copy stays; the removal is a fact that holds against a late order', async () => {
    await harness.deliver('order', 'order.completed', orderCompleted('order-rm-1', userId, [ids.tide!, ids.ember!]));
    await harness.deliver('order', 'order.completed', orderCompleted('order-rm-2', userId, [ids.ember!]));
    assert.equal((await remove(`p:order-rm-1:${ids.tide}`, { reason: 'Chargeback' })).status, 200);
    const second = await remove(`p:order-rm-1:${ids.ember}`, { reason: 'Chargeback' });
    assert.equal(second.status, 200);
    assert.deepEqual((second.body.response as Json[]).map((item) => item.id), [`p:order-rm-2:${ids.ember}`]);
    assert.deepEqual(await shelf(), [[ids.ember, true]], 'still owned through order 2, so it stays; Tidewater leaves');
    assert.deepEqual(await ownedByGrpc(), [ids.ember]);
    assert.equal(await pagesStatus(ids.tide!), 403);
    const { rows } = await harness.context.db.query('SELECT order_id, reason, actor_id FROM entitlement_removals WHERE user_id = $1 ORDER BY product_id', [userId]);
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[0], { order_id: 'order-rm-1', reason: 'Chargeback', actor_id: 'staff-1' });
    assert.equal((await remove(`p:order-rm-1:${ids.tide}`)).status, 404, 'removed already');

    // The same order event delivered again (a new envelope, past the inbox) grants nothing back.
    await harness.deliver('order', 'order.completed', orderCompleted('order-rm-1', userId, [ids.tide!]));
    assert.deepEqual(await shelf(), [[ids.ember, true]]);
    assert.equal(await pagesStatus(ids.tide!), 403);
  });

  it('answers 404 for ids that name no entitlement, and 400 without a reason, changing nothing', async () => {
    await harness.deliver('order', 'order.completed', orderCompleted('order-404-1', userId, [ids.tide!]));
    const other = randomUUID();
    await harness.deliver('order', 'order.completed', orderCompleted('order-404-2', other, [ids.ember!]));
    for (const id of [`g:${randomUUID()}`, 'g:not-a-uuid', `p:order-404-1:${ids.ember}`, `p:no-such-order:${ids.tide}`, 'p::1', 'p:order-404-1:x', '901', 'x'.repeat(200)]) {
      const answer = await remove(id);
      assert.equal(answer.status, 404, id);
      assert.equal(answer.body.status.message, USER_PRODUCT_MESSAGES.unknownEntitlement, id);
    }
    for (const body of [{}, { reason: '' }, { reason: ' ' }, { reason: 'r'.repeat(501) }]) {
      const answer = await remove(`p:order-404-1:${ids.tide}`, body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.ok((answer.body.status.problems as Json[]).some((item) => item.field === 'reason'), JSON.stringify(answer.body));
    }
    assert.equal((await harness.context.db.query('SELECT 1 FROM entitlement_removals WHERE user_id = $1', [userId])).rowCount, 0);
    assert.deepEqual(await shelf(), [[ids.tide, true]]);
  });

  it('My Comics: a refunded comic leaves the shelf (reading progress kept); a refund that arrives before its order shelves nothing', async () => {
    await harness.deliver('order', 'order.completed', orderCompleted('order-refund-1', userId, [ids.tide!, ids.ember!]));
    assert.equal((await harness.request('PATCH', `/api/mycomics/${ids.tide}`, { token: userToken, body: { ReadingProgress: 1 } })).status, 200);
    assert.deepEqual((await shelf()).sort(), [[ids.tide, true], [ids.ember, true]].sort());
    await harness.deliver('order', 'order.refunded', refund('order-refund-1', userId, [ids.tide!]));
    assert.deepEqual(await shelf(), [[ids.ember, true]], 'the refunded Digital item disappears from My Comics');
    assert.deepEqual((await products()).body.response.map((item: Json) => item.productId), [ids.ember]);
    const { rows } = await harness.context.db.query('SELECT page FROM reading_progress WHERE user_id = $1 AND product_id = $2', [userId, ids.tide]);
    assert.deepEqual(rows, [{ page: 1 }], 'progress stays, should they buy it again');

    await harness.deliver('order', 'order.refunded', refund('order-early', userId, [ids.moth!]));
    await harness.deliver('order', 'order.completed', orderCompleted('order-early', userId, [ids.moth!]));
    assert.deepEqual(await shelf(), [[ids.ember, true]], 'refunded before it arrived: never shelved');

    // A comic the reader shelves themselves stays, owned or not.
    assert.equal((await harness.request('POST', `/api/mycomics/${ids.tide}/-`, { token: userToken })).status, 200);
    assert.deepEqual((await shelf()).sort(), [[ids.tide, false], [ids.ember, true]].sort());
  });

  it('keeps a granted copy on the shelf when the purchase of the same comic is refunded', async () => {
    await harness.deliver('order', 'order.completed', orderCompleted('order-both-1', userId, [ids.moth!]));
    await harness.context.db.query('INSERT INTO entitlement_grants (id, user_id, product_id, kind, reason, actor_id) VALUES ($1, $2, $3, $4, $5, $6)', [randomUUID(), userId, ids.moth, 'comp', 'Earlier comp', 'staff-2']);
    await harness.deliver('order', 'order.refunded', refund('order-both-1', userId, [ids.moth!]));
    assert.deepEqual(await shelf(), [[ids.moth, true]]);
    assert.deepEqual((await products()).body.response.map((item: Json) => [item.productId, item.source]), [[ids.moth, 'grant']]);
  });
});
