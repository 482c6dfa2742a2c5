import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { SHELF_PAGE_SIZE } from '../library-rules';
import type { LibraryItem } from '../types';
import { libraryQueryKey } from './get-library';

/** `GET /mycomics/withReadingProgress`: the books the reader has started, last read first. */
export async function getContinueReading({ signal }: { signal?: AbortSignal } = {}): Promise<LibraryItem[]> {
  const { data } = await api.get<LibraryItem[]>('/mycomics/withReadingProgress', { signal, query: { count: SHELF_PAGE_SIZE } });
  return data;
}

export function getContinueReadingQueryOptions(reader: string) {
  return queryOptions({
    queryKey: [...libraryQueryKey, reader, 'continue-reading'] as const,
    queryFn: ({ signal }) => getContinueReading({ signal }),
  });
}

export function useContinueReading(reader: string) {
  return useQuery(getContinueReadingQueryOptions(reader));
}
