import { randomUUID } from 'node:crypto';
import { insertStaffAudit, type Queryable, type StaffActor } from '@inkwell/platform';
import { unshelveUnowned } from './entitlements';

export type { StaffActor } from '@inkwell/platform';

export type GrantKind = 'add' | 'comp';

/**
 * Records a staff grant and puts the comic on the user's shelf (keeping the date it was first
 * shelved). The caller holds the account's lock and has checked the user does not own it already.
 */
export async function recordGrant(
  db: Queryable,
  grant: { userId: string; productId: string; variantId: string | null; kind: GrantKind; reason: string; actor: StaffActor },
): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO entitlement_grants (id, user_id, product_id, kind, reason, actor_id, actor_email) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    grant.userId,
    grant.productId,
    grant.kind,
    grant.reason,
    grant.actor.id,
    grant.actor.email,
  ]);
  await db.query('INSERT INTO shelf_items (user_id, product_id, variant_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [grant.userId, grant.productId, grant.variantId]);
  return id;
}

/** A grant by its id, whoever it was for. */
export async function findGrant(db: Queryable, grantId: string): Promise<{ userId: string; productId: string; removed: boolean } | undefined> {
  const { rows } = await db.query<{ user_id: string; product_id: string; removed: boolean }>(
    'SELECT user_id, product_id::text, removed_at IS NOT NULL AS removed FROM entitlement_grants WHERE id = $1',
    [grantId],
  );
  const row = rows[0];
  return row && { userId: row.user_id, productId: row.product_id, removed: row.removed };
}

/** Who bought `productId` in `orderId` (the reader keeps one buyer per order). */
export async function findPurchase(db: Queryable, orderId: string, productId: string): Promise<{ userId: string } | undefined> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM entitlement_purchases WHERE order_id = $1 AND product_id = $2', [orderId, productId]);
  return rows[0] && { userId: rows[0].user_id };
}

/** Marks a grant removed (its row stays, as a fact), and takes the comic off the shelf unless still owned. */
export async function removeGrant(db: Queryable, grant: { grantId: string; userId: string; productId: string }, actor: StaffActor, reason: string): Promise<void> {
  await db.query('UPDATE entitlement_grants SET removed_at = now(), removed_by_id = $2, removed_by_email = $3, removal_reason = $4 WHERE id = $1 AND removed_at IS NULL', [
    grant.grantId,
    actor.id,
    actor.email,
    reason,
  ]);
  await unshelveUnowned(db, grant.userId, grant.productId);
}

/** Records that staff took a purchased product away (like a refund, without the money), and unshelves it unless still owned. */
export async function recordRemoval(db: Queryable, removal: { orderId: string; productId: string; userId: string }, actor: StaffActor, reason: string): Promise<void> {
  await db.query(
    'INSERT INTO entitlement_removals (order_id, product_id, user_id, reason, actor_id, actor_email) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
    [removal.orderId, removal.productId, removal.userId, reason, actor.id, actor.email],
  );
  await unshelveUnowned(db, removal.userId, removal.productId);
}

/** One staff change to a user's products, written in the change's own transaction. */
export async function recordProductAudit(
  db: Queryable,
  entry: { userId: string; action: 'grant' | 'comp' | 'remove'; actor: StaffActor; productId: string; reason: string; entitlementId: string },
): Promise<void> {
  const changes = {
    productId: entry.action === 'remove' ? { from: entry.productId, to: null } : { from: null, to: entry.productId },
    entitlement: entry.action === 'remove' ? { from: entry.entitlementId, to: null } : { from: null, to: entry.entitlementId },
    reason: { from: null, to: entry.reason },
  };
  await insertStaffAudit(db, { entity: 'user-product', entityId: entry.userId, action: entry.action, actor: entry.actor, changes });
}
