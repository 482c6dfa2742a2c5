import { READ_CACHE_CONTENT_TYPE, READ_CACHE_PREFIX, urlCacheKey, type Cache } from '@inkwell/platform';
import type { FastifyReply } from 'fastify';
import type { Visitor } from './visitor';

export const READ_CACHE_TTL_SECONDS = 300;

/**
 * The key of a read answered by its URL alone, given the visitor's class. Signed-in answers carry
 * per-account data (ownership) and get none: they are not cached.
 */
export function urlReadKey(request: { url: string; principal?: unknown }, visitor: Visitor): string | undefined {
  return request.principal ? undefined : urlCacheKey(visitor, request.url);
}

/**
 * Answers a storefront read from the cache when it can. Answers are kept serialised, so a hit is
 * sent as stored text without being parsed and serialised again. Only answers that depend on the
 * request and the visitor's class alone are cached (`key` undefined for signed-in visitors, whose
 * answers carry per-account data such as ownership). Errors are never cached.
 */
export async function cachedRead<T>(cache: Cache, key: string | undefined, reply: FastifyReply, read: () => Promise<T>): Promise<T | FastifyReply> {
  if (key === undefined) return read();
  const hit = await cache.getText(READ_CACHE_PREFIX + key);
  if (hit !== undefined) return reply.type(READ_CACHE_CONTENT_TYPE).send(hit);
  const text = JSON.stringify(await read());
  await cache.setText(READ_CACHE_PREFIX + key, text, READ_CACHE_TTL_SECONDS);
  return reply.type(READ_CACHE_CONTENT_TYPE).send(text);
}

export function invalidateReads(cache: Cache): Promise<number> {
  return cache.deleteByPrefix(READ_CACHE_PREFIX);
}
