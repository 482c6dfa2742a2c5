import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResultView } from '@inkwell/contracts/search';
import { api } from '@inkwell/ui-kit/api-client';
import { isSearchable, normalizeQuery, SEARCH_RESULT_LIMIT } from '../search-rules';

/** `GET /search/V3?query=`: series and products matching the query, at most 20. */
export async function searchCatalog(query: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchResultView[]> {
  const { data } = await api.get<SearchResultView[]>('/search/V3', { signal, query: { query } });
  return data.slice(0, SEARCH_RESULT_LIMIT);
}

export function getSearchQueryOptions(query: string) {
  const normalized = normalizeQuery(query);
  return queryOptions({
    queryKey: ['search', normalized.toLowerCase()] as const,
    queryFn: ({ signal }) => searchCatalog(normalized, { signal }),
    // Storefront spec §7: search answers are cached per query.
    staleTime: 5 * 60_000,
  });
}

/** Searches once `query` is long enough; keeps the last answer on screen while the next one loads. */
export function useSearch(query: string) {
  return useQuery({ ...getSearchQueryOptions(query), enabled: isSearchable(query), placeholderData: keepPreviousData });
}

/** `GET /search/suggestions/{text}?field=series`: series titles close to what was typed. */
export async function getSearchSuggestions(text: string, { signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  const { data } = await api.get<string[]>(`/search/suggestions/${encodeURIComponent(text)}`, { signal, query: { field: 'series' } });
  return data;
}

export function useSearchSuggestions(text: string, enabled: boolean) {
  const normalized = normalizeQuery(text);
  return useQuery({
    queryKey: ['search', 'suggestions', normalized.toLowerCase()] as const,
    queryFn: ({ signal }) => getSearchSuggestions(normalized, { signal }),
    enabled: enabled && isSearchable(normalized),
    staleTime: 5 * 60_000,
  });
}
