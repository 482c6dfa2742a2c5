/**
 * The lookup lists more than one screen reads (spec §7 Lookups and the home page's lookups):
 * restricted territories, pricing tiers and imprints, which the lookups screen lists and the
 * product, series and bundle editors pick from (one query each, so a list is fetched once per
 * visit), and genres, which the product and series editors pick from.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GenreView } from '@inkwell/contracts/catalog';
import type { ImprintWithPublisher, PricingTier, RestrictedTerritory } from '@inkwell/contracts/dashboard-catalogue';
import type { FieldOption } from '@/components/form/options';
import { formatMoney } from '@/lib/format';
import { staffApi } from '@/lib/staff-api';

export const lookupsQueryKey = ['lookups'] as const;

/** Lookups change rarely; an editor session can keep them. */
const LOOKUP_STALE_MS = 5 * 60_000;

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

export function useTerritoryOptions(): FieldOption<string>[] {
  const { data = [] } = useQuery(restrictedTerritoriesQueryOptions);
  return data.map((territory) => ({ id: territory.code, label: territory.name, detail: territory.code }));
}

export function usePricingTiers() {
  return useQuery(pricingTiersQueryOptions);
}

export function pricingTierOption(tier: PricingTier): FieldOption<number> {
  return { id: tier.id, label: `${tier.name} (${formatMoney(tier.price, tier.currency)})` };
}

export function useImprintOptions(): FieldOption<number>[] {
  const { data = [] } = useQuery(imprintsQueryOptions);
  return data.map((imprint) => ({ id: imprint.id, label: `${imprint.name} · ${imprint.publisherName}` }));
}

export function useGenreOptions(): FieldOption<number>[] {
  const { data = [] } = useQuery({
    queryKey: ['dashboard', 'lookups', 'genres'] as const,
    queryFn: ({ signal }) => staffApi.get<GenreView[]>('/genre', { signal }),
    staleTime: LOOKUP_STALE_MS,
  });
  return data.map((genre) => ({ id: genre.id, label: genre.name }));
}
