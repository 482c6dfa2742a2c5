import { randomUUID } from 'node:crypto';
import { PassThrough, Transform, pipeline } from 'node:stream';
import { REPORT_LINK_TTL_SECONDS, REPORT_SHEETS } from '@inkwell/contracts/dashboard-analytics';
import { EVENTS, PolledWorker, type ServiceContext } from '@inkwell/platform';
import { XLSX_CONTENT_TYPE, reportFileKey, writeReportWorkbook, type ReportSource } from '../domain/report-sheets';
import {
  claimReportJob,
  completeReportJob,
  expiredReportFiles,
  failAbandonedReportJobs,
  failReportJob,
  markReportFileDeleted,
  recordReportProgress,
  releaseReportJob,
  type ReportJobRow,
} from '../store/report-jobs';

export interface ReportJobOptions {
  /** How often the worker looks for jobs other replicas were asked for (a request here wakes it at once). */
  intervalMs: number;
  /** How long a claim holds without progress; a job whose worker died is taken again after it. */
  leaseSeconds: number;
  /** Claims before a job that keeps losing its worker is failed. */
  maxAttempts: number;
  /** How long the mailed link works. */
  linkTtlSeconds: number;
}

export const DEFAULT_REPORT_JOBS: ReportJobOptions = { intervalMs: 5_000, leaseSeconds: 120, maxAttempts: 3, linkTtlSeconds: REPORT_LINK_TTL_SECONDS };

export const ABANDONED_REPORT_ERROR = 'The report was interrupted too many times; ask for it again.';
export const FAILED_REPORT_ERROR = 'The report could not be written; ask for it again.';

class WorkerStopping extends Error {}
class LeaseLost extends Error {}

/**
 * The report worker (one per replica): claims a job (FOR UPDATE SKIP LOCKED, under a lease it
 * renews every batch of rows), streams the workbook straight into file storage under a private key
 * (`exports/reports/<id>.xlsx`, never served at /media/), records progress by sheet, and on
 * completion writes `report.ready` { jobId, recipients } to the outbox in the same transaction:
 * the support service then asks for the signed link over gRPC and mails it. Also removes the
 * files whose links have expired.
 */
export class ReportJobWorker extends PolledWorker {
  private stopping = false;

  constructor(
    private readonly context: Pick<ServiceContext, 'db' | 'files' | 'logger' | 'outbox'>,
    private readonly source: ReportSource,
    private readonly options: ReportJobOptions = DEFAULT_REPORT_JOBS,
  ) {
    super({ intervalMs: options.intervalMs, logger: context.logger, failureMessage: 'report worker round failed' });
  }

  /** Waits for a run that starts after this call (tests await it instead of the background poll); answers the jobs it ran. */
  drain(): Promise<number> {
    return this.poller.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.poller.stop();
  }

  /** One round: every job waiting, then the expired files; answers the jobs run. */
  async runOnce(): Promise<number> {
    const { db } = this.context;
    await failAbandonedReportJobs(db, this.options.maxAttempts, ABANDONED_REPORT_ERROR);
    let ran = 0;
    while (!this.stopping) {
      const job = await claimReportJob(db, randomUUID(), this.options.leaseSeconds);
      if (!job) break;
      await this.runJob(job);
      ran += 1;
    }
    if (!this.stopping) await this.removeExpiredFiles();
    return ran;
  }

  private async runJob(job: ReportJobRow): Promise<void> {
    const { db, files, logger, outbox } = this.context;
    const leaseToken = job.lease_token!;
    const { leaseSeconds } = this.options;
    const log = logger.child({ reportJobId: job.id });
    const key = reportFileKey(job.id);
    let bytes = 0;
    let progress = 0;
    try {
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      const workbook = new PassThrough();
      // Either side failing destroys both, so neither waits for the other forever.
      pipeline(workbook, counted, () => undefined);
      const stored = files.putStream(key, counted, XLSX_CONTENT_TYPE);
      const written = writeReportWorkbook(workbook, this.source, { start: job.range_start, end: job.range_end }, {
        onBatch: async ({ sheetsDone }) => {
          if (this.stopping) throw new WorkerStopping();
          progress = Math.min(99, Math.floor((sheetsDone * 100) / REPORT_SHEETS.length));
          if (!(await recordReportProgress(db, job.id, leaseToken, progress, leaseSeconds))) throw new LeaseLost();
        },
      }).catch((error: unknown) => {
        // The file being stored must not complete with half a workbook.
        counted.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
      const [writing, storing] = await Promise.allSettled([written, stored]);
      if (writing.status === 'rejected') throw writing.reason;
      if (storing.status === 'rejected') throw storing.reason;
      const rows = writing.value;
      const completed = await db.transaction(async (tx) => {
        const row = await completeReportJob(tx, job.id, leaseToken, { fileKey: key, sizeBytes: bytes }, this.options.linkTtlSeconds);
        if (!row) return undefined;
        await outbox.add(tx, { type: EVENTS.reportReady.type, key: job.id, data: { jobId: job.id, recipients: row.recipients } });
        return row;
      });
      if (!completed) throw new LeaseLost();
      log.info({ rows, bytes, recipients: job.recipient_count, storage: files.driver }, 'report written');
    } catch (error) {
      if (error instanceof WorkerStopping) {
        await releaseReportJob(db, job.id, leaseToken);
        log.info('report handed back: the service is stopping');
      } else if (error instanceof LeaseLost) {
        log.warn('report lease lost: another replica took the job');
      } else {
        log.error({ err: error }, 'report failed');
        await failReportJob(db, job.id, leaseToken, FAILED_REPORT_ERROR);
      }
    }
  }

  private async removeExpiredFiles(): Promise<void> {
    const { db, files, logger } = this.context;
    for (const expired of await expiredReportFiles(db, 20)) {
      try {
        await files.delete(expired.file_key);
        await markReportFileDeleted(db, expired.id);
      } catch (error) {
        logger.warn({ err: error, reportJobId: expired.id }, 'removing an expired report file failed');
      }
    }
  }
}
