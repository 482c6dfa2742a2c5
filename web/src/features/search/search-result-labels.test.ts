import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { SearchResultView } from '@inkwell/contracts/search';
import { browsePathForTerm, searchResultBadges, searchResultPriceLine, searchResultType } from './search-result';

const result = (overrides: Partial<SearchResultView['content']> = {}, displayType = 'Volume', type: SearchResultView['type'] = 'product'): SearchResultView => ({
  type,
  displayType,
  content: { id: 1, title: 'Feed the Dragon, Vol. 1', readableUrl: null, thumbnails: [], ...overrides },
});
const format = (type: 'Digital' | 'Print', price: number, extra: Partial<{ fullPrice: number; isOnSale: boolean; isFree: boolean; isPreOrder: boolean }> = {}) => ({
  type,
  price,
  fullPrice: extra.fullPrice ?? price,
  currency: 'USD',
  isOnSale: extra.isOnSale ?? false,
  isFree: extra.isFree ?? false,
  isPreOrder: extra.isPreOrder ?? false,
});

describe('search results in words', () => {
  test('types as people say them', () => {
    assert.equal(searchResultType(result({}, 'BoxSet')), 'Box set');
    assert.equal(searchResultType(result({}, 'SingleIssue')), 'Single issue');
    assert.equal(searchResultType(result({}, 'Series', 'series')), 'Series');
  });

  test('format and price per format, free and sale prices', () => {
    assert.equal(searchResultPriceLine(result({ formats: [format('Digital', 999), format('Print', 1399)] })), 'Digital $9.99 · Print $13.99');
    assert.equal(searchResultPriceLine(result({ formats: [format('Digital', 0, { isFree: true })] })), 'Digital Free');
    assert.equal(searchResultPriceLine(result({ formats: [format('Digital', 499, { fullPrice: 999, isOnSale: true })] })), 'Digital $4.99 (was $9.99)');
    assert.equal(searchResultPriceLine(result({}, 'Series', 'series')), null);
  });

  test('badges for free, sale and pre-order', () => {
    assert.deepEqual(searchResultBadges(result({ formats: [format('Digital', 499, { fullPrice: 999, isOnSale: true, isPreOrder: true })] })).map((badge) => badge.label), ['Sale', 'Pre-order']);
  });

  test('browse by the term lists volumes', () => {
    assert.equal(browsePathForTerm('feed the dragon'), '/browse/?q=feed+the+dragon&is=false');
  });
});
