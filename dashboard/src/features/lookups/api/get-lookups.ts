/**
 * The dashboard's lookup lists (dashboard spec §7 Lookups and the home page's lookups): IP tags,
 * the inventory system, restricted territories, pricing tiers and imprints. Editors use the same
 * query options for their pickers, so a list is fetched once per visit.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DashboardIpTag,
  ImprintWithPublisher,
  ImsProduct,
  PricingTier,
  RestrictedTerritory,
} from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';

export const lookupsQueryKey = ['lookups'] as const;
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

/** `GET /dashboard/home/restrictedTerritories`. */
export const restrictedTerritoriesQueryOptions = queryOptions({
  queryKey: [...lookupsQueryKey, 'restricted-territories'] as const,
  queryFn: ({ signal }) => staffApi.get<RestrictedTerritory[]>('/dashboard/home/restrictedTerritories', { signal }),
  staleTime: 10 * 60_000,
});

/** `GET /dashboard/home/pricing/tiers`. */
export const pricingTiersQueryOptions = queryOptions({
  queryKey: [...lookupsQueryKey, 'pricing-tiers'] as const,
  queryFn: ({ signal }) => staffApi.get<PricingTier[]>('/dashboard/home/pricing/tiers', { signal }),
  staleTime: 10 * 60_000,
});

/** `GET /dashboard/home/imprints`: every imprint with its publisher's name. */
export const imprintsQueryOptions = queryOptions({
  queryKey: [...lookupsQueryKey, 'imprints'] as const,
  queryFn: ({ signal }) => staffApi.get<ImprintWithPublisher[]>('/dashboard/home/imprints', { signal }),
  staleTime: 5 * 60_000,
});
