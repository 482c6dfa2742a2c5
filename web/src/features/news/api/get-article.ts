import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsArticleView } from '@inkwell/contracts/catalog';
import { api } from '@inkwell/ui-kit/api-client';

/** `GET news/strips-article/{id or readableUrl}`, or its unpublished preview for staff. */
export async function getArticle(idOrUrl: string, preview: boolean, { signal }: { signal?: AbortSignal } = {}): Promise<NewsArticleView> {
  const path = preview ? '/news/strips-article-preview' : '/news/strips-article';
  const { data } = await api.get<NewsArticleView>(`${path}/${encodeURIComponent(idOrUrl)}`, { signal });
  return data;
}

export function getArticleQueryOptions(idOrUrl: string, preview: boolean) {
  return queryOptions({
    queryKey: ['news', preview ? 'preview' : 'article', idOrUrl] as const,
    queryFn: ({ signal }) => getArticle(idOrUrl, preview, { signal }),
  });
}

export function useArticle(idOrUrl: string, preview: boolean) {
  return useQuery(getArticleQueryOptions(idOrUrl, preview));
}
