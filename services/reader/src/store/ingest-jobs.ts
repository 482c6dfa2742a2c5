import { randomUUID } from 'node:crypto';
import type { IngestJob, IngestJobStatus } from '@inkwell/contracts/ingest';
import { ConflictError, type Queryable } from '@inkwell/platform';

/** The staff member who asked, for the catalog's audit trail. */
export interface IngestActor {
  id: string;
  email: string | null;
}

interface JobRow {
  id: string;
  product_id: string;
  kind: 'upload' | 'encode';
  status: IngestJobStatus;
  pages_done: number;
  pages_total: number;
  page_count: number | null;
  message: string | null;
  master_record: string | null;
  master_key: string | null;
  file_name: string | null;
  actor_id: string;
  actor_email: string | null;
  started_at: Date;
  finished_at: Date | null;
}

/** A job as the ingester works with it. */
export interface JobRecord {
  job: IngestJob;
  masterKey: string | null;
  actor: IngestActor;
}

function recordOf(row: JobRow): JobRecord {
  return {
    job: {
      id: row.id,
      productId: Number(row.product_id),
      kind: row.kind,
      status: row.status,
      pagesDone: row.pages_done,
      pagesTotal: row.pages_total,
      pageCount: row.page_count,
      message: row.message,
      masterRecord: row.master_record,
      fileName: row.file_name,
      startedAt: row.started_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
    },
    masterKey: row.master_key,
    actor: { id: row.actor_id, email: row.actor_email },
  };
}

/**
 * A job untouched this long while running was left by a process that stopped (a restart, a crash):
 * it no longer holds the product, and the next upload marks it failed. Progress touches a job at
 * every page, and an upload of the largest archive over a slow line fits well inside it.
 */
export const STALE_JOB_MS = 30 * 60 * 1000;

export const RUNNING_CONFLICT_MESSAGE = 'This product already has an ingestion under way; wait for it to finish, then try again.';
const STALE_MESSAGE = 'The ingestion stopped without finishing (the service restarted); upload the archive again or re-encode.';

/** Where an upload's archive is kept: under the private pages/ folder, which only the reader hands out. */
export function masterKeyOf(productId: number, jobId: string): string {
  return `pages/masters/${productId}/${jobId}.cbz`;
}

/** The reader's ingestion jobs (table `ingest_jobs`). */
export class IngestJobs {
  constructor(private readonly db: Queryable) {}

  /**
   * Starts a job for a product, refusing (409) while another one runs for it. A running job left
   * behind by a stopped process is marked failed first.
   */
  async start(input: { productId: number; kind: 'upload' | 'encode'; status: IngestJobStatus; masterRecord: string | null; fileName: string | null; actor: IngestActor; id?: string }): Promise<JobRecord> {
    const id = input.id ?? randomUUID();
    await this.db.query(
      `UPDATE ingest_jobs SET status = 'failed', message = $2, finished_at = now(), updated_at = now()
        WHERE product_id = $1 AND status IN ('uploading', 'queued', 'working') AND updated_at < now() - make_interval(secs => $3)`,
      [input.productId, STALE_MESSAGE, STALE_JOB_MS / 1000],
    );
    try {
      const { rows } = await this.db.query<JobRow>(
        `INSERT INTO ingest_jobs (id, product_id, kind, status, master_record, master_key, file_name, actor_id, actor_email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [id, input.productId, input.kind, input.status, input.kind === 'upload' ? id : input.masterRecord, input.kind === 'upload' ? masterKeyOf(input.productId, id) : null, input.fileName, input.actor.id, input.actor.email],
      );
      return recordOf(rows[0]!);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ConflictError(RUNNING_CONFLICT_MESSAGE);
      throw error;
    }
  }

  async find(id: string): Promise<JobRecord | undefined> {
    const { rows } = await this.db.query<JobRow>('SELECT * FROM ingest_jobs WHERE id = $1', [id]);
    return rows[0] && recordOf(rows[0]);
  }

  async latest(productId: number): Promise<JobRecord | undefined> {
    const { rows } = await this.db.query<JobRow>('SELECT * FROM ingest_jobs WHERE product_id = $1 ORDER BY started_at DESC, id LIMIT 1', [productId]);
    return rows[0] && recordOf(rows[0]);
  }

  /** The newest completed upload of the product whose archive is still kept. */
  async latestMaster(productId: number): Promise<JobRecord | undefined> {
    const { rows } = await this.db.query<JobRow>(
      `SELECT * FROM ingest_jobs WHERE product_id = $1 AND kind = 'upload' AND status = 'completed' AND master_key IS NOT NULL
        ORDER BY started_at DESC, id LIMIT 1`,
      [productId],
    );
    return rows[0] && recordOf(rows[0]);
  }

  async setStatus(id: string, status: IngestJobStatus): Promise<void> {
    await this.db.query('UPDATE ingest_jobs SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
  }

  async setTotal(id: string, pagesTotal: number): Promise<void> {
    await this.db.query('UPDATE ingest_jobs SET pages_total = $2, pages_done = 0, updated_at = now() WHERE id = $1', [id, pagesTotal]);
  }

  async progress(id: string, pagesDone: number): Promise<void> {
    await this.db.query('UPDATE ingest_jobs SET pages_done = $2, updated_at = now() WHERE id = $1', [id, pagesDone]);
  }

  /** Marks the job done, in the transaction that swapped the page set in. */
  async complete(tx: Queryable, id: string, pageCount: number, message: string | null = null): Promise<void> {
    await tx.query(
      `UPDATE ingest_jobs SET status = 'completed', pages_done = $2, pages_total = $2, page_count = $2, message = $3, finished_at = now(), updated_at = now() WHERE id = $1`,
      [id, pageCount, message],
    );
  }

  /** Marks the job failed with its reason; an upload's archive is no longer kept. */
  async fail(id: string, message: string): Promise<void> {
    await this.db.query(
      `UPDATE ingest_jobs SET status = 'failed', message = $2, finished_at = now(), updated_at = now(),
              master_key = CASE WHEN kind = 'upload' THEN NULL ELSE master_key END
        WHERE id = $1`,
      [id, message],
    );
  }
}
