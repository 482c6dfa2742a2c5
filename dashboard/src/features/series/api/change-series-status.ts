import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardSeries, StatusChanged } from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';
import { seriesQueryKey } from './get-series-list';
import { alterSeries } from './save-series';

export type SeriesStatusAction = 'publish' | 'unpublish' | 'remove' | 'restore';

/**
 * Publish and unpublish are their own calls (spec §7); removing and restoring a series are status
 * moves of §4 made through /alter, which takes a status.
 */
export async function changeSeriesStatus({ id, action }: { id: number; action: SeriesStatusAction }): Promise<StatusChanged> {
  if (action === 'publish' || action === 'unpublish') return staffApi.post<StatusChanged>(`/dashboard/series/${action}`, undefined, { query: { id } });
  const saved: DashboardSeries | undefined = await alterSeries({ id, status: action === 'remove' ? 'Removed' : 'Draft' });
  return { id, status: saved?.status ?? (action === 'remove' ? 'Removed' : 'Draft') };
}

export function useChangeSeriesStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeSeriesStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: seriesQueryKey }) });
}
