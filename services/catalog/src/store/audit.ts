import type { AuditEntry, AuditedEntity } from '@inkwell/contracts/dashboard';
import { UnauthorizedError, type Principal, type Queryable } from '@inkwell/platform';

/** Who made a staff change: the signed-in admin of the request. */
export interface StaffActor {
  id: string;
  email: string | null;
}

/** The admin a staff route runs for (the staff guard has already checked the role). */
export function staffActor(request: { principal?: Principal }): StaffActor {
  const principal = request.principal;
  if (!principal) throw new UnauthorizedError();
  return { id: principal.userId, email: principal.email || null };
}

export interface AuditRecord {
  entity: AuditedEntity;
  entityId: number | null;
  action: string;
  actor: StaffActor;
  /** Field → { from, to }; see `fieldChanges`. */
  changes?: Record<string, { from: unknown; to: unknown }>;
}

/** Writes an audit entry in the change's own transaction (a save that fails leaves none). */
export async function recordAudit(tx: Queryable, record: AuditRecord): Promise<void> {
  await tx.query('INSERT INTO staff_audit (entity, entity_id, action, actor_id, actor_email, changes) VALUES ($1, $2, $3, $4, $5, $6)', [
    record.entity,
    record.entityId,
    record.action,
    record.actor.id,
    record.actor.email,
    JSON.stringify(record.changes ?? {}),
  ]);
}

const SHORT = 200;

function shorten(value: unknown): unknown {
  if (typeof value === 'string') return value.length > SHORT ? `${value.slice(0, SHORT)}…` : value;
  if (value === undefined) return null;
  const json = JSON.stringify(value);
  return json !== undefined && json.length > SHORT ? `${json.slice(0, SHORT)}…` : value;
}

/** The fields whose values differ between `before` and `after` (compared as JSON), values shortened. */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changes[key] = { from: shorten(before[key]), to: shorten(after[key]) };
  }
  return changes;
}

/** The newest entries about one item, newest first. */
export async function auditTrail(db: Queryable, entity: AuditedEntity, entityId: number, limit = 100): Promise<AuditEntry[]> {
  const { rows } = await db.query<{ id: string; entity: string; entity_id: string | null; action: string; actor_id: string; actor_email: string | null; changes: AuditEntry['changes']; at: Date }>(
    'SELECT id, entity, entity_id, action, actor_id, actor_email, changes, at FROM staff_audit WHERE entity = $1 AND entity_id = $2 ORDER BY at DESC, id DESC LIMIT $3',
    [entity, entityId, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    entity: row.entity,
    entityId: row.entity_id === null ? null : Number(row.entity_id),
    action: row.action,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    changes: row.changes,
    at: row.at.toISOString(),
  }));
}
