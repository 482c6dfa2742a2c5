import type { Queryable } from '@inkwell/platform';

export type StepStatus = 'done' | 'failed' | 'undone' | 'undo_pending';

/** One step of a purchase's current attempt, as recorded. */
export interface StepRecord {
  step: string;
  status: StepStatus;
  output: unknown;
  error: string | null;
  undoAttempts: number;
}

/** A purchase's recorded steps by name. */
export type StepLog = Map<string, StepRecord>;

export async function loadSteps(db: Queryable, purchaseId: string): Promise<StepLog> {
  const { rows } = await db.query<{ step: string; status: StepStatus; output: unknown; error: string | null; undo_attempts: number }>(
    'SELECT step, status, output, error, undo_attempts FROM purchase_steps WHERE purchase_id = $1',
    [purchaseId],
  );
  return new Map(rows.map((row) => [row.step, { step: row.step, status: row.status, output: row.output, error: row.error, undoAttempts: row.undo_attempts }]));
}

/** Records a step that failed, with why (a new attempt's record replaces the last one's). */
export async function saveFailedStep(db: Queryable, purchaseId: string, step: string, error: string): Promise<void> {
  await db.query(
    `INSERT INTO purchase_steps (purchase_id, step, status, output, error) VALUES ($1, $2, 'failed', NULL, $3)
     ON CONFLICT (purchase_id, step) DO UPDATE SET status = 'failed', output = NULL, error = EXCLUDED.error,
       undo_attempts = 0, undo_owed_since = NULL, next_attempt_at = now(), updated_at = now()`,
    [purchaseId, step, error],
  );
}

/** Records several steps done in one statement (each replacing the last attempt's record). */
export async function saveDoneSteps(db: Queryable, purchaseId: string, steps: ReadonlyArray<{ step: string; output: unknown }>): Promise<void> {
  if (steps.length === 0) return;
  await db.query(
    `INSERT INTO purchase_steps (purchase_id, step, status, output)
     SELECT $1, s.step, 'done', s.output FROM jsonb_to_recordset($2::jsonb) AS s(step text, output jsonb)
     ON CONFLICT (purchase_id, step) DO UPDATE SET status = 'done', output = EXCLUDED.output, error = NULL,
       undo_attempts = 0, undo_owed_since = NULL, next_attempt_at = now(), updated_at = now()`,
    [purchaseId, JSON.stringify(steps.map(({ step, output }) => ({ step, output: output ?? null })))],
  );
}

/** Marks an undo done, or owed: owed ones are tried again later each time (1 s doubling, at most 5 minutes). */
export async function saveUndo(db: Queryable, purchaseId: string, step: string, error: string | null): Promise<void> {
  if (error === null) {
    await db.query(`UPDATE purchase_steps SET status = 'undone', error = NULL, updated_at = now() WHERE purchase_id = $1 AND step = $2`, [purchaseId, step]);
    return;
  }
  await db.query(
    `UPDATE purchase_steps SET status = 'undo_pending', error = $3, undo_attempts = undo_attempts + 1,
            undo_owed_since = coalesce(undo_owed_since, now()),
            next_attempt_at = now() + least(interval '5 minutes', interval '1 second' * power(2, undo_attempts)), updated_at = now()
     WHERE purchase_id = $1 AND step = $2`,
    [purchaseId, step, error.slice(0, 2000)],
  );
}

/** A new attempt at paying starts from a clean record (an undo the last one still owed is moot: the new attempt holds the cart again). */
export async function clearSteps(db: Queryable, purchaseId: string): Promise<void> {
  await db.query('DELETE FROM purchase_steps WHERE purchase_id = $1', [purchaseId]);
}

/** Purchases with an undo owed whose next try is due, oldest first. */
export async function duePendingUndos(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ purchase_id: string }>(
    `SELECT purchase_id FROM purchase_steps WHERE status = 'undo_pending' AND next_attempt_at <= now()
     GROUP BY purchase_id ORDER BY min(next_attempt_at) LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.purchase_id);
}

/** Every undo still owed, with how often it was tried and why it failed last: what the sweeper could not do yet. */
export async function owedUndos(db: Queryable): Promise<Array<{ purchaseId: string; step: string; attempts: number; error: string | null }>> {
  const { rows } = await db.query<{ purchase_id: string; step: string; undo_attempts: number; error: string | null }>(
    `SELECT purchase_id, step, undo_attempts, error FROM purchase_steps WHERE status = 'undo_pending' ORDER BY updated_at`,
  );
  return rows.map((row) => ({ purchaseId: row.purchase_id, step: row.step, attempts: row.undo_attempts, error: row.error }));
}
