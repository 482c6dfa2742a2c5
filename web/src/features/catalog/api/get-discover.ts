import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { ProductCardView, SeriesCardView } from '../types';

/** `/discover/v2` sort codes. */
export const DiscoverSort = {
  NewAndPopular: 0,
  RecentlyAdded: 1,
  PublishDateDescending: 5,
  TitleDescending: 8,
  TitleAscending: 9,
} as const;
export type DiscoverSort = (typeof DiscoverSort)[keyof typeof DiscoverSort];

/** Storefront spec §9: bookshelf page size. */
export const DISCOVER_PAGE_SIZE = 24;

export interface DiscoverFilters {
  genreId: number | null;
  sort: DiscoverSort;
  onSaleOnly: boolean;
  newOnly: boolean;
  includeSeries: boolean;
  /** Volume filters (issue 26): format, free to read, age ratings, publisher, publish status codes, a title term. */
  distributionType?: 'Digital' | 'Print' | undefined;
  isFree?: boolean | undefined;
  ageRatings?: readonly string[] | undefined;
  publisherId?: number | undefined;
  publishStatus?: readonly number[] | undefined;
  searchTerm?: string | undefined;
}

export type DiscoverItem = ProductCardView | SeriesCardView;

export interface DiscoverPage {
  items: DiscoverItem[];
  /** How many items match in all (the envelope's `status.fullCount`). */
  fullCount: number;
  fromIndex: number;
}

export async function getDiscoverPage(filters: DiscoverFilters, fromIndex: number, { signal }: { signal?: AbortSignal } = {}): Promise<DiscoverPage> {
  const { data, status } = await api.get<DiscoverItem[]>('/discover/v2', {
    signal,
    query: {
      genreIds: filters.genreId ?? undefined,
      sort: filters.sort,
      // Filters that are off are left out rather than sent as false: false could mean "only not on sale".
      isOnSale: filters.onSaleOnly || undefined,
      newOnly: filters.newOnly || undefined,
      includeSeries: filters.includeSeries,
      distributionType: filters.distributionType,
      isFree: filters.isFree || undefined,
      ageRatings: filters.ageRatings?.length ? filters.ageRatings.join(',') : undefined,
      publisherId: filters.publisherId,
      publishStatus: filters.publishStatus?.length ? filters.publishStatus.join(',') : undefined,
      seriesTitleSearchTerm: filters.searchTerm || undefined,
      fromIndex,
      count: DISCOVER_PAGE_SIZE,
    },
  });
  return { items: data, fullCount: status.fullCount ?? fromIndex + data.length, fromIndex };
}

export function getDiscoverQueryOptions(filters: DiscoverFilters) {
  return infiniteQueryOptions({
    queryKey: ['catalog', 'discover', filters] as const,
    queryFn: ({ pageParam, signal }) => getDiscoverPage(filters, pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.fromIndex + last.items.length;
      return last.items.length > 0 && next < last.fullCount ? next : undefined;
    },
  });
}

export function useDiscover(filters: DiscoverFilters) {
  return useInfiniteQuery(getDiscoverQueryOptions(filters));
}
