import type { EventEnvelope, Queryable, Transaction } from '@inkwell/platform';
import { entitlementFacts, ownedProducts, type EntitlementEvent, type EntitlementFact } from '../domain';

/**
 * Records what an order or account event says about entitlements (see domain/entitlements.ts): a
 * purchase also puts the comic on the buyer's shelf; a deleted account takes its library with it.
 * Redelivered events are stopped by the inbox; every write is also harmless when repeated.
 */
export async function recordEntitlementEvent(tx: Transaction, event: EventEnvelope): Promise<void> {
  for (const fact of entitlementFacts(event as EntitlementEvent)) await record(tx, fact, event.occurredAt);
}

async function record(tx: Transaction, fact: EntitlementFact, occurredAt: string): Promise<void> {
  switch (fact.kind) {
    case 'purchased': {
      // Purchase and deletion of one account serialise, so a purchase committing beside a
      // deletion cannot leave a shelf behind for an account that is gone.
      await lockAccount(tx, fact.userId);
      const { rowCount } = await tx.query('SELECT 1 FROM deleted_accounts WHERE user_id = $1', [fact.userId]);
      if ((rowCount ?? 0) > 0) return;
      await tx.query('INSERT INTO entitlement_purchases (user_id, product_id, order_id, acquired_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        fact.userId,
        fact.productId,
        fact.orderId,
        occurredAt,
      ]);
      await tx.query('INSERT INTO shelf_items (user_id, product_id, variant_id, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        fact.userId,
        fact.productId,
        fact.variantId,
        occurredAt,
      ]);
      return;
    }
    case 'refunded':
      // The shelf keeps a refunded comic (and its progress); only the right to read it goes.
      await tx.query('INSERT INTO entitlement_refunds (order_id, product_id, refunded_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [fact.orderId, fact.productId, occurredAt]);
      return;
    case 'account-deleted':
      await lockAccount(tx, fact.userId);
      await tx.query('INSERT INTO deleted_accounts (user_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [fact.userId, occurredAt]);
      for (const table of ['entitlement_purchases', 'shelf_items', 'reading_progress']) {
        await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [fact.userId]);
      }
  }
}

function lockAccount(tx: Transaction, userId: string) {
  return tx.query("SELECT pg_advisory_xact_lock(hashtextextended('reader.entitlements:' || $1, 0))", [userId]);
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
