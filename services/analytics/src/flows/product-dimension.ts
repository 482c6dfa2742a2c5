import { backoffMs, Poller, type Database, type Logger } from '@inkwell/platform';
import type { CatalogProducts } from '../peers/catalog-products';

const BATCH = 200;

/**
 * Fills the product dimension from the catalog (name, series id and title): the rows marked stale
 * (new products seen in orders, product.changed, series.changed) whose retry time has come. Never
 * in the way of ingestion: a failure only moves their next attempt back (backoff). Answers how many
 * rows it refreshed.
 */
export async function refreshProducts(db: Database, catalog: CatalogProducts, now = new Date()): Promise<number> {
  const { rows } = await db.query<{ product_id: string; attempts: number }>(
    'SELECT product_id, attempts FROM analytics_products WHERE stale AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2',
    [now.toISOString(), BATCH],
  );
  if (rows.length === 0) return 0;
  let found;
  try {
    found = await catalog.products(rows.map((row) => row.product_id));
  } catch (error) {
    for (const row of rows) {
      await db.query('UPDATE analytics_products SET attempts = attempts + 1, next_attempt_at = $2 WHERE product_id = $1 AND stale', [
        row.product_id,
        new Date(now.getTime() + backoffMs(row.attempts + 1, 30_000, 3_600_000)).toISOString(),
      ]);
    }
    throw error;
  }
  for (const row of rows) {
    const product = found.get(row.product_id);
    if (product) {
      await db.query(
        `UPDATE analytics_products SET name = CASE WHEN $2 = '' THEN name ELSE $2 END, series_id = $3, series_title = $4, stale = false, attempts = 0, refreshed_at = $5
          WHERE product_id = $1`,
        [row.product_id, product.name, product.seriesId, product.seriesTitle, now.toISOString()],
      );
    } else {
      // Removed from the catalog: keep the name the orders gave it.
      await db.query('UPDATE analytics_products SET stale = false, attempts = 0, refreshed_at = $2 WHERE product_id = $1', [row.product_id, now.toISOString()]);
    }
  }
  return rows.length;
}

export function productDimensionPoller(db: Database, catalog: CatalogProducts, logger: Logger, intervalMs = 60_000): Poller {
  return new Poller({ run: () => refreshProducts(db, catalog), intervalMs, logger, failureMessage: 'analytics product dimension refresh failed', failureLevel: 'warn', unref: true });
}
