import type { Logger, Queryable } from '@inkwell/platform';

export interface IngestBatcherOptions {
  /** Flush once this many events wait (default 500). */
  maxBatch?: number;
  /**
   * How long a batch waits for more events when a flush could start (default 0: it starts once the
   * events added in the same turn of the event loop are in, as one request's events are).
   */
  maxDelayMs?: number;
  /** Flushes in flight at once (default 2): a batch need not wait for the whole of the one before. */
  maxConcurrent?: number;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: each request appends its events and waits for the flush that stores them, so a 200
 * means stored while thousands of events a second share commits. At most `maxConcurrent` flushes
 * at a time: events arriving while a flush can start are flushed at once (after `maxDelayMs`, 0 by
 * default), so a lone request never waits for a timer; events arriving while they all run make the
 * next batch, flushed as soon as one ends (at most `maxBatch` a flush). The load makes the batches:
 * the longer a flush takes, the more the next one carries. The store is given its items in the
 * order of `order` when one is given, so concurrent flushes lock rows in one order. A failed flush
 * fails every request of its batch (their clients retry; event ids make the retry idempotent). The
 * store is atomic itself (one statement, or a transaction of its own).
 */
export class IngestBatcher<T> {
  private waiting: Waiting<T>[] = [];
  private timer: { cancel(): void } | undefined;
  private readonly flushing = new Set<Promise<void>>();
  private closed = false;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  private readonly maxConcurrent: number;

  constructor(
    private readonly db: Queryable,
    private readonly store: (db: Queryable, items: T[]) => Promise<void>,
    private readonly logger: Logger,
    options: IngestBatcherOptions & { order?: (a: T, b: T) => number } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 0;
    this.maxConcurrent = Math.max(1, options.maxConcurrent ?? 2);
    this.order = options.order;
  }

  private readonly order: ((a: T, b: T) => number) | undefined;

  /** Resolves once the item is committed. */
  add(item: T): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The analytics batcher is closed.'));
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Flushes what waits, then refuses new items. */
  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
  }

  /** Resolves once everything added so far is flushed. */
  async drain(): Promise<void> {
    while (this.flushing.size > 0 || this.waiting.length > 0) {
      if (this.flushing.size === 0) this.start();
      await Promise.all([...this.flushing].map((flush) => flush.catch(() => undefined)));
    }
  }

  private schedule(): void {
    if (this.flushing.size >= this.maxConcurrent) return; // a flush in flight starts the next one when it ends
    if (this.waiting.length >= this.maxBatch) return this.start();
    this.timer ??= this.later(() => this.start());
  }

  /** Runs `start` after `maxDelayMs`, or once this turn's events are in when it is 0. */
  private later(start: () => void): { cancel(): void } {
    if (this.maxDelayMs > 0) {
      const timeout = setTimeout(start, this.maxDelayMs);
      return { cancel: () => clearTimeout(timeout) };
    }
    const immediate = setImmediate(start);
    return { cancel: () => clearImmediate(immediate) };
  }

  private start(): void {
    this.timer?.cancel();
    this.timer = undefined;
    if (this.flushing.size >= this.maxConcurrent || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxBatch);
    const flush: Promise<void> = this.flush(batch).finally(() => {
      this.flushing.delete(flush);
      if (this.waiting.length > 0) this.start();
    });
    this.flushing.add(flush);
  }

  private async flush(batch: Waiting<T>[]): Promise<void> {
    const items = batch.map((waiting) => waiting.item);
    if (this.order) items.sort(this.order);
    try {
      await this.store(this.db, items);
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      this.logger.warn({ err: error, events: batch.length }, 'storing a batch of analytics events failed');
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
