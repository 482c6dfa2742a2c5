import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { readGeoGated, type GeoGated } from '../geo-restriction';
import type { ProductView } from '../types';

/** `GET /product/{id or readableUrl}`; reading access and purchasability are for the caller. */
export function getProduct(idOrUrl: string, { signal }: { signal?: AbortSignal } = {}): Promise<GeoGated<ProductView>> {
  return readGeoGated(api.get<ProductView>(`/product/${encodeURIComponent(idOrUrl)}`, { signal }));
}

/** Keyed by who is asking, since reading access and "purchasable" depend on the visitor. */
export function getProductQueryOptions(idOrUrl: string, viewer: string | null) {
  return queryOptions({
    queryKey: ['catalog', 'product', idOrUrl, viewer] as const,
    queryFn: ({ signal }) => getProduct(idOrUrl, { signal }),
  });
}

/** `viewer`: the signed-in reader's id, or null for a visitor. */
export function useProduct(idOrUrl: string, viewer: string | null) {
  return useQuery(getProductQueryOptions(idOrUrl, viewer));
}
