import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { PageImageCache } from '../../src/store/page-image-cache';

const bytes = (length: number, fill = 1) => Buffer.alloc(length, fill);

describe('PageImageCache', () => {
  it('answers what was kept, and nothing for what was not', () => {
    const cache = new PageImageCache(1000, 60_000);
    cache.set('12/1/500.webp', bytes(100, 7));
    assert.deepEqual(cache.get('12/1/500.webp'), bytes(100, 7));
    assert.equal(cache.get('12/1/500.jpg'), undefined);
    assert.equal(cache.get('12/2/500.webp'), undefined);
  });

  it('lets the least recently read go first when the bytes run over', () => {
    const cache = new PageImageCache(800, 60_000);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const key of keys) cache.set(key, bytes(100));
    assert.equal(cache.size, 800);
    assert.ok(cache.get('a'), 'a is read again: b is now the oldest');
    cache.set('i', bytes(100));
    assert.equal(cache.get('b'), undefined);
    for (const key of [...keys.filter((key) => key !== 'b'), 'i']) assert.ok(cache.get(key), key);
    assert.equal(cache.size, 800);
  });

  it('keeps an image no longer than its time', () => {
    let now = 1_000;
    const cache = new PageImageCache(1000, 5_000, () => now);
    cache.set('a', bytes(100));
    now += 4_999;
    assert.ok(cache.get('a'));
    now += 1;
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.size, 0, 'an expired image no longer counts');
  });

  it('counts an image set again once, and keeps none too large to share the room', () => {
    const cache = new PageImageCache(800, 60_000);
    cache.set('a', bytes(100, 1));
    cache.set('a', bytes(50, 2));
    assert.equal(cache.size, 50);
    assert.deepEqual(cache.get('a'), bytes(50, 2));
    cache.set('a', bytes(101));
    assert.equal(cache.get('a'), undefined, 'over an eighth of the room: not kept, and the old copy is gone');
    assert.equal(cache.size, 0);
  });

  it('forgets the images of one product, and only those', () => {
    const cache = new PageImageCache(1000, 60_000);
    for (const key of ['12/1/500.webp', '12/2/800.jpg', '123/1/500.webp']) cache.set(key, bytes(10));
    cache.deleteUnder('12/');
    assert.equal(cache.get('12/1/500.webp'), undefined);
    assert.equal(cache.get('12/2/800.jpg'), undefined);
    assert.ok(cache.get('123/1/500.webp'));
    assert.equal(cache.size, 10);
  });
});
