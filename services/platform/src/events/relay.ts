import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { EventBus } from './bus';
import type { EventEnvelope } from './envelope';

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

export function backoffMs(attempts: number, base: number, max: number): number {
  const exponential = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  // Up to 20% jitter so many failing rows do not retry in lock-step.
  return Math.round(exponential * (0.8 + Math.random() * 0.2));
}

/**
 * Publishes committed outbox rows to the bus, oldest first within each key: a whole batch in one
 * call when the bus takes batches, else several keys at a time. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so several replicas can relay the same outbox without stepping on each
 * other. A failed publish is retried with exponential backoff, and later events of the same
 * aggregate wait behind it so per-key order holds. Publishing only hands events to the bus, so the
 * relay never waits for consumers. Delivery is at least once: consumers de-duplicate through their inbox.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private draining: Promise<void> | undefined;
  private again = false;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly retainPublishedHours: number;
  private readonly keyConcurrency: number;
  private lastCleanup = 0;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    options: RelayOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 100;
    this.baseBackoffMs = options.baseBackoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 60_000;
    this.retainPublishedHours = options.retainPublishedHours ?? 72;
    this.keyConcurrency = options.keyConcurrency ?? 8;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Asks for a drain now (after a commit that wrote events). */
  nudge(): void {
    if (this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.draining;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    this.again = false;
    this.draining = this.relayDue()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error({ err: error }, 'outbox relay failed; will retry'));
    await this.draining;
    this.draining = undefined;
    this.schedule(this.again ? 0 : this.pollIntervalMs);
  }

  /**
   * Publishes every row that is due and returns how many, then waits until the bus has nothing left
   * to deliver soon when it can tell (`EventBus.idle`), so the consumers' effects are visible
   * afterwards. For tests and scripts; the relay's own loop never waits for consumers.
   */
  async drain(): Promise<number> {
    const published = await this.relayDue();
    await this.bus.idle?.();
    return published;
  }

  private async relayDue(): Promise<number> {
    let published = 0;
    // A full batch with progress means more may be due; a batch that published nothing is waiting
    // on backoff, so stop until the next poll.
    for (;;) {
      const { published: count, claimed } = await this.relayBatch();
      published += count;
      if (claimed < this.batchSize || count === 0) break;
    }
    await this.cleanup();
    return published;
  }

  private async relayBatch(): Promise<{ published: number; claimed: number }> {
    return this.db.transaction(async (tx) => {
      // A key is claimed through its head, its earliest unpublished row, whatever that row's
      // backoff: while a head waits out its backoff, or is locked by another replica that is
      // publishing it, nothing later of its key is a head, so no replica can publish past it.
      const { rows: heads } = await tx.query<{ key: string }>(
        `SELECT key
           FROM outbox o
          WHERE published_at IS NULL AND next_attempt_at <= now()
            AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.key = o.key AND e.published_at IS NULL AND e.seq < o.seq)
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (heads.length === 0) return { published: 0, claimed: 0 };
      // The rows behind a claimed head are ours alone (no other replica can claim them while we
      // hold the head), so a burst of one aggregate goes out in one batch rather than one a poll.
      const { rows } = await tx.query<OutboxRow>(
        `SELECT seq, id, type, version, occurred_at, source, key, data, attempts, next_attempt_at <= now() AS due
           FROM outbox
          WHERE published_at IS NULL AND key = ANY($1::text[])
          ORDER BY seq
          LIMIT $2
          FOR UPDATE`,
        [heads.map((head) => head.key), this.batchSize],
      );
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
        const delay = backoffMs(attempts, this.baseBackoffMs, this.maxBackoffMs);
        const message = error instanceof Error ? error.message : String(error);
        await tx.query(
          `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + ($4 || ' milliseconds')::interval WHERE seq = $1`,
          [row.seq, attempts, message.slice(0, 2000), String(delay)],
        );
        this.logger.warn({ eventId: row.id, type: row.type, attempts, retryInMs: delay, err: error }, 'publishing event failed; will retry');
      };
      if (this.bus.publishBatch) {
        // One hand-over for the whole batch, each key's rows in order; refused, it is retried
        // through each key's head.
        const batch = [...byKey.values()].flat().sort((a, b) => a.seq - b.seq);
        try {
          await this.bus.publishBatch(batch.map(envelopeOf));
          publishedSeqs.push(...batch.map((row) => row.seq));
        } catch (error) {
          for (const [head] of byKey.values()) await failed(head!, error);
        }
      } else {
        // Each key's rows go out in order, one after another; different keys go out side by side
        // (a few at a time), so one aggregate's slow publish does not hold up every other's events.
        const publishKey = async (keyRows: OutboxRow[]) => {
          for (const row of keyRows) {
            try {
              await this.bus.publish(envelopeOf(row));
              publishedSeqs.push(row.seq);
            } catch (error) {
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
      }
      const published = publishedSeqs.length;
      return { published, claimed: rows.length };
    });
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = now;
    await this.db.query(`DELETE FROM outbox WHERE published_at < now() - ($1 || ' hours')::interval`, [String(this.retainPublishedHours)]);
  }
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
