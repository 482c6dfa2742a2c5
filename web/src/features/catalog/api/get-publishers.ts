import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublisherView } from '@inkwell/contracts/catalog';
import { api } from '@inkwell/ui-kit/api-client';

/** `GET /publisher`: the publishers a shopper can narrow browsing to. */
export async function getPublishers({ signal }: { signal?: AbortSignal } = {}): Promise<PublisherView[]> {
  const { data } = await api.get<PublisherView[]>('/publisher', { signal });
  return data;
}

export function usePublishers() {
  return useQuery(
    queryOptions({
      queryKey: ['catalog', 'publishers'] as const,
      queryFn: ({ signal }) => getPublishers({ signal }),
      staleTime: 60 * 60_000,
    }),
  );
}
