import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Created, DashboardSeries, SeriesAlterItem, SeriesNoteInput, SeriesSaveBody } from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';
import { seriesDetailKey } from './get-series';
import { seriesQueryKey } from './get-series-list';

/** `POST /dashboard/series/new`: answers the new series' id. */
export function createSeries(body: SeriesSaveBody): Promise<Created> {
  return staffApi.post<Created>('/dashboard/series/new', body);
}

/** `POST /dashboard/series/alter` with one series (the call takes a list, saved all or none). */
export async function alterSeries(item: SeriesAlterItem): Promise<DashboardSeries | undefined> {
  const [saved] = await staffApi.post<DashboardSeries[]>('/dashboard/series/alter', [item]);
  return saved;
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSeries, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...seriesQueryKey, 'page'] }) });
}

export function useAlterSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterSeries,
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(seriesDetailKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...seriesQueryKey, 'page'] });
    },
  });
}

/** `POST /dashboard/series/{id}/notes`: adds a note without saving the rest of the editor. */
export function addSeriesNote({ id, ...note }: SeriesNoteInput & { id: number }): Promise<DashboardSeries> {
  return staffApi.post<DashboardSeries>(`/dashboard/series/${id}/notes`, note);
}

export function useAddSeriesNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSeriesNote,
    // Only the notes are taken from the answer: the editor's other fields may hold unsaved edits.
    onSuccess: (saved) =>
      queryClient.setQueryData<DashboardSeries>(seriesDetailKey(saved.id), (current) => (current ? { ...current, notes: saved.notes } : saved)),
  });
}
