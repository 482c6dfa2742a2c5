/**
 * The lists the catalogue editors pick from (spec §7 Lookups and the home page's lookups):
 * restricted territories, pricing tiers and imprints as options (their queries are the lookups
 * screen's, so each list is fetched once), and genres, IP tags, series and products by name.
 * The series and bundle editors use them too.
 */
import { useQuery } from '@tanstack/react-query';
import type { GenreView } from '@inkwell/contracts/catalog';
import type { DashboardIpTag, PricingTier, SeriesListRow } from '@inkwell/contracts/dashboard-catalogue';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { ProductListPage } from '@inkwell/contracts/dashboard-products';
import type { FieldOption } from '@/components/form/options';
import { formatMoney } from '@/lib/format';
import { imprintsQueryOptions, pricingTiersQueryOptions, restrictedTerritoriesQueryOptions } from '@/features/lookups/api/get-lookups';
import { staffApi } from '@/lib/staff-api';

/** Lookups change rarely; an editor session can keep them. */
const LOOKUP_STALE_MS = 5 * 60_000;
const OPTION_COUNT = 20;

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

/** IP tags matching what staff typed (`GET /dashboard/ipTags?query`). */
export async function loadIpTagOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const tags = await staffApi.get<DashboardIpTag[]>('/dashboard/ipTags', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return tags.map((tag) => ({ id: tag.id, label: tag.name }));
}

/** Series matching what staff typed, for a product's series. */
export async function loadSeriesOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<Paginated<SeriesListRow>>('/dashboard/series', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return page.items.map((series) => ({ id: series.id, label: series.title, detail: `#${series.id} · ${series.status}` }));
}

/** Products (not bundles, removed ones left out) matching what staff typed, for a bundle's items. */
export async function loadProductOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<ProductListPage>('/dashboard/product', {
    query: { query: search || undefined, count: OPTION_COUNT, includeBundles: false },
    signal,
  });
  return page.items.map((product) => ({ id: product.id, label: product.name, detail: `#${product.id} · ${product.subCategory} · ${product.status}` }));
}
