import { Redis } from 'ioredis';
import { TextCache } from './cache';

// INCR and start the window on the first hit, atomically; returns [count, ms left].
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** The cache on a Redis server, chosen when `REDIS_URL` is set; shared by every replica. */
export class RedisCache extends TextCache {
  override readonly driver = 'redis';
  private readonly client: Redis;

  /** `namespace` prefixes every key, so several deployments (or test runs) can share one server. */
  constructor(url: string, private readonly namespace = 'inkwell:') {
    super();
    this.client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    // Connection errors while the server is away are not thrown anywhere: ioredis reconnects on its
    // own, and each command made meanwhile fails by itself, which its caller handles. Listening
    // keeps ioredis from printing every failed reconnect as an unhandled error.
    this.client.on('error', () => undefined);
  }

  async getText(key: string): Promise<string | undefined> {
    const value = await this.client.get(this.namespace + key);
    return value ?? undefined;
  }

  async setText(key: string, text: string, ttlSeconds: number): Promise<void> {
    await this.client.set(this.namespace + key, text, 'EX', Math.max(1, Math.round(ttlSeconds)));
  }

  async delete(key: string): Promise<void> {
    await this.client.del(this.namespace + key);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    let removed = 0;
    let cursor = '0';
    const pattern = `${escapeGlob(this.namespace + prefix)}*`;
    do {
      const [next, keys] = await this.client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) removed += await this.client.unlink(...keys);
    } while (cursor !== '0');
    return removed;
  }

  async increment(key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }> {
    const [count, ttlMs] = (await this.client.eval(INCREMENT_SCRIPT, 1, this.namespace + key, String(windowSeconds * 1000))) as [number, number];
    return { count, ttlMs };
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

function escapeGlob(value: string): string {
  return value.replace(/[*?[\]\\]/g, (match) => `\\${match}`);
}
