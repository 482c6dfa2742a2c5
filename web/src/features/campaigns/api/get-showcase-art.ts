import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView, SeriesView } from '@inkwell/contracts/catalog';
import { api } from '@inkwell/ui-kit/api-client';

/** A showcase item's cover, as the catalog gives it. */
export interface ShowcaseArt {
  id: number;
  title: string;
  thumbnails: SeriesView['thumbnails'];
}

/** `GET /series/V2/{readableUrl}` or `GET /product/{readableUrl}`: a campaign item's cover and id. */
export async function getShowcaseArt(kind: 'series' | 'product', readableUrl: string, { signal }: { signal?: AbortSignal } = {}): Promise<ShowcaseArt> {
  if (kind === 'series') {
    const { data } = await api.get<SeriesView>(`/series/V2/${encodeURIComponent(readableUrl)}`, { signal });
    return { id: data.id, title: data.title, thumbnails: data.thumbnails };
  }
  const { data } = await api.get<ProductView>(`/product/${encodeURIComponent(readableUrl)}`, { signal });
  return { id: data.id, title: data.name, thumbnails: data.thumbnails };
}

export function useShowcaseArt(kind: 'series' | 'product', readableUrl: string) {
  return useQuery(
    queryOptions({
      queryKey: ['campaigns', 'art', kind, readableUrl] as const,
      queryFn: ({ signal }) => getShowcaseArt(kind, readableUrl, { signal }),
      staleTime: 10 * 60_000,
      retry: false,
    }),
  );
}
