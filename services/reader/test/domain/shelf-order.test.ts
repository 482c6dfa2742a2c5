import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { byLastRead, compareShelfEntries, matchesShelfSearch, SHELF_PAGE_SIZE, SHELF_SORTS, type ShelfEntry } from '../../src/domain';

const entry = (productId: string, name: string, addedAt: string, publishDate: string | null, lastReadAt: string | null = null, seriesTitle: string | null = null): ShelfEntry => ({ productId, name, seriesTitle, addedAt, publishDate, lastReadAt });

describe('shelf order', () => {
  it('names the six sorts as the spec writes them, and pages by 24', () => {
    assert.deepEqual(SHELF_SORTS.map((sort) => sort.label), ['A - Z', 'Z - A', 'Youngest To Oldest', 'Newest To Oldest', 'Oldest To Youngest', 'Oldest To Newest']);
    assert.equal(SHELF_PAGE_SIZE, 24);
  });

  const shelf = [
    entry('1', 'Vol. 10', '2025-03-01', '2024-01-01'),
    entry('2', 'vol. 2', '2025-01-01', null),
    entry('3', 'Vol. 2', '2025-02-01', '2024-06-01'),
  ];
  const order = (sort: 0 | 1 | 2 | 3 | 4 | 5) => [...shelf].sort(compareShelfEntries(sort)).map((item) => item.productId);

  it('sorts names naturally, ignoring case, ties by id', () => {
    assert.deepEqual(order(0), ['2', '3', '1']);
    assert.deepEqual(order(1), ['1', '3', '2']);
  });

  it('sorts by publish date (Youngest/Oldest) with undated comics last either way', () => {
    assert.deepEqual(order(2), ['3', '1', '2']);
    assert.deepEqual(order(4), ['1', '3', '2']);
  });

  it('sorts by shelving date (Newest/Oldest)', () => {
    assert.deepEqual(order(3), ['1', '3', '2']);
    assert.deepEqual(order(5), ['2', '3', '1']);
  });

  it('puts the last read first, unread last', () => {
    const read = [entry('1', 'A', '2025-01-01', null, '2025-05-01'), entry('2', 'B', '2025-01-01', null), entry('3', 'C', '2025-01-01', null, '2025-06-01')];
    assert.deepEqual(read.sort(byLastRead).map((item) => item.productId), ['3', '1', '2']);
  });

  it('searches every word in the name and series title, ignoring case and accents', () => {
    const item = entry('1', 'Café Noir Vol. 2', '2025-01-01', null, null, 'Midnight Kitchens');
    assert.equal(matchesShelfSearch(item, 'cafe'), true);
    assert.equal(matchesShelfSearch(item, 'KITCHENS noir'), true);
    assert.equal(matchesShelfSearch(item, 'cafe tea'), false);
    assert.equal(matchesShelfSearch(item, '   '), true);
  });
});
