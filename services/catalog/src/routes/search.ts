import { Type } from '@sinclair/typebox';
import { SearchResultSchema, type SearchResultView } from '@inkwell/contracts/search';
import { EnvelopeOf, success, type App, type SearchIndex, type ServiceContext } from '@inkwell/platform';
import { isFreePriceType } from '../domain';
import { productCard } from '../domain/views';
import { loadProducts } from '../store/records';
import { cachedRead, urlReadKey } from './read-cache';
import { visitorOf } from './visitor';

/** Storefront spec §5: results capped at 20. */
export const SEARCH_RESULT_LIMIT = 20;
const SUGGESTION_LIMIT = 8;

const SearchQuery = Type.Object({
  query: Type.String({ maxLength: 200 }),
  showSpotLightInfo: Type.Optional(Type.Boolean()),
  includeHighlights: Type.Optional(Type.Boolean()),
});

export async function searchRoutes(app: App, context: ServiceContext, index: SearchIndex): Promise<void> {
  const { config } = context;

  app.get('/api/search/V3', {
    preHandler: context.auth.optionalUser,
    schema: { tags: ['search'], summary: 'Search series and products (at most 20 results)', querystring: SearchQuery, response: { 200: EnvelopeOf(Type.Array(SearchResultSchema)) } },
    handler: async (request, reply) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const text = request.query.query.trim();
      // One character finds too much to be useful; the storefront asks for more.
      if (text.length < 2) return success<SearchResultView[]>([], { fullCount: 0 });
      // Cached per query (and visitor class), as the storefront spec says; keyed by URL like every
      // cached read, so the gateway can answer it too.
      return cachedRead(context.cache, urlReadKey(request, visitor), reply, async () => {
        const hits = await index.search({
          text,
          limit: SEARCH_RESULT_LIMIT,
          ...(visitor.country && !visitor.isAdmin ? { country: visitor.country } : {}),
          ...(visitor.maxShownRating ? { maxAgeRating: visitor.maxShownRating } : {}),
        });
        // Price and format of each product found, read fresh from the catalogue (prices change with sales).
        const products = new Map((await loadProducts(context.db, hits.filter((hit) => hit.kind === 'product').map((hit) => hit.id))).map((record) => [record.id, productCard(record, visitor)]));
        const results: SearchResultView[] = hits.map((hit) => ({
          type: hit.kind,
          displayType: hit.displayType,
          content: {
            id: hit.id,
            title: hit.title,
            readableUrl: hit.readableUrl,
            thumbnails: hit.thumbnails.map((thumbnail) => ({ url: thumbnail.url, ...(thumbnail.color ? { color: thumbnail.color } : {}) })),
            ...(hit.kind === 'product' && products.has(hit.id)
              ? {
                  formats: products.get(hit.id)!.variants.map((variant) => ({
                    type: variant.type,
                    price: variant.price,
                    fullPrice: variant.fullPrice,
                    currency: variant.currency,
                    isOnSale: variant.isOnSale,
                    isFree: isFreePriceType(variant.priceType as Parameters<typeof isFreePriceType>[0]) && variant.type === 'Digital',
                    isPreOrder: variant.isPreOrder,
                  })),
                }
              : {}),
          },
        }));
        return success(results, { fullCount: results.length });
      });
    },
  });

  app.get('/api/search/suggestions/:text', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['search'],
      summary: 'Title suggestions as the visitor types',
      params: Type.Object({ text: Type.String({ minLength: 1, maxLength: 200 }) }),
      querystring: Type.Object({ field: Type.Optional(Type.String({ enum: ['series', 'product'] })) }),
      response: { 200: EnvelopeOf(Type.Array(Type.String())) },
    },
    handler: async (request) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const text = request.params.text.trim();
      if (text.length < 2) return success<string[]>([]);
      const hits = await index.search({
        text,
        limit: SUGGESTION_LIMIT,
        kind: request.query.field === 'product' ? 'product' : 'series',
        ...(visitor.country && !visitor.isAdmin ? { country: visitor.country } : {}),
        ...(visitor.maxShownRating ? { maxAgeRating: visitor.maxShownRating } : {}),
      });
      return success([...new Set(hits.map((hit) => hit.title))]);
    },
  });
}
