/**
 * Report jobs (migration 006): a workbook written in the background, claimed by one worker at a
 * time (FOR UPDATE SKIP LOCKED under a lease it renews as it writes), then mailed as a signed link.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '@inkwell/platform';

export interface ReportJobRow {
  id: string;
  status: 'Queued' | 'Running' | 'Completed' | 'Failed';
  range_start: string;
  range_end: string;
  recipients: string[];
  recipient_count: number;
  requested_by_id: string;
  progress: number;
  attempts: number;
  lease_token: string | null;
  file_key: string | null;
  size_bytes: string | null;
  error: string | null;
  requested_at: Date;
  completed_at: Date | null;
  expires_at: Date | null;
  file_deleted_at: Date | null;
}

const COLUMNS = `id, status, to_char(range_start, 'YYYY-MM-DD') AS range_start, to_char(range_end, 'YYYY-MM-DD') AS range_end, recipients,
  recipient_count, requested_by_id, progress, attempts, lease_token, file_key, size_bytes, error, requested_at, completed_at, expires_at, file_deleted_at`;

export async function insertReportJob(db: Queryable, job: { start: string; end: string; recipients: readonly string[]; requestedById: string }): Promise<ReportJobRow> {
  const { rows } = await db.query<ReportJobRow>(
    `INSERT INTO report_jobs (range_start, range_end, recipients, recipient_count, requested_by_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [job.start, job.end, job.recipients, job.recipients.length, job.requestedById],
  );
  return rows[0]!;
}

export async function findReportJob(db: Queryable, id: string): Promise<ReportJobRow | undefined> {
  const { rows } = await db.query<ReportJobRow>(`SELECT ${COLUMNS} FROM report_jobs WHERE id = $1`, [id]);
  return rows[0];
}

/** The caller's newest jobs first. */
export async function listReportJobs(db: Queryable, requestedById: string, limit: number): Promise<ReportJobRow[]> {
  const { rows } = await db.query<ReportJobRow>(`SELECT ${COLUMNS} FROM report_jobs WHERE requested_by_id = $1 ORDER BY requested_at DESC, id DESC LIMIT $2`, [requestedById, limit]);
  return rows;
}

/** Fails the jobs whose lease ran out after `maxAttempts` claims; answers how many. */
export async function failAbandonedReportJobs(db: Queryable, maxAttempts: number, error: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE report_jobs SET status = 'Failed', error = $2, completed_at = now(), lease_token = NULL, lease_expires_at = NULL, recipients = '{}'
      WHERE status = 'Running' AND lease_expires_at < now() AND attempts >= $1`,
    [maxAttempts, error],
  );
  return rowCount ?? 0;
}

/** Claims the oldest waiting job (or one whose worker stopped renewing its lease); other replicas' claims are skipped. */
export async function claimReportJob(db: Queryable, leaseToken: string, leaseSeconds: number): Promise<ReportJobRow | undefined> {
  const { rows } = await db.query<ReportJobRow>(
    `UPDATE report_jobs SET status = 'Running', attempts = attempts + 1, lease_token = $1, lease_expires_at = now() + make_interval(secs => $2),
            progress = 0, error = NULL
      WHERE id = (SELECT id FROM report_jobs
                   WHERE status = 'Queued' OR (status = 'Running' AND lease_expires_at < now())
                   ORDER BY requested_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [leaseToken, leaseSeconds],
  );
  return rows[0];
}

/** Progress under the lease, renewing it; false when the lease is no longer this worker's. */
export async function recordReportProgress(db: Queryable, id: string, leaseToken: string, progress: number, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE report_jobs SET progress = $3, lease_expires_at = now() + make_interval(secs => $4) WHERE id = $1 AND lease_token = $2 AND status = 'Running'`,
    [id, leaseToken, progress, leaseSeconds],
  );
  return rowCount === 1;
}

/**
 * The file is stored: Completed, the link working `linkTtlSeconds`, the addresses forgotten (the
 * mail event, written in the same transaction, carries them). Answers the row, or undefined when
 * the lease was lost.
 */
export async function completeReportJob(db: Queryable, id: string, leaseToken: string, outcome: { fileKey: string; sizeBytes: number }, linkTtlSeconds: number): Promise<ReportJobRow | undefined> {
  const { rows } = await db.query<{ recipients: string[] }>(
    `UPDATE report_jobs j SET status = 'Completed', progress = 100, file_key = $3, size_bytes = $4, completed_at = now(),
            expires_at = now() + make_interval(secs => $5), lease_token = NULL, lease_expires_at = NULL, recipients = '{}'
       FROM (SELECT id, recipients FROM report_jobs WHERE id = $1 FOR UPDATE) old
      WHERE j.id = old.id AND j.lease_token = $2 AND j.status = 'Running'
      RETURNING old.recipients`,
    [id, leaseToken, outcome.fileKey, outcome.sizeBytes, linkTtlSeconds],
  );
  if (!rows[0]) return undefined;
  const row = await findReportJob(db, id);
  return row && { ...row, recipients: rows[0].recipients };
}

export async function failReportJob(db: Queryable, id: string, leaseToken: string, error: string): Promise<void> {
  await db.query(
    `UPDATE report_jobs SET status = 'Failed', error = $3, completed_at = now(), lease_token = NULL, lease_expires_at = NULL, recipients = '{}'
      WHERE id = $1 AND lease_token = $2 AND status = 'Running'`,
    [id, leaseToken, error],
  );
}

/** A stopping worker hands its job back. */
export async function releaseReportJob(db: Queryable, id: string, leaseToken: string): Promise<void> {
  await db.query(
    `UPDATE report_jobs SET status = 'Queued', attempts = greatest(attempts - 1, 0), progress = 0, lease_token = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_token = $2 AND status = 'Running'`,
    [id, leaseToken],
  );
}

export async function expiredReportFiles(db: Queryable, limit: number): Promise<{ id: string; file_key: string }[]> {
  const { rows } = await db.query<{ id: string; file_key: string }>(
    'SELECT id, file_key FROM report_jobs WHERE file_key IS NOT NULL AND file_deleted_at IS NULL AND expires_at <= now() ORDER BY expires_at LIMIT $1',
    [limit],
  );
  return rows;
}

export async function markReportFileDeleted(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE report_jobs SET file_deleted_at = now() WHERE id = $1', [id]);
}

/** The link signing key, made by the first replica to ask (random) and shared through the table. */
export async function reportLinkSecret(db: Queryable): Promise<Buffer> {
  await db.query('INSERT INTO report_link_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
  const { rows } = await db.query<{ secret: Buffer }>('SELECT secret FROM report_link_keys WHERE id = 1');
  return rows[0]!.secret;
}
