import type { DeadLetter as DeadLetterView, StaffAction } from '@inkwell/contracts/dashboard-system';
import type { Database, Queryable } from '../db/database';
import { errorText, type DeadLetter } from './bus';
import type { EventEnvelope } from './envelope';
import type { EventEffect } from './inbox';

/**
 * A service's dead letters (the `dead_letters` table of its own database): the events one of its
 * consumer groups gave up on, with the last error, until staff re-drive them (`redriveDeadLetter`),
 * and the staff actions taken on them (`staff_actions`). Envelopes are events, which never carry
 * secrets; their data is never logged.
 */

interface DeadLetterRow {
  id: string;
  consumer_group: string;
  event_id: string;
  event_type: string;
  event_key: string;
  occurred_at: Date;
  envelope: EventEnvelope;
  error: string;
  attempts: number;
  first_failed_at: Date;
  last_failed_at: Date;
}

const COLUMNS = 'id, consumer_group, event_id, event_type, event_key, occurred_at, envelope, error, attempts, first_failed_at, last_failed_at';

function view(row: DeadLetterRow): DeadLetterView {
  return {
    id: Number(row.id),
    group: row.consumer_group,
    eventId: row.event_id,
    eventType: row.event_type,
    key: row.event_key,
    occurredAt: row.occurred_at.toISOString(),
    error: row.error,
    attempts: row.attempts,
    firstFailedAt: row.first_failed_at.toISOString(),
    lastFailedAt: row.last_failed_at.toISOString(),
  };
}

/**
 * Keeps an event `group` gave up on. The same event dead-lettered again (after a re-drive through
 * the bus) stays one row, with the new error and the attempts added up.
 */
export async function keepDeadLetter(db: Queryable, group: string, { event, error, attempts }: DeadLetter): Promise<void> {
  await db.query(
    `INSERT INTO dead_letters (consumer_group, event_id, event_type, event_key, occurred_at, envelope, error, attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (consumer_group, event_id)
     DO UPDATE SET error = EXCLUDED.error, attempts = dead_letters.attempts + EXCLUDED.attempts, last_failed_at = now()`,
    [group, event.id, event.type, event.key, event.occurredAt, JSON.stringify(event), error, attempts],
  );
}

/** The oldest `limit` dead letters of the service, and how many there are in all. */
export async function listDeadLetters(db: Queryable, limit: number): Promise<{ items: DeadLetterView[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<DeadLetterRow>(`SELECT ${COLUMNS} FROM dead_letters ORDER BY id LIMIT $1`, [limit]),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM dead_letters'),
  ]);
  return { items: rows.map(view), total: count.rows[0]!.total };
}

/** Who acts in the System area, from the verified access token. */
export interface StaffActor {
  id: string;
  email: string | null;
}

export type RedriveOutcome = { outcome: 'handled'; deadLetter: null } | { outcome: 'failed'; deadLetter: DeadLetterView };

/**
 * Handles dead letter `id` again now: its group's effect runs through the inbox (so once per event
 * id: an event handled meanwhile has no second effect). Handled, the row is deleted in the same
 * transaction; failed, the row stays with the new error and one more attempt. Either way the
 * re-drive is recorded in `staff_actions`. Undefined when there is no such dead letter (any more).
 * `effectOf` answers the effect of a group of the service, undefined for one it no longer has.
 */
export async function redriveDeadLetter(db: Database, id: number, effectOf: (group: string) => EventEffect | undefined, actor: StaffActor): Promise<RedriveOutcome | undefined> {
  let target: string | undefined;
  try {
    await db.transaction(async (tx) => {
      // Locked, so two re-drives of one dead letter run one after the other; the second finds it gone.
      const { rows } = await tx.query<DeadLetterRow>(`SELECT ${COLUMNS} FROM dead_letters WHERE id = $1 FOR UPDATE`, [id]);
      const row = rows[0];
      if (!row) return;
      target = targetOf(row);
      const effect = effectOf(row.consumer_group);
      if (!effect) throw new Error(`The consumer group ${row.consumer_group} no longer exists in this service`);
      const recorded = await tx.query('INSERT INTO inbox (consumer, event_id, event_type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        row.consumer_group,
        row.event_id,
        row.event_type,
      ]);
      if (recorded.rowCount !== 0) await effect(tx, row.envelope);
      await tx.query('DELETE FROM dead_letters WHERE id = $1', [id]);
      await recordStaffAction(tx, actor, 'dead-letter.redriven', target);
    });
  } catch (error) {
    if (target === undefined) throw error;
    const failedTarget = target;
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<DeadLetterRow>(
        `UPDATE dead_letters SET error = $2, attempts = attempts + 1, last_failed_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, errorText(error)],
      );
      await recordStaffAction(tx, actor, 'dead-letter.redrive-failed', failedTarget);
      const row = rows[0];
      return row ? { outcome: 'failed' as const, deadLetter: view(row) } : undefined;
    });
  }
  return target === undefined ? undefined : { outcome: 'handled', deadLetter: null };
}

/** How a staff action names a dead letter: its id, group and event, never the event's data. */
function targetOf(row: DeadLetterRow): string {
  return `dead letter ${row.id}: ${row.consumer_group} ${row.event_type} ${row.event_id}`;
}

export async function recordStaffAction(db: Queryable, actor: StaffActor, action: string, target: string): Promise<void> {
  await db.query('INSERT INTO staff_actions (actor_id, actor_email, action, target) VALUES ($1, $2, $3, $4)', [actor.id, actor.email, action, target]);
}

/** The service's last `limit` staff actions, newest first. */
export async function lastStaffActions(db: Queryable, limit: number): Promise<StaffAction[]> {
  const { rows } = await db.query<{ at: Date; actor_id: string; actor_email: string | null; action: string; target: string }>(
    'SELECT at, actor_id, actor_email, action, target FROM staff_actions ORDER BY at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({ at: row.at.toISOString(), actorId: row.actor_id, actorEmail: row.actor_email, action: row.action, target: row.target }));
}
