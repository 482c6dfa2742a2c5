import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListRow } from '@inkwell/contracts/dashboard-products';
import { staffApi } from '@/lib/staff-api';

/** `GET /dashboard/product/for/series/{id}`: the series' products, for the series editor. */
export function getSeriesProducts(seriesId: number, { signal }: { signal?: AbortSignal } = {}): Promise<ProductListRow[]> {
  return staffApi.get<ProductListRow[]>(`/dashboard/product/for/series/${seriesId}`, { signal });
}

export function getSeriesProductsQueryOptions(seriesId: number) {
  return queryOptions({
    // Under the products' key, so a product's save or publish refreshes this list too.
    queryKey: ['dashboard', 'products', 'for-series', seriesId] as const,
    queryFn: ({ signal }) => getSeriesProducts(seriesId, { signal }),
  });
}

export function useSeriesProducts(seriesId: number) {
  return useQuery(getSeriesProductsQueryOptions(seriesId));
}
