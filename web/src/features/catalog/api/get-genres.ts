import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { GenreView } from '../types';

export async function getGenres({ signal }: { signal?: AbortSignal } = {}): Promise<GenreView[]> {
  const { data } = await api.get<GenreView[]>('/genre', { signal });
  return data;
}

export function getGenresQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'genres'] as const,
    queryFn: ({ signal }) => getGenres({ signal }),
    // Genres change when staff add one; an hour is fresh enough for chips.
    staleTime: 60 * 60_000,
  });
}

export function useGenres() {
  return useQuery(getGenresQueryOptions());
}
