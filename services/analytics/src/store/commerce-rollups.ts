/**
 * Reading the commerce rollups (never the facts): a range is read as whole months (the monthly
 * rows) plus the days at its edges (the daily rows), so a two-year range reads ~24 month rows and a
 * few dozen day rows. And the set-based rebuild of the rollups from the facts and the copies of
 * domain events, for backfill and the benchmark.
 */
import type { Database, Queryable, Transaction } from '@inkwell/platform';
import { coverOf } from '../domain/periods';

/** A labelled piece of a range (a period of a series, or the whole range). */
export interface Segment {
  key: string;
  from: string;
  to: string;
}

function coverRows(segments: readonly Segment[]): { keys: string[]; grains: string[]; periods: string[] } {
  const keys: string[] = [];
  const grains: string[] = [];
  const periods: string[] = [];
  for (const segment of segments) {
    const cover = coverOf(segment.from, segment.to);
    const add = (grain: string, period: string) => {
      keys.push(segment.key);
      grains.push(grain);
      periods.push(period);
    };
    for (const month of cover.months) add('m', month);
    for (const day of cover.days) add('d', day);
  }
  return { keys, grains, periods };
}

const SUMMABLE = {
  sales_rollups: ['orders', 'items', 'digital_items', 'print_items', 'revenue_cents', 'refunds', 'refunded_cents', 'cancelled_orders'],
  cart_rollups: ['carts_created', 'add_to_cart', 'remove_from_cart', 'orders_paid', 'abandoned_carts', 'abandoned_value_cents'],
  signup_rollups: ['signups'],
  active_customer_counts: ['customers'],
} as const;
type SummableTable = keyof typeof SUMMABLE;
export type Sums<T extends SummableTable> = Record<(typeof SUMMABLE)[T][number], number>;

/** The rollup's figures summed per segment (every segment present, zeros when nothing). */
export async function sumRollups<T extends SummableTable>(q: Queryable, table: T, segments: readonly Segment[]): Promise<Map<string, Sums<T>>> {
  const columns = SUMMABLE[table] as readonly string[];
  const { keys, grains, periods } = coverRows(segments);
  const { rows } = await q.query<Record<string, string>>(
    `SELECT s.key, ${columns.map((c) => `sum(r.${c})::text AS ${c}`).join(', ')}
       FROM unnest($1::text[], $2::text[], $3::date[]) AS s(key, grain, period)
       JOIN ${table} r ON r.grain = s.grain::"char" AND r.period = s.period
      GROUP BY s.key`,
    [keys, grains, periods],
  );
  const zero = () => Object.fromEntries(columns.map((c) => [c, 0])) as Sums<T>;
  const result = new Map<string, Sums<T>>(segments.map((segment) => [segment.key, zero()]));
  for (const row of rows) result.set(row.key!, Object.fromEntries(columns.map((c) => [c, Number(row[c] ?? 0)])) as Sums<T>);
  return result;
}

/**
 * Distinct members of a set rollup (active customers, cart adders) per segment: one aggregate per
 * segment, its members compared byte by byte (`COLLATE "C"`). Members are ids, so no language's
 * order matters; sorting them by the database's collation, or grouping every segment's members in
 * one hash aggregate, spilled to disk (two years of cart adders: 286 ms against 100-125 ms so).
 */
export async function countDistinct(q: Queryable, table: 'active_customers' | 'cart_adders', segments: readonly Segment[]): Promise<Map<string, number>> {
  const member = table === 'active_customers' ? 'user_token' : 'cart_id';
  const { keys, grains, periods } = coverRows(segments);
  const { rows } = await q.query<{ key: string; count: string }>(
    `SELECT k.key, (SELECT count(DISTINCT r.${member} COLLATE "C")
                      FROM unnest($1::text[], $2::text[], $3::date[]) AS s(key, grain, period)
                      JOIN ${table} r ON r.grain = s.grain::"char" AND r.period = s.period
                     WHERE s.key = k.key)::text AS count
       FROM unnest($4::text[]) AS k(key)`,
    [keys, grains, periods, segments.map((segment) => segment.key)],
  );
  const result = new Map<string, number>(segments.map((segment) => [segment.key, 0]));
  for (const row of rows) result.set(row.key, Number(row.count));
  return result;
}

export interface ProductTotals {
  productId: string;
  name: string;
  seriesId: string | null;
  seriesTitle: string | null;
  unitsSold: number;
  digitalUnits: number;
  printUnits: number;
  orders: number;
  revenueCents: number;
  refundedUnits: number;
  refundedCents: number;
}

/** The best sellers of a range: by units, then revenue, then product id; at most `limit`. */
export async function topProducts(q: Queryable, from: string, to: string, limit: number): Promise<ProductTotals[]> {
  const { grains, periods } = coverRows([{ key: 'range', from, to }]);
  const { rows } = await q.query<Record<string, string | null>>(
    `WITH totals AS (
       SELECT r.product_id, sum(r.units) AS units, sum(r.digital_units) AS digital, sum(r.print_units) AS print, sum(r.orders) AS orders,
              sum(r.revenue_cents) AS revenue, sum(r.refunded_units) AS refunded_units, sum(r.refunded_cents) AS refunded_cents
         FROM unnest($1::text[], $2::date[]) AS s(grain, period)
         JOIN product_sales_rollups r ON r.grain = s.grain::"char" AND r.period = s.period
        GROUP BY r.product_id
     )
     SELECT t.product_id, coalesce(nullif(p.name, ''), t.product_id) AS name, p.series_id, p.series_title,
            t.units::text, t.digital::text, t.print::text, t.orders::text, t.revenue::text, t.refunded_units::text, t.refunded_cents::text
       FROM totals t LEFT JOIN analytics_products p ON p.product_id = t.product_id
      WHERE t.units > 0
      ORDER BY t.units DESC, t.revenue DESC, t.product_id
      LIMIT $3`,
    [grains, periods, limit],
  );
  return rows.map((row) => ({
    productId: row.product_id!,
    name: row.name!,
    seriesId: row.series_id ?? null,
    seriesTitle: row.series_title ?? null,
    unitsSold: Number(row.units),
    digitalUnits: Number(row.digital),
    printUnits: Number(row.print),
    orders: Number(row.orders),
    revenueCents: Number(row.revenue),
    refundedUnits: Number(row.refunded_units),
    refundedCents: Number(row.refunded_cents),
  }));
}

/* ------------------------------------------------------------------ rebuild */

/** The SQL day of a timestamp column in the reporting zone ($tz is the zone's parameter). */
const dayOf = (column: string, tz: string) => `(${column} AT TIME ZONE ${tz})::date`;
/** erasedUserToken in SQL; an id already replaced by its token (an erased person) stays. */
const tokenOf = (column: string) => `CASE WHEN ${column} LIKE 'erased:%' THEN ${column} ELSE 'erased:' || left(encode(sha256(convert_to(${column}, 'UTF8')), 'hex'), 32) END`;

/**
 * Recomputes every commerce rollup of the days `fromDay`–`toDay` (reporting zone) from the facts
 * (orders, lines, refunds, abandonments) and the copies of domain events (carts, sign-ups, active
 * customers), then the months those days touch from their day rows. Set-based, one transaction.
 */
export async function rebuildCommerceRollups(db: Database, fromDay: string, toDay: string, timeZone: string): Promise<void> {
  await db.transaction(async (tx: Transaction) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('analytics.commerce-rebuild'))");
    const p = [fromDay, toDay, timeZone];
    const inRange = (column: string) => `${column} >= ($1::date::timestamp AT TIME ZONE $3) AND ${column} < (($2::date + 1)::timestamp AT TIME ZONE $3)`;
    for (const table of ['sales_rollups', 'product_sales_rollups', 'cart_rollups', 'signup_rollups', 'active_customers', 'active_customer_counts', 'cart_adders']) {
      await tx.query(`DELETE FROM ${table} WHERE grain = 'd' AND period BETWEEN $1::date AND $2::date`, [fromDay, toDay]);
    }
    await tx.query(
      `INSERT INTO sales_rollups (grain, period, orders, items, digital_items, print_items, revenue_cents, refunds, refunded_cents, cancelled_orders)
       SELECT 'd', day, sum(orders), sum(items), sum(digital), sum(print), sum(revenue), sum(refunds), sum(refunded), sum(cancelled) FROM (
         SELECT o.day, 1 AS orders, o.items, 0 AS digital, 0 AS print, o.total_cents AS revenue, 0 AS refunds, 0 AS refunded, 0 AS cancelled
           FROM commerce_orders o WHERE o.day BETWEEN $1::date AND $2::date
         UNION ALL
         SELECT l.day, 0, 0, CASE WHEN l.format = 'Digital' THEN l.quantity ELSE 0 END, CASE WHEN l.format = 'Print' THEN l.quantity ELSE 0 END, 0, 0, 0, 0
           FROM order_lines l WHERE l.day BETWEEN $1::date AND $2::date
         UNION ALL
         SELECT r.day, 0, 0, 0, 0, 0, 1, r.amount_cents, 0 FROM order_refunds r WHERE r.day BETWEEN $1::date AND $2::date
         UNION ALL
         SELECT ${dayOf('o.cancelled_at', '$3')}, 0, 0, 0, 0, 0, 0, 0, 1 FROM commerce_orders o WHERE o.cancelled_at IS NOT NULL AND ${inRange('o.cancelled_at')}
       ) f GROUP BY day`,
      p,
    );
    await tx.query(
      `INSERT INTO product_sales_rollups (grain, period, product_id, units, digital_units, print_units, orders, revenue_cents, refunded_units, refunded_cents)
       SELECT 'd', day, product_id, sum(units), sum(digital), sum(print), count(DISTINCT order_id) FILTER (WHERE units > 0), sum(revenue), sum(refunded_units), sum(refunded_cents) FROM (
         SELECT l.day, l.product_id, l.order_id, l.quantity AS units, CASE WHEN l.format = 'Digital' THEN l.quantity ELSE 0 END AS digital,
                CASE WHEN l.format = 'Print' THEN l.quantity ELSE 0 END AS print, l.quantity * l.unit_price_cents AS revenue, 0 AS refunded_units, 0 AS refunded_cents
           FROM order_lines l WHERE l.day BETWEEN $1::date AND $2::date
         UNION ALL
         SELECT r.day, l.product_id, l.order_id, 0, 0, 0, 0, l.refunded_quantity, l.refunded_cents
           FROM order_lines l
           JOIN LATERAL (SELECT day FROM order_refunds r WHERE r.order_id = l.order_id AND (r.full_refund OR l.product_id = ANY(r.product_ids))
                          ORDER BY r.refunded_at LIMIT 1) r ON true
          WHERE l.refunded_quantity > 0 AND r.day BETWEEN $1::date AND $2::date
       ) f GROUP BY day, product_id`,
      [fromDay, toDay],
    );
    await tx.query(
      `WITH changes AS (
         SELECT ${dayOf('e.occurred_at', '$3')} AS day, e.occurred_at, e.data->>'cartId' AS cart_id, (e.data->>'units')::int AS units,
                (e.data->'change'->>'amount')::int AS amount,
                lag((e.data->>'units')::int) OVER (PARTITION BY e.data->>'cartId' ORDER BY e.occurred_at, e.event_id) AS previous_units
           FROM domain_events e
          WHERE e.type = 'cart.updated' AND e.occurred_at < (($2::date + 1)::timestamp AT TIME ZONE $3)
            AND e.data->>'cartId' IN (SELECT d.data->>'cartId' FROM domain_events d WHERE d.type = 'cart.updated' AND ${inRange('d.occurred_at')})
       ), adders AS (
         INSERT INTO cart_adders (grain, period, cart_id)
         SELECT DISTINCT 'd', day, cart_id FROM changes WHERE day >= $1::date AND amount > 0
       )
       INSERT INTO cart_rollups (grain, period, carts_created, add_to_cart, remove_from_cart, orders_paid, abandoned_carts, abandoned_value_cents)
       SELECT 'd', day, sum(created), sum(adds), sum(removes), sum(paid), sum(abandoned), sum(abandoned_value) FROM (
         SELECT day, CASE WHEN units > 0 AND coalesce(previous_units, 0) = 0 THEN 1 ELSE 0 END AS created,
                CASE WHEN amount > 0 THEN 1 ELSE 0 END AS adds, CASE WHEN amount < 0 THEN 1 ELSE 0 END AS removes, 0 AS paid, 0 AS abandoned, 0 AS abandoned_value
           FROM changes WHERE day >= $1::date
         UNION ALL
         SELECT o.day, 0, 0, 0, 1, 0, 0 FROM commerce_orders o WHERE o.day BETWEEN $1::date AND $2::date
         UNION ALL
         SELECT a.day, 0, 0, 0, 0, 1, a.value_cents FROM cart_abandonments a WHERE a.day BETWEEN $1::date AND $2::date
       ) f GROUP BY day`,
      p,
    );
    await tx.query(
      `INSERT INTO signup_rollups (grain, period, signups)
       SELECT 'd', ${dayOf('e.occurred_at', '$3')}, count(*) FROM domain_events e WHERE e.type = 'account.created' AND ${inRange('e.occurred_at')} GROUP BY 2`,
      p,
    );
    await tx.query(
      `INSERT INTO active_customers (grain, period, user_token)
       SELECT DISTINCT 'd', ${dayOf('e.occurred_at', '$3')}, ${tokenOf("e.data->>'userId'")} FROM domain_events e
        WHERE e.type IN ('order.placed', 'cart.updated', 'reading.session-recorded', 'reading.progress-updated')
          AND e.data->>'userId' IS NOT NULL AND ${inRange('e.occurred_at')}`,
      p,
    );
    await tx.query(
      `INSERT INTO active_customer_counts (grain, period, customers)
       SELECT 'd', period, count(*) FROM active_customers WHERE grain = 'd' AND period BETWEEN $1::date AND $2::date GROUP BY period`,
      [fromDay, toDay],
    );
    // The months touched, from their days.
    const months = [`${fromDay.slice(0, 7)}-01`, toDay];
    const monthly = (table: string, columns: string[]) =>
      tx.query(
        `INSERT INTO ${table} (grain, period, ${columns.join(', ')})
         SELECT 'm', date_trunc('month', period)::date, ${columns.map((c) => `sum(${c})`).join(', ')} FROM ${table}
          WHERE grain = 'd' AND period >= $1::date AND period < (date_trunc('month', $2::date) + interval '1 month')::date GROUP BY 2`,
        months,
      );
    for (const table of ['sales_rollups', 'product_sales_rollups', 'cart_rollups', 'signup_rollups', 'active_customers', 'active_customer_counts', 'cart_adders']) {
      await tx.query(`DELETE FROM ${table} WHERE grain = 'm' AND period >= $1::date AND period <= $2::date`, months);
    }
    await monthly('sales_rollups', ['orders', 'items', 'digital_items', 'print_items', 'revenue_cents', 'refunds', 'refunded_cents', 'cancelled_orders']);
    await monthly('cart_rollups', ['carts_created', 'add_to_cart', 'remove_from_cart', 'orders_paid', 'abandoned_carts', 'abandoned_value_cents']);
    await monthly('signup_rollups', ['signups']);
    await tx.query(
      `INSERT INTO product_sales_rollups (grain, period, product_id, units, digital_units, print_units, orders, revenue_cents, refunded_units, refunded_cents)
       SELECT 'm', date_trunc('month', period)::date, product_id, sum(units), sum(digital_units), sum(print_units), sum(orders), sum(revenue_cents), sum(refunded_units), sum(refunded_cents)
         FROM product_sales_rollups WHERE grain = 'd' AND period >= $1::date AND period < (date_trunc('month', $2::date) + interval '1 month')::date GROUP BY 2, 3`,
      months,
    );
    for (const [table, member] of [['active_customers', 'user_token'], ['cart_adders', 'cart_id']] as const) {
      await tx.query(
        `INSERT INTO ${table} (grain, period, ${member})
         SELECT DISTINCT 'm', date_trunc('month', period)::date, ${member} FROM ${table}
          WHERE grain = 'd' AND period >= $1::date AND period < (date_trunc('month', $2::date) + interval '1 month')::date`,
        months,
      );
    }
    await tx.query(
      `INSERT INTO active_customer_counts (grain, period, customers)
       SELECT 'm', period, count(*) FROM active_customers WHERE grain = 'm' AND period >= $1::date AND period <= $2::date GROUP BY period`,
      months,
    );
  });
}
