/**
 * The home page's HTML components (dashboard spec §3 "Text block", §7 "Home page"): the list, new,
 * alter (a list of them), and the editor's sanitised preview (beyond the spec).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HtmlComponent, HtmlComponentInput, HtmlSanitised } from '@inkwell/contracts/dashboard-merchandising';
import { staffApi } from '@/lib/staff-api';

export const htmlComponentsQueryKey = ['dashboard', 'html-components'] as const;

/** `GET /dashboard/html-components`: every component, in order. */
export function getHtmlComponents({ signal }: { signal?: AbortSignal } = {}): Promise<HtmlComponent[]> {
  return staffApi.get<HtmlComponent[]>('/dashboard/html-components', { signal });
}

export const htmlComponentsQueryOptions = queryOptions({
  queryKey: [...htmlComponentsQueryKey, 'all'] as const,
  queryFn: ({ signal }) => getHtmlComponents({ signal }),
  staleTime: 0,
});

export function useHtmlComponents() {
  return useQuery(htmlComponentsQueryOptions);
}

/** One component, read from the whole list (the spec has no call for one). */
export function useHtmlComponent(id: number | undefined) {
  return useQuery({
    ...htmlComponentsQueryOptions,
    enabled: id !== undefined,
    select: (components: HtmlComponent[]) => {
      const found = components.find((component) => component.id === id);
      if (!found) throw new Error(`There is no HTML component #${id}.`);
      return found;
    },
  });
}

/** `POST /dashboard/html-components/new`: the component as stored (its content sanitised). */
export function createHtmlComponent(body: HtmlComponentInput): Promise<HtmlComponent> {
  return staffApi.post<HtmlComponent>('/dashboard/html-components/new', body);
}

/** `POST /dashboard/html-components/alter`: a list of changed components, saved together or not at all. */
export function alterHtmlComponents(body: HtmlComponentInput[]): Promise<HtmlComponent[]> {
  return staffApi.post<HtmlComponent[]>('/dashboard/html-components/alter', body);
}

/** `POST /dashboard/html-components/preview` (beyond the spec): the content as it would be stored and what the sanitiser took out. */
export function previewHtmlComponent(content: string, signal?: AbortSignal): Promise<HtmlSanitised> {
  return staffApi.post<HtmlSanitised>('/dashboard/html-components/preview', { content }, { signal });
}

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: htmlComponentsQueryKey }) });
}

export const useCreateHtmlComponent = () => useInvalidating(createHtmlComponent);
export const useAlterHtmlComponents = () => useInvalidating(alterHtmlComponents);

/** `POST /dashboard/html-components/remove?id` (beyond the spec): off the home page. */
export function removeHtmlComponent(id: number): Promise<unknown> {
  return staffApi.post<unknown>('/dashboard/html-components/remove', undefined, { query: { id } });
}
