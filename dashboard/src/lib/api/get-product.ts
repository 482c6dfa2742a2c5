import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardProduct } from '@inkwell/contracts/dashboard-products';
import { staffApi } from '@/lib/staff-api';

/**
 * Every product query's key starts so; a change to products invalidates them all. A product is read
 * by the product editor and by the bundle editor (its items' covers).
 */
export const productsQueryKey = ['dashboard', 'products'] as const;

/** `GET /dashboard/product/{id}`: every field of the editor (spec §3). */
export function getProduct(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<DashboardProduct> {
  return staffApi.get<DashboardProduct>(`/dashboard/product/${id}`, { signal });
}

export function productQueryKey(id: number) {
  return [...productsQueryKey, 'detail', id] as const;
}

export function getProductQueryOptions(id: number) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, { signal }),
    // An editor must start from what is stored, not from a minute-old copy.
    staleTime: 0,
  });
}

export function useProduct(id: number | undefined) {
  return useQuery({ ...getProductQueryOptions(id ?? 0), enabled: id !== undefined });
}
