import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSeries } from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';
import { seriesQueryKey } from './get-series-list';

/** `GET /dashboard/series/{id}`: every field of the editor, its notes and product count. */
export function getSeries(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<DashboardSeries> {
  return staffApi.get<DashboardSeries>(`/dashboard/series/${id}`, { signal });
}

export function seriesDetailKey(id: number) {
  return [...seriesQueryKey, 'detail', id] as const;
}

export function getSeriesQueryOptions(id: number) {
  return queryOptions({ queryKey: seriesDetailKey(id), queryFn: ({ signal }) => getSeries(id, { signal }), staleTime: 0 });
}

export function useSeries(id: number | undefined) {
  return useQuery({ ...getSeriesQueryOptions(id ?? 0), enabled: id !== undefined });
}
