/**
 * The reports' figures from the commerce rollups and facts (migration 005): each sheet read in
 * keyset-paginated batches, so the workbook writer holds one batch at a time whatever the range.
 * Sums over a range read the monthly rollup rows of its whole months and the daily rows of its
 * edge days (periods.coverOf), so two years cost about 24 + 60 rows per product, not 730.
 */
import type { Queryable } from '@inkwell/platform';
import { addDays, coverOf } from '../domain/periods';
import type {
  FormatSalesRow,
  NewCustomersRow,
  ProductSalesRow,
  RefundRow,
  ReportRange,
  ReportSource,
  SalesDayRow,
  SeriesSalesRow,
} from '../domain/report-sheets';

/** Rows per query (and per batch written). */
export const REPORT_BATCH_SIZE = 1_000;
/** When no order says otherwise. */
export const DEFAULT_REPORT_CURRENCY = 'USD';

/** `$1`/`$2` as the cover's months and days of a rollup table aliased `r`. */
const COVERED = "((r.grain = 'm' AND r.period = ANY($1::date[])) OR (r.grain = 'd' AND r.period = ANY($2::date[])))";

export function sqlReportSource(db: Queryable, batchSize = REPORT_BATCH_SIZE): ReportSource {
  /** Day-keyed sheets: one row per day of the range, empty days included. */
  async function* byDay<T extends { day: string }>(range: ReportRange, read: (from: string, to: string) => Promise<T[]>): AsyncGenerator<T[]> {
    for (let from = range.start; from <= range.end; ) {
      const last = addDays(from, batchSize - 1);
      const to = last < range.end ? last : range.end;
      const batch = await read(from, to);
      if (batch.length > 0) yield batch;
      from = addDays(to, 1);
    }
  }

  return {
    async currency() {
      const { rows } = await db.query<{ currency: string }>('SELECT currency FROM commerce_orders ORDER BY placed_at DESC LIMIT 1');
      return rows[0]?.currency ?? DEFAULT_REPORT_CURRENCY;
    },

    salesByDay(range) {
      return byDay<SalesDayRow>(range, async (from, to) => {
        const { rows } = await db.query<SalesDayRow>(
          `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(r.orders, 0)::int AS orders, coalesce(r.items, 0)::int AS items,
                  coalesce(r.digital_items, 0)::int AS "digitalItems", coalesce(r.print_items, 0)::int AS "printItems",
                  coalesce(r.revenue_cents, 0)::float8 AS "revenueCents", coalesce(r.refunded_cents, 0)::float8 AS "refundedCents"
             FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
             LEFT JOIN sales_rollups r ON r.grain = 'd' AND r.period = d.day::date
            ORDER BY d.day`,
          [from, to],
        );
        return rows;
      });
    },

    async *salesByProduct(range) {
      const cover = coverOf(range.start, range.end);
      let after = '';
      for (;;) {
        const { rows } = await db.query<ProductSalesRow>(
          `SELECT r.product_id AS "productId", coalesce(max(p.name), '') AS name, max(p.series_title) AS series,
                  sum(r.units)::float8 AS units, sum(r.digital_units)::float8 AS "digitalUnits", sum(r.print_units)::float8 AS "printUnits",
                  sum(r.orders)::float8 AS orders, sum(r.revenue_cents)::float8 AS "revenueCents",
                  sum(r.refunded_units)::float8 AS "refundedUnits", sum(r.refunded_cents)::float8 AS "refundedCents"
             FROM product_sales_rollups r LEFT JOIN analytics_products p ON p.product_id = r.product_id
            WHERE ${COVERED} AND r.product_id > $3
            GROUP BY r.product_id ORDER BY r.product_id LIMIT $4`,
          [cover.months, cover.days, after, batchSize],
        );
        if (rows.length === 0) return;
        yield rows;
        after = rows[rows.length - 1]!.productId;
        if (rows.length < batchSize) return;
      }
    },

    async *salesBySeries(range) {
      const cover = coverOf(range.start, range.end);
      // Keyed by the series id ('' for products in none), titled by the series' newest title.
      let after: string | null = null;
      for (;;) {
        const { rows }: { rows: Array<SeriesSalesRow & { key: string }> } = await db.query<SeriesSalesRow & { key: string }>(
          `SELECT coalesce(p.series_id, '') AS key, max(p.series_title) AS series, count(DISTINCT r.product_id)::int AS products,
                  sum(r.units)::float8 AS units, sum(r.revenue_cents)::float8 AS "revenueCents", sum(r.refunded_cents)::float8 AS "refundedCents"
             FROM product_sales_rollups r LEFT JOIN analytics_products p ON p.product_id = r.product_id
            WHERE ${COVERED} AND ($3::text IS NULL OR coalesce(p.series_id, '') > $3)
            GROUP BY 1 ORDER BY 1 LIMIT $4`,
          [cover.months, cover.days, after, batchSize],
        );
        if (rows.length === 0) return;
        yield rows.map(({ key, ...row }) => ({ ...row, series: key === '' ? null : (row.series ?? key) }));
        after = rows[rows.length - 1]!.key;
        if (rows.length < batchSize) return;
      }
    },

    async *salesByFormat(range) {
      const { rows } = await db.query<FormatSalesRow>(
        `SELECT format, sum(quantity)::float8 AS units, count(DISTINCT order_id)::int AS orders,
                sum(quantity * unit_price_cents)::float8 AS "revenueCents", sum(refunded_cents)::float8 AS "refundedCents"
           FROM order_lines WHERE day BETWEEN $1 AND $2 GROUP BY format ORDER BY format`,
        [range.start, range.end],
      );
      if (rows.length > 0) yield rows;
    },

    async *refunds(range) {
      let after: { day: string; key: string } | null = null;
      for (;;) {
        const { rows }: { rows: Array<RefundRow & { key: string }> } = await db.query<RefundRow & { key: string }>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, refund_key AS key, order_id AS "orderId", amount_cents::float8 AS "amountCents",
                  full_refund AS full, cardinality(product_ids)::int AS products, currency
             FROM order_refunds
            WHERE day BETWEEN $1 AND $2 AND ($3::date IS NULL OR (day, refund_key) > ($3::date, $4::text))
            ORDER BY day, refund_key LIMIT $5`,
          [range.start, range.end, after?.day ?? null, after?.key ?? '', batchSize],
        );
        if (rows.length === 0) return;
        yield rows.map(({ key: _key, ...row }) => row);
        const last: RefundRow & { key: string } = rows[rows.length - 1]!;
        after = { day: last.day, key: last.key };
        if (rows.length < batchSize) return;
      }
    },

    newCustomers(range) {
      return byDay<NewCustomersRow>(range, async (from, to) => {
        const { rows } = await db.query<NewCustomersRow>(
          `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(r.signups, 0)::int AS signups
             FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
             LEFT JOIN signup_rollups r ON r.grain = 'd' AND r.period = d.day::date
            ORDER BY d.day`,
          [from, to],
        );
        return rows;
      });
    },
  };
}
