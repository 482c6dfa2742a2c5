import { Type } from '@sinclair/typebox';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** `{id}` of a publication: its product id or readable url. */
export const PublicationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** A catalog product id as a path part: digits only. */
export const ProductId = Type.String({ pattern: '^[0-9]{1,18}$', errorMessage: 'A product id is a number.' });

export const ComicPageSchema = Type.Object({
  pageNumber: Type.Integer(),
  comicID: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  url: Type.String(),
  sources: Type.Array(Type.Object({ width: Type.Integer(), webp: Type.String(), jpeg: Type.String() })),
});

const ComicLinkSchema = Type.Union([
  Type.Object({ id: Type.String(), name: Type.String(), volumeNumber: NullableInteger, chapterNumber: NullableInteger }),
  Type.Null(),
]);

export const ComicPagesSchema = Type.Object({
  comicID: Type.String(),
  name: Type.String(),
  seriesId: NullableString,
  seriesTitle: NullableString,
  seriesReadableUrl: NullableString,
  volumeNumber: NullableInteger,
  chapterNumber: NullableInteger,
  pageCount: Type.Integer(),
  reverseReadOrder: Type.Boolean(),
  readingProgress: Type.Integer(),
  previous: ComicLinkSchema,
  next: ComicLinkSchema,
  pages: Type.Array(ComicPageSchema),
});

export const LibraryItemSchema = Type.Object({
  productId: Type.String(),
  name: Type.String(),
  readableUrl: NullableString,
  seriesId: NullableString,
  seriesTitle: NullableString,
  volumeNumber: NullableInteger,
  chapterNumber: NullableInteger,
  thumbnailUrl: NullableString,
  isOwned: Type.Boolean(),
  addedAt: Type.String(),
  publishDate: NullableString,
  pageCount: Type.Integer(),
  readingProgress: Type.Integer(),
  completed: Type.Boolean(),
  lastReadAt: NullableString,
});

export const ReadingProgressSchema = Type.Object({
  publicationId: Type.String(),
  readingProgress: Type.Integer(),
  pageCount: Type.Integer(),
  completed: Type.Boolean(),
  updatedAt: Type.String(),
});
