import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

function SearchFormatSchema() {
  return Type.Object({
    type: Type.Union([Type.Literal('Digital'), Type.Literal('Print')]),
    price: Type.Integer(),
    fullPrice: Type.Integer(),
    currency: Type.String(),
    isOnSale: Type.Boolean(),
    /** Free to read (for this visitor): Free, or FreeForRegistered once signed in. */
    isFree: Type.Boolean(),
    isPreOrder: Type.Boolean(),
  });
}

/** One entry of `/search/V3` (storefront spec §2: type, displayType, content). */
export const SearchResultSchema = Type.Object({
  type: Type.Union([Type.Literal('series'), Type.Literal('product')]),
  displayType: Type.String(),
  content: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    readableUrl: Nullable(Type.String()),
    thumbnails: Type.Array(Type.Object({ url: Type.String(), color: Type.Optional(Type.String()) })),
    /**
     * A product's formats on sale and what each costs now (cents), so a result can show price and
     * format (issue 26); left out for a series.
     */
    formats: Type.Optional(Type.Array(SearchFormatSchema())),
  }),
});
export type SearchResultView = Static<typeof SearchResultSchema>;
