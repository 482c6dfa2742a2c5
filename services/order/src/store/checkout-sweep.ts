import type { Queryable } from '@inkwell/platform';

/** Most items of each kind the console's checkout view lists (oldest first). */
export const SWEPT_ITEMS_LISTED = 100;

/** A purchase, or one owed undo of it, as the operations console shows it (the error as stored: the caller makes it safe to show). */
export interface SweptRow {
  purchaseId: string;
  /** The purchase's first order. */
  orderId: string | null;
  state: string;
  since: Date;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
}

interface Row {
  purchase_id: string;
  order_id: string | null;
  state: string;
  since: Date;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
}

const sweptRow = (row: Row): SweptRow => ({
  purchaseId: row.purchase_id,
  orderId: row.order_id,
  state: row.state,
  since: row.since,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastError: row.last_error,
});

const FIRST_ORDER = '(SELECT o.id FROM orders o WHERE o.purchase_id = p.id ORDER BY o.accounting_id LIMIT 1)';

/**
 * Purchases the sweeper counts as stuck: left between states (Paying, RequiresAction, Paid)
 * untouched for `staleAfterMs` or longer, the sweeper's own rule (`duePurchases`, whether or not its
 * next look is due yet). `state` is the purchase's state and the first step of placing it not
 * recorded done (`steps`, in order), e.g. `Paying: charge`.
 */
export async function stuckPurchases(db: Queryable, staleAfterMs: number, steps: readonly string[]): Promise<SweptRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT p.id AS purchase_id, ${FIRST_ORDER} AS order_id,
            p.state || coalesce(': ' || (
              SELECT s.name FROM unnest($2::text[]) WITH ORDINALITY AS s(name, position)
              WHERE NOT EXISTS (SELECT 1 FROM purchase_steps ps WHERE ps.purchase_id = p.id AND ps.step = s.name AND ps.status = 'done')
              ORDER BY s.position LIMIT 1), '') AS state,
            p.updated_at AS since, p.attempts, p.next_attempt_at, p.last_error
     FROM purchases p
     WHERE p.state IN ('Paying', 'RequiresAction', 'Paid') AND p.updated_at <= now() - make_interval(secs => $1::double precision / 1000)
     ORDER BY p.updated_at LIMIT $3`,
    [staleAfterMs, steps, SWEPT_ITEMS_LISTED],
  );
  return rows.map(sweptRow);
}

/**
 * Compensations still owed: one per undo the sweeper retries (pending, later each time), with how
 * often it was tried, its next try and its last error. `state` is `undo: <step>`.
 */
export async function owedCompensations(db: Queryable): Promise<SweptRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT ps.purchase_id, ${FIRST_ORDER} AS order_id, 'undo: ' || ps.step AS state,
            coalesce(ps.undo_owed_since, ps.updated_at) AS since, ps.undo_attempts AS attempts, ps.next_attempt_at, ps.error AS last_error
     FROM purchase_steps ps JOIN purchases p ON p.id = ps.purchase_id
     WHERE ps.status = 'undo_pending'
     ORDER BY coalesce(ps.undo_owed_since, ps.updated_at), ps.purchase_id, ps.step LIMIT $1`,
    [SWEPT_ITEMS_LISTED],
  );
  return rows.map(sweptRow);
}
