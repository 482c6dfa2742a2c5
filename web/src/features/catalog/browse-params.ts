import { AGE_RATING_LABELS, FORMAT_LABELS, PUBLISH_STATUS_LABELS, type Format } from '@inkwell/contracts/labels';
import { PUBLISH_STATUS_CODES } from '@inkwell/contracts/catalog-rules';
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

/**
 * Volume filters kept in the address, so a link keeps them (issue 26): `is=false` lists volumes
 * rather than series; `format` Digital or Print; `price` free; `rating` age ratings, comma
 * separated; `publisher` a publisher id; `status` out (published), preorder or soon; `q` words of
 * the title (the search page's "everything matching" link). Unknown values are ignored.
 */
export const FILTER_PARAMS = { format: 'format', price: 'price', rating: 'rating', publisher: 'publisher', status: 'status', term: 'q' } as const;

export const FORMAT_OPTIONS: ReadonlyArray<{ value: Format; label: string }> = (['Digital', 'Print'] as const).map((value) => ({ value, label: FORMAT_LABELS[value] }));

export const RATING_OPTIONS: ReadonlyArray<{ value: string; label: string }> = (['e', 'e7', 'pg', 't', 'm'] as const).map((value) => ({ value, label: AGE_RATING_LABELS[value].short }));

export type BrowseStatus = 'out' | 'preorder' | 'soon';
export const STATUS_OPTIONS: ReadonlyArray<{ value: BrowseStatus; label: string; code: number }> = [
  { value: 'out', label: 'Out now', code: PUBLISH_STATUS_CODES.Published },
  { value: 'preorder', label: PUBLISH_STATUS_LABELS.ScheduledPreOrder, code: PUBLISH_STATUS_CODES.ScheduledPreOrder },
  { value: 'soon', label: PUBLISH_STATUS_LABELS.ScheduledComingSoon, code: PUBLISH_STATUS_CODES.ScheduledComingSoon },
];

export interface VolumeFilters {
  format: Format | null;
  free: boolean;
  ratings: string[];
  publisherId: number | null;
  status: BrowseStatus | null;
  term: string;
}

export function volumeFiltersOf(params: URLSearchParams): VolumeFilters {
  const format = params.get(FILTER_PARAMS.format);
  const publisher = params.get(FILTER_PARAMS.publisher)?.trim() ?? '';
  const status = params.get(FILTER_PARAMS.status);
  const ratings = (params.get(FILTER_PARAMS.rating) ?? '').split(',').map((rating) => rating.trim().toLowerCase());
  return {
    format: format === 'Digital' || format === 'Print' ? format : null,
    free: params.get(FILTER_PARAMS.price) === 'free',
    ratings: RATING_OPTIONS.map((option) => option.value).filter((rating) => ratings.includes(rating)),
    publisherId: /^\d{1,15}$/.test(publisher) && Number(publisher) > 0 ? Number(publisher) : null,
    status: STATUS_OPTIONS.find((option) => option.value === status)?.value ?? null,
    term: (params.get(FILTER_PARAMS.term) ?? '').trim().replace(/\s+/g, ' ').slice(0, 100),
  };
}

/** How many filters are on (the phone's "Filters (2)" button). The term counts apart. */
export function activeFilterCount(filters: VolumeFilters): number {
  return [filters.format !== null, filters.free, filters.ratings.length > 0, filters.publisherId !== null, filters.status !== null].filter(Boolean).length;
}

/** The address with one filter set (or cleared with null / '' / []), other parameters kept. */
export function withFilter(params: URLSearchParams, name: keyof typeof FILTER_PARAMS, value: string | readonly string[] | null): URLSearchParams {
  const next = new URLSearchParams(params);
  const text = Array.isArray(value) ? value.join(',') : (value as string | null);
  if (text === null || text === '') next.delete(FILTER_PARAMS[name]);
  else next.set(FILTER_PARAMS[name], text);
  return next;
}

/** The address without any volume filter (the term too), the view and sort kept. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(FILTER_PARAMS)) next.delete(name);
  return next;
}

/** Series or volumes: `is=false` lists volumes. On Sale and New Releases list volumes always. */
export function listsVolumes(params: URLSearchParams): boolean {
  return browseViewOf(params) === 'sale' || params.get('is') === 'false';
}

/** What `/discover/v2` is asked for a browse address. Sales are on volumes, so On Sale lists no series. */
export function browseFilters(params: URLSearchParams, genreId: number | null): DiscoverFilters {
  const view = browseViewOf(params);
  const volume = volumeFiltersOf(params);
  return {
    genreId,
    sort: browseSortOf(params),
    onSaleOnly: view === 'sale',
    newOnly: view === 'new',
    includeSeries: view !== 'sale' && params.get('is') !== 'false',
    ...(volume.format ? { distributionType: volume.format } : {}),
    ...(volume.free ? { isFree: true } : {}),
    ...(volume.ratings.length > 0 ? { ageRatings: volume.ratings } : {}),
    ...(volume.publisherId !== null ? { publisherId: volume.publisherId } : {}),
    ...(volume.status ? { publishStatus: [STATUS_OPTIONS.find((option) => option.value === volume.status)!.code] } : {}),
    ...(volume.term ? { searchTerm: volume.term } : {}),
  };
}
