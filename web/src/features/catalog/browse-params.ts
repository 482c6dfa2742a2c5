import { DiscoverSort, type DiscoverFilters } from './api/get-discover';

/**
 * The browse page's address (storefront spec §2): /browse/ and /browse/{genreId}/, with the query
 * variants `st=3&is=false` (New Releases) and `s=0&st=true` (On Sale). Read here as: `st` picks the
 * view (3 = new releases, true = on sale), `is=false` leaves series out, and `s` is the sort code.
 */
export type BrowseView = 'all' | 'new' | 'sale';

export const BROWSE_VIEWS: ReadonlyArray<{ id: BrowseView; label: string; search: string }> = [
  { id: 'all', label: 'All comics', search: '' },
  { id: 'new', label: 'New Releases', search: '?st=3&is=false' },
  { id: 'sale', label: 'On Sale', search: '?s=0&st=true' },
];

/** The bookshelf's sort labels; those the spec names (§2) are quoted as it writes them. */
export const SORT_OPTIONS: ReadonlyArray<{ value: DiscoverSort; label: string }> = [
  { value: DiscoverSort.NewAndPopular, label: 'New & popular' },
  { value: DiscoverSort.RecentlyAdded, label: 'Recently added' },
  { value: DiscoverSort.PublishDateDescending, label: 'Newest To Oldest' },
  { value: DiscoverSort.TitleAscending, label: 'A - Z' },
  { value: DiscoverSort.TitleDescending, label: 'Z - A' },
];

const DEFAULT_SORT: Record<BrowseView, DiscoverSort> = {
  all: DiscoverSort.NewAndPopular,
  new: DiscoverSort.PublishDateDescending,
  sale: DiscoverSort.NewAndPopular,
};

export const SORT_PARAM = 's';

export function browseViewOf(params: URLSearchParams): BrowseView {
  const st = params.get('st');
  if (st === '3') return 'new';
  if (st === 'true') return 'sale';
  return 'all';
}

export function browseSortOf(params: URLSearchParams): DiscoverSort {
  // A blank `s=` is no choice (Number('') would read it as sort 0).
  const code = params.get(SORT_PARAM)?.trim();
  const known = code ? SORT_OPTIONS.find((option) => option.value === Number(code)) : undefined;
  return known?.value ?? DEFAULT_SORT[browseViewOf(params)];
}

/** What `/discover/v2` is asked for a browse address. Sales are on volumes, so On Sale lists no series. */
export function browseFilters(params: URLSearchParams, genreId: number | null): DiscoverFilters {
  const view = browseViewOf(params);
  return {
    genreId,
    sort: browseSortOf(params),
    onSaleOnly: view === 'sale',
    newOnly: view === 'new',
    includeSeries: view !== 'sale' && params.get('is') !== 'false',
  };
}
