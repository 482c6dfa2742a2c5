/**
 * The data of bench/analytics.ts: two years of storefront events (raw_events, one partition per day,
 * `--raw` events in all, 10 million by default) and of orders, lines, refunds, carts and sign-ups,
 * written set-based with generate_series straight into the tables of migrations 004 and 005, then the
 * rollups rebuilt with the service's own `rebuildTrafficRollups` and `rebuildCommerceRollups`.
 *
 * Resumable: each month of each part is one transaction, recorded in `bench_load` when it commits; a
 * run that stopped part-way starts again at the first month not recorded. Runs on a database of its
 * own (bench/support/analytics-server.ts), never a test's or the store's.
 */
import type { Database, Transaction } from '@inkwell/platform';
import { rebuildCommerceRollups } from '../../services/analytics/src/store/commerce-rollups';
import { rebuildTrafficRollups } from '../../services/analytics/src/store/traffic-rollups';

/** The last day of the data (fixed, so a resumed load fills the same days). */
export const DATA_END = '2026-11-26';
/** Two years: 730 days ending DATA_END. */
export const DATA_START = '2024-11-27';
export const DATA_DAYS = 730;

export interface LoadSettings {
  rawEvents: number;
  ordersPerDay: number;
  timeZone: string;
  /** How many months (newest first) get their traffic rollups rebuilt (all 25 by default). */
  trafficMonths?: number;
  log: (line: string) => void;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const monthEnd = (month: string) => {
  const date = new Date(Date.parse(`${month}T00:00:00Z`));
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/** The months of the data, each clipped to DATA_START–DATA_END: [first day, last day]. */
export function dataMonths(): Array<[string, string]> {
  const months: Array<[string, string]> = [];
  for (let month = `${DATA_START.slice(0, 7)}-01`; month <= DATA_END; month = addDays(monthEnd(month), 1)) {
    months.push([month < DATA_START ? DATA_START : month, monthEnd(month) > DATA_END ? DATA_END : monthEnd(month)]);
  }
  return months;
}

/**
 * One day's storefront events: i = 1..perDay. Visitors (user_proxy) 1 in 4 of the day's events,
 * drawn from 40,000 over the two years; sessions of ~8 events; 2,000 product pages; 1 in 50 a bot.
 * Event mix by i % 20: 12 page views, a landing page, a search, a product view, add/remove to cart,
 * begin checkout, a store-link click, a reader page.
 */
const RAW_SQL = `
  INSERT INTO raw_events (day, event_id, channel, event_name, session_id, user_proxy, visitor_hash, path, payload, occurred_at, received_at, is_bot)
  SELECT d::date, gen_random_uuid(),
         CASE WHEN i % 20 = 19 THEN 'reader' WHEN i % 20 IN (15, 16) THEN 'cart' ELSE 'store' END,
         CASE WHEN i % 20 < 12 THEN 'PAGE_VIEW' WHEN i % 20 = 12 THEN 'landing_page' WHEN i % 20 = 13 THEN 'SEARCH' WHEN i % 20 = 14 THEN 'view_product'
              WHEN i % 20 = 15 THEN 'add_to_cart' WHEN i % 20 = 16 THEN 'remove_from_cart' WHEN i % 20 = 17 THEN 'begin_checkout'
              WHEN i % 20 = 18 THEN 'store_link_click' ELSE 'READER_PAGE' END,
         md5('s' || d::date || (i / 8)),
         md5('u' || ((hashint4(i / 4 + extract(doy FROM d)::int * 7919) & 2147483647) % 40000)),
         md5('h' || d::date || (i / 4)),
         CASE WHEN i % 20 < 13 THEN '/product/' || ((hashint4(i) & 2147483647) % 2000) ELSE NULL END,
         CASE WHEN i % 20 = 18 THEN jsonb_build_object('store', (ARRAY['amazon', 'comixology', 'local', 'kobo'])[1 + i % 4], 'productId', (hashint4(i) & 2147483647) % 2000)
              WHEN i % 20 = 13 THEN jsonb_build_object('query', 'word ' || (i % 300))
              ELSE '{}'::jsonb END,
         d + make_interval(secs => i * 86399.0 / $3),
         d + make_interval(secs => i * 86399.0 / $3),
         i % 50 = 0
    FROM generate_series($1::date::timestamp, $2::date::timestamp, interval '1 day') AS d, generate_series(1, $3::int) AS i`;

/** One day's orders (i = 1..perDay) with 1–3 lines, 3% refunded (in full, 5 days later), 1% cancelled. */
const ORDERS_SQL = `
  INSERT INTO commerce_orders (order_id, day, placed_at, user_token, status, currency, total_cents, items, refunded_cents, completed_at, cancelled_at)
  SELECT 'o-' || d::date || '-' || i, d::date, d + make_interval(secs => i * 86000.0 / $3),
         'erased:' || md5('c' || ((hashint4(i + extract(doy FROM d)::int * 104729) & 2147483647) % 20000)),
         CASE WHEN i % 100 = 7 THEN 'Cancelled' ELSE 'Completed' END, 'USD',
         (1 + i % 3) * 499 + (i % 3) * 250, 1 + i % 3, CASE WHEN i % 33 = 5 THEN (1 + i % 3) * 499 + (i % 3) * 250 ELSE 0 END,
         d + make_interval(secs => i * 86000.0 / $3 + 30), CASE WHEN i % 100 = 7 THEN d + make_interval(secs => i * 86000.0 / $3 + 60) END
    FROM generate_series($1::date::timestamp, $2::date::timestamp, interval '1 day') AS d, generate_series(1, $3::int) AS i`;
const LINES_SQL = `
  INSERT INTO order_lines (order_id, line, day, product_id, variant_id, format, quantity, unit_price_cents, currency, refunded_quantity, refunded_cents)
  SELECT o.order_id, l, o.day, p::text, p || CASE WHEN l = 2 THEN '-print' ELSE '-digital' END, CASE WHEN l = 2 THEN 'Print' ELSE 'Digital' END,
         1, CASE WHEN l = 2 THEN 749 ELSE 499 END, 'USD',
         CASE WHEN o.refunded_cents > 0 THEN 1 ELSE 0 END, CASE WHEN o.refunded_cents > 0 THEN CASE WHEN l = 2 THEN 749 ELSE 499 END ELSE 0 END
    FROM commerce_orders o
    CROSS JOIN LATERAL generate_series(1, o.items) AS l
    CROSS JOIN LATERAL (SELECT 1 + (hashint4(hashtext(o.order_id) + l) & 2147483647) % 2000 AS p) AS pick
   WHERE o.day BETWEEN $1::date AND $2::date`;
const REFUNDS_SQL = `
  INSERT INTO order_refunds (refund_key, order_id, day, refunded_at, amount_cents, currency, product_ids, full_refund)
  SELECT 'r-' || o.order_id, o.order_id, (o.placed_at + interval '5 days')::date, o.placed_at + interval '5 days', o.refunded_cents, 'USD', '{}', true
    FROM commerce_orders o WHERE o.refunded_cents > 0 AND o.day BETWEEN $1::date AND $2::date`;
/** Domain-event copies the commerce rebuild reads: order.placed (active customers), cart.updated (two per order), account.created (a tenth of the orders). */
const EVENTS_SQL = `
  INSERT INTO domain_events (event_id, type, source, key, occurred_at, data)
  SELECT gen_random_uuid(), 'order.placed', 'order', o.order_id, o.placed_at, jsonb_build_object('orderId', o.order_id, 'userId', 'user-' || right(o.user_token, 8))
    FROM commerce_orders o WHERE o.day BETWEEN $1::date AND $2::date
  UNION ALL
  SELECT gen_random_uuid(), 'cart.updated', 'cart', 'cart-' || o.order_id, o.placed_at - make_interval(mins => 10 - step * 5),
         jsonb_build_object('cartId', 'cart-' || o.order_id, 'userId', 'user-' || right(o.user_token, 8), 'units', step, 'change', jsonb_build_object('amount', 1))
    FROM commerce_orders o CROSS JOIN generate_series(1, 2) AS step WHERE o.day BETWEEN $1::date AND $2::date
  UNION ALL
  SELECT gen_random_uuid(), 'account.created', 'account', 'acct-' || o.order_id, o.placed_at - interval '1 hour', jsonb_build_object('userId', 'new-' || o.order_id)
    FROM commerce_orders o WHERE o.day BETWEEN $1::date AND $2::date AND right(o.order_id, 1) = '3'`;

async function done(db: Database, part: string): Promise<boolean> {
  const { rows } = await db.query<{ part: string }>('SELECT part FROM bench_load WHERE part = $1', [part]);
  return rows.length > 0;
}

/** Loads whatever is not loaded yet; answers what the database holds. */
export async function loadAnalyticsData(db: Database, settings: LoadSettings): Promise<{ rawEvents: number; orders: number; lines: number; loadedNow: boolean }> {
  await db.query('CREATE TABLE IF NOT EXISTS bench_load (part text PRIMARY KEY, seconds numeric NOT NULL, at timestamptz NOT NULL DEFAULT now())');
  const perDay = Math.ceil(settings.rawEvents / DATA_DAYS);
  let loadedNow = false;
  const step = async (part: string, work: (tx: Transaction) => Promise<void>) => {
    if (await done(db, part)) return;
    const started = performance.now();
    await db.transaction(async (tx) => {
      await work(tx);
      await tx.query('INSERT INTO bench_load (part, seconds) VALUES ($1, $2)', [part, ((performance.now() - started) / 1000).toFixed(1)]);
    });
    loadedNow = true;
    settings.log(`  ${part}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await step(`partitions ${DATA_START} ${DATA_END}`, async (tx) => {
    for (let day = DATA_START; day <= DATA_END; day = addDays(day, 1)) {
      await tx.query(`CREATE TABLE IF NOT EXISTS raw_events_${day.replaceAll('-', '')} PARTITION OF raw_events FOR VALUES FROM ('${day}') TO ('${addDays(day, 1)}')`);
    }
  });
  for (const [from, to] of dataMonths()) {
    await step(`raw ${from} ${perDay}/day`, (tx) => tx.query(RAW_SQL, [from, to, perDay]).then(() => undefined));
    await step(`orders ${from} ${settings.ordersPerDay}/day`, async (tx) => {
      await tx.query(ORDERS_SQL, [from, to, settings.ordersPerDay]);
      await tx.query(LINES_SQL, [from, to]);
      await tx.query(REFUNDS_SQL, [from, to]);
      await tx.query(EVENTS_SQL, [from, to]);
    });
  }
  await step('products', async (tx) => {
    await tx.query(
      `INSERT INTO analytics_products (product_id, name, series_id, series_title, stale, refreshed_at)
       SELECT p::text, 'Bench comic #' || p, 's' || (p % 150), 'Bench series ' || (p % 150), false, now() FROM generate_series(1, 2000) AS p
       ON CONFLICT (product_id) DO NOTHING`,
    );
  });
  // One transaction of the service's own (it takes its advisory lock); recorded after.
  if (!(await done(db, 'commerce rollups'))) {
    const started = performance.now();
    await rebuildCommerceRollups(db, DATA_START, DATA_END, settings.timeZone);
    await db.query('INSERT INTO bench_load (part, seconds) VALUES ($1, $2)', ['commerce rollups', ((performance.now() - started) / 1000).toFixed(1)]);
    settings.log(`  commerce rollups: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    loadedNow = true;
  }
  // Newest month first: with `trafficMonths` below 24 the last months (the 90-day range) have theirs.
  const rawLoadedNow = loadedNow;
  for (const [from, to] of dataMonths().reverse().slice(0, settings.trafficMonths)) {
    await step(`traffic rollups ${from}`, (tx) => rebuildTrafficRollups(tx, from, to));
  }
  // The whole database after a bulk load; only the rollups when only they were (re)built.
  if (rawLoadedNow) await db.query('VACUUM ANALYZE').catch(() => db.query('ANALYZE'));
  else if (loadedNow) await db.query('VACUUM ANALYZE traffic_counts');
  const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  return { rawEvents: await count('raw_events'), orders: await count('commerce_orders'), lines: await count('order_lines'), loadedNow };
}
