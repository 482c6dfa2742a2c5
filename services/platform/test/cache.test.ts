import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { skipBecause } from '../src/testing/skip';
import { MemoryCache, RedisCache, type Cache } from '@inkwell/platform';

/** The same contract for every cache driver. */
function cacheContract(name: string, make: () => Cache, skip: string | false = false) {
  describe(`${name} cache`, { skip: skipBecause(skip) }, () => {
    const cache = skip ? undefined : make();
    afterAll(() => cache?.close());

    it('stores JSON values and returns copies', async () => {
      const value = { title: 'Moonlit Harbor', volumes: [1, 2] };
      await cache!.set('product:1', value, 60);
      const read = await cache!.get<typeof value>('product:1');
      assert.deepEqual(read, value);
      read!.volumes.push(3);
      assert.deepEqual(await cache!.get('product:1'), value, 'mutating what was read does not change the cache');
      assert.equal(await cache!.get('product:missing'), undefined);
    });

    it('expires entries after their TTL', async () => {
      await cache!.set('short', 'x', 1);
      assert.equal(await cache!.get('short'), 'x');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal(await cache!.get('short'), undefined);
    });

    it('deletes one key and a family of keys by prefix', async () => {
      await cache!.set('home:web', 1, 60);
      await cache!.set('home:app', 2, 60);
      await cache!.set('homework', 3, 60);
      await cache!.delete('homework');
      assert.equal(await cache!.get('homework'), undefined);
      assert.equal(await cache!.deleteByPrefix('home:'), 2);
      assert.equal(await cache!.get('home:web'), undefined);
    });

    it('counts hits in a window and starts again when it ends', async () => {
      const key = `rate:${randomBytes(3).toString('hex')}`;
      assert.equal((await cache!.increment(key, 1)).count, 1);
      const second = await cache!.increment(key, 1);
      assert.equal(second.count, 2);
      assert.ok(second.ttlMs > 0 && second.ttlMs <= 1000);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal((await cache!.increment(key, 1)).count, 1);
    });
  });
}

cacheContract('memory', () => new MemoryCache());
cacheContract(
  'Redis',
  () => new RedisCache(process.env.TEST_REDIS_URL!, `inkwell-test:${randomBytes(4).toString('hex')}:`),
  process.env.TEST_REDIS_URL ? false : 'TEST_REDIS_URL not set: the Redis driver was not tested in this run',
);

describe('memory cache bound', () => {
  it('evicts the least recently used entry beyond its size', async () => {
    const cache = new MemoryCache(2);
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.get('a');
    await cache.set('c', 3, 60);
    assert.equal(await cache.get('b'), undefined);
    assert.equal(await cache.get('a'), 1);
    assert.equal(await cache.get('c'), 3);
  });

  it('evicts the least recently used entries beyond the characters it may hold', async () => {
    const cache = new MemoryCache(100, Date.now, 30);
    await cache.setText('a', 'x'.repeat(10), 60);
    await cache.setText('b', 'y'.repeat(10), 60);
    await cache.getText('a');
    await cache.setText('c', 'z'.repeat(10), 60);
    assert.equal(await cache.getText('b'), undefined, 'a, b and c together hold 33 characters of the 30 allowed');
    assert.equal(await cache.getText('a'), 'x'.repeat(10));
    assert.equal(await cache.getText('c'), 'z'.repeat(10));
  });

  it('keeps serving a full cache: a hit is found and made recent, an entry past its TTL is gone', async () => {
    let clock = 1_000_000;
    const cache = new MemoryCache(1_000, () => clock);
    for (let index = 0; index < 1_000; index += 1) await cache.setText(`search:${index}`, `answer ${index}`, 60);
    await cache.setText('product:1', 'hot', 60);
    assert.equal(await cache.getText('search:0'), undefined, 'the oldest entry made room');
    for (let hit = 0; hit < 5_000; hit += 1) assert.equal(await cache.getText('product:1'), 'hot');
    await cache.setText('search:new', 'fresh', 60);
    assert.equal(await cache.getText('product:1'), 'hot', 'the entry read last is not the one evicted');
    clock += 61_000;
    assert.equal(await cache.getText('product:1'), undefined);
  });
});
