/** Shapes of the reader service's answers (inside the envelope's `response`). */

/** A neighbouring chapter or volume of the same series, by number. */
export interface ComicLink {
  id: string;
  name: string;
  volumeNumber: number | null;
  chapterNumber: number | null;
}

/** One stored width of a page image. */
export interface PageSource {
  width: number;
  webp: string;
  jpeg: string;
}

export interface ComicPage {
  /** 1-based. */
  pageNumber: number;
  comicID: string;
  /** Intrinsic size of the full image. */
  width: number;
  height: number;
  /** Signed, expiring JPEG at the largest width. */
  url: string;
  /** Signed URLs per stored width, ascending. */
  sources: PageSource[];
}

/** `GET /comic/{id}/pages`. */
export interface ComicPages {
  comicID: string;
  name: string;
  seriesId: string | null;
  seriesTitle: string | null;
  seriesReadableUrl: string | null;
  volumeNumber: number | null;
  chapterNumber: number | null;
  pageCount: number;
  /** Right-to-left publications (manga). */
  reverseReadOrder: boolean;
  /** 0-based index of the page to resume at (0 for anonymous readers). */
  readingProgress: number;
  previous: ComicLink | null;
  next: ComicLink | null;
  pages: ComicPage[];
}

/** Storefront spec §2: the reader's three modes. */
export const READER_MODES = ['Page', 'Scroll', 'Strip'] as const;
export type ReaderMode = (typeof READER_MODES)[number];
