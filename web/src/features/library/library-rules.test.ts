import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { SHELF_PAGE_SIZE, continueReading, pageCountOf, pageLinks, readingStateOf, readShelfQuery, SHELF_SORTS, writeShelfQuery } from './library-rules';

describe('the spec constants and labels', () => {
  test('§9: bookshelf page size 24', () => assert.equal(SHELF_PAGE_SIZE, 24));
  test('§2: sort labels quoted exactly, in code order', () =>
    assert.deepEqual(
      SHELF_SORTS.map((option) => [option.code, option.label]),
      [[0, 'A - Z'], [1, 'Z - A'], [2, 'Youngest To Oldest'], [3, 'Newest To Oldest'], [4, 'Oldest To Youngest'], [5, 'Oldest To Newest']],
    ));
});

describe('shelf query in the address', () => {
  test('defaults', () => assert.deepEqual(readShelfQuery(new URLSearchParams('')), { sort: 3, search: '', page: 0 }));
  test('read back', () => assert.deepEqual(readShelfQuery(new URLSearchParams('sort=4&q=%20moon%20%20harbour&page=3')), { sort: 4, search: 'moon harbour', page: 2 }));
  test('nonsense falls back', () => assert.deepEqual(readShelfQuery(new URLSearchParams('sort=9&page=-1')), { sort: 3, search: '', page: 0 }));
  test('sort 0 is kept', () => assert.equal(readShelfQuery(new URLSearchParams('sort=0')).sort, 0));
  test('defaults are left out when written', () => assert.equal(writeShelfQuery({ sort: 3, search: '', page: 0 }).toString(), ''));
  test('round trip', () => {
    const query = { sort: 0 as const, search: 'moon', page: 4 };
    assert.deepEqual(readShelfQuery(writeShelfQuery(query)), query);
  });
});

describe('paging', () => {
  test('page count', () => {
    assert.equal(pageCountOf(0), 1);
    assert.equal(pageCountOf(24), 1);
    assert.equal(pageCountOf(25), 2);
  });
  test('every page when there are few', () => assert.deepEqual(pageLinks(0, 5), [0, 1, 2, 3, 4]));
  test('gaps around the current page', () => assert.deepEqual(pageLinks(10, 20), [0, null, 8, 9, 10, 11, 12, null, 19]));
  test('a gap of one page shows the page', () => assert.deepEqual(pageLinks(4, 10), [0, 1, 2, 3, 4, 5, 6, null, 9]));
  test('one page', () => assert.deepEqual(pageLinks(0, 1), [0]));
});

describe('readingStateOf', () => {
  test('not opened', () => assert.deepEqual(readingStateOf({ readingProgress: 0, pageCount: 32, completed: false }), { kind: 'unread' }));
  test('reading, pages counted from 1', () => assert.deepEqual(readingStateOf({ readingProgress: 7, pageCount: 32, completed: false }), { kind: 'reading', page: 8, percent: 25 }));
  test('finished at the last page', () => assert.deepEqual(readingStateOf({ readingProgress: 31, pageCount: 32, completed: false }), { kind: 'finished' }));
  test('finished when the server says so', () => assert.deepEqual(readingStateOf({ readingProgress: 3, pageCount: 32, completed: true }), { kind: 'finished' }));
});

describe('continueReading', () => {
  const book = (id: string, readingProgress: number, lastReadAt: string | null, completed = false) => ({ id, readingProgress, pageCount: 20, completed, lastReadAt });
  test('started and unfinished books, most recently read first', () =>
    assert.deepEqual(
      continueReading([book('a', 3, '2025-01-01'), book('b', 0, null), book('c', 5, '2025-03-01'), book('d', 19, '2025-04-01'), book('e', 2, '2025-02-01', true)]).map((item) => item.id),
      ['c', 'a'],
    ));
});
