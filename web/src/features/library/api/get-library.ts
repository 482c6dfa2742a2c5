import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { SHELF_PAGE_SIZE, type ShelfQuery } from '../library-rules';
import type { LibraryItem } from '../types';

/** Everything fetched for the library; the reading-progress and removal mutations invalidate by it. */
export const libraryQueryKey = ['library'] as const;

export interface LibraryPage {
  items: LibraryItem[];
  /** How many books match in all (the envelope's `status.fullCount`). */
  fullCount: number;
}

/** `GET /mycomics`: one page of the signed-in reader's bookshelf; every book carries its reading progress. */
export async function getLibraryPage(query: ShelfQuery, { signal }: { signal?: AbortSignal } = {}): Promise<LibraryPage> {
  const { data, status } = await api.get<LibraryItem[]>('/mycomics', {
    signal,
    query: {
      sort: query.sort,
      search: query.search || undefined,
      offset: query.page * SHELF_PAGE_SIZE,
      count: SHELF_PAGE_SIZE,
    },
  });
  return { items: data, fullCount: status.fullCount ?? query.page * SHELF_PAGE_SIZE + data.length };
}

/**
 * Keyed by the reader, so another sign-in never shows this shelf. A new search or page cancels the
 * request still under way for the previous one (the fetch follows react-query's abort signal).
 */
export function getLibraryQueryOptions(reader: string, query: ShelfQuery) {
  return queryOptions({
    queryKey: [...libraryQueryKey, reader, 'shelf', query] as const,
    queryFn: ({ signal }) => getLibraryPage(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLibrary(reader: string, query: ShelfQuery) {
  return useQuery(getLibraryQueryOptions(reader, query));
}
