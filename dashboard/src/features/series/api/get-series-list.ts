import type { Paginated } from '@inkwell/contracts/dashboard';
import type { SeriesListQuery, SeriesListRow } from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';

export const seriesQueryKey = ['dashboard', 'series'] as const;

/** `GET /dashboard/series` with query, count and publishStatus (spec §7), plus start and the table's sort. */
export function getSeriesList(query: SeriesListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<Paginated<SeriesListRow>> {
  return staffApi.get<Paginated<SeriesListRow>>('/dashboard/series', { query: { ...query }, signal });
}
