import type { Database, Transaction } from '../db/database';
import type { Logger } from '../logger';
import { backoffMs, type Backoff } from './backoff';
import { Poller } from './poller';

export interface PolledQueueOptions<Row> {
  db: Database;
  logger: Logger;
  /** Logged with the error when a timed or nudged run fails. */
  failureMessage: string;
  /** The level of that log line (default error). */
  failureLevel?: 'warn' | 'error';
  /** How often due rows are looked for when nothing nudges the queue. */
  pollIntervalMs: number;
  /** Rows claimed per transaction. */
  batchSize: number;
  /** The wait before a failed row is tried again (see `retryLater`). */
  backoff: Backoff;
  /**
   * Locks and answers up to `limit` due rows, `FOR UPDATE SKIP LOCKED` so replicas sharing the
   * table never claim the same row (`claimDue` writes the usual query).
   */
  claim(tx: Transaction, limit: number): Promise<Row[]>;
  /**
   * Works the claimed rows inside the claim's transaction, so each row's outcome commits with the
   * release of its lock; answers how many were done. A batch with nothing done (every row failed
   * and backing off) ends the run until the next poll.
   */
  work(tx: Transaction, rows: Row[]): Promise<number>;
  /** Housekeeping after each run's batches (deleting old finished rows, say). */
  afterRun?: () => Promise<void>;
  /** Lets the process exit while only the poll timer is waiting. */
  unref?: boolean;
}

/**
 * A table of due rows worked by polling: each run claims batches (`claim`, one transaction each)
 * and works them (`work`) until a batch comes back short or does nothing; a row that fails is put
 * off with `retryLater` (exponential backoff with jitter, capped). Runs happen every
 * `pollIntervalMs` once started, at once on `nudge()`, one at a time, and `stop()` waits for the
 * run in flight. Several processes may poll the same table: the claim's `SKIP LOCKED` shares it.
 */
export class PolledQueue<Row> {
  private readonly poller: Poller;

  constructor(private readonly options: PolledQueueOptions<Row>) {
    this.poller = new Poller({
      run: () => this.runBatches(),
      intervalMs: options.pollIntervalMs,
      logger: options.logger,
      failureMessage: options.failureMessage,
      ...(options.failureLevel ? { failureLevel: options.failureLevel } : {}),
      ...(options.unref ? { unref: true } : {}),
    });
  }

  get started(): boolean {
    return this.poller.started;
  }

  start(): void {
    this.poller.start();
  }

  /** Rows were committed: work them now rather than at the next poll (when started). */
  nudge(): void {
    this.poller.nudge();
  }

  /** Works every row due now, in a run that starts after this call; answers how many were done. */
  drain(): Promise<number> {
    return this.poller.run();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** The backoff before the next try of a row that has failed `attempts` times. */
  retryDelayMs(attempts: number): number {
    return backoffMs(attempts, this.options.backoff.baseMs, this.options.backoff.maxMs);
  }

  private async runBatches(): Promise<number> {
    const { db, batchSize, claim, work } = this.options;
    let done = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const rows = await claim(tx, batchSize);
        return { claimed: rows.length, done: rows.length === 0 ? 0 : await work(tx, rows) };
      });
      done += batch.done;
      if (batch.claimed < batchSize || batch.done === 0) break;
    }
    await this.options.afterRun?.();
    return done;
  }
}

export interface DueRowsQuery {
  /** The queue's table; it has `next_attempt_at timestamptz`. */
  table: string;
  columns: string;
  /** More conditions on a due row (SQL), with `params` as $1, $2… */
  where?: string;
  params?: unknown[];
  orderBy: string;
}

/** Locks and answers up to `limit` rows whose `next_attempt_at` has come, skipping rows another transaction holds. */
export async function claimDue<Row>(tx: Transaction, query: DueRowsQuery, limit: number): Promise<Row[]> {
  const params = query.params ?? [];
  const { rows } = await tx.query<Row & Record<string, unknown>>(
    `SELECT ${query.columns} FROM ${query.table}
      WHERE next_attempt_at <= now()${query.where ? ` AND (${query.where})` : ''}
      ORDER BY ${query.orderBy}
      LIMIT $${params.length + 1}
      FOR UPDATE SKIP LOCKED`,
    [...params, limit],
  );
  return rows;
}

export interface RetryLater {
  /** The queue's table; it has `attempts integer`, `last_error text` and `next_attempt_at timestamptz`. */
  table: string;
  /** The row's key column and value. */
  keyColumn: string;
  key: unknown;
  /** Tries so far, this failed one included. */
  attempts: number;
  error: unknown;
  delayMs: number;
}

/** Records a failed try of a row and when to try it again. */
export async function retryLater(tx: Transaction, retry: RetryLater): Promise<void> {
  const message = retry.error instanceof Error ? retry.error.message : String(retry.error);
  await tx.query(
    `UPDATE ${retry.table} SET attempts = $2, last_error = $3, next_attempt_at = now() + ($4 || ' milliseconds')::interval WHERE ${retry.keyColumn} = $1`,
    [retry.key, retry.attempts, message.slice(0, 2000), String(retry.delayMs)],
  );
}
