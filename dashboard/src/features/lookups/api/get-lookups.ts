/**
 * The lookups screen's own lists (dashboard spec §7 Lookups): IP tags and the inventory system.
 * Restricted territories, pricing tiers and imprints are read by the editors too: `lib/api/lookups`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DashboardIpTag, ImsProduct } from '@inkwell/contracts/dashboard-catalogue';
import { lookupsQueryKey } from '@/lib/api/lookups';
import { staffApi } from '@/lib/staff-api';

const LOOKUP_COUNT = 200;

/** `GET /dashboard/ipTags?query`. */
export function getIpTagsQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...lookupsQueryKey, 'ip-tags', search] as const,
    queryFn: ({ signal }) => staffApi.get<DashboardIpTag[]>('/dashboard/ipTags', { signal, query: { query: search || undefined, count: LOOKUP_COUNT } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /dashboard/ims?query`: inventory-system products with their stocks and total. */
export function getImsProductsQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...lookupsQueryKey, 'ims', search] as const,
    queryFn: ({ signal }) => staffApi.get<ImsProduct[]>('/dashboard/ims', { signal, query: { query: search || undefined, count: LOOKUP_COUNT } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /dashboard/ims/{id}`: one product's stock by location; its total is the sum of what is available (spec §3). */
export function getImsProductQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...lookupsQueryKey, 'ims', 'product', id] as const,
    queryFn: ({ signal }) => staffApi.get<ImsProduct>(`/dashboard/ims/${id}`, { signal }),
    staleTime: 0,
  });
}
