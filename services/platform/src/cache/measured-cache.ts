import { cacheLookupCounts } from '../observability/metrics';
import type { Cache } from './cache';

/**
 * `cache` with its reads counted for `service` (`inkwell_cache_lookups_total{service,result}`), so
 * the hit ratio of each service's cache use shows even where services share one cache (`npm start`,
 * one Redis). Counters (rate limits) and writes are not lookups and pass straight through.
 */
export function countCacheLookups(cache: Cache, service: string): Cache {
  const counts = cacheLookupCounts(service);
  const count = <T>(value: T | undefined): T | undefined => {
    if (value === undefined) counts.miss += 1;
    else counts.hit += 1;
    return value;
  };
  const measured: Cache & { ping?(): Promise<void> } = {
    driver: cache.driver,
    get: <T>(key: string) => cache.get<T>(key).then(count),
    getText: (key) => cache.getText(key).then(count),
    set: (key, value, ttlSeconds) => cache.set(key, value, ttlSeconds),
    setText: (key, text, ttlSeconds) => cache.setText(key, text, ttlSeconds),
    delete: (key) => cache.delete(key),
    deleteByPrefix: (prefix) => cache.deleteByPrefix(prefix),
    increment: (key, windowSeconds) => cache.increment(key, windowSeconds),
    close: () => cache.close(),
  };
  const pingable = cache as { ping?(): Promise<void> };
  if (typeof pingable.ping === 'function') measured.ping = () => pingable.ping!();
  return measured;
}
