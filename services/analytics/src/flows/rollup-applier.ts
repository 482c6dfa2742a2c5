import { PolledWorker, type Database, type Logger, type Queryable, type Transaction } from '@inkwell/platform';
import type { RawEvent } from '../store/raw-events';
import { applyTrafficRollups } from '../store/traffic-rollups';

/** Queued events one transaction of the applier adds to the rollups at most. */
export const ROLLUP_CHUNK = 5_000;

/** Queues newly stored raw events for the rollups (in the transaction that stored them; migration 008). */
export async function queueRollups(tx: Queryable, events: readonly RawEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query('INSERT INTO rollup_queue (day, event_id) SELECT * FROM unnest($1::date[], $2::uuid[])', [events.map((e) => e.day), events.map((e) => e.eventId)]);
}

interface QueuedRow {
  day: string;
  event_id: string;
  channel: RawEvent['channel'];
  event_name: string;
  session_id: string;
  user_proxy: string;
  visitor_hash: string | null;
  path: string | null;
  payload: Record<string, unknown>;
  occurred_at: Date;
  is_bot: boolean;
}

/**
 * Takes up to `chunk` queued events (oldest first; up to `upTo` when given) and adds them to the
 * rollups, in one transaction. `wait`: rows another applier holds are waited for (then found gone),
 * instead of skipped. Answers how many were taken. An event whose raw row is gone (its partition
 * dropped by retention, its person erased) is taken and adds nothing.
 */
async function applyChunk(tx: Transaction, options: { wait: boolean; chunk: number; upTo?: string }): Promise<number> {
  const { rows: taken } = await tx.query<{ day: string; event_id: string }>(
    `DELETE FROM rollup_queue WHERE id IN (
       SELECT id FROM rollup_queue WHERE ($2::bigint IS NULL OR id <= $2::bigint) ORDER BY id LIMIT $1 FOR UPDATE ${options.wait ? '' : 'SKIP LOCKED'})
     RETURNING to_char(day, 'YYYY-MM-DD') AS day, event_id::text`,
    [options.chunk, options.upTo ?? null],
  );
  if (taken.length === 0) return 0;
  const { rows } = await tx.query<QueuedRow>(
    `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, r.event_id::text, r.channel, r.event_name, r.session_id, r.user_proxy, r.visitor_hash, r.path, r.payload, r.occurred_at, r.is_bot
       FROM unnest($1::date[], $2::uuid[]) AS q(day, event_id)
       JOIN raw_events r ON r.day = q.day AND r.event_id = q.event_id`,
    [taken.map((row) => row.day), taken.map((row) => row.event_id)],
  );
  await applyTrafficRollups(
    tx,
    rows.map((row) => ({
      day: row.day,
      eventId: row.event_id,
      channel: row.channel,
      eventName: row.event_name,
      sessionId: row.session_id,
      userProxy: row.user_proxy,
      visitorHash: row.visitor_hash,
      path: row.path,
      payload: row.payload,
      occurredAt: row.occurred_at.toISOString(),
      isBot: row.is_bot,
    })),
  );
  return taken.length;
}

/**
 * Keeps the traffic rollups up with ingestion: a background loop (nudged after every stored batch,
 * and every `intervalMs` for what another replica or a crash left) applies the queue in chunks,
 * and `catchUp()` applies everything queued before it was called, for a reader that must see it.
 */
export class RollupApplier extends PolledWorker {
  constructor(
    private readonly db: Database,
    logger: Logger,
    private readonly options: { intervalMs?: number; chunk?: number } = {},
  ) {
    super({ intervalMs: options.intervalMs ?? 1_000, logger, failureMessage: 'applying queued analytics events to the rollups failed; the next round tries again' });
  }

  /** Applies every event queued before this call (waiting for another applier's chunk in flight); answers how many this call applied. */
  async catchUp(): Promise<number> {
    const { rows } = await this.db.query<{ last: string | null }>('SELECT max(id)::text AS last FROM rollup_queue');
    const last = rows[0]?.last;
    if (!last) return 0;
    let applied = 0;
    for (;;) {
      const taken = await this.db.transaction((tx) => applyChunk(tx, { wait: true, chunk: this.chunk, upTo: last }));
      if (taken === 0) return applied;
      applied += taken;
    }
  }

  /**
   * Stops the loop (after the round in flight). What is still queued stays queued, durably: the
   * next applier, or the next dashboard call, applies it; a shutdown does not wait for a backlog.
   */
  async stop(): Promise<void> {
    await this.poller.stop();
  }

  /** One round: the queue applied in chunks until a chunk comes back short; answers how many it applied. */
  async runOnce(): Promise<number> {
    let applied = 0;
    for (;;) {
      const taken = await this.db.transaction((tx) => applyChunk(tx, { wait: false, chunk: this.chunk }));
      applied += taken;
      if (taken < this.chunk) return applied;
    }
  }

  private get chunk(): number {
    return this.options.chunk ?? ROLLUP_CHUNK;
  }
}
