import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { takeDocumentPages } from '../document-first-page';
import type { ComicPages } from '../types';

/** `GET /comic/{id or readable url}/pages`: the page list with signed image URLs, and where to resume. */
export async function getComicPages(idOrUrl: string, { signal }: { signal?: AbortSignal } = {}): Promise<ComicPages> {
  const { data } = await api.get<ComicPages>(`/comic/${encodeURIComponent(idOrUrl)}/pages`, { signal });
  return data;
}

/**
 * The page list asked for while the document loads, before the reader's code has arrived (the
 * route's loader starts it). It goes out with whatever token is stored, as the reader's own
 * request would, so the first request of the reader for that comic takes it over.
 */
let early: { idOrUrl: string; answer: Promise<ComicPages> } | null = null;
let earlyStarted = false;

/** Starts fetching `idOrUrl`'s page list ahead of the reader, once per page load (the visit that opened the reader). */
export function startComicPagesEarly(idOrUrl: string): void {
  if (earlyStarted) return;
  earlyStarted = true;
  // The document may hold the answer already (a comic anyone may read, opened by a visitor).
  const inDocument = takeDocumentPages(idOrUrl);
  const answer = inDocument ? Promise.resolve(inDocument) : getComicPages(idOrUrl);
  // A failure is the reader's to report, by asking again.
  answer.catch(() => undefined);
  early = { idOrUrl, answer };
}

async function takeOrGetComicPages(idOrUrl: string, signal: AbortSignal): Promise<ComicPages> {
  const taken = early?.idOrUrl === idOrUrl ? early.answer : null;
  if (taken) {
    early = null;
    try {
      return await taken;
    } catch {
      // Asked again below, now that the login state is settled.
    }
  }
  return getComicPages(idOrUrl, { signal });
}

/**
 * Keyed by who reads, since access and progress depend on it. The answer's image URLs are signed
 * and expire: it is never refetched behind the reader's back (new URLs would reload every page);
 * a page whose URL has expired is renewed on its own (`get-comic-page`).
 */
export function getComicPagesQueryOptions(idOrUrl: string, reader: string | null) {
  return queryOptions({
    queryKey: ['reader', 'pages', idOrUrl, reader] as const,
    queryFn: ({ signal }) => takeOrGetComicPages(idOrUrl, signal),
    staleTime: 5 * 60_000,
    refetchOnReconnect: false,
  });
}

/** `reader`: the signed-in reader's id, or null for a visitor; `enabled` waits for the login state. */
export function useComicPages(idOrUrl: string | null, reader: string | null, enabled: boolean) {
  return useQuery({ ...getComicPagesQueryOptions(idOrUrl ?? '', reader), enabled: enabled && idOrUrl !== null });
}
