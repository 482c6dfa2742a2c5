import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { ReleaseDayView } from '../types';

/** `GET /product/ReleaseCalendar`: releases grouped by day. */
export async function getReleaseCalendar({ signal }: { signal?: AbortSignal } = {}): Promise<ReleaseDayView[]> {
  const { data } = await api.get<ReleaseDayView[]>('/product/ReleaseCalendar', { signal });
  return data;
}

export function getReleaseCalendarQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'release-calendar'] as const,
    queryFn: ({ signal }) => getReleaseCalendar({ signal }),
  });
}

export function useReleaseCalendar() {
  return useQuery(getReleaseCalendarQueryOptions());
}
