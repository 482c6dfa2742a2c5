/** The reader service's page answers (inside the envelope's `response`). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** One stored width of a page image. */
export const PageSourceSchema = Type.Object({ width: Type.Integer(), webp: Type.String(), jpeg: Type.String() });
export type PageSource = Static<typeof PageSourceSchema>;

export const ComicPageSchema = Type.Object({
  /** 1-based. */
  pageNumber: Type.Integer(),
  comicID: Type.String(),
  /** Intrinsic size of the full image. */
  width: Type.Integer(),
  height: Type.Integer(),
  /** Signed, expiring JPEG at the largest width. */
  url: Type.String(),
  /** Signed URLs per stored width, ascending. */
  sources: Type.Array(PageSourceSchema),
});
export type ComicPage = Static<typeof ComicPageSchema>;

/** A neighbouring chapter or volume of the same series, by number. */
export const ComicLinkSchema = Type.Object({ id: Type.String(), name: Type.String(), volumeNumber: Nullable(Type.Integer()), chapterNumber: Nullable(Type.Integer()) });
export type ComicLink = Static<typeof ComicLinkSchema>;

/** `GET /comic/{id}/pages`. */
export const ComicPagesSchema = Type.Object({
  comicID: Type.String(),
  name: Type.String(),
  seriesId: Nullable(Type.String()),
  seriesTitle: Nullable(Type.String()),
  seriesReadableUrl: Nullable(Type.String()),
  volumeNumber: Nullable(Type.Integer()),
  chapterNumber: Nullable(Type.Integer()),
  pageCount: Type.Integer(),
  /** Right-to-left publications (manga). */
  reverseReadOrder: Type.Boolean(),
  /** 0-based index of the page to resume at (0 for anonymous readers). */
  readingProgress: Type.Integer(),
  previous: Nullable(ComicLinkSchema),
  next: Nullable(ComicLinkSchema),
  pages: Type.Array(ComicPageSchema),
});
export type ComicPages = Static<typeof ComicPagesSchema>;
