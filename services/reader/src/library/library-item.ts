/* The shape of the library's answers, shared with the storefront (which imports it type-only). */

/** One comic on the shelf, as `GET /mycomics` answers it. */
export interface LibraryItem {
  productId: string;
  name: string;
  readableUrl: string | null;
  seriesId: string | null;
  seriesTitle: string | null;
  volumeNumber: number | null;
  chapterNumber: number | null;
  thumbnailUrl: string | null;
  isOwned: boolean;
  addedAt: string;
  publishDate: string | null;
  pageCount: number;
  /** 0-based index of the page to resume at. */
  readingProgress: number;
  completed: boolean;
  lastReadAt: string | null;
}
