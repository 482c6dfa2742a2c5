import { api } from '@inkwell/ui-kit/api-client';
import type { ComicPage } from '../types';

/** `GET /comic/{id}/pages/{n}`: one page with freshly signed URLs, for a page whose URLs expired while it was open. */
export async function getComicPage(comicId: string, pageNumber: number): Promise<ComicPage> {
  const { data } = await api.get<ComicPage>(`/comic/${encodeURIComponent(comicId)}/pages/${pageNumber}`);
  return data;
}
