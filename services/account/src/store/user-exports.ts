import type { Queryable, StaffActor } from '@inkwell/platform';
import { recordAccountAudit } from './staff-audit';
import type { ExportAccount, UserExportField, UserExportFormat } from '../domain/export-rows';

/** A user export job as stored, with the requesting staff member's current email. */
export interface UserExportRow {
  id: string;
  format: UserExportFormat;
  fields: UserExportField[];
  status: 'pending' | 'processing' | 'completed' | 'failed';
  requested_by_id: string;
  requested_by_email: string | null;
  rows_total: number;
  rows_done: number;
  error: string | null;
  attempts: number;
  lease_token: string | null;
  file_key: string | null;
  file_bytes: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
  file_deleted_at: Date | null;
}

const COLUMNS = `e.id, e.format, e.fields, e.status, e.requested_by_id, a.email AS requested_by_email, e.rows_total, e.rows_done, e.error,
  e.attempts, e.lease_token, e.file_key, e.file_bytes, e.created_at, e.finished_at, e.expires_at, e.file_deleted_at`;
// By the accounts' primary key; a requester erased since is an anonymous token, not a UUID.
const FROM = `user_exports e LEFT JOIN accounts a
  ON a.id = CASE WHEN e.requested_by_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN e.requested_by_id::uuid END`;

export async function insertUserExport(db: Queryable, job: { format: UserExportFormat; fields: readonly UserExportField[]; requestedById: string }): Promise<string> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO user_exports (format, fields, requested_by_id) VALUES ($1, $2, $3) RETURNING id', [job.format, job.fields, job.requestedById]);
  return rows[0]!.id;
}

export async function findUserExport(db: Queryable, id: string): Promise<UserExportRow | undefined> {
  const { rows } = await db.query<UserExportRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE e.id = $1`, [id]);
  return rows[0];
}

/** The newest jobs first. */
export async function listUserExports(db: Queryable, limit: number): Promise<UserExportRow[]> {
  const { rows } = await db.query<UserExportRow>(`SELECT ${COLUMNS} FROM ${FROM} ORDER BY e.created_at DESC, e.id DESC LIMIT $1`, [limit]);
  return rows;
}

/** The staff audit row of a started export (the table is the users area's: migration 003). */
export async function auditExportStarted(db: Queryable, job: { id: string; format: string; fields: readonly string[] }, actor: StaffActor): Promise<void> {
  await recordAccountAudit(db, { entity: 'user_export', entityId: job.id, action: 'start', actor, changes: { format: { from: null, to: job.format }, fields: { from: null, to: job.fields } } });
}

/**
 * Fails the jobs whose lease ran out after `maxAttempts` claims (a job that kills its worker every
 * time), so they are not claimed forever; answers how many.
 */
export async function failAbandonedUserExports(db: Queryable, maxAttempts: number, error: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE user_exports SET status = 'failed', error = $2, finished_at = now(), lease_token = NULL, lease_expires_at = NULL
      WHERE status = 'processing' AND lease_expires_at < now() AND attempts >= $1`,
    [maxAttempts, error],
  );
  return rowCount ?? 0;
}

/**
 * Claims the oldest job waiting, or one whose worker stopped renewing its lease, for `leaseSeconds`
 * under a new lease token. Rows other replicas are claiming are skipped, so each job has one worker.
 */
export async function claimUserExport(db: Queryable, leaseToken: string, leaseSeconds: number): Promise<UserExportRow | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE user_exports SET status = 'processing', attempts = attempts + 1, lease_token = $1,
            lease_expires_at = now() + make_interval(secs => $2), started_at = coalesce(started_at, now()), rows_done = 0, error = NULL
      WHERE id = (SELECT id FROM user_exports
                   WHERE status = 'pending' OR (status = 'processing' AND lease_expires_at < now())
                   ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [leaseToken, leaseSeconds],
  );
  return rows[0] ? findUserExport(db, rows[0].id) : undefined;
}

/**
 * Progress under the lease, renewing it; false when the lease is no longer this worker's (it ran
 * out and another replica took the job), in which case the worker must stop.
 */
export async function recordUserExportProgress(db: Queryable, id: string, leaseToken: string, progress: { rowsDone: number; rowsTotal?: number }, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE user_exports SET rows_done = $3, rows_total = coalesce($4, rows_total), lease_expires_at = now() + make_interval(secs => $5)
      WHERE id = $1 AND lease_token = $2 AND status = 'processing'`,
    [id, leaseToken, progress.rowsDone, progress.rowsTotal ?? null, leaseSeconds],
  );
  return rowCount === 1;
}

/** The file is stored: completed, its link working for `linkTtlSeconds`. False when the lease was lost. */
export async function completeUserExport(db: Queryable, id: string, leaseToken: string, outcome: { rowsDone: number; fileKey: string; fileBytes: number }, linkTtlSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE user_exports SET status = 'completed', rows_done = $3, rows_total = greatest(rows_total, $3), file_key = $4, file_bytes = $5,
            finished_at = now(), expires_at = now() + make_interval(secs => $6), lease_token = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_token = $2 AND status = 'processing'`,
    [id, leaseToken, outcome.rowsDone, outcome.fileKey, outcome.fileBytes, linkTtlSeconds],
  );
  return rowCount === 1;
}

export async function failUserExport(db: Queryable, id: string, leaseToken: string, error: string): Promise<void> {
  await db.query(
    `UPDATE user_exports SET status = 'failed', error = $3, finished_at = now(), lease_token = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_token = $2 AND status = 'processing'`,
    [id, leaseToken, error],
  );
}

/** A worker that is stopping hands its job back, so another replica takes it at once. */
export async function releaseUserExport(db: Queryable, id: string, leaseToken: string): Promise<void> {
  await db.query(
    `UPDATE user_exports SET status = 'pending', attempts = greatest(attempts - 1, 0), rows_done = 0, lease_token = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_token = $2 AND status = 'processing'`,
    [id, leaseToken],
  );
}

/** Files of exports whose links have expired and that are still stored. */
export async function expiredUserExportFiles(db: Queryable, limit: number): Promise<{ id: string; file_key: string }[]> {
  const { rows } = await db.query<{ id: string; file_key: string }>(
    'SELECT id, file_key FROM user_exports WHERE file_key IS NOT NULL AND file_deleted_at IS NULL AND expires_at <= now() ORDER BY expires_at LIMIT $1',
    [limit],
  );
  return rows;
}

export async function markUserExportFileDeleted(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE user_exports SET file_deleted_at = now() WHERE id = $1', [id]);
}

/**
 * After an erasure: every stored file's link ends now, a job being written starts again (its
 * worker loses the lease), and the erased person, as a requester, becomes their anonymous token.
 */
export async function forgetErasedInUserExports(db: Queryable, userId: string, erasedToken: string): Promise<void> {
  await db.query("UPDATE user_exports SET expires_at = now() WHERE status = 'completed' AND file_deleted_at IS NULL AND expires_at > now()");
  await db.query(
    `UPDATE user_exports SET status = 'pending', rows_done = 0, attempts = greatest(attempts - 1, 0), lease_token = NULL, lease_expires_at = NULL
      WHERE status = 'processing'`,
  );
  await db.query('UPDATE user_exports SET requested_by_id = $2 WHERE requested_by_id = $1', [userId, erasedToken]);
}

/* ------------------------------------------------------------------ the accounts exported */

export async function countAccounts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*) AS count FROM accounts');
  return Number(rows[0]!.count);
}

/** The next `limit` accounts after `afterId` in id order (keyset pagination: no offset scans). */
export async function accountsAfter(db: Queryable, afterId: string | null, limit: number): Promise<ExportAccount[]> {
  const columns = 'id, email, name, roles, verified, login_count, last_login_at, created_at, updated_at';
  // Two statements rather than `$1 IS NULL OR id > $1`, which a generic plan would scan in full.
  const { rows } =
    afterId === null
      ? await db.query<ExportAccount>(`SELECT ${columns} FROM accounts ORDER BY id LIMIT $1`, [limit])
      : await db.query<ExportAccount>(`SELECT ${columns} FROM accounts WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit]);
  return rows;
}
