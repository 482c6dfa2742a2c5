import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { ProductCardView } from '@inkwell/contracts/catalog';

/**
 * `GET /product/forSeries/{series id or readable url}`: a series' volumes and chapters in reading
 * order. It finds the comic a series address names and fills the reader's chapter list.
 */
export async function getSeriesItems(series: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProductCardView[]> {
  const { data } = await api.get<ProductCardView[]>(`/product/forSeries/${encodeURIComponent(series)}`, { signal });
  return data;
}

export function getSeriesItemsQueryOptions(series: string, reader: string | null) {
  return queryOptions({
    queryKey: ['reader', 'series-items', series, reader] as const,
    queryFn: ({ signal }) => getSeriesItems(series, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSeriesItems(series: string | null, reader: string | null, enabled = true) {
  return useQuery({ ...getSeriesItemsQueryOptions(series ?? '', reader), enabled: enabled && series !== null });
}
