import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { ProductCardView } from '../types';

/** `GET /product/forSeries/{seriesId}`: every volume and chapter of a series. */
export async function getSeriesProducts(seriesId: number, { signal }: { signal?: AbortSignal } = {}): Promise<ProductCardView[]> {
  const { data } = await api.get<ProductCardView[]>(`/product/forSeries/${seriesId}`, { signal });
  return data;
}

export function getSeriesProductsQueryOptions(seriesId: number) {
  return queryOptions({
    queryKey: ['catalog', 'series-products', seriesId] as const,
    queryFn: ({ signal }) => getSeriesProducts(seriesId, { signal }),
  });
}

export function useSeriesProducts(seriesId: number | null) {
  return useQuery({ ...getSeriesProductsQueryOptions(seriesId ?? 0), enabled: seriesId !== null });
}
