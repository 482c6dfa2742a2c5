import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { Logger } from '../logger';
import { DEFAULT_MAX_DELIVERY_ATTEMPTS, errorText, handedOver, type EventBus, type Subscription } from './bus';
import type { EventEnvelope } from './envelope';
import { consumeTraced, type TraceCarrier } from './tracing';
import { backoffMs } from '../queue/backoff';

const BUS_MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bus-migrations');
/** Rows of one key taken in one claim; a longer run of the key is claimed again once they are done. */
const ROWS_PER_KEY = 100;

export interface InProcessEventBusOptions {
  /** How often due deliveries are looked for when nothing nudges a group, e.g. once a backoff ends (default 1 s). */
  pollIntervalMs?: number;
  /** Keys of one group handled side by side, each key's events one after another (default 4). */
  keyConcurrency?: number;
  /** Deliveries of one event to one group before it is kept aside as a dead letter (default 5, as on Kafka). */
  maxDeliveryAttempts?: number;
  /** First retry delay of a failed delivery; doubles per attempt up to `maxBackoffMs` (defaults 500 ms and 60 s). */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed delivery stays leased to this process; one left by a failure comes back after it (default 60 s). */
  leaseMs?: number;
  /** `idle()` waits for retries due within this time, not for later ones (default 2 s). */
  idleHorizonMs?: number;
}

interface Delivery {
  seq: number;
  event_key: string;
  envelope: EventEnvelope;
  attempts: number;
  trace_context: TraceCarrier | null;
}

interface GroupWorker {
  subscription: Subscription;
  /** Keys being handled now: nothing more of theirs is claimed until their run ends. */
  busyKeys: Set<string>;
  claiming: boolean;
  again: boolean;
}

/**
 * The default event bus when `KAFKA_BROKERS` is not set (every service in one process): a queue per
 * consumer group in a Postgres database of the bus's own, so a producer never waits for its
 * consumers and nothing accepted is lost when the process dies. `publish` writes one row per
 * subscribed group that wants the event's type and returns; each group's worker then takes its rows
 * in per-key order (the earliest live row of a key is its head, as in the outbox relay), a few keys
 * side by side, under a lease rather than an open transaction. A failed delivery is retried with
 * backoff while the rest of its key waits; after `maxDeliveryAttempts` it is kept as a dead letter
 * with its error, the key moves on, and `redrive` (`npm run events:redrive -- <group>`) brings it
 * back. One process owns the bus: leases still set at `start` were left by a process that died.
 */
export class InProcessEventBus implements EventBus {
  readonly driver = 'in-process';
  private readonly workers = new Map<string, GroupWorker>();
  /** Claims and key runs under way, which `stop` waits for. */
  private readonly tasks = new Set<Promise<void>>();
  /** Handled rows not yet deleted: deleted in one statement for every run that ends meanwhile. */
  private readonly handled: number[] = [];
  private deleting: Promise<void> = Promise.resolve();
  private readonly progressWaiters = new Set<() => void>();
  private prepared: Promise<void> | undefined;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly pollIntervalMs: number;
  private readonly keyConcurrency: number;
  private readonly maxDeliveryAttempts: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly idleHorizonMs: number;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    options: InProcessEventBusOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.keyConcurrency = options.keyConcurrency ?? 4;
    this.maxDeliveryAttempts = options.maxDeliveryAttempts ?? DEFAULT_MAX_DELIVERY_ATTEMPTS;
    this.baseBackoffMs = options.baseBackoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 60_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.idleHorizonMs = options.idleHorizonMs ?? 2_000;
  }

  async subscribe(subscription: Subscription): Promise<void> {
    if (this.workers.has(subscription.group)) {
      throw new Error(`Consumer group ${subscription.group} is already subscribed`);
    }
    const worker: GroupWorker = { subscription, busyKeys: new Set(), claiming: false, again: false };
    this.workers.set(subscription.group, worker);
    // Rows a previous run accepted for the group are its to handle.
    if (this.running) this.nudge(worker);
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.prepare();
    await this.db.query('UPDATE bus_deliveries SET leased_until = NULL WHERE leased_until IS NOT NULL');
    this.running = true;
    this.timer = setInterval(() => void this.poll(), this.pollIntervalMs);
    for (const worker of this.workers.values()) this.nudge(worker);
  }

  async publish(event: EventEnvelope, trace?: TraceCarrier): Promise<void> {
    await this.publishBatch([event], [trace]);
  }

  async publishBatch(events: readonly EventEnvelope[], traces: readonly (TraceCarrier | undefined)[] = []): Promise<void> {
    // Until every service has registered its consumers (the launcher starts the bus after that),
    // events stay in the outbox: a group subscribing later would not get what was accepted before.
    if (!this.running) throw new Error('event bus not started yet');
    const deliveries = events.flatMap((event, n) =>
      [...this.workers.values()]
        .filter((worker) => worker.subscription.types.includes(event.type))
        .map((worker) => ({ group: worker.subscription.group, event, trace: traces[n] })),
    );
    if (deliveries.length === 0) return;
    await this.db.query(
      `INSERT INTO bus_deliveries (consumer_group, event_key, event_id, event_type, envelope, trace_context)
       SELECT d->>'group', d->'event'->>'key', d->'event'->>'id', d->'event'->>'type', d->'event', d->'trace'
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS given(d, n)
        ORDER BY n`,
      [JSON.stringify(deliveries)],
    );
    for (const group of new Set(deliveries.map((delivery) => delivery.group))) this.nudge(this.workers.get(group)!);
  }

  /**
   * Resolves once no subscribed group has a delivery leased or due within `idleHorizonMs`: dead
   * letters and retries further off do not count, and on a bus not started nothing is waited for.
   */
  async idle(): Promise<void> {
    while (this.running && this.workers.size > 0) {
      const { rows } = await this.db.query<{ busy: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM bus_deliveries
            WHERE consumer_group = ANY($1::text[]) AND dead_at IS NULL
              AND (leased_until IS NOT NULL OR next_attempt_at <= now() + ($2 || ' milliseconds')::interval)
         ) AS busy`,
        [[...this.workers.keys()], String(this.idleHorizonMs)],
      );
      if (!rows[0]!.busy) return;
      await this.progress();
    }
  }

  /** Live (not dead) deliveries per group: what each has yet to handle. */
  async lag(groups: readonly string[]): Promise<Map<string, number | null>> {
    const lag = new Map<string, number | null>(groups.map((group) => [group, 0]));
    const { rows } = await this.db.query<{ consumer_group: string; pending: number }>(
      `SELECT consumer_group, count(*)::int AS pending FROM bus_deliveries
        WHERE consumer_group = ANY($1::text[]) AND dead_at IS NULL GROUP BY consumer_group`,
      [groups],
    );
    for (const { consumer_group: group, pending } of rows) lag.set(group, pending);
    return lag;
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /**
   * Puts `group`'s dead letters back in its queue, in their places in their keys' order, and returns
   * how many. Works on a bus not started too (the re-drive command beside a running app).
   */
  async redrive(group: string): Promise<number> {
    await this.prepare();
    const { rowCount } = await this.db.query(
      `UPDATE bus_deliveries SET dead_at = NULL, attempts = 0, last_error = NULL, next_attempt_at = now()
        WHERE consumer_group = $1 AND dead_at IS NOT NULL`,
      [group],
    );
    const worker = this.workers.get(group);
    if (worker && this.running) this.nudge(worker);
    this.logger.info({ group, moved: rowCount ?? 0 }, 'Re-drove dead-lettered events');
    return rowCount ?? 0;
  }

  /** Stops claiming, waits for the handlers running now, and leaves every undelivered row for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
    this.notifyProgress();
  }

  private prepare(): Promise<void> {
    this.prepared ??= migrate(this.db, 'bus', BUS_MIGRATIONS, this.logger).then(
      () => undefined,
      (error: unknown) => {
        this.prepared = undefined;
        throw error;
      },
    );
    return this.prepared;
  }

  /** Wakes the groups with deliveries due that nothing nudged, such as retries whose backoff has ended. */
  private async poll(): Promise<void> {
    try {
      const { rows } = await this.db.query<{ consumer_group: string }>(
        'SELECT DISTINCT consumer_group FROM bus_deliveries WHERE dead_at IS NULL AND leased_until IS NULL AND next_attempt_at <= now()',
      );
      for (const { consumer_group: group } of rows) {
        const worker = this.workers.get(group);
        if (worker) this.nudge(worker);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'looking for due deliveries failed; will retry');
    }
  }

  private nudge(worker: GroupWorker): void {
    if (worker.claiming) {
      worker.again = true;
      return;
    }
    this.track(this.claim(worker));
  }

  private track(task: Promise<void>): void {
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
  }

  /** Claims the heads of due keys the group is not handling yet, up to its free slots, and runs each key. */
  private async claim(worker: GroupWorker): Promise<void> {
    worker.claiming = true;
    try {
      do {
        worker.again = false;
        const free = this.keyConcurrency - worker.busyKeys.size;
        if (!this.running || free <= 0) break;
        for (const [key, rows] of await this.claimKeys(worker, free)) {
          worker.busyKeys.add(key);
          this.track(this.runKey(worker, key, rows));
        }
      } while (worker.again);
    } catch (error) {
      this.logger.warn({ group: worker.subscription.group, err: error }, 'claiming deliveries failed; will retry');
    } finally {
      worker.claiming = false;
    }
  }

  private async claimKeys(worker: GroupWorker, keys: number): Promise<Map<string, Delivery[]>> {
    // A key is taken through its head, whatever that row's backoff: while the head waits out its
    // backoff, nothing later of its key is a head. The rows behind a taken head are leased with it.
    const { rows } = await this.db.query<Delivery>(
      `WITH heads AS (
         SELECT h.seq, h.event_key
           FROM bus_deliveries h
          WHERE h.consumer_group = $1 AND h.dead_at IS NULL
            AND h.next_attempt_at <= now() AND (h.leased_until IS NULL OR h.leased_until < now())
            AND h.event_key <> ALL ($2::text[])
            AND NOT EXISTS (
              SELECT 1 FROM bus_deliveries e
               WHERE e.consumer_group = h.consumer_group AND e.event_key = h.event_key AND e.dead_at IS NULL AND e.seq < h.seq)
          ORDER BY h.seq
          LIMIT $3
          FOR UPDATE SKIP LOCKED
       ), taken AS (
         SELECT r.seq
           FROM heads,
                LATERAL (SELECT seq FROM bus_deliveries r
                          WHERE r.consumer_group = $1 AND r.event_key = heads.event_key AND r.dead_at IS NULL
                          ORDER BY seq LIMIT $4) r
       )
       UPDATE bus_deliveries d SET leased_until = now() + ($5 || ' milliseconds')::interval
         FROM taken WHERE d.seq = taken.seq
       RETURNING d.seq, d.event_key, d.envelope, d.attempts, d.trace_context`,
      [worker.subscription.group, [...worker.busyKeys], keys, ROWS_PER_KEY, String(this.leaseMs)],
    );
    const byKey = new Map<string, Delivery[]>();
    for (const row of rows.sort((a, b) => a.seq - b.seq)) {
      const keyRows = byKey.get(row.event_key);
      if (keyRows) keyRows.push(row);
      else byKey.set(row.event_key, [row]);
    }
    return byKey;
  }

  /** Hands a key's rows to the group one after another, until one must wait for a retry or the bus stops. */
  private async runKey(worker: GroupWorker, key: string, rows: Delivery[]): Promise<void> {
    let next = 0;
    try {
      while (next < rows.length && this.running) {
        const outcome = await this.deliver(worker.subscription, rows[next]!);
        next += 1;
        if (outcome === 'retry') break;
      }
    } catch (error) {
      this.logger.warn({ group: worker.subscription.group, key, err: error }, 'recording a failed delivery failed; it will be delivered again');
    }
    try {
      // The key is released only once its handled rows are gone, or a claim would take them again.
      await this.flushHandled();
      const left = rows.slice(next).map((row) => row.seq);
      if (left.length > 0) await this.db.query('UPDATE bus_deliveries SET leased_until = NULL WHERE seq = ANY($1::bigint[])', [left]);
    } catch (error) {
      this.logger.warn({ group: worker.subscription.group, key, err: error }, 'settling deliveries failed; they come back when their lease ends');
    }
    worker.busyKeys.delete(key);
    this.notifyProgress();
    if (this.running) this.nudge(worker);
  }

  private async deliver(subscription: Subscription, row: Delivery): Promise<'handled' | 'dead' | 'retry'> {
    const { group, handler } = subscription;
    const { envelope } = row;
    try {
      await consumeTraced(group, envelope, row.trace_context, () => handler(envelope));
      this.handled.push(row.seq);
      return 'handled';
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = errorText(error);
      const fields = { group, eventId: envelope.id, type: envelope.type, key: envelope.key, attempts, err: error };
      if (attempts >= this.maxDeliveryAttempts) {
        if (await handedOver(subscription, { event: envelope, error: message, attempts }, this.logger)) {
          this.handled.push(row.seq);
          this.logger.error(fields, 'Event handler failed too often; the event is kept as a dead letter of its group');
          return 'dead';
        }
        await this.db.query('UPDATE bus_deliveries SET attempts = $2, last_error = $3, dead_at = now(), leased_until = NULL WHERE seq = $1', [row.seq, attempts, message]);
        this.logger.error(fields, `Event handler failed too often; the event is kept as a dead letter (npm run events:redrive -- ${group})`);
        return 'dead';
      }
      const delay = backoffMs(attempts, this.baseBackoffMs, this.maxBackoffMs);
      await this.db.query(
        `UPDATE bus_deliveries SET attempts = $2, last_error = $3, next_attempt_at = now() + ($4 || ' milliseconds')::interval, leased_until = NULL WHERE seq = $1`,
        [row.seq, attempts, message, String(delay)],
      );
      this.logger.warn({ ...fields, retryInMs: delay }, 'Event handler failed; the event will be delivered again');
      return 'retry';
    }
  }

  /** Deletes the handled rows in one statement; a call waits for a delete that started after it. */
  private flushHandled(): Promise<void> {
    const flush = async () => {
      const seqs = this.handled.splice(0);
      if (seqs.length === 0) return;
      try {
        await this.db.query('DELETE FROM bus_deliveries WHERE seq = ANY($1::bigint[])', [seqs]);
      } catch (error) {
        this.handled.push(...seqs);
        throw error;
      }
    };
    const flushed = this.deleting.then(flush);
    this.deleting = flushed.catch(() => undefined);
    return flushed;
  }

  /** Resolves when a key run ends or a poll interval passes, whichever comes first. */
  private progress(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.progressWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.progressWaiters.add(done);
    });
  }

  private notifyProgress(): void {
    for (const done of [...this.progressWaiters]) done();
  }
}
