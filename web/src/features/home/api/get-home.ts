import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The home page as `GET /home/V2` serves it: the wheel, curated lists, carousels, HTML components
 * and top/messaging settings staff curate in the dashboard. Its fields are typed by the catalogue
 * feature that renders them; the shell only needs to know whether anything is featured.
 */
export type HomePage = Record<string, unknown> | unknown[] | null;

export async function getHomePage({ signal }: { signal?: AbortSignal } = {}): Promise<HomePage> {
  const { data } = await api.get<HomePage>('/home/V2', { signal });
  return data;
}

export const homePageQueryKey = ['home', 'V2'] as const;

export function getHomePageQueryOptions() {
  return queryOptions({
    queryKey: homePageQueryKey,
    queryFn: ({ signal }) => getHomePage({ signal }),
  });
}

export function useHomePage() {
  return useQuery(getHomePageQueryOptions());
}

/** True when the answer holds at least one non-empty section. */
export function hasFeaturedContent(home: HomePage): boolean {
  if (home === null) return false;
  const sections = Array.isArray(home) ? home : Object.values(home);
  return sections.some((section) => (Array.isArray(section) ? section.length > 0 : section !== null && section !== undefined && section !== ''));
}
