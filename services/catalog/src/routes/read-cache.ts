import { randomUUID } from 'node:crypto';
import { READ_CACHE_CONTENT_TYPE, READ_CACHE_PREFIX, urlCacheKey, type Cache } from '@inkwell/platform';
import type { FastifyReply } from 'fastify';
import type { Visitor } from '../domain/visitor';

export const READ_CACHE_TTL_SECONDS = 300;

/**
 * The next instant cached answers may change at without an event (a sales campaign's start or
 * end; flows/sale-boundaries.ts sets it): until then, answers are kept no longer than up to it.
 */
const horizons = new WeakMap<Cache, number>();

export function setReadHorizon(cache: Cache, at: number | undefined): void {
  if (at === undefined) horizons.delete(cache);
  else horizons.set(cache, at);
}

/** Seconds an answer stored now may be kept: the cache's lifetime, or less so it ends by the horizon. */
export function readTtlSeconds(cache: Cache, now: number = Date.now()): number {
  const horizon = horizons.get(cache);
  if (horizon === undefined || horizon <= now) return READ_CACHE_TTL_SECONDS;
  return Math.max(1, Math.min(READ_CACHE_TTL_SECONDS, Math.floor((horizon - now) / 1000)));
}

/**
 * Changes with every invalidation (outside the prefix, so invalidating keeps it): a read that saw
 * it change while it was answering knows its answer may predate the change.
 */
const GENERATION_KEY = 'catalog:read-generation';
const GENERATION_TTL_SECONDS = 86_400;

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
  const before = await cache.getText(GENERATION_KEY);
  const text = JSON.stringify(await read());
  await cache.setText(READ_CACHE_PREFIX + key, text, readTtlSeconds(cache));
  // Invalidated while this answer was being read (an index change, then its invalidation, landing
  // between the read and the store): the answer may be older than the change, so it is not kept.
  if ((await cache.getText(GENERATION_KEY)) !== before) await cache.delete(READ_CACHE_PREFIX + key);
  return reply.type(READ_CACHE_CONTENT_TYPE).send(text);
}

/**
 * Drops every cached storefront answer. The generation changes first: a read answering meanwhile
 * either stores before the drop (and is dropped) or sees the new generation and drops its own.
 */
export async function invalidateReads(cache: Cache): Promise<number> {
  await cache.setText(GENERATION_KEY, randomUUID(), GENERATION_TTL_SECONDS);
  return cache.deleteByPrefix(READ_CACHE_PREFIX);
}
