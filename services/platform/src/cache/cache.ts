/**
 * The cache port, for storefront reads and rate limits. Drivers: `MemoryCache` (default) and
 * `RedisCache` (chosen when `REDIS_URL` is set). Values are JSON-serialisable.
 */
export interface Cache {
  readonly driver: string;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** Text stored as is: lets a hot path keep an answer already serialised. */
  getText(key: string): Promise<string | undefined>;
  setText(key: string, text: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Removes every key starting with `prefix` (cache invalidation by family). */
  deleteByPrefix(prefix: string): Promise<number>;
  /**
   * Adds 1 to a counter that expires `windowSeconds` after its first increment; returns the new
   * count and milliseconds left in the window. Used for rate limits.
   */
  increment(key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }>;
  close(): Promise<void>;
}

/** JSON on top of a driver's text storage, so every driver stores values the same way. */
export abstract class TextCache implements Cache {
  abstract readonly driver: string;
  abstract getText(key: string): Promise<string | undefined>;
  abstract setText(key: string, text: string, ttlSeconds: number): Promise<void>;
  abstract delete(key: string): Promise<void>;
  abstract deleteByPrefix(prefix: string): Promise<number>;
  abstract increment(key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }>;
  abstract close(): Promise<void>;

  async get<T>(key: string): Promise<T | undefined> {
    const text = await this.getText(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.setText(key, JSON.stringify(value), ttlSeconds);
  }
}
