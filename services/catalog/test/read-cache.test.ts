import assert from 'node:assert/strict';
import type { FastifyReply } from 'fastify';
import { describe, it } from 'vitest';
import { READ_CACHE_PREFIX } from '@inkwell/platform';
import { testCache } from '@inkwell/platform/testing';
import { cachedRead, invalidateReads } from '../src/routes/read-cache';

/** What cachedRead uses of a reply: its content type and the text sent. */
function replyRecorder() {
  const reply = { sent: undefined as unknown, type: () => reply, send: (body: unknown) => ((reply.sent = body), reply) };
  return reply;
}

describe('the read cache and invalidations that land while a read is answered', () => {
  it('keeps an answer read with nothing invalidated meanwhile', async () => {
    const cache = testCache();
    try {
      await cachedRead(cache, 'k-steady', replyRecorder() as unknown as FastifyReply, async () => ({ hits: ['old'] }));
      assert.equal(await cache.getText(READ_CACHE_PREFIX + 'k-steady'), '{"hits":["old"]}');
    } finally {
      await cache.close();
    }
  });

  it('does not keep an answer read before an index change whose invalidation came before it was stored', async () => {
    const cache = testCache();
    try {
      const reply = replyRecorder();
      // The search runs on the old index; the index changes and the cache is invalidated; then the answer is stored.
      await cachedRead(cache, 'k-raced', reply as unknown as FastifyReply, async () => {
        await invalidateReads(cache);
        return { hits: ['old'] };
      });
      assert.equal(reply.sent, '{"hits":["old"]}', 'this visitor still gets the answer');
      assert.equal(await cache.getText(READ_CACHE_PREFIX + 'k-raced'), undefined, 'the next one reads again');
      await cachedRead(cache, 'k-raced', replyRecorder() as unknown as FastifyReply, async () => ({ hits: ['new'] }));
      assert.equal(await cache.getText(READ_CACHE_PREFIX + 'k-raced'), '{"hits":["new"]}');
    } finally {
      await cache.close();
    }
  });
});
