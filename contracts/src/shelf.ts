/**
 * My Comics sorting and paging (storefront spec §2 sort labels, §9 bookshelf page size): the codes
 * `/mycomics` takes and the labels the storefront shows for them. Youngest/Oldest go by publish
 * date, Newest/Oldest by when the comic was put on the shelf. Constants only, so a frontend
 * importing them pulls in no schema code.
 */
export const SHELF_SORTS = [
  { code: 0, label: 'A - Z' },
  { code: 1, label: 'Z - A' },
  { code: 2, label: 'Youngest To Oldest' },
  { code: 3, label: 'Newest To Oldest' },
  { code: 4, label: 'Oldest To Youngest' },
  { code: 5, label: 'Oldest To Newest' },
] as const;

export type ShelfSort = (typeof SHELF_SORTS)[number]['code'];

/** Recently shelved first: what a reader just bought or started is on top. */
export const DEFAULT_SHELF_SORT: ShelfSort = 3;

/** Storefront spec §9: "Bookshelf page size 24". */
export const SHELF_PAGE_SIZE = 24;
