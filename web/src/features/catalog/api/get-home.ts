import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { HomeView } from '../types';

/** The home page as `GET /home/V2` serves it: the spotlight wheel and the carousels under it. */
export async function getHome({ signal }: { signal?: AbortSignal } = {}): Promise<HomeView> {
  const { data } = await api.get<HomeView>('/home/V2', { signal });
  return data;
}

export function getHomeQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'home'] as const,
    queryFn: ({ signal }) => getHome({ signal }),
  });
}

export function useHome() {
  return useQuery(getHomeQueryOptions());
}
