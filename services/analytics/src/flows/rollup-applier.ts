import { PolledWorker, type Database, type Logger } from '@inkwell/platform';
import { applyQueuedEvents } from '../store/traffic-rollups';

/** Queued events one transaction of the applier adds to the rollups at most. */
export const ROLLUP_CHUNK = 5_000;

/**
 * Keeps the traffic rollups up with ingestion: a background loop applies the queue in chunks every
 * `intervalMs` (500 ms), whoever queued it (this replica, another, one that crashed), so a round
 * takes what half a second brought in a few large chunks rather than every request's few events
 * one by one; ingestion never waits for it. `catchUp()` applies everything queued before it was
 * called, for a reader that must see it (the dashboard's traffic calls).
 */
export class RollupApplier extends PolledWorker {
  constructor(
    private readonly db: Database,
    logger: Logger,
    private readonly options: { intervalMs?: number; chunk?: number } = {},
  ) {
    super({ intervalMs: options.intervalMs ?? 500, logger, failureMessage: 'applying queued analytics events to the rollups failed; the next round tries again' });
  }

  /** Applies every event queued before this call (waiting for another applier's chunk in flight); answers how many this call applied. */
  async catchUp(): Promise<number> {
    const { rows } = await this.db.query<{ last: string | null }>('SELECT max(id)::text AS last FROM rollup_queue');
    const last = rows[0]?.last;
    if (!last) return 0;
    let applied = 0;
    for (;;) {
      const taken = await this.db.transaction((tx) => applyQueuedEvents(tx, { wait: true, chunk: this.chunk, upTo: last }));
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
      const taken = await this.db.transaction((tx) => applyQueuedEvents(tx, { wait: false, chunk: this.chunk }));
      applied += taken;
      if (taken < this.chunk) return applied;
    }
  }

  private get chunk(): number {
    return this.options.chunk ?? ROLLUP_CHUNK;
  }
}
