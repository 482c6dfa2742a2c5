import type { Cache } from '@inkwell/platform';

/** Every cached storefront answer of the catalog starts with this, so one event can drop them all. */
export const READ_CACHE_PREFIX = 'catalog:read:';
export const READ_CACHE_TTL_SECONDS = 300;

/**
 * Caches a storefront answer that depends only on the request and the visitor's class (anonymous
 * visitors: signed-in answers carry per-account data such as ownership and are not cached).
 */
export async function cachedRead<T>(cache: Cache, key: string | undefined, read: () => Promise<T>): Promise<T> {
  if (key === undefined) return read();
  const hit = await cache.get<T>(READ_CACHE_PREFIX + key);
  if (hit !== undefined) return hit;
  const value = await read();
  await cache.set(READ_CACHE_PREFIX + key, value, READ_CACHE_TTL_SECONDS);
  return value;
}

export function invalidateReads(cache: Cache): Promise<number> {
  return cache.deleteByPrefix(READ_CACHE_PREFIX);
}
