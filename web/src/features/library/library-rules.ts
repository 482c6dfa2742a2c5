/**
 * The bookshelf's rules (storefront spec §2 and §9): its sort labels with the codes `/mycomics`
 * takes, the page size, and how far a book has been read.
 */
import { DEFAULT_SHELF_SORT, SHELF_PAGE_SIZE, SHELF_SORTS, type ShelfSort } from '@inkwell/contracts/shelf';
import type { LibraryItem } from './types';

// The sort labels with their codes and the page size are the API's contract, so both ends agree.
export { DEFAULT_SHELF_SORT, SHELF_PAGE_SIZE, SHELF_SORTS, type ShelfSort };

export const SHELF_PARAMS = { sort: 'sort', search: 'q', page: 'page' } as const;

export interface ShelfQuery {
  sort: ShelfSort;
  search: string;
  /** 0-based. */
  page: number;
}

/** The search as it is sent: trimmed, inner runs of spaces collapsed. */
export function normalizeSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function isSortCode(value: number): value is ShelfSort {
  return SHELF_SORTS.some((option) => option.code === value);
}

/** The shelf's sort, search and page from the address; anything unreadable falls back to the default. */
export function readShelfQuery(params: URLSearchParams): ShelfQuery {
  const sort = Number(params.get(SHELF_PARAMS.sort) ?? DEFAULT_SHELF_SORT);
  const page = Number(params.get(SHELF_PARAMS.page) ?? 1);
  return {
    sort: params.has(SHELF_PARAMS.sort) && isSortCode(sort) ? sort : DEFAULT_SHELF_SORT,
    search: normalizeSearch(params.get(SHELF_PARAMS.search) ?? ''),
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
}

/** The address parameters of a shelf query, defaults left out so the plain /library/ stays plain. */
export function writeShelfQuery(query: ShelfQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set(SHELF_PARAMS.search, query.search);
  if (query.sort !== DEFAULT_SHELF_SORT) params.set(SHELF_PARAMS.sort, String(query.sort));
  if (query.page > 0) params.set(SHELF_PARAMS.page, String(query.page + 1));
  return params;
}

export function pageCountOf(fullCount: number): number {
  return Math.max(1, Math.ceil(fullCount / SHELF_PAGE_SIZE));
}

/**
 * Page numbers to offer around `current` (0-based) out of `count`: the first, the last, and two
 * either side of the current, with null where numbers are skipped.
 */
export function pageLinks(current: number, count: number): Array<number | null> {
  const shown = new Set([0, count - 1]);
  for (let page = current - 2; page <= current + 2; page += 1) if (page >= 0 && page < count) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const links: Array<number | null> = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) links.push(null);
    links.push(page);
  });
  return links;
}

export type ReadingState = { kind: 'unread' } | { kind: 'reading'; page: number; percent: number } | { kind: 'finished' };

/** How far a book has been read: pages are 1-based for people, progress is a 0-based index. */
export function readingStateOf(item: Pick<LibraryItem, 'readingProgress' | 'pageCount' | 'completed'>): ReadingState {
  if (item.completed || (item.pageCount > 0 && item.readingProgress >= item.pageCount - 1)) return { kind: 'finished' };
  if (item.readingProgress <= 0 || item.pageCount <= 0) return { kind: 'unread' };
  return { kind: 'reading', page: item.readingProgress + 1, percent: Math.round(((item.readingProgress + 1) / item.pageCount) * 100) };
}

/** The books to pick up again: started, not finished, most recently read first. */
export function continueReading<T extends Pick<LibraryItem, 'readingProgress' | 'pageCount' | 'completed' | 'lastReadAt'>>(items: readonly T[]): T[] {
  return items
    .filter((item) => readingStateOf(item).kind === 'reading')
    .sort((a, b) => (b.lastReadAt ?? '').localeCompare(a.lastReadAt ?? ''));
}
