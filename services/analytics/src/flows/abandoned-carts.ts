import { Poller, type Database, type Logger } from '@inkwell/platform';
import { ABANDONED_AFTER_MS, reportingDay } from '../domain/commerce';
import { bumpRollup } from '../store/commerce-facts';

/** Carts claimed per transaction. */
const BATCH = 500;

/**
 * Counts the carts that became abandoned by `now`: items in them, untouched for 24 hours, no order
 * of their owner since. Each is counted on the day it became abandoned (its last change + 24 h, in
 * the reporting zone), once per content version: a cart changed again and left again counts again.
 * Claims rows with SKIP LOCKED, so replicas share the work; answers how many it counted.
 */
export async function countAbandonedCarts(db: Database, timeZone: string, now = new Date()): Promise<number> {
  let counted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ cart_id: string; version: number; touched_at: Date; total_cents: string; currency: string }>(
        `SELECT cart_id, version, touched_at, total_cents, currency FROM commerce_carts c
          WHERE units > 0 AND touched_at <= $1::timestamptz - interval '24 hours'
            AND (ordered_at IS NULL OR ordered_at < touched_at)
            AND abandoned_version IS DISTINCT FROM version
            -- An order of the owner placed after the change (whichever event arrived first); read
            -- by day, from the cart's day on.
            AND NOT EXISTS (SELECT 1 FROM commerce_orders o
                             WHERE c.user_token IS NOT NULL AND o.day >= (c.touched_at AT TIME ZONE $3)::date - 1
                               AND o.user_token = c.user_token AND o.placed_at >= c.touched_at)
          ORDER BY touched_at LIMIT $2 FOR UPDATE OF c SKIP LOCKED`,
        [now.toISOString(), BATCH, timeZone],
      );
      for (const row of rows) {
        const day = reportingDay(new Date(row.touched_at.getTime() + ABANDONED_AFTER_MS), timeZone);
        const inserted = await tx.query(
          `INSERT INTO cart_abandonments (cart_id, version, day, value_cents, currency) VALUES ($1, $2, $3::date, $4, $5) ON CONFLICT DO NOTHING`,
          [row.cart_id, row.version, day, row.total_cents, row.currency],
        );
        if ((inserted.rowCount ?? 0) > 0) await bumpRollup(tx, 'cart_rollups', day, { abandoned_carts: 1, abandoned_value_cents: Number(row.total_cents) });
        await tx.query('UPDATE commerce_carts SET abandoned_version = $2 WHERE cart_id = $1', [row.cart_id, row.version]);
      }
      return rows.length;
    });
    counted += batch;
    if (batch < BATCH) return counted;
  }
}

/** Runs the count every `intervalMs` (default 5 minutes) once started. */
export function abandonedCartPoller(db: Database, logger: Logger, timeZone: string, intervalMs = 300_000): Poller {
  return new Poller({ run: () => countAbandonedCarts(db, timeZone), intervalMs, logger, failureMessage: 'analytics abandoned-cart count failed', unref: true });
}
