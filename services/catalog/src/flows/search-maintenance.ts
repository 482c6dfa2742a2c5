import { randomUUID } from 'node:crypto';
import type { SearchKind, SearchMissing, SearchOrphan, SearchUploadJob } from '@inkwell/contracts/dashboard-catalogue';
import { EVENTS, type Logger, type Queryable, type SearchIndex, type ServiceContext } from '@inkwell/platform';
import { recordAudit, type StaffActor } from '../store/audit';
import { listedSql, seriesListedSql } from '../store/visibility';
import type { SearchIndexer } from '../drivers/search-indexer';

const KINDS: readonly SearchKind[] = ['series', 'product'];

/** Each kind's rows with whether the storefront lists them: the rule the indexer writes by. */
const ITEMS_SQL: Record<SearchKind, string> = {
  series: `SELECT s.id, s.title, ${seriesListedSql('s')} AS listed FROM series s`,
  product: `SELECT p.id, p.name AS title, (${listedSql('p')} AND (p.series_id IS NULL OR ${seriesListedSql('s')})) AS listed
              FROM products p LEFT JOIN series s ON s.id = p.series_id`,
};
const ID_COLUMN: Record<SearchKind, string> = { series: 's.id', product: 'p.id' };

/** How often a running upload writes its progress (in items handled). */
const PROGRESS_EVERY = 25;

type JobRow = { id: string; state: SearchUploadJob['state']; total: number; done: number; uploaded: number; error: string | null; started_at: Date; finished_at: Date | null };
const jobView = (row: JobRow): SearchUploadJob => ({
  jobId: row.id,
  state: row.state,
  total: row.total,
  done: row.done,
  uploaded: row.uploaded,
  startedAt: row.started_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
  error: row.error,
});

/**
 * Search maintenance (dashboard spec §7): compares the search index with the catalogue, removes
 * what it should not hold, and rebuilds it as a job whose progress staff can watch. Works on either
 * search driver through `SearchIndex.indexedIds`.
 */
export class SearchMaintenance {
  /** The upload running in this process, if any; a second request joins it. */
  private current: { jobId: string; finished: Promise<void> } | undefined;

  constructor(
    private readonly context: Pick<ServiceContext, 'db' | 'outbox'> & { logger: Pick<Logger, 'error'> },
    private readonly index: SearchIndex,
    private readonly indexer: SearchIndexer,
  ) {}

  private async items(db: Queryable, kind: SearchKind, where: string, params: unknown[]): Promise<Array<{ id: number; title: string; listed: boolean }>> {
    const { rows } = await db.query<{ id: number; title: string; listed: boolean }>(`${ITEMS_SQL[kind]} WHERE ${where} ORDER BY ${ID_COLUMN[kind]}`, params);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Documents whose item no longer exists, or is no longer listed. */
  async orphans(): Promise<SearchOrphan[]> {
    const orphans: SearchOrphan[] = [];
    for (const kind of KINDS) {
      const indexed = await this.index.indexedIds(kind);
      const items = new Map((await this.items(this.context.db, kind, `${ID_COLUMN[kind]} = ANY($1::bigint[])`, [indexed])).map((item) => [item.id, item]));
      for (const id of [...indexed].sort((a, b) => a - b)) {
        const item = items.get(id);
        if (!item) orphans.push({ kind, id, title: null, reason: 'missing' });
        else if (!item.listed) orphans.push({ kind, id, title: item.title, reason: 'not-listed' });
      }
    }
    return orphans;
  }

  /** Listed series and products the index lacks. */
  async activeNotUploaded(): Promise<SearchMissing[]> {
    const missing: SearchMissing[] = [];
    for (const kind of KINDS) {
      const indexed = await this.index.indexedIds(kind);
      const listed = await this.items(this.context.db, kind, `NOT (${ID_COLUMN[kind]} = ANY($1::bigint[]))`, [indexed]);
      for (const item of listed) if (item.listed) missing.push({ kind, id: item.id, title: item.title });
    }
    return missing;
  }

  /** Removes exactly the orphans; answers how many. */
  async removeOrphans(actor: StaffActor): Promise<number> {
    const orphans = await this.orphans();
    for (const orphan of orphans) await this.index.remove(orphan.kind, orphan.id);
    await this.context.db.transaction(async (tx) => {
      // Cached search answers may still show what was removed.
      if (orphans.length > 0) await this.context.outbox.add(tx, { type: EVENTS.cacheInvalidated.type, key: 'search', data: {} });
      await recordAudit(tx, {
        entity: 'search',
        entityId: null,
        action: 'removed-inactive',
        actor,
        changes: { removed: { from: orphans.map((orphan) => `${orphan.kind}-${orphan.id}`), to: null } },
      });
    });
    return orphans.length;
  }

  /** Starts rebuilding the index (or answers the rebuild already running here). */
  async startUpload(actor: StaffActor): Promise<SearchUploadJob> {
    if (this.current) return (await this.job(this.current.jobId))!;
    const jobId = randomUUID();
    await this.context.db.transaction(async (tx) => {
      await tx.query('INSERT INTO search_upload_jobs (id, started_by) VALUES ($1, $2)', [jobId, actor.email ?? actor.id]);
      await recordAudit(tx, { entity: 'search', entityId: null, action: 'upload-started', actor, changes: { jobId: { from: null, to: jobId } } });
    });
    const finished = this.runUpload(jobId).finally(() => {
      this.current = undefined;
    });
    this.current = { jobId, finished };
    return (await this.job(jobId))!;
  }

  private async runUpload(jobId: string): Promise<void> {
    const { db, outbox } = this.context;
    let written = -PROGRESS_EVERY;
    try {
      await this.indexer.all(async (done, total) => {
        if (done - written < PROGRESS_EVERY && done < total) return;
        written = done;
        await db.query('UPDATE search_upload_jobs SET done = $2, total = $3 WHERE id = $1', [jobId, done, total]);
      });
      const listed = await db.query<{ n: number }>(
        `SELECT ((SELECT count(*) FROM (${ITEMS_SQL.series}) x WHERE x.listed) + (SELECT count(*) FROM (${ITEMS_SQL.product}) y WHERE y.listed))::int AS n`,
      );
      await db.transaction(async (tx) => {
        await tx.query("UPDATE search_upload_jobs SET state = 'completed', done = total, uploaded = $2, finished_at = now() WHERE id = $1", [jobId, listed.rows[0]!.n]);
        await outbox.add(tx, { type: EVENTS.cacheInvalidated.type, key: 'search', data: {} });
      });
    } catch (error) {
      this.context.logger.error({ err: error, jobId }, 'uploading everything to search failed');
      await db
        .query("UPDATE search_upload_jobs SET state = 'failed', error = $2, finished_at = now() WHERE id = $1", [jobId, error instanceof Error ? error.message : String(error)])
        .catch(() => undefined);
    }
  }

  async job(jobId: string): Promise<SearchUploadJob | undefined> {
    const { rows } = await this.context.db.query<JobRow>('SELECT id, state, total, done, uploaded, error, started_at, finished_at FROM search_upload_jobs WHERE id = $1', [jobId]);
    return rows[0] && jobView(rows[0]);
  }

  /** Waits for a running upload, so the service stops with its database still open. */
  async close(): Promise<void> {
    await this.current?.finished;
  }
}
