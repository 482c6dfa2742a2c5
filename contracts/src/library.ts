/** The reader service's My Comics answers (inside the envelope's `response`). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** One comic on the shelf, as `GET /mycomics` answers it. */
export const LibraryItemSchema = Type.Object({
  productId: Type.String(),
  name: Type.String(),
  readableUrl: Nullable(Type.String()),
  seriesId: Nullable(Type.String()),
  seriesTitle: Nullable(Type.String()),
  volumeNumber: Nullable(Type.Integer()),
  chapterNumber: Nullable(Type.Integer()),
  thumbnailUrl: Nullable(Type.String()),
  isOwned: Type.Boolean(),
  addedAt: Type.String(),
  publishDate: Nullable(Type.String()),
  pageCount: Type.Integer(),
  /** 0-based index of the page to resume at. */
  readingProgress: Type.Integer(),
  completed: Type.Boolean(),
  lastReadAt: Nullable(Type.String()),
  /** `/mycomics/processing` only: when the bought comic can be read (a pre-order's release day), if known. */
  releaseDate: Type.Optional(Nullable(Type.String())),
});
export type LibraryItem = Static<typeof LibraryItemSchema>;

/** `PATCH /mycomics/{id}` and `/mycomics/updateReadingProgressForPublication`: the progress kept. */
export const ReadingProgressSchema = Type.Object({
  publicationId: Type.String(),
  /** 0-based index of the page to resume at. */
  readingProgress: Type.Integer(),
  pageCount: Type.Integer(),
  completed: Type.Boolean(),
  updatedAt: Type.String(),
});
export type ReadingProgress = Static<typeof ReadingProgressSchema>;

export const ShelfRemovalSchema = Type.Object({ productId: Type.String(), removed: Type.Boolean() });
export type ShelfRemoval = Static<typeof ShelfRemovalSchema>;
