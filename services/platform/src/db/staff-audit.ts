import { UnauthorizedError } from '../http/errors';
import type { Principal } from '../auth/tokens';
import type { Queryable } from './database';

/** Who made a staff change: the signed-in admin of the request. */
export interface StaffActor {
  id: string;
  email: string | null;
}

export function staffActorOf(principal: Principal | undefined): StaffActor {
  if (!principal) throw new UnauthorizedError();
  return { id: principal.userId, email: principal.email || null };
}

/** Field → { from, to } of an audited change. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * Writes a staff audit entry into the service's own `staff_audit` table (account, order and reader
 * keep one each, keyed by a text id) in the change's own transaction, so a change that fails leaves
 * none. What `changes` may hold of personal values is the caller's rule.
 */
export async function insertStaffAudit(tx: Queryable, entry: { entity: string; entityId: string; action: string; actor: StaffActor; changes?: FieldChanges }): Promise<void> {
  await tx.query('INSERT INTO staff_audit (entity, entity_id, action, actor_id, actor_email, changes) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.entity,
    entry.entityId,
    entry.action,
    entry.actor.id,
    entry.actor.email,
    JSON.stringify(entry.changes ?? {}),
  ]);
}
