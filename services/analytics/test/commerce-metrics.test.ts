/**
 * The commerce calls (issue 25, A2) from real events through the service's consumers (in-process
 * bus) into real PostgreSQL: orders with known prices, a refund, carts, sign-ups and reading, in
 * the reporting zone America/New_York; every figure checked to the cent.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, EVENTS, type EventEnvelope } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { analyticsService } from '../src';
import { countAbandonedCarts } from '../src/flows/abandoned-carts';
import { refreshProducts } from '../src/flows/product-dimension';
import type { CatalogProducts, ProductFacts } from '../src/peers/catalog-products';
import { rebuildCommerceRollups } from '../src/store/commerce-rollups';
import { insertRawEvents, type RawEvent } from '../src/store/raw-events';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const ZONE = 'America/New_York';
const U1 = 'user-3f1e0c2a-commerce-one';
const U2 = 'user-9b7d4e11-commerce-two';
const U3 = 'user-c0ffee00-commerce-three';

const item = (productId: string, name: string, distributionType: 'Digital' | 'Print', quantity: number, cents: number) => ({
  productId,
  variantId: `${productId}-${distributionType}`,
  name,
  distributionType,
  quantity,
  price: { cents, currency: 'USD' },
});

function placed(orderId: string, at: string, userId: string | undefined, totalCents: number, items: ReturnType<typeof item>[]): EventEnvelope {
  return createEnvelope(
    'order',
    {
      type: EVENTS.orderPlaced.type,
      version: EVENTS.orderPlaced.version,
      key: orderId,
      data: { orderId, purchaseId: `p-${orderId}`, ...(userId ? { userId, email: `${orderId}@example.com` } : {}), status: 'Completed', total: { cents: totalCents, currency: 'USD' }, items },
    },
    new Date(at),
  );
}

function cart(cartId: string, at: string, units: number, totalCents: number, amount: number, userId?: string): EventEnvelope {
  return createEnvelope(
    'cart',
    {
      type: EVENTS.cartUpdated.type,
      version: EVENTS.cartUpdated.version,
      key: cartId,
      data: {
        cartId,
        ...(userId ? { userId } : {}),
        reason: 'changed',
        change: { productId: 'p1', variantId: 'p1-Digital', amount },
        items: units === 0 ? [] : [{ productId: 'p1', variantId: 'p1-Digital', distributionType: 'Digital', quantity: units, price: { cents: totalCents / units, currency: 'USD' } }],
        total: { cents: totalCents, currency: 'USD' },
        units,
      },
    },
    new Date(at),
  );
}

/** A storefront event as the ingestion stores it (A1's raw events and traffic rollups). */
const storefront = (day: string, session: string, eventName: string): RawEvent => ({
  day, eventId: randomUUID(), channel: 'store', eventName, sessionId: session.repeat(32).slice(0, 32), userProxy: session.repeat(32).slice(0, 32),
  visitorHash: null, path: null, payload: { productId: 'p1' }, occurredAt: `${day}T16:00:00Z`, isBot: false,
});

const event = (source: string, type: string, version: number, key: string, data: object, at: string) => createEnvelope(source, { type, version, key, data }, new Date(at));

describe('analytics: commerce figures from the bus', () => {
  let service: TestService;
  let admin: string;
  let reader: string;
  const orderA = placed('order-a', '2026-03-10T15:00:00Z', U1, 2297, [item('p1', 'Moon Tide Vol. 1', 'Digital', 2, 499), item('p2', 'Iron Lotus #1', 'Print', 1, 1299)]);
  // 23:30 in New York on 10 March (EDT, UTC-4): that day, not the next.
  const orderB = placed('order-b', '2026-03-11T03:30:00Z', U2, 500, [item('p1', 'Moon Tide Vol. 1', 'Digital', 1, 500)]);
  const orderC = placed('order-c', '2026-03-12T16:00:00Z', U1, 4147, [item('p2', 'Iron Lotus #1', 'Print', 3, 1299), item('p3', 'Paper Ghosts', 'Digital', 1, 250)]);
  const orderD = placed('order-d', '2026-04-02T12:00:00Z', undefined, 500, [item('p3', 'Paper Ghosts', 'Digital', 2, 250)]);
  const refund = event('order', EVENTS.orderRefunded.type, EVENTS.orderRefunded.version, 'order-c', {
    orderId: 'order-c', userId: U1, amount: { cents: 3897, currency: 'USD' }, productIds: ['p2'], refundId: 'refund-1', full: false,
  }, '2026-03-13T14:00:00Z');

  const get = async (url: string, token: string | null = admin) => {
    const response = await service.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const data = async (url: string) => {
    const answer = await get(url);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.response;
  };
  const A = '/api/dashboard/analytics';

  beforeAll(async () => {
    service = await buildTestService(analyticsService, { config: { analytics: { timeZone: ZONE, rawRetentionDays: 400 } } });
    await service.bus.start();
    admin = await signTestToken({ userId: 'staff-1', email: 'staff@example.com', roles: ['admin'] });
    reader = await signTestToken({ userId: 'reader-1', roles: [] });
    const events = [
      orderA, orderA, orderB, orderC, orderD, refund, refund,
      // Carts (guests unless named): c1 gets two items and loses one; c2 one add; c3 is U1's, who ordered after.
      cart('c1', '2026-03-10T14:00:00Z', 1, 499, 1),
      cart('c1', '2026-03-10T14:05:00Z', 2, 1798, 1),
      cart('c1', '2026-03-10T14:10:00Z', 1, 1299, -1),
      cart('c2', '2026-03-12T14:00:00Z', 2, 998, 2),
      cart('c3', '2026-03-12T10:00:00Z', 1, 499, 1, U1),
      event('account', EVENTS.accountCreated.type, EVENTS.accountCreated.version, U1, { userId: U1, email: 'one@example.com' }, '2026-03-10T13:00:00Z'),
      // 22:00 on 30 March in New York.
      event('account', EVENTS.accountCreated.type, EVENTS.accountCreated.version, U3, { userId: U3, email: 'three@example.com' }, '2026-03-31T02:00:00Z'),
      event('reader', EVENTS.readingSessionRecorded.type, EVENTS.readingSessionRecorded.version, U1, { userId: U1, comicId: 'p1', mode: 'paged', platform: 'web', pages: [] }, '2026-03-12T20:00:00Z'),
      event('reader', EVENTS.readingProgressUpdated.type, EVENTS.readingProgressUpdated.version, U3, { userId: U3, publicationId: 'p1', page: 3, completed: false }, '2026-03-13T18:00:00Z'),
    ];
    for (const envelope of events) await service.bus.publish(envelope);
    // The funnel's storefront steps: three sessions viewed a product (one twice), two began a checkout.
    const views = [storefront('2026-03-10', '1', 'view_product'), storefront('2026-03-10', '1', 'view_product'), storefront('2026-03-10', '2', 'view_product'), storefront('2026-03-12', '3', 'view_product'),
      storefront('2026-03-10', '1', 'begin_checkout'), storefront('2026-03-12', '3', 'begin_checkout')];
    await insertRawEvents(service.context.db, views, { queueRollups: true });
    await service.bus.idle();
    // c1 left at 14:10 UTC on the 10th is abandoned on the 11th, c2 on the 13th; c3's owner ordered since.
    assert.equal(await countAbandonedCarts(service.context.db, ZONE, new Date('2026-03-14T00:00:00Z')), 2);
  });
  afterAll(() => service.close());

  const zero = { orders: 0, itemsSold: 0, digitalItems: 0, printItems: 0, revenueCents: 0, refundedCents: 0, netRevenueCents: 0 };

  it('getOrderData: orders, items and revenue per day to the cent, refunds on their day, the New York edge, inclusive end', async () => {
    const answer = await data(`${A}/getOrderData?start=2026-03-10&end=2026-03-13`);
    assert.equal(answer.timeZone, ZONE);
    assert.equal(answer.currency, 'USD');
    assert.deepEqual(answer.points, [
      { period: '2026-03-10', orders: 2, itemsSold: 4, digitalItems: 3, printItems: 1, revenueCents: 2797, refundedCents: 0, netRevenueCents: 2797 },
      { period: '2026-03-11', ...zero },
      { period: '2026-03-12', orders: 1, itemsSold: 4, digitalItems: 1, printItems: 3, revenueCents: 4147, refundedCents: 0, netRevenueCents: 4147 },
      { period: '2026-03-13', ...zero, refundedCents: 3897, netRevenueCents: -3897 },
    ]);
    assert.deepEqual(answer.totals, { orders: 3, itemsSold: 8, digitalItems: 4, printItems: 4, revenueCents: 6944, refundedCents: 3897, netRevenueCents: 3047 });
    // One day: the 23:30 New York order is on the 10th, nothing on the 11th.
    assert.equal((await data(`${A}/getOrderData?start=2026-03-10&end=2026-03-10`)).totals.orders, 2);
    assert.deepEqual((await data(`${A}/getOrderData?start=2026-03-11&end=2026-03-11`)).totals, zero);
  });

  it('getOrderData monthly: a point per month touched, a month cut by the range counts only its days', async () => {
    const answer = await data(`${A}/getOrderData?start=2026-03-01&end=2026-04-30&timespan=monthly`);
    assert.deepEqual(answer.points, [
      { period: '2026-03', orders: 3, itemsSold: 8, digitalItems: 4, printItems: 4, revenueCents: 6944, refundedCents: 3897, netRevenueCents: 3047 },
      { period: '2026-04', orders: 1, itemsSold: 2, digitalItems: 2, printItems: 0, revenueCents: 500, refundedCents: 0, netRevenueCents: 500 },
    ]);
    const cut = await data(`${A}/getOrderData?start=2026-03-11&end=2026-04-01&timespan=monthly`);
    assert.deepEqual(cut.points.map((p: Json) => [p.period, p.orders, p.revenueCents, p.refundedCents]), [['2026-03', 1, 4147, 3897], ['2026-04', 0, 0, 0]]);
  });

  it('empty ranges answer zeros for every period', async () => {
    const answer = await data(`${A}/getOrderData?start=2025-01-01&end=2025-01-03`);
    assert.deepEqual(answer.points.map((p: Json) => p.period), ['2025-01-01', '2025-01-02', '2025-01-03']);
    assert.deepEqual(answer.totals, zero);
    const metrics = await data(`${A}/orderMetrics?start=2025-01-01&end=2025-01-03`);
    assert.deepEqual([metrics.totalOrders, metrics.averageOrderValueCents, metrics.averageItemsPerOrder], [0, 0, 0]);
    assert.deepEqual((await data(`${A}/topSellingProducts?start=2025-01-01&end=2025-01-03`)).items, []);
    assert.equal((await data(`${A}/uniqueLoggedInCustomers?start=2025-01-01&end=2025-01-03`)).total, 0);
    assert.equal((await data(`${A}/getCartData?start=2025-01-01&end=2025-01-03`)).abandonmentRate, 0);
  });

  it('orderMetrics: average order value rounded half up, items per order, redelivered events counted once', async () => {
    // 10 March: 2297 + 500 = 2797 over 2 orders = 1398.5 → 1399.
    assert.deepEqual(await data(`${A}/orderMetrics?start=2026-03-10&end=2026-03-10`), {
      start: '2026-03-10', end: '2026-03-10', currency: 'USD', totalOrders: 2, totalRevenueCents: 2797, averageOrderValueCents: 1399, averageItemsPerOrder: 2,
      refundedCents: 0, netRevenueCents: 2797,
    });
    assert.deepEqual(await data(`${A}/orderMetrics?start=2026-03-10&end=2026-03-13`), {
      start: '2026-03-10', end: '2026-03-13', currency: 'USD', totalOrders: 3, totalRevenueCents: 6944, averageOrderValueCents: 2315, averageItemsPerOrder: 2.67,
      refundedCents: 3897, netRevenueCents: 3047,
    });
  });

  it('topSellingProducts: by units, then revenue; refunded units; maxItems; the series from the catalog', async () => {
    const answer = await data(`${A}/topSellingProducts?start=2026-03-01&end=2026-04-30`);
    assert.equal(answer.maxItems, 500);
    assert.deepEqual(answer.items, [
      { rank: 1, productId: 'p2', name: 'Iron Lotus #1', seriesId: null, seriesTitle: null, unitsSold: 4, digitalUnits: 0, printUnits: 4, orders: 2, revenueCents: 5196, refundedUnits: 3 },
      { rank: 2, productId: 'p1', name: 'Moon Tide Vol. 1', seriesId: null, seriesTitle: null, unitsSold: 3, digitalUnits: 3, printUnits: 0, orders: 2, revenueCents: 1498, refundedUnits: 0 },
      { rank: 3, productId: 'p3', name: 'Paper Ghosts', seriesId: null, seriesTitle: null, unitsSold: 3, digitalUnits: 3, printUnits: 0, orders: 2, revenueCents: 750, refundedUnits: 0 },
    ]);
    const two = await data(`${A}/topSellingProducts?start=2026-03-01&end=2026-04-30&maxItems=2`);
    assert.deepEqual(two.items.map((p: Json) => p.productId), ['p2', 'p1']);
    assert.equal(two.maxItems, 2);
    // April only.
    assert.deepEqual((await data(`${A}/topSellingProducts?start=2026-04-01&end=2026-04-30`)).items.map((p: Json) => [p.productId, p.unitsSold, p.revenueCents]), [['p3', 2, 500]]);

    // The product dimension: filled from the catalog lazily; a failing catalog only delays it.
    const asked: string[][] = [];
    let fail = true;
    const catalog: CatalogProducts = {
      async products(ids) {
        asked.push([...ids].sort());
        if (fail) throw new Error('catalog unavailable');
        const facts = new Map<string, ProductFacts>();
        facts.set('p2', { productId: 'p2', name: 'Iron Lotus #1', seriesId: 's9', seriesTitle: 'Iron Lotus' });
        return facts;
      },
      close() {},
    };
    await assert.rejects(refreshProducts(service.context.db, catalog), /catalog unavailable/);
    fail = false;
    assert.equal(await refreshProducts(service.context.db, catalog, new Date(Date.now() + 86_400_000)), 3);
    assert.deepEqual(asked, [['p1', 'p2', 'p3'], ['p1', 'p2', 'p3']]);
    const refreshed = await data(`${A}/topSellingProducts?start=2026-03-01&end=2026-04-30&maxItems=1`);
    assert.deepEqual([refreshed.items[0].seriesId, refreshed.items[0].seriesTitle], ['s9', 'Iron Lotus']);
    assert.equal(await refreshProducts(service.context.db, catalog, new Date(Date.now() + 86_400_000)), 0, 'nothing stale');
    await service.bus.publish(event('catalog', EVENTS.seriesChanged.type, EVENTS.seriesChanged.version, 's9', { seriesId: 's9' }, '2026-04-03T00:00:00Z'));
    await service.bus.idle();
    assert.equal(await refreshProducts(service.context.db, catalog, new Date(Date.now() + 86_400_000)), 1, 'series.changed asks again for its products');
  });

  it('newUserSignups per day and month in the reporting zone', async () => {
    const daily = await data(`${A}/newUserSignups?start=2026-03-30&end=2026-03-31`);
    assert.deepEqual(daily.points, [{ period: '2026-03-30', signups: 1 }, { period: '2026-03-31', signups: 0 }]);
    assert.equal(daily.total, 1);
    const monthly = await data(`${A}/newUserSignups?start=2026-02-01&end=2026-04-30&timespan=monthly`);
    assert.deepEqual(monthly.points, [{ period: '2026-02', signups: 0 }, { period: '2026-03', signups: 2 }, { period: '2026-04', signups: 0 }]);
    assert.equal(monthly.total, 2);
  });

  it('uniqueLoggedInCustomers: per period, and each customer once over the range', async () => {
    const daily = await data(`${A}/uniqueLoggedInCustomers?start=2026-03-10&end=2026-03-13`);
    assert.deepEqual(daily.points.map((p: Json) => p.customers), [2, 0, 1, 1]);
    assert.equal(daily.total, 3);
    const monthly = await data(`${A}/uniqueLoggedInCustomers?start=2026-03-01&end=2026-04-30&timespan=monthly`);
    assert.deepEqual(monthly.points, [{ period: '2026-03', customers: 3 }, { period: '2026-04', customers: 0 }]);
    assert.equal(monthly.total, 3);
    const cut = await data(`${A}/uniqueLoggedInCustomers?start=2026-03-12&end=2026-04-30&timespan=monthly`);
    assert.deepEqual(cut.points.map((p: Json) => p.customers), [2, 0]);
    assert.equal(cut.total, 2);
  });

  it('getCartData: carts created, adds, removes, orders, abandoned once per content version, the funnel', async () => {
    const answer = await data(`${A}/getCartData?start=2026-03-10&end=2026-03-13`);
    const none = { cartsCreated: 0, addToCart: 0, removeFromCart: 0, checkouts: 0, ordersPaid: 0, abandonedCarts: 0, abandonedValueCents: 0 };
    assert.deepEqual(answer.points, [
      { period: '2026-03-10', ...none, cartsCreated: 1, addToCart: 2, removeFromCart: 1, checkouts: 1, ordersPaid: 2 },
      { period: '2026-03-11', ...none, abandonedCarts: 1, abandonedValueCents: 1299 },
      { period: '2026-03-12', ...none, cartsCreated: 2, addToCart: 2, checkouts: 1, ordersPaid: 1 },
      { period: '2026-03-13', ...none, abandonedCarts: 1, abandonedValueCents: 998 },
    ]);
    assert.deepEqual(answer.totals, { cartsCreated: 3, addToCart: 4, removeFromCart: 1, checkouts: 2, ordersPaid: 3, abandonedCarts: 2, abandonedValueCents: 2297 });
    assert.equal(answer.abandonmentRate, 0.6667);
    assert.deepEqual(answer.funnel, [{ step: 'viewProduct', count: 3 }, { step: 'addToCart', count: 3 }, { step: 'checkout', count: 2 }, { step: 'paid', count: 3 }]);

    const db = service.context.db;
    assert.equal(await countAbandonedCarts(db, ZONE, new Date('2026-03-20T00:00:00Z')), 0, 'the same content is abandoned once');
    // c1 changed again on the 14th and left: abandoned again on the 15th.
    await service.bus.publish(cart('c1', '2026-03-14T12:00:00Z', 2, 1798, 1));
    await service.bus.idle();
    assert.equal(await countAbandonedCarts(db, ZONE, new Date('2026-03-14T13:00:00Z')), 0, 'not yet 24 hours');
    assert.equal(await countAbandonedCarts(db, ZONE, new Date('2026-03-16T00:00:00Z')), 1);
    const later = await data(`${A}/getCartData?start=2026-03-15&end=2026-03-15`);
    assert.deepEqual([later.totals.abandonedCarts, later.totals.abandonedValueCents], [1, 1798]);
  });

  it('answers from the rollups alone: every call works with the facts and raw tables out of reach', async () => {
    const calls = ['getOrderData', 'orderMetrics', 'topSellingProducts', 'newUserSignups', 'uniqueLoggedInCustomers', 'getCartData'].map(
      (call) => `${A}/${call}?start=2026-03-01&end=2026-04-30&timespan=monthly`,
    );
    const before = await Promise.all(calls.map(data));
    const hidden = ['commerce_orders', 'order_lines', 'order_refunds', 'commerce_carts', 'cart_abandonments', 'domain_events', 'ingested_events', 'raw_events'];
    const db = service.context.db;
    for (const table of hidden) await db.query(`ALTER TABLE ${table} RENAME TO ${table}_hidden`);
    try {
      assert.deepEqual(await Promise.all(calls.map(data)), before);
    } finally {
      for (const table of hidden) await db.query(`ALTER TABLE ${table}_hidden RENAME TO ${table}`);
    }
    // And the range read is index lookups on the rollup's key.
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT s.key, sum(r.orders) FROM unnest($1::text[], $2::text[], $3::date[]) AS s(key, grain, period)
         JOIN sales_rollups r ON r.grain = s.grain::"char" AND r.period = s.period GROUP BY s.key`,
      [['a'], ['m'], ['2026-03-01']],
    );
    assert.doesNotMatch(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), /order_lines|commerce_orders|domain_events|raw_events/);
  });

  it('rebuildCommerceRollups recomputes the same figures from the facts', async () => {
    const calls = ['getOrderData', 'orderMetrics', 'topSellingProducts', 'newUserSignups', 'uniqueLoggedInCustomers', 'getCartData'].flatMap((call) => [
      `${A}/${call}?start=2026-03-01&end=2026-04-30&timespan=monthly`,
      `${A}/${call}?start=2026-03-09&end=2026-03-16`,
    ]);
    const before = await Promise.all(calls.map(data));
    const db = service.context.db;
    await db.query("UPDATE sales_rollups SET orders = orders + 100 WHERE period BETWEEN '2026-03-01' AND '2026-04-30'");
    await db.query("DELETE FROM active_customers WHERE period BETWEEN '2026-03-01' AND '2026-04-30'");
    await rebuildCommerceRollups(db, '2026-03-01', '2026-04-30', ZONE);
    assert.deepEqual(await Promise.all(calls.map(data)), before);
  });

  it('refuses bad arguments with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['end=2026-03-10', 'start'],
      ['start=2026-02-30&end=2026-03-10', 'start'],
      ['start=10/03/2026&end=2026-03-10', 'start'],
      ['start=2026-03-10', 'end'],
      ['start=2026-03-10&end=2026-03-09', 'end'],
      ['start=2000-01-01&end=2026-03-09', 'end'],
      ['start=2026-03-10&end=2026-03-10&timespan=weekly', 'timespan'],
    ] as const) {
      for (const call of ['getOrderData', 'orderMetrics', 'topSellingProducts', 'newUserSignups', 'uniqueLoggedInCustomers', 'getCartData']) {
        const answer = await get(`${A}/${call}?${query}`);
        assert.equal(answer.status, 400, `${call}?${query}`);
        assert.equal(answer.body.status.problems[0].field, field, `${call}?${query}`);
      }
    }
    for (const maxItems of ['0', '501', 'abc', '2.5']) {
      const answer = await get(`${A}/topSellingProducts?start=2026-03-10&end=2026-03-10&maxItems=${maxItems}`);
      assert.equal(answer.status, 400, maxItems);
      assert.equal(answer.body.status.problems[0].field, 'maxItems', maxItems);
    }
  });

  it('is for admins: 401 anonymous, 403 a reader', async () => {
    for (const call of ['getOrderData', 'orderMetrics', 'topSellingProducts', 'newUserSignups', 'uniqueLoggedInCustomers', 'getCartData']) {
      assert.equal((await get(`${A}/${call}?start=2026-03-10&end=2026-03-10`, null)).status, 401, call);
      assert.equal((await get(`${A}/${call}?start=2026-03-10&end=2026-03-10`, reader)).status, 403, call);
    }
  });

  it('keeps no user id in clear, and an erasure keeps every count', async () => {
    const db = service.context.db;
    const before = await data(`${A}/uniqueLoggedInCustomers?start=2026-03-01&end=2026-04-30&timespan=monthly`);
    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: U1, data: { userId: U1 } }));
    await service.bus.idle();
    const tables = ['commerce_orders', 'order_lines', 'order_refunds', 'sales_rollups', 'product_sales_rollups', 'analytics_products', 'commerce_carts', 'cart_abandonments', 'cart_rollups', 'cart_adders', 'signup_rollups', 'active_customers', 'active_customer_counts'];
    for (const table of tables) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} t WHERE position($1 IN row_to_json(t)::text) > 0 OR position($2 IN row_to_json(t)::text) > 0 OR position($3 IN row_to_json(t)::text) > 0`, [U1, U2, U3]);
      assert.equal(rows[0]!.n, 0, table);
    }
    assert.deepEqual(await data(`${A}/uniqueLoggedInCustomers?start=2026-03-01&end=2026-04-30&timespan=monthly`), before);
    assert.equal((await data(`${A}/orderMetrics?start=2026-03-10&end=2026-03-13`)).totalOrders, 3);
  });
});
