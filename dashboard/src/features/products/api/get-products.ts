import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListPage, ProductListQuery } from '@inkwell/contracts/dashboard-products';
import { productsQueryKey } from '@/lib/api/get-product';
import { staffApi } from '@/lib/staff-api';

/** `GET /dashboard/product` with the list filters of spec §7 (and the table's sort). */
export function getProducts(query: ProductListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ProductListPage> {
  return staffApi.get<ProductListPage>('/dashboard/product', { query: { ...query }, signal });
}

export function getProductsQueryOptions(query: ProductListQuery) {
  return queryOptions({
    queryKey: [...productsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => getProducts(query, { signal }),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useProducts(query: ProductListQuery) {
  return useQuery(getProductsQueryOptions(query));
}
