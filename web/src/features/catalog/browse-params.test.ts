import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { paths } from '@/config/paths';
import { DiscoverSort, type DiscoverFilters } from './api/get-discover';
import { BROWSE_VIEWS, browseFilters, browseSortOf, browseViewOf, SORT_OPTIONS } from './browse-params';

const params = (search: string) => new URLSearchParams(search);

describe('browse query variants (§2)', () => {
  const cases: Array<[search: string, view: string]> = [
    ['', 'all'],
    ['?st=3&is=false', 'new'],
    ['?s=0&st=true', 'sale'],
    ['?is=false&st=3', 'new'],
    ['?st=true', 'sale'],
    ['?st=2', 'all'],
    ['?st=false', 'all'],
  ];
  for (const [search, view] of cases) test(`${search || '(none)'} → ${view}`, () => assert.equal(browseViewOf(params(search)), view));

  test('the view tabs link to the spec variants, and read back as themselves', () => {
    assert.deepEqual(
      BROWSE_VIEWS.map((view) => [view.label, view.search]),
      [
        ['All comics', ''],
        ['New Releases', '?st=3&is=false'],
        ['On Sale', '?s=0&st=true'],
      ],
    );
    for (const view of BROWSE_VIEWS) assert.equal(browseViewOf(params(view.search)), view.id);
  });

  test("the site's New Releases and On Sale links are the same addresses", () => {
    assert.equal(paths.newReleases, `${paths.browse}${BROWSE_VIEWS.find((view) => view.id === 'new')!.search}`);
    assert.equal(paths.onSale, `${paths.browse}${BROWSE_VIEWS.find((view) => view.id === 'sale')!.search}`);
  });
});

describe('browseSortOf: the `s` parameter, else the view default', () => {
  const cases: Array<[search: string, sort: DiscoverSort]> = [
    ['', DiscoverSort.NewAndPopular],
    ['?st=3&is=false', DiscoverSort.PublishDateDescending],
    ['?s=0&st=true', DiscoverSort.NewAndPopular],
    ['?s=9', DiscoverSort.TitleAscending],
    ['?s=8&st=3', DiscoverSort.TitleDescending],
    ['?s=1', DiscoverSort.RecentlyAdded],
    // Codes the bookshelf does not offer fall back on the default rather than asking for them.
    ['?s=7', DiscoverSort.NewAndPopular],
    ['?s=abc&st=3', DiscoverSort.PublishDateDescending],
    ['?s=&st=3', DiscoverSort.PublishDateDescending],
  ];
  for (const [search, sort] of cases) test(`${search || '(none)'} → ${sort}`, () => assert.equal(browseSortOf(params(search)), sort));

  test('the labels the spec names are quoted as it writes them', () => {
    const labels = new Map(SORT_OPTIONS.map((option) => [option.value, option.label]));
    assert.equal(labels.get(DiscoverSort.TitleAscending), 'A - Z');
    assert.equal(labels.get(DiscoverSort.TitleDescending), 'Z - A');
    assert.equal(labels.get(DiscoverSort.PublishDateDescending), 'Newest To Oldest');
  });
});

describe('browseFilters: what /discover/v2 is asked', () => {
  const cases: Array<[search: string, genreId: number | null, filters: DiscoverFilters]> = [
    ['', null, { genreId: null, sort: DiscoverSort.NewAndPopular, onSaleOnly: false, newOnly: false, includeSeries: true }],
    ['', 7, { genreId: 7, sort: DiscoverSort.NewAndPopular, onSaleOnly: false, newOnly: false, includeSeries: true }],
    ['?st=3&is=false', null, { genreId: null, sort: DiscoverSort.PublishDateDescending, onSaleOnly: false, newOnly: true, includeSeries: false }],
    ['?st=3', 4, { genreId: 4, sort: DiscoverSort.PublishDateDescending, onSaleOnly: false, newOnly: true, includeSeries: true }],
    // Sales are on volumes: On Sale lists no series whatever `is` says.
    ['?s=0&st=true', null, { genreId: null, sort: DiscoverSort.NewAndPopular, onSaleOnly: true, newOnly: false, includeSeries: false }],
    ['?s=9&st=true&is=true', 2, { genreId: 2, sort: DiscoverSort.TitleAscending, onSaleOnly: true, newOnly: false, includeSeries: false }],
    ['?is=false', null, { genreId: null, sort: DiscoverSort.NewAndPopular, onSaleOnly: false, newOnly: false, includeSeries: false }],
  ];
  for (const [search, genreId, filters] of cases) {
    test(`${search || '(none)'}${genreId === null ? '' : ` in genre ${genreId}`}`, () => assert.deepEqual(browseFilters(params(search), genreId), filters));
  }
});
