/**
 * My Comics sorting and searching. The sort codes and the page size are part of the API's contract
 * (the storefront offers the same ones), so they live in `@inkwell/contracts`.
 */
import type { ShelfSort } from '@inkwell/contracts/shelf';

export { DEFAULT_SHELF_SORT, SHELF_PAGE_SIZE, SHELF_SORTS, type ShelfSort } from '@inkwell/contracts/shelf';

export interface ShelfEntry {
  productId: string;
  name: string;
  seriesTitle: string | null;
  addedAt: string;
  publishDate: string | null;
  lastReadAt: string | null;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const time = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/** Ascending; entries without a date go last whichever way the list runs. */
function byTime(a: number | null, b: number | null, descending: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return descending ? b - a : a - b;
}

/** Name order ("Vol. 2" before "Vol. 10"), then id, breaks every tie so pages never overlap. */
function byName(a: ShelfEntry, b: ShelfEntry): number {
  return collator.compare(a.name, b.name) || Number(a.productId) - Number(b.productId);
}

export function compareShelfEntries(sort: ShelfSort): (a: ShelfEntry, b: ShelfEntry) => number {
  switch (sort) {
    case 0:
      return byName;
    case 1:
      return (a, b) => byName(b, a);
    case 2:
      return (a, b) => byTime(time(a.publishDate), time(b.publishDate), true) || byName(a, b);
    case 3:
      return (a, b) => byTime(time(a.addedAt), time(b.addedAt), true) || byName(a, b);
    case 4:
      return (a, b) => byTime(time(a.publishDate), time(b.publishDate), false) || byName(a, b);
    case 5:
      return (a, b) => byTime(time(a.addedAt), time(b.addedAt), false) || byName(a, b);
  }
}

/** Most recently read first: the order of a "continue reading" list when no sort is asked. */
export function byLastRead(a: ShelfEntry, b: ShelfEntry): number {
  return byTime(time(a.lastReadAt), time(b.lastReadAt), true) || byName(a, b);
}

/** Every word of the search text appears in the name or the series title, ignoring case and accents. */
export function matchesShelfSearch(entry: ShelfEntry, search: string): boolean {
  const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const haystack = fold(`${entry.name} ${entry.seriesTitle ?? ''}`);
  return fold(search).split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}
