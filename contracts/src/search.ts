import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** One entry of `/search/V3` (storefront spec §2: type, displayType, content). */
export const SearchResultSchema = Type.Object({
  type: Type.Union([Type.Literal('series'), Type.Literal('product')]),
  displayType: Type.String(),
  content: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    readableUrl: Nullable(Type.String()),
    thumbnails: Type.Array(Type.Object({ url: Type.String(), color: Type.Optional(Type.String()) })),
  }),
});
export type SearchResultView = Static<typeof SearchResultSchema>;
