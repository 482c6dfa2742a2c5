/**
 * The state of a server-side list, kept in the URL so a reload, the back button or a shared link
 * shows the same page: `page`, `size`, `sort`, `dir`, `q` (search) and the list's own filters.
 * The search box answers at once; the URL and the request follow 200 ms after typing stops
 * (dashboard spec §9). The previous page stays on screen while the next one loads.
 *
 *   const list = usePagedQuery({
 *     queryKey: ['publishers'],
 *     filterKeys: ['visibility'],
 *     fetchPage: (params, signal) => getPublishers(params, signal),
 *   });
 *   <DataTable list={list} columns={columns} caption="Publishers" … />
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { Paginated } from '@inkwell/contracts/dashboard';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';

export type { Paginated } from '@inkwell/contracts/dashboard';

export interface SortState {
  /** The column id, as the API names the sort field. */
  id: string;
  desc: boolean;
}

/** What a list call is asked for. Page numbers count from 1, as in the paginated result (spec §3). */
export interface PageParams<F extends string = string> {
  page: number;
  pageSize: number;
  sort: SortState | null;
  search: string;
  filters: Partial<Record<F, string>>;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface UsePagedQueryOptions<T, F extends string> {
  queryKey: readonly unknown[];
  fetchPage: (params: PageParams<F>, signal: AbortSignal) => Promise<Paginated<T>>;
  /** URL parameters that are this list's filters (each a single text value). */
  filterKeys?: readonly F[];
  defaultPageSize?: number;
  defaultSort?: SortState | null;
  /** Prefix of this list's URL parameters, when a page shows more than one list. */
  paramPrefix?: string;
  enabled?: boolean;
}

export interface PagedQuery<T, F extends string = string> {
  query: UseQueryResult<Paginated<T>>;
  params: PageParams<F>;
  /** What is in the search box now (ahead of the debounced `params.search`). */
  searchInput: string;
  setSearch: (value: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: SortState | null) => void;
  setFilter: (key: F, value: string | null | undefined) => void;
  clearFilters: () => void;
  /** True when a search or filter narrows the list (the empty state then says "nothing matches"). */
  isFiltered: boolean;
}

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function usePagedQuery<T, F extends string = never>({
  queryKey,
  fetchPage,
  filterKeys = [],
  defaultPageSize = 25,
  defaultSort = null,
  paramPrefix = '',
  enabled = true,
}: UsePagedQueryOptions<T, F>): PagedQuery<T, F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = useCallback((name: string) => `${paramPrefix}${name}`, [paramPrefix]);

  const sortId = searchParams.get(key('sort'));
  const params = useMemo<PageParams<F>>(() => {
    const filters: Partial<Record<F, string>> = {};
    for (const name of filterKeys) {
      const value = searchParams.get(key(name));
      if (value !== null && value !== '') filters[name] = value;
    }
    return {
      page: positiveInt(searchParams.get(key('page')), 1),
      pageSize: positiveInt(searchParams.get(key('size')), defaultPageSize),
      sort: sortId ? { id: sortId, desc: searchParams.get(key('dir')) === 'desc' } : defaultSort,
      search: searchParams.get(key('q')) ?? '',
      filters,
    };
    // filterKeys and defaultSort are fixed per list; the URL is what changes.
  }, [searchParams, key, defaultPageSize, sortId]);

  /*
   * The address asked for and not yet shown (issue 26: a second filter change within a second dropped
   * the first). The router's setSearchParams builds on the params of the last render, not on a change
   * still being navigated to, so two quick changes each started from the same old address and the
   * second replaced the first. Each change now builds on the last one asked for, until the address
   * shows it; a change of the address from outside (the back button) is taken as it comes.
   */
  const asked = useRef<{ from: string; nexts: string[] } | null>(null);
  const shown = searchParams.toString();
  if (asked.current && (shown === asked.current.nexts.at(-1) || (shown !== asked.current.from && !asked.current.nexts.includes(shown)))) asked.current = null;
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean) => {
      const next = new URLSearchParams(asked.current?.nexts.at(-1) ?? window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key(name));
        else next.set(key(name), value);
      }
      if (resetPage) next.delete(key('page'));
      asked.current = { from: asked.current?.from ?? new URLSearchParams(window.location.search).toString(), nexts: [...(asked.current?.nexts ?? []), next.toString()] };
      setSearchParams(next, { replace: true });
    },
    [setSearchParams, key],
  );

  const [searchInput, setSearchInput] = useState(params.search);
  const debouncedSearch = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedSearch.trim() !== params.search) update({ q: debouncedSearch.trim() }, true);
    // Only a change of the debounced input writes the URL; the URL changing (back button) must not loop.
  }, [debouncedSearch]);
  // The back button (or a link) changed the search: show it in the box.
  const [lastUrlSearch, setLastUrlSearch] = useState(params.search);
  if (params.search !== lastUrlSearch) {
    setLastUrlSearch(params.search);
    if (params.search !== searchInput.trim()) setSearchInput(params.search);
  }

  const query = useQuery({
    queryKey: [...queryKey, 'page', params],
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

  return {
    query,
    params,
    searchInput,
    setSearch: setSearchInput,
    setPage: (page) => update({ page: page <= 1 ? null : String(page) }, false),
    setPageSize: (size) => update({ size: size === defaultPageSize ? null : String(size) }, true),
    setSort: (sort) => update({ sort: sort?.id ?? null, dir: sort?.desc ? 'desc' : null }, true),
    setFilter: (name, value) => update({ [name]: value ?? null }, true),
    clearFilters: () => {
      setSearchInput('');
      update(Object.fromEntries([...filterKeys, 'q'].map((name) => [name, null])), true);
    },
    isFiltered: params.search !== '' || Object.keys(params.filters).length > 0,
  };
}
