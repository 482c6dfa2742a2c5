import type { Queryable, Transaction } from '@inkwell/platform';
import { ownedProducts, type EntitlementFact } from '../domain';

/**
 * Serialises one account's purchases and its deletion, so a purchase committing beside a deletion
 * cannot leave a shelf behind for an account that is gone.
 */
export async function lockAccount(tx: Transaction, userId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('reader.entitlements:' || $1, 0))", [userId]);
}

export async function isAccountDeleted(db: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM deleted_accounts WHERE user_id = $1', [userId]);
  return (rowCount ?? 0) > 0;
}

/** A purchase also puts the comic on the buyer's shelf. */
export async function recordPurchase(db: Queryable, fact: Extract<EntitlementFact, { kind: 'purchased' }>, occurredAt: string): Promise<void> {
  await db.query('INSERT INTO entitlement_purchases (user_id, product_id, order_id, acquired_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    fact.userId,
    fact.productId,
    fact.orderId,
    occurredAt,
  ]);
  await db.query('INSERT INTO shelf_items (user_id, product_id, variant_id, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    fact.userId,
    fact.productId,
    fact.variantId,
    occurredAt,
  ]);
}

export async function recordRefund(db: Queryable, fact: Extract<EntitlementFact, { kind: 'refunded' }>, occurredAt: string): Promise<void> {
  await db.query('INSERT INTO entitlement_refunds (order_id, product_id, refunded_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [fact.orderId, fact.productId, occurredAt]);
}

/** A deleted account takes its library with it: purchases, shelf and reading progress. */
export async function recordAccountDeleted(db: Queryable, userId: string, occurredAt: string): Promise<void> {
  await db.query('INSERT INTO deleted_accounts (user_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, occurredAt]);
  for (const table of ['entitlement_purchases', 'shelf_items', 'reading_progress']) {
    await db.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  }
}

/** The products `userId` owns by the entitlement rule, among `productIds` when given. */
export async function ownedProductIds(db: Queryable, userId: string, productIds?: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ order_id: string; product_id: number; refunded: boolean; deleted: boolean }>(
    `SELECT p.order_id, p.product_id, r.order_id IS NOT NULL AS refunded,
            EXISTS (SELECT 1 FROM deleted_accounts d WHERE d.user_id = p.user_id) AS deleted
       FROM entitlement_purchases p
       LEFT JOIN entitlement_refunds r ON r.order_id = p.order_id AND r.product_id = p.product_id
      WHERE p.user_id = $1 AND ($2::bigint[] IS NULL OR p.product_id = ANY($2::bigint[]))`,
    [userId, productIds ?? null],
  );
  const purchases = rows.map((row) => ({ orderId: row.order_id, productId: String(row.product_id) }));
  return ownedProducts({
    purchases,
    refunds: purchases.filter((_, index) => rows[index]!.refunded),
    deleted: rows.some((row) => row.deleted),
  });
}

export async function ownsPublication(db: Queryable, userId: string, productId: string): Promise<boolean> {
  return (await ownedProductIds(db, userId, [productId])).has(productId);
}
