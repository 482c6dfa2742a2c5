/**
 * The home page's curated lists, which the storefront shows as carousels (dashboard spec §7 "Home
 * page" carousels, §3 "Curated list"): the list, new, alter (a list of them), remove, and the
 * editor's preview (beyond the spec).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CuratedList, CuratedListInput, CuratedListPreview } from '@inkwell/contracts/dashboard-merchandising';
import type { ProductTypeView } from '@inkwell/contracts/catalog';
import { staffApi } from '@/lib/staff-api';

export const carouselsQueryKey = ['dashboard', 'carousels'] as const;

/** `GET /dashboard/carousels`: every curated list, in their order on the home page. */
export function getCarousels({ signal }: { signal?: AbortSignal } = {}): Promise<CuratedList[]> {
  return staffApi.get<CuratedList[]>('/dashboard/carousels', { signal });
}

export const carouselsQueryOptions = queryOptions({
  queryKey: [...carouselsQueryKey, 'all'] as const,
  queryFn: ({ signal }) => getCarousels({ signal }),
  staleTime: 0,
});

export function useCarousels() {
  return useQuery(carouselsQueryOptions);
}

/**
 * One curated list, read from the whole list (the spec has no call for one); a list that is not
 * there is an error, so the editor says it did not load instead of opening an empty form.
 */
export function useCarousel(id: number | undefined) {
  return useQuery({
    ...carouselsQueryOptions,
    enabled: id !== undefined,
    select: (lists: CuratedList[]) => {
      const found = lists.find((list) => list.id === id);
      if (!found) throw new Error(`There is no curated list #${id}.`);
      return found;
    },
  });
}

/** `POST /dashboard/carousels/new`: the list as stored. */
export function createCarousel(body: CuratedListInput): Promise<CuratedList> {
  return staffApi.post<CuratedList>('/dashboard/carousels/new', body);
}

/** `POST /dashboard/carousels/alter`: a list of changed lists, saved together or not at all. */
export function alterCarousels(body: CuratedListInput[]): Promise<CuratedList[]> {
  return staffApi.post<CuratedList[]>('/dashboard/carousels/alter', body);
}

/** `POST /dashboard/carousels/remove?id`. */
export function removeCarousel(id: number): Promise<unknown> {
  return staffApi.post<unknown>('/dashboard/carousels/remove', undefined, { query: { id } });
}

/** `POST /dashboard/carousels/preview` (beyond the spec): what the unsaved list would show. */
export function previewCarousel(body: CuratedListInput, signal?: AbortSignal): Promise<CuratedListPreview> {
  return staffApi.post<CuratedListPreview>('/dashboard/carousels/preview', body, { signal });
}

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: carouselsQueryKey }) });
}

export const useCreateCarousel = () => useInvalidating(createCarousel);
export const useAlterCarousels = () => useInvalidating(alterCarousels);
export const useRemoveCarousel = () => useInvalidating(removeCarousel);

/** The storefront's product types (`GET /api/type`), for the filter's types and sub category. */
export function useProductTypes() {
  return useQuery({
    queryKey: ['dashboard', 'lookups', 'product-types'] as const,
    queryFn: ({ signal }) => staffApi.get<ProductTypeView[]>('/type', { signal }),
    staleTime: 5 * 60_000,
  });
}
