import type { DesktopTransactionState } from '@inkwell/contracts/desktop';
import type { Queryable } from '@inkwell/platform';

/** A purchase's desktop-platform transaction (migration 009_desktop_transactions.sql). */
export interface DesktopTransactionRecord {
  purchaseId: string;
  platform: string;
  platformOrderId: string;
  transId: string | null;
  platformUserId: string;
  userId: string;
  amount: number;
  currency: string;
  state: Exclude<DesktopTransactionState, 'none'>;
  failure: string | null;
}

interface Raw {
  purchase_id: string;
  platform: string;
  platform_order_id: string;
  trans_id: string | null;
  platform_user_id: string;
  user_id: string;
  amount: string;
  currency: string;
  state: DesktopTransactionRecord['state'];
  failure: string | null;
}

const COLUMNS = 'purchase_id, platform, platform_order_id, trans_id, platform_user_id, user_id, amount, currency, state, failure';

const fromRow = (row: Raw): DesktopTransactionRecord => ({
  purchaseId: row.purchase_id,
  platform: row.platform,
  platformOrderId: String(row.platform_order_id),
  transId: row.trans_id,
  platformUserId: row.platform_user_id,
  userId: row.user_id,
  amount: Number(row.amount),
  currency: row.currency,
  state: row.state,
  failure: row.failure,
});

export async function findDesktopTransaction(db: Queryable, purchaseId: string, { lock = false } = {}): Promise<DesktopTransactionRecord | undefined> {
  const { rows } = await db.query<Raw>(`SELECT ${COLUMNS} FROM desktop_transactions WHERE purchase_id = $1${lock ? ' FOR UPDATE' : ''}`, [purchaseId]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

export async function findDesktopTransactionByOrder(db: Queryable, platformOrderId: string): Promise<DesktopTransactionRecord | undefined> {
  if (!/^\d{1,19}$/.test(platformOrderId)) return undefined;
  const { rows } = await db.query<Raw>(`SELECT ${COLUMNS} FROM desktop_transactions WHERE platform_order_id = $1`, [platformOrderId]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/**
 * A new transaction for the purchase, or a fresh start of one that ended unpaid (cancelled or
 * refused): a new platform order id, since the platform never takes the same one twice.
 */
export async function startDesktopTransaction(
  db: Queryable,
  input: { purchaseId: string; platform: string; platformUserId: string; userId: string; amount: number; currency: string },
): Promise<DesktopTransactionRecord> {
  const { rows } = await db.query<Raw>(
    `INSERT INTO desktop_transactions (purchase_id, platform, platform_user_id, user_id, amount, currency, state) VALUES ($1, $2, $3, $4, $5, $6, 'initiating')
     ON CONFLICT (purchase_id) DO UPDATE SET platform_order_id = nextval('desktop_platform_order_ids'), trans_id = NULL, failure = NULL, state = 'initiating',
       platform_user_id = EXCLUDED.platform_user_id, amount = EXCLUDED.amount, currency = EXCLUDED.currency, updated_at = now()
     RETURNING ${COLUMNS}`,
    [input.purchaseId, input.platform, input.platformUserId, input.userId, input.amount, input.currency],
  );
  return fromRow(rows[0]!);
}

/** Moves the transaction from one of `from` to `to`; false when it was not in one of them (someone else moved it). */
export async function moveDesktopTransaction(
  db: Queryable,
  purchaseId: string,
  from: readonly DesktopTransactionRecord['state'][],
  to: DesktopTransactionRecord['state'],
  changes: { transId?: string; failure?: string } = {},
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE desktop_transactions SET state = $3, trans_id = coalesce($4, trans_id), failure = coalesce($5, failure), updated_at = now()
     WHERE purchase_id = $1 AND state = ANY($2::text[])`,
    [purchaseId, from, to, changes.transId ?? null, changes.failure ?? null],
  );
  return (rowCount ?? 0) > 0;
}
