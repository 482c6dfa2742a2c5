import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { readGeoGated, type GeoGated } from '../geo-restriction';
import type { SeriesView } from '../types';

/** `GET /series/V2/{id or readableUrl}`. */
export function getSeries(idOrUrl: string, { signal }: { signal?: AbortSignal } = {}): Promise<GeoGated<SeriesView>> {
  return readGeoGated(api.get<SeriesView>(`/series/V2/${encodeURIComponent(idOrUrl)}`, { signal }));
}

export function getSeriesQueryOptions(idOrUrl: string) {
  return queryOptions({
    queryKey: ['catalog', 'series', idOrUrl] as const,
    queryFn: ({ signal }) => getSeries(idOrUrl, { signal }),
  });
}

export function useSeries(idOrUrl: string) {
  return useQuery(getSeriesQueryOptions(idOrUrl));
}
