import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { LibraryItem } from '../types';
import { libraryQueryKey } from './get-library';

/** `GET /mycomics/processing`: comics bought that cannot be read yet (pre-orders, payments being confirmed), soonest first. */
export async function getProcessing({ signal }: { signal?: AbortSignal } = {}): Promise<LibraryItem[]> {
  const { data } = await api.get<LibraryItem[]>('/mycomics/processing', { signal });
  return data;
}

export function getProcessingQueryOptions(reader: string) {
  return queryOptions({
    queryKey: [...libraryQueryKey, reader, 'processing'] as const,
    queryFn: ({ signal }) => getProcessing({ signal }),
  });
}

export function useProcessing(reader: string) {
  return useQuery(getProcessingQueryOptions(reader));
}
