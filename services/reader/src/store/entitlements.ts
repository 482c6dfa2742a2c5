import { erasedUserToken, type Queryable, type Transaction } from '@inkwell/platform';
import { liveEntitlements, ownedProducts, type AccountLedger, type EntitlementFact, type GrantEntry, type PurchaseEntry } from '../domain';

/**
 * Serialises one account's purchases and its deletion, so a purchase committing beside a deletion
 * cannot leave a shelf behind for an account that is gone.
 */
export async function lockAccount(tx: Transaction, userId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('reader.entitlements:' || $1, 0))", [userId]);
}

/**
 * Serialises a purchase and the refund of the same order (their events travel on different topics),
 * so the one that commits second sees the other and the shelf follows ownership. Taken after
 * `lockAccount` when both are held.
 */
export async function lockOrder(db: Queryable, orderId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('reader.order:' || $1, 0))", [orderId]);
}

export async function isAccountDeleted(db: Queryable, userId: string): Promise<boolean> {
  // Deleted accounts are kept by their anonymous token (platform erasedUserToken), never the id in clear.
  const { rowCount } = await db.query('SELECT 1 FROM deleted_accounts WHERE user_id = $1', [erasedUserToken(userId)]);
  return (rowCount ?? 0) > 0;
}

/**
 * A purchase also puts the comic on the buyer's shelf, unless its refund or removal came first
 * (the shelf lists what the reader owns or put there themselves).
 */
export async function recordPurchase(db: Queryable, fact: Extract<EntitlementFact, { kind: 'purchased' }>, occurredAt: string): Promise<void> {
  await lockOrder(db, fact.orderId);
  await db.query('INSERT INTO entitlement_purchases (user_id, product_id, order_id, acquired_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    fact.userId,
    fact.productId,
    fact.orderId,
    occurredAt,
  ]);
  if (!(await ownedProductIds(db, fact.userId, [fact.productId])).has(fact.productId)) return;
  await db.query('INSERT INTO shelf_items (user_id, product_id, variant_id, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    fact.userId,
    fact.productId,
    fact.variantId,
    occurredAt,
  ]);
}

/**
 * A refund takes the right to read, and the comic leaves the buyer's shelf unless they still own it
 * (bought in another order, or granted); its reading progress stays, should they buy it again.
 */
export async function recordRefund(db: Queryable, fact: Extract<EntitlementFact, { kind: 'refunded' }>, occurredAt: string): Promise<void> {
  await lockOrder(db, fact.orderId);
  await db.query('INSERT INTO entitlement_refunds (order_id, product_id, refunded_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [fact.orderId, fact.productId, occurredAt]);
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM entitlement_purchases WHERE order_id = $1 AND product_id = $2', [fact.orderId, fact.productId]);
  for (const { user_id: userId } of rows) await unshelveUnowned(db, userId, fact.productId);
}

/** Takes a product off the user's shelf when the entitlement rule no longer gives it to them. */
export async function unshelveUnowned(db: Queryable, userId: string, productId: string): Promise<void> {
  if ((await ownedProductIds(db, userId, [productId])).has(productId)) return;
  await db.query('DELETE FROM shelf_items WHERE user_id = $1 AND product_id = $2', [userId, productId]);
}

/**
 * A deleted account takes its library with it: purchases, staff grants and removals, shelf and
 * reading progress; the staff audit of its grants keeps what was done and by whom, not to whom.
 */
export async function recordAccountDeleted(db: Queryable, userId: string, occurredAt: string): Promise<void> {
  await db.query('INSERT INTO deleted_accounts (user_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [erasedUserToken(userId), occurredAt]);
  for (const table of ['entitlement_purchases', 'entitlement_grants', 'entitlement_removals', 'shelf_items', 'reading_progress']) {
    await db.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  }
  await db.query(`UPDATE staff_audit SET entity_id = 'erased', changes = changes - 'reason' WHERE entity = 'user-product' AND entity_id = $1`, [userId]);
}

/** A purchase as the ledger holds it. */
export interface PurchaseRow extends PurchaseEntry {
  acquiredAt: string;
}

/** A staff grant as the ledger holds it. */
export interface GrantRow extends GrantEntry {
  kind: 'add' | 'comp';
  reason: string;
  actorId: string;
  actorEmail: string | null;
  grantedAt: string;
}

/** Every fact known of `userId`'s entitlements (among `productIds` when given), for `liveEntitlements`. */
export async function loadLedger(db: Queryable, userId: string, productIds?: readonly string[]): Promise<AccountLedger<PurchaseRow, GrantRow>> {
  const only = productIds ?? null;
  // One after another: `db` may be a transaction's single connection.
  const purchases = await db.query<{ order_id: string; product_id: string; acquired_at: Date }>(
      'SELECT order_id, product_id::text, acquired_at FROM entitlement_purchases WHERE user_id = $1 AND ($2::bigint[] IS NULL OR product_id = ANY($2::bigint[])) ORDER BY acquired_at, order_id, product_id',
    [userId, only],
  );
  const taken = await db.query<{ order_id: string; product_id: string; removal: boolean }>(
      `SELECT r.order_id, r.product_id::text, false AS removal FROM entitlement_refunds r
         JOIN entitlement_purchases p ON p.order_id = r.order_id AND p.product_id = r.product_id
        WHERE p.user_id = $1 AND ($2::bigint[] IS NULL OR r.product_id = ANY($2::bigint[]))
       UNION ALL
       SELECT m.order_id, m.product_id::text, true FROM entitlement_removals m
         JOIN entitlement_purchases p ON p.order_id = m.order_id AND p.product_id = m.product_id
        WHERE p.user_id = $1 AND ($2::bigint[] IS NULL OR m.product_id = ANY($2::bigint[]))`,
    [userId, only],
  );
  const grants = await db.query<{ id: string; product_id: string; kind: 'add' | 'comp'; reason: string; actor_id: string; actor_email: string | null; granted_at: Date; removed: boolean }>(
      `SELECT id, product_id::text, kind, reason, actor_id, actor_email, granted_at, removed_at IS NOT NULL AS removed
         FROM entitlement_grants WHERE user_id = $1 AND ($2::bigint[] IS NULL OR product_id = ANY($2::bigint[])) ORDER BY granted_at, id`,
    [userId, only],
  );
  const deleted = await isAccountDeleted(db, userId);
  const pair = (row: { order_id: string; product_id: string }) => ({ orderId: row.order_id, productId: row.product_id });
  return {
    purchases: purchases.rows.map((row) => ({ ...pair(row), acquiredAt: row.acquired_at.toISOString() })),
    refunds: taken.rows.filter((row) => !row.removal).map(pair),
    removals: taken.rows.filter((row) => row.removal).map(pair),
    grants: grants.rows.map((row) => ({
      grantId: row.id,
      productId: row.product_id,
      removed: row.removed,
      kind: row.kind,
      reason: row.reason,
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      grantedAt: row.granted_at.toISOString(),
    })),
    deleted,
  };
}

/** The products `userId` owns by the entitlement rule, among `productIds` when given. */
export async function ownedProductIds(db: Queryable, userId: string, productIds?: readonly string[]): Promise<Set<string>> {
  return ownedProducts(await loadLedger(db, userId, productIds));
}

/** The entitlements of `userId` that give the right to read now, with what the ledger holds of each. */
export async function liveEntitlementsOf(db: Queryable, userId: string): Promise<{ purchases: PurchaseRow[]; grants: GrantRow[] }> {
  return liveEntitlements(await loadLedger(db, userId));
}

export async function ownsPublication(db: Queryable, userId: string, productId: string): Promise<boolean> {
  return (await ownedProductIds(db, userId, [productId])).has(productId);
}
