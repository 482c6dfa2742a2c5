import { PRELOAD_AFTER, PRELOAD_BEFORE } from './reader-constants';

/**
 * Storefront spec §9: the 0-based indexes of the pages to load while `current` is read, from 4
 * before it to 6 after it, within the publication.
 */
export function pagesToLoad(current: number, pageCount: number): number[] {
  const first = Math.max(0, current - PRELOAD_BEFORE);
  const last = Math.min(pageCount - 1, current + PRELOAD_AFTER);
  const indexes: number[] = [];
  for (let index = first; index <= last; index += 1) indexes.push(index);
  return indexes;
}

/**
 * How many of the next chapter's first pages to have ready: the part of the 6-page look-ahead that
 * runs past this chapter's last page, so turning from the end lands on a page already loaded.
 */
export function nextChapterPagesToLoad(current: number, pageCount: number): number {
  return Math.max(0, Math.min(PRELOAD_AFTER, current + PRELOAD_AFTER - (pageCount - 1)));
}

/** The pages loaded so far plus `wanted`: a page once loaded stays, so going back never blanks it. The same set when nothing is new. */
export function withPages(loaded: ReadonlySet<number>, wanted: readonly number[]): ReadonlySet<number> {
  if (wanted.every((index) => loaded.has(index))) return loaded;
  return new Set([...loaded, ...wanted]);
}

/** The pages loaded so far plus those `current` needs. */
export function withPagesToLoad(loaded: ReadonlySet<number>, current: number, pageCount: number): ReadonlySet<number> {
  return withPages(loaded, pagesToLoad(current, pageCount));
}
