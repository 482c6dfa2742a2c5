import type { AuditEntry } from '@inkwell/contracts/dashboard';
import { insertStaffAudit, type FieldChanges, type Queryable, type StaffActor } from '@inkwell/platform';

export { staffActorOf, type FieldChanges, type StaffActor } from '@inkwell/platform';

/** What kind of record an account-service audit entry is about. */
export type AccountAuditEntity = 'user' | 'user_export';

/**
 * What a personal value (the customer's email or name) is recorded as: that it changed, never the
 * value, so the trail kept after an erasure holds nothing of the person.
 */
export const PERSONAL_VALUE = '(personal)';

/** Writes an audit entry in the change's own transaction (a change that fails leaves none). */
export async function recordAccountAudit(
  tx: Queryable,
  entry: { entity: AccountAuditEntity; entityId: string; action: string; actor: StaffActor; changes?: FieldChanges },
): Promise<void> {
  await insertStaffAudit(tx, entry);
}

/**
 * The newest staff actions about one account, newest first. `entityId` is null in the answer: the
 * contract's audit ids are numbers and an account's is a UUID (the page is the account's anyway).
 */
export async function accountAuditTrail(db: Queryable, entity: AccountAuditEntity, entityId: string, limit = 100): Promise<AuditEntry[]> {
  const { rows } = await db.query<{ id: string; entity: string; action: string; actor_id: string; actor_email: string | null; changes: AuditEntry['changes']; at: Date }>(
    'SELECT id, entity, action, actor_id, actor_email, changes, at FROM staff_audit WHERE entity = $1 AND entity_id = $2 ORDER BY at DESC, id DESC LIMIT $3',
    [entity, entityId, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    entity: row.entity,
    entityId: null,
    action: row.action,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    changes: row.changes,
    at: row.at.toISOString(),
  }));
}

/**
 * An erased person leaves the trail: entries about them and by them (an erased staff member) stay,
 * keyed by `token` (the id's anonymous stand-in) instead of the id, without the actor's email.
 */
export async function forgetPersonInAudit(tx: Queryable, userId: string, token: string): Promise<void> {
  await tx.query('UPDATE staff_audit SET entity_id = $2 WHERE entity = $3 AND entity_id = $1', [userId, token, 'user' satisfies AccountAuditEntity]);
  await tx.query('UPDATE staff_audit SET actor_id = $2, actor_email = NULL WHERE actor_id = $1', [userId, token]);
}
