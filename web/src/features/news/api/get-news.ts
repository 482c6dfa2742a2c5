import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NewsArticleCardView } from '@inkwell/contracts/catalog';
import { api } from '@inkwell/ui-kit/api-client';

export const NEWS_PAGE_SIZE = 12;

export interface NewsPage {
  articles: NewsArticleCardView[];
  first: number;
  /** Articles in all, when the answer says (`status.fullCount`). */
  fullCount: number | null;
}

/** `GET /news?maxItemCount=&first=`: published articles, newest first. */
export async function getNewsPage(first: number, { signal }: { signal?: AbortSignal } = {}): Promise<NewsPage> {
  const { data, status } = await api.get<NewsArticleCardView[]>('/news', { signal, query: { maxItemCount: NEWS_PAGE_SIZE, first } });
  return { articles: data, first, fullCount: status.fullCount ?? null };
}

export function getNewsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['news', 'list'] as const,
    queryFn: ({ pageParam, signal }) => getNewsPage(pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.first + last.articles.length;
      if (last.fullCount !== null) return next < last.fullCount ? next : undefined;
      // Without a total, a full page suggests there is more.
      return last.articles.length === NEWS_PAGE_SIZE ? next : undefined;
    },
  });
}

export function useNews() {
  return useInfiniteQuery(getNewsQueryOptions());
}
