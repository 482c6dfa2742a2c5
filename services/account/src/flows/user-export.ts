import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { USER_EXPORT_LINK_TTL_SECONDS } from '@inkwell/contracts/dashboard-customers';
import { PolledWorker, erasedUserToken, type EventData, type EventEnvelope, type ServiceContext, type Transaction } from '@inkwell/platform';
import { EXPORT_CONTENT_TYPES, csvHeader, csvRow, exportFileKey, jsonRow } from '../domain/export-rows';
import {
  accountsAfter,
  claimUserExport,
  completeUserExport,
  countAccounts,
  expiredUserExportFiles,
  failAbandonedUserExports,
  failUserExport,
  forgetErasedInUserExports,
  markUserExportFileDeleted,
  recordUserExportProgress,
  releaseUserExport,
  type UserExportRow,
} from '../store/user-exports';

export interface UserExportOptions {
  /** How often the worker looks for jobs other replicas were asked for (a start here wakes it at once). */
  intervalMs: number;
  /** Accounts read per query, and written per chunk. */
  batchSize: number;
  /** How long a claim holds without progress; a job whose worker died is taken again after it. */
  leaseSeconds: number;
  /** Claims before a job that keeps losing its worker is failed. */
  maxAttempts: number;
  /** How long a finished export's link works. */
  linkTtlSeconds: number;
}

export const DEFAULT_USER_EXPORTS: UserExportOptions = {
  intervalMs: 5_000,
  batchSize: 2_000,
  leaseSeconds: 120,
  maxAttempts: 3,
  linkTtlSeconds: USER_EXPORT_LINK_TTL_SECONDS,
};

/** Said on a job given up after its worker died `maxAttempts` times. */
export const ABANDONED_EXPORT_ERROR = 'The export was interrupted too many times; start it again.';
/** Said on a job that failed (reading the accounts or writing the file; the cause is logged, not shown). */
export const FAILED_EXPORT_ERROR = 'The export failed; start it again.';

class WorkerStopping extends Error {}
class LeaseLost extends Error {}

/**
 * The user export worker (one per replica): claims a job (FOR UPDATE SKIP LOCKED, under a lease it
 * renews every batch), counts the accounts, then streams them in keyset-paginated batches through
 * the CSV or JSON-lines writer into file storage (`exports/users/<id>.csv|.ndjson`), so no more
 * than one batch is in memory whatever the number of accounts. Also removes the files of exports
 * whose links have expired. `stop` ends it between two batches and hands the job back.
 */
export class UserExportWorker extends PolledWorker {
  private stopping = false;

  constructor(
    private readonly context: Pick<ServiceContext, 'db' | 'files' | 'logger'>,
    private readonly options: UserExportOptions = DEFAULT_USER_EXPORTS,
  ) {
    super({ intervalMs: options.intervalMs, logger: context.logger, failureMessage: 'user export worker round failed' });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.poller.stop();
  }

  /** One round: every job waiting, one after the other, then the expired files; answers the jobs run. */
  async runOnce(): Promise<number> {
    const { db } = this.context;
    await failAbandonedUserExports(db, this.options.maxAttempts, ABANDONED_EXPORT_ERROR);
    let ran = 0;
    while (!this.stopping) {
      const job = await claimUserExport(db, randomUUID(), this.options.leaseSeconds);
      if (!job) break;
      await this.runJob(job);
      ran += 1;
    }
    if (!this.stopping) await this.removeExpiredFiles();
    return ran;
  }

  private async runJob(job: UserExportRow): Promise<void> {
    const { db, files, logger } = this.context;
    const leaseToken = job.lease_token!;
    const { batchSize, leaseSeconds } = this.options;
    const log = logger.child({ exportId: job.id });
    let rowsDone = 0;
    let bytes = 0;
    try {
      // Accounts added meanwhile are exported too; the total is then raised to what was written.
      const rowsTotal = await countAccounts(db);
      if (!(await recordUserExportProgress(db, job.id, leaseToken, { rowsDone: 0, rowsTotal }, leaseSeconds))) throw new LeaseLost();
      const isStopping = () => this.stopping;
      const writeRow = job.format === 'csv' ? csvRow : jsonRow;
      const chunks = async function* (): AsyncGenerator<Buffer> {
        if (job.format === 'csv') {
          const header = Buffer.from(csvHeader(job.fields));
          bytes += header.length;
          yield header;
        }
        let after: string | null = null;
        for (;;) {
          if (isStopping()) throw new WorkerStopping();
          const batch = await accountsAfter(db, after, batchSize);
          if (batch.length === 0) return;
          let text = '';
          for (const account of batch) text += writeRow(account, job.fields);
          after = batch[batch.length - 1]!.id;
          rowsDone += batch.length;
          const chunk = Buffer.from(text);
          bytes += chunk.length;
          yield chunk;
          if (!(await recordUserExportProgress(db, job.id, leaseToken, { rowsDone }, leaseSeconds))) throw new LeaseLost();
        }
      };
      const key = exportFileKey(job.id, job.format);
      await files.putStream(key, Readable.from(chunks(), { objectMode: false }), EXPORT_CONTENT_TYPES[job.format]);
      if (!(await completeUserExport(db, job.id, leaseToken, { rowsDone, fileKey: key, fileBytes: bytes }, this.options.linkTtlSeconds))) throw new LeaseLost();
      log.info({ rows: rowsDone, bytes, format: job.format, storage: files.driver }, 'user export written');
    } catch (error) {
      if (error instanceof WorkerStopping) {
        await releaseUserExport(db, job.id, leaseToken);
        log.info('user export handed back: the service is stopping');
      } else if (error instanceof LeaseLost) {
        log.warn('user export lease lost: another replica took the job');
      } else {
        log.error({ err: error }, 'user export failed');
        await failUserExport(db, job.id, leaseToken, FAILED_EXPORT_ERROR);
      }
    }
  }

  private async removeExpiredFiles(): Promise<void> {
    const { db, files, logger } = this.context;
    for (const expired of await expiredUserExportFiles(db, 20)) {
      try {
        await files.delete(expired.file_key);
        await markUserExportFileDeleted(db, expired.id);
      } catch (error) {
        logger.warn({ err: error, exportId: expired.id }, 'removing an expired user export file failed');
      }
    }
  }
}

/**
 * `account.deleted`: the exports written before the erasure may hold the person, so their links
 * end now (the worker's next round removes the files) and a job being written starts again
 * without them; the person as a requester is kept only as their anonymous token.
 */
export function forgetErasedInExports(worker: Pick<UserExportWorker, 'nudge'>) {
  return async (tx: Transaction, event: EventEnvelope): Promise<void> => {
    const { userId } = event.data as EventData<'accountDeleted'>;
    await forgetErasedInUserExports(tx, userId, erasedUserToken(userId));
    worker.nudge();
  };
}
