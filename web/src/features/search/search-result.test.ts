import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { SearchResultView } from '@inkwell/contracts/search';
import { searchResultImages, searchResultPath, searchResultRatio } from './search-result';

function result(type: SearchResultView['type'], content: Partial<SearchResultView['content']> = {}): SearchResultView {
  return { type, displayType: type === 'series' ? 'Series' : 'Volume', content: { id: 42, title: 'Iron Moon', readableUrl: 'iron-moon', thumbnails: [], ...content } };
}

describe('searchResultPath (§2: readable url when non-blank, otherwise the id)', () => {
  const cases: Array<[name: string, entry: SearchResultView, path: string]> = [
    ['series by readable url', result('series'), '/series/iron-moon/'],
    ['product by readable url', result('product', { readableUrl: 'iron-moon-vol-1' }), '/product/iron-moon-vol-1/'],
    ['no readable url', result('product', { readableUrl: null }), '/product/42/'],
    ['a blank readable url', result('series', { readableUrl: '  ' }), '/series/42/'],
    ['an odd readable url is encoded', result('series', { readableUrl: 'fox & hound' }), '/series/fox%20%26%20hound/'],
  ];
  for (const [name, entry, path] of cases) test(name, () => assert.equal(searchResultPath(entry), path));
});

describe('searchResultImages: sized by the poster ratio (§9: product 125%, series 140%)', () => {
  const thumbnails = [{ url: '/media/a.webp', color: '#151936' }, { url: '/media/b.webp' }];

  test('ratios', () => {
    assert.equal(searchResultRatio(result('product')), 125);
    assert.equal(searchResultRatio(result('series')), 140);
  });
  test('a product at the default width', () => {
    assert.deepEqual(searchResultImages(result('product', { thumbnails })), [
      { url: '/media/a.webp', color: '#151936', width: 250, height: 313 },
      { url: '/media/b.webp', color: undefined, width: 250, height: 313 },
    ]);
  });
  test('a series at another width', () => {
    assert.deepEqual(searchResultImages(result('series', { thumbnails: thumbnails.slice(0, 1) }), 500), [{ url: '/media/a.webp', color: '#151936', width: 500, height: 700 }]);
  });
  test('no thumbnails, no images', () => assert.deepEqual(searchResultImages(result('series')), []));
});
