import type { Cache } from '@inkwell/platform';
import type { FastifyReply } from 'fastify';
import { anonymousVisitor, visitorCacheKey, type Visitor } from './visitor';

/** Every cached storefront answer of the catalog starts with this, so one event can drop them all. */
export const READ_CACHE_PREFIX = 'catalog:read:';
export const READ_CACHE_TTL_SECONDS = 300;
export const READ_CACHE_CONTENT_TYPE = 'application/json; charset=utf-8';

const urlKey = (visitor: Visitor, url: string) => `${visitorCacheKey(visitor)}:${url}`;

/**
 * The key of a read answered by its URL alone, given the visitor's class. Signed-in answers carry
 * per-account data (ownership) and get none: they are not cached.
 */
export function urlReadKey(request: { url: string; principal?: unknown }, visitor: Visitor): string | undefined {
  return request.principal ? undefined : urlKey(visitor, request.url);
}

/**
 * Where the catalog keeps its answer to an anonymous `GET url` with this geo header, if it has one.
 * The gateway looks there to answer such reads from the shared cache without a hop to the catalog;
 * an answer is only there once the catalog has served that URL to that class of visitor (so it
 * passed validation), and catalog events drop it when the catalogue changes.
 */
export function anonymousReadCacheKey(url: string, geoHeader: string | string[] | undefined): string {
  return READ_CACHE_PREFIX + urlKey(anonymousVisitor(geoHeader), url);
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
