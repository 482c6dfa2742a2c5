import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { pageImageSet } from './page-sources';

describe('pageImageSet', () => {
  test('width descriptors for both formats', () => {
    const set = pageImageSet({
      url: 'p-1600.jpg',
      sources: [
        { width: 1600, webp: 'p-1600.webp', jpeg: 'p-1600.jpg' },
        { width: 800, webp: 'p-800.webp', jpeg: 'p-800.jpg' },
      ],
    });
    assert.deepEqual(set, { webp: 'p-800.webp 800w, p-1600.webp 1600w', jpeg: 'p-800.jpg 800w, p-1600.jpg 1600w', src: 'p-1600.jpg' });
  });
  test('only the largest JPEG when there are no renditions', () => assert.deepEqual(pageImageSet({ url: 'p.jpg', sources: [] }), { webp: undefined, jpeg: undefined, src: 'p.jpg' }));
});
