import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { nextChapterPagesToLoad, pagesToLoad, withPages, withPagesToLoad } from './preload';

describe('pagesToLoad: 4 before to 6 after (§9)', () => {
  test('in the middle', () => assert.deepEqual(pagesToLoad(10, 40), [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]));
  test('at the start', () => assert.deepEqual(pagesToLoad(0, 40), [0, 1, 2, 3, 4, 5, 6]));
  test('at the end', () => assert.deepEqual(pagesToLoad(39, 40), [35, 36, 37, 38, 39]));
  test('a short comic', () => assert.deepEqual(pagesToLoad(1, 3), [0, 1, 2]));
});

describe('nextChapterPagesToLoad', () => {
  test('none while the look-ahead stays in this chapter', () => assert.equal(nextChapterPagesToLoad(33, 40), 0));
  test('the overflow of the look-ahead', () => {
    assert.equal(nextChapterPagesToLoad(34, 40), 1);
    assert.equal(nextChapterPagesToLoad(37, 40), 4);
  });
  test('six on the last page', () => assert.equal(nextChapterPagesToLoad(39, 40), 6));
});

describe('withPagesToLoad', () => {
  test('adds what the current page needs and keeps what was loaded', () => {
    const loaded = withPagesToLoad(new Set([0, 1, 2]), 20, 40);
    assert.deepEqual([...loaded].sort((a, b) => a - b), [0, 1, 2, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]);
  });
  test('the same set when nothing is new', () => {
    const loaded = new Set([0, 1, 2, 3, 4, 5, 6]);
    assert.equal(withPagesToLoad(loaded, 0, 40), loaded);
  });
});

describe('withPages', () => {
  test('adds the pages asked for', () => assert.deepEqual([...withPages(new Set([0]), [3, 4])], [0, 3, 4]));
  test('the same set when they are all loaded', () => {
    const loaded = new Set([2, 3]);
    assert.equal(withPages(loaded, [3]), loaded);
  });
});
