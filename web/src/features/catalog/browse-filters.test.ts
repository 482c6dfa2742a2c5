import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { activeFilterCount, browseFilters, listsVolumes, volumeFiltersOf, withFilter, withoutFilters } from './browse-params';

const params = (search: string) => new URLSearchParams(search);

describe('browse volume filters in the address', () => {
  test('reads format, price, ratings, publisher, status and the term', () => {
    const filters = volumeFiltersOf(params('?is=false&format=Print&price=free&rating=t,M,zz&publisher=3&status=preorder&q=%20dragon%20%20tea%20'));
    assert.deepEqual(filters, { format: 'Print', free: true, ratings: ['t', 'm'], publisherId: 3, status: 'preorder', term: 'dragon tea' });
    assert.equal(activeFilterCount(filters), 5);
  });

  test('ignores values it does not know', () => {
    const filters = volumeFiltersOf(params('?format=Vinyl&price=cheap&rating=x&publisher=-1&status=gone'));
    assert.deepEqual(filters, { format: null, free: false, ratings: [], publisherId: null, status: null, term: '' });
    assert.equal(activeFilterCount(filters), 0);
  });

  test('asks /discover/v2 for the filters, and nothing extra without them', () => {
    assert.deepEqual(browseFilters(params('?is=false&format=Digital&rating=e,e7&status=out&q=dragon'), null), {
      genreId: null,
      sort: 0,
      onSaleOnly: false,
      newOnly: false,
      includeSeries: false,
      distributionType: 'Digital',
      ageRatings: ['e', 'e7'],
      publishStatus: [4],
      searchTerm: 'dragon',
    });
    assert.deepEqual(Object.keys(browseFilters(params(''), null)).sort(), ['genreId', 'includeSeries', 'newOnly', 'onSaleOnly', 'sort']);
  });

  test('sets and clears one filter, keeping the rest of the address', () => {
    const start = params('?is=false&s=9&format=Print');
    assert.equal(withFilter(start, 'rating', ['t', 'm']).toString(), 'is=false&s=9&format=Print&rating=t%2Cm');
    assert.equal(withFilter(start, 'format', null).toString(), 'is=false&s=9');
    assert.equal(withoutFilters(params('?is=false&format=Print&q=x&price=free')).toString(), 'is=false');
  });

  test('lists volumes for is=false and on sale', () => {
    assert.equal(listsVolumes(params('?is=false')), true);
    assert.equal(listsVolumes(params('?s=0&st=true')), true);
    assert.equal(listsVolumes(params('')), false);
  });
});
