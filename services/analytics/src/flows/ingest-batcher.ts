import type { Database, Logger, Transaction } from '@inkwell/platform';

export interface IngestBatcherOptions {
  /** Flush once this many events wait (default 500). */
  maxBatch?: number;
  /** Flush at the latest this long after the first waiting event (default 5 ms). */
  maxDelayMs?: number;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: each request appends its event and waits for the flush that stores it, so a 200
 * means stored while thousands of events a second share transactions. One flush at a time: events
 * arriving during a flush make the next batch, flushed right after it (or after `maxDelayMs`, or
 * at once when `maxBatch` wait). A failed flush fails every request of its batch (their clients
 * retry; event ids make the retry idempotent).
 */
export class IngestBatcher<T> {
  private waiting: Waiting<T>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly db: Database,
    private readonly store: (tx: Transaction, items: T[]) => Promise<void>,
    private readonly logger: Logger,
    options: IngestBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 5;
  }

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
    while (this.flushing || this.waiting.length > 0) {
      if (!this.flushing) this.start();
      await this.flushing?.catch(() => undefined);
    }
  }

  private schedule(): void {
    if (this.flushing) return; // the flush in flight starts the next one when it ends
    if (this.waiting.length >= this.maxBatch) return this.start();
    this.timer ??= setTimeout(() => this.start(), this.maxDelayMs);
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.flushing || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxBatch);
    this.flushing = this.flush(batch).finally(() => {
      this.flushing = undefined;
      if (this.waiting.length > 0) this.start();
    });
  }

  private async flush(batch: Waiting<T>[]): Promise<void> {
    try {
      await this.db.transaction((tx) => this.store(tx, batch.map((waiting) => waiting.item)));
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      this.logger.warn({ err: error, events: batch.length }, 'storing a batch of analytics events failed');
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
