import type { Database, Transaction } from '../db/database';
import type { Logger } from '../logger';
import { countPublished } from '../observability/events';
import { PolledQueue, retryLater } from '../queue/polled-queue';
import type { EventBus } from './bus';
import type { EventEnvelope } from './envelope';
import { startPublishSpan, type PublishSpan } from './tracing';

type OutboxRow = {
  seq: number;
  id: string;
  type: string;
  version: number;
  occurred_at: Date;
  source: string;
  key: string;
  data: unknown;
  attempts: number;
  due: boolean;
  trace_context: string | null;
};

export interface RelayOptions {
  /** How often pending rows are looked for when nothing nudges the relay. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** First retry delay; doubles per attempt up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Published rows older than this are deleted. */
  retainPublishedHours?: number;
  /** How many keys' events are published at the same time (each key's in order) on a bus without a batch publish (default 8). */
  keyConcurrency?: number;
}

/**
 * Publishes committed outbox rows to the bus, oldest first within each key: a whole batch in one
 * call when the bus takes batches, else several keys at a time. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so several replicas can relay the same outbox without stepping on each
 * other. A failed publish is retried with exponential backoff, and later events of the same
 * aggregate wait behind it so per-key order holds. Publishing only hands events to the bus, so the
 * relay never waits for consumers. Delivery is at least once: consumers de-duplicate through their inbox.
 * The polling, claiming and backoff are the platform's polled queue (queue/polled-queue.ts).
 * Each publish of a row written under a span is a PRODUCER span, child of that one, whose context
 * goes to the bus with the event (events/tracing.ts).
 */
export class OutboxRelay {
  private readonly queue: PolledQueue<OutboxRow>;
  private readonly retainPublishedHours: number;
  private readonly keyConcurrency: number;
  private lastCleanup = 0;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    options: RelayOptions = {},
  ) {
    this.retainPublishedHours = options.retainPublishedHours ?? 72;
    this.keyConcurrency = options.keyConcurrency ?? 8;
    this.queue = new PolledQueue<OutboxRow>({
      db,
      logger,
      failureMessage: 'outbox relay failed; will retry',
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      batchSize: options.batchSize ?? 100,
      backoff: { baseMs: options.baseBackoffMs ?? 500, maxMs: options.maxBackoffMs ?? 60_000 },
      claim: (tx, limit) => this.claim(tx, limit),
      work: (tx, rows) => this.publish(tx, rows),
      afterRun: () => this.cleanup(),
    });
  }

  start(): void {
    if (this.queue.started) return;
    this.queue.start();
    this.queue.nudge();
  }

  /** Asks for a drain now (after a commit that wrote events). */
  nudge(): void {
    this.queue.nudge();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /**
   * Publishes every row that is due and returns how many, then waits until the bus has nothing left
   * to deliver soon when it can tell (`EventBus.idle`), so the consumers' effects are visible
   * afterwards. For tests and scripts; the relay's own loop never waits for consumers.
   */
  async drain(): Promise<number> {
    const published = await this.queue.drain();
    await this.bus.idle?.();
    return published;
  }

  /**
   * A key is claimed through its head, its earliest unpublished row, whatever that row's backoff:
   * while a head waits out its backoff, or is locked by another replica that is publishing it,
   * nothing later of its key is a head, so no replica can publish past it.
   */
  private async claim(tx: Transaction, limit: number): Promise<OutboxRow[]> {
    const { rows: heads } = await tx.query<{ key: string }>(
      `SELECT key
         FROM outbox o
        WHERE published_at IS NULL AND next_attempt_at <= now()
          AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.key = o.key AND e.published_at IS NULL AND e.seq < o.seq)
        ORDER BY seq
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    if (heads.length === 0) return [];
    // The rows behind a claimed head are ours alone (no other replica can claim them while we
    // hold the head), so a burst of one aggregate goes out in one batch rather than one a poll.
    const { rows } = await tx.query<OutboxRow>(
      `SELECT seq, id, type, version, occurred_at, source, key, data, attempts, next_attempt_at <= now() AS due, trace_context
         FROM outbox
        WHERE published_at IS NULL AND key = ANY($1::text[])
        ORDER BY seq
        LIMIT $2
        FOR UPDATE`,
      [heads.map((head) => head.key), limit],
    );
    return rows;
  }

  /** Publishes the claimed rows that may go out now; answers how many went. */
  private async publish(tx: Transaction, rows: OutboxRow[]): Promise<number> {
    // A row waiting out its backoff holds back the rest of its key.
    const byKey = new Map<string, OutboxRow[]>();
    const waiting = new Set<string>();
    for (const row of rows) {
      if (!row.due) waiting.add(row.key);
      if (waiting.has(row.key)) continue;
      const keyRows = byKey.get(row.key);
      if (keyRows) keyRows.push(row);
      else byKey.set(row.key, [row]);
    }
    const publishedSeqs: number[] = [];
    const failed = async (row: OutboxRow, error: unknown) => {
      const attempts = row.attempts + 1;
      const delay = this.queue.retryDelayMs(attempts);
      await retryLater(tx, { table: 'outbox', keyColumn: 'seq', key: row.seq, attempts, error, delayMs: delay });
      this.logger.warn({ eventId: row.id, type: row.type, attempts, retryInMs: delay, err: error }, 'publishing event failed; will retry');
    };
    if (this.bus.publishBatch) {
      // One hand-over for the whole batch, each key's rows in order; refused, it is retried
      // through each key's head.
      const batch = [...byKey.values()].flat().sort((a, b) => a.seq - b.seq);
      const events = batch.map(envelopeOf);
      const spans = batch.map((row, n) => startPublishSpan(events[n]!, row.trace_context));
      try {
        await this.bus.publishBatch(events, spans.map((span) => span?.carrier));
        endAll(spans);
        publishedSeqs.push(...batch.map((row) => row.seq));
      } catch (error) {
        endAll(spans, error);
        for (const [head] of byKey.values()) await failed(head!, error);
      }
    } else {
      // Each key's rows go out in order, one after another; different keys go out side by side
      // (a few at a time), so one aggregate's slow publish does not hold up every other's events.
      const publishKey = async (keyRows: OutboxRow[]) => {
        for (const row of keyRows) {
          const event = envelopeOf(row);
          const span = startPublishSpan(event, row.trace_context);
          try {
            await this.bus.publish(event, span?.carrier);
            span?.end();
            publishedSeqs.push(row.seq);
          } catch (error) {
            span?.end(error);
            await failed(row, error);
            return;
          }
        }
      };
      const queue = [...byKey.values()];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await publishKey(next);
      };
      await Promise.all(Array.from({ length: Math.min(this.keyConcurrency, queue.length) }, worker));
    }
    if (publishedSeqs.length > 0) {
      await tx.query('UPDATE outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE seq = ANY($1::bigint[])', [publishedSeqs]);
      // Every row of an outbox has its service as source.
      countPublished(rows[0]!.source, publishedSeqs.length);
    }
    return publishedSeqs.length;
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = now;
    await this.db.query(`DELETE FROM outbox WHERE published_at < now() - ($1 || ' hours')::interval`, [String(this.retainPublishedHours)]);
  }
}

function endAll(spans: readonly (PublishSpan | undefined)[], error?: unknown): void {
  for (const span of spans) span?.end(error);
}

function envelopeOf(row: OutboxRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    occurredAt: row.occurred_at.toISOString(),
    source: row.source,
    key: row.key,
    data: row.data,
  };
}
