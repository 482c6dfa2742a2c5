import { TextCache } from './cache';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * The default cache: a bounded map in this process, least recently used entries evicted first.
 * Values are stored serialised so callers can never mutate a cached object by accident.
 */
export class MemoryCache extends TextCache {
  override readonly driver = 'memory';
  private readonly entries = new Map<string, Entry>();
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly maxEntries = 10_000, private readonly now: () => number = Date.now) {
    super();
  }

  async getText(key: string): Promise<string | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert to mark as most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  async setText(key: string, text: string, ttlSeconds: number): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { value: text, expiresAt: this.now() + ttlSeconds * 1000 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    let removed = 0;
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix)) {
        this.entries.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  async increment(key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }> {
    const now = this.now();
    let counter = this.counters.get(key);
    if (!counter || counter.expiresAt <= now) {
      counter = { count: 0, expiresAt: now + windowSeconds * 1000 };
      this.counters.set(key, counter);
      if (this.counters.size > this.maxEntries) this.sweepCounters(now);
    }
    counter.count += 1;
    return { count: counter.count, ttlMs: counter.expiresAt - now };
  }

  private sweepCounters(now: number): void {
    for (const [key, counter] of this.counters) if (counter.expiresAt <= now) this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.counters.clear();
  }
}
