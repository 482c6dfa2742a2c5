import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { ListItemSchema, ProductCardSchema, ProductSchema, SeriesSchema } from '@inkwell/contracts/catalog';
import { BadRequestError, EnvelopeOf, Int4, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { shownTo } from '../domain/visitor';
import { geoStatus, lookupProduct, lookupSeries } from './access';
import type { ReaderOwnership } from '../peers/reader-ownership';
import { AGE_RATINGS, CONTENT_KIND_CODES, PRODUCT_TYPE_CODES } from '../domain';
import { discover, LIST_SORTS, type DiscoverFilters } from '../store/discover';
import { loadProducts, loadSeries } from '../store/records';
import { listedSql, CHAPTER_TYPE_CODE } from '../store/visibility';
import { productCard, productView, seriesCard, seriesView } from '../domain/views';
import { cachedRead, urlReadKey } from './read-cache';
import { visitorOf } from './visitor';
import { ItemParams, splitCommaLists } from './schemas';
import { LOG_IN_TO_FILTER_MESSAGE } from '../domain/messages';

const DEFAULT_PAGE = 24;
const MAX_PAGE = 100;

const TYPE_CODES = Object.values(PRODUCT_TYPE_CODES);
const DiscoverQuery = Type.Object({
  typeIds: Type.Optional(Type.Array(Type.Integer({ enum: TYPE_CODES }))),
  sort: Type.Optional(Type.Integer({ enum: Object.values(LIST_SORTS) })),
  genreIds: Type.Optional(Type.Array(NumericId())),
  subCategory: Type.Optional(Type.Union([Type.Integer({ enum: TYPE_CODES }), Type.String({ enum: Object.keys(PRODUCT_TYPE_CODES) })])),
  includeSeries: Type.Optional(Type.Boolean()),
  widths: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 4000 }))),
  scheduleStatus: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }))),
  newOnly: Type.Optional(Type.Boolean()),
  ageRatings: Type.Optional(Type.Array(Type.String({ enum: [...AGE_RATINGS] }))),
  seriesStatus: Type.Optional(Type.String({ enum: ['Ongoing', 'Completed'] })),
  publishStatus: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }))),
  isOnSale: Type.Optional(Type.Boolean()),
  category: Type.Optional(Type.Union([Type.Integer({ enum: Object.values(CONTENT_KIND_CODES) }), Type.String({ enum: Object.keys(CONTENT_KIND_CODES) })])),
  distributionType: Type.Optional(Type.Union([Type.String({ enum: ['Digital', 'Print'] }), Type.Integer({ enum: [0, 1] })])),
  isFree: Type.Optional(Type.Boolean()),
  publisherId: Type.Optional(NumericId()),
  isInUserLibrary: Type.Optional(Type.Boolean()),
  seriesTitleSearchTerm: Type.Optional(Type.String({ maxLength: 100 })),
  fromIndex: Type.Optional(Int4({ maximum: 100_000 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
});

const LIST_PARAMS = ['typeIds', 'genreIds', 'widths', 'scheduleStatus', 'ageRatings', 'publishStatus'] as const;

/** Keeps only thumbnails of the asked widths (all when none asked). */
function withWidths<T extends { thumbnails: Array<{ width: number }> }>(item: T, widths: number[] | undefined): T {
  if (!widths?.length) return item;
  return { ...item, thumbnails: item.thumbnails.filter((thumbnail) => widths.includes(thumbnail.width)) };
}

export async function storefrontRoutes(app: App, context: ServiceContext, ownership: ReaderOwnership): Promise<void> {
  const { db, config, cache } = context;
  const optionalUser = { preHandler: context.auth.optionalUser };

  app.get('/api/discover/v2', {
    ...optionalUser,
    preValidation: splitCommaLists(LIST_PARAMS),
    schema: { tags: ['browse'], summary: 'Browse with filters, one page at a time (series or products)', querystring: DiscoverQuery, response: { 200: EnvelopeOf(Type.Array(ListItemSchema)) } },
    handler: async (request, reply) => {
      const query = request.query;
      const visitor = visitorOf(request, config.geoCountryHeader);
      if (query.isInUserLibrary !== undefined && !visitor.signedIn) throw new BadRequestError(LOG_IN_TO_FILTER_MESSAGE);
      const filters: DiscoverFilters = {
        ...query,
        subCategory: typeof query.subCategory === 'string' ? PRODUCT_TYPE_CODES[query.subCategory as keyof typeof PRODUCT_TYPE_CODES] : query.subCategory,
        category: typeof query.category === 'string' ? CONTENT_KIND_CODES[query.category as keyof typeof CONTENT_KIND_CODES] : query.category,
        distributionType: query.distributionType === undefined ? undefined : query.distributionType === 0 || query.distributionType === 'Digital' ? 'Digital' : 'Print',
        ageRatings: query.ageRatings as DiscoverFilters['ageRatings'],
        fromIndex: query.fromIndex ?? 0,
        count: query.count ?? DEFAULT_PAGE,
      };
      return cachedRead(cache, urlReadKey(request, visitor), reply, async () => {
        const owned = ownership.of(request);
        const page = await discover(db, filters, visitor, owned);
        if (page.kind === 'series') {
          const series = await loadSeries(db, page.ids);
          return success(series.map((record) => withWidths(seriesCard(record), query.widths)), { fullCount: page.fullCount });
        }
        const products = await loadProducts(db, page.ids);
        const mine = await owned();
        return success(products.map((record) => withWidths(productCard(record, visitor, mine.has(record.id)), query.widths)), { fullCount: page.fullCount });
      });
    },
  });

  const productHandler = async (request: { params: { id: string }; principal?: { userId: string } } & Parameters<typeof visitorOf>[0], reply: FastifyReply) => {
    const visitor = visitorOf(request, config.geoCountryHeader);
    return cachedRead(cache, urlReadKey(request, visitor), reply, async () => {
      const { record, owns, geo } = await lookupProduct(db, request.params.id, visitor, ownership.of(request));
      return success(productView(record, visitor, owns), geoStatus(geo));
    });
  };
  const product = { 200: EnvelopeOf(ProductSchema) };
  app.get('/api/product/:id', { ...optionalUser, schema: { tags: ['products'], summary: 'A product by id or readable url', params: ItemParams, response: product } }, productHandler);
  app.get('/api/comic/:id', { ...optionalUser, schema: { tags: ['products'], summary: 'A comic (publication) by id or readable url', params: ItemParams, response: product } }, productHandler);

  app.get('/api/series/V2/:id', {
    ...optionalUser,
    schema: { tags: ['series'], summary: 'A series by id or readable url', params: ItemParams, response: { 200: EnvelopeOf(SeriesSchema) } },
    handler: async (request, reply) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      return cachedRead(cache, urlReadKey(request, visitor), reply, async () => {
        const { record, geo } = await lookupSeries(db, request.params.id, visitor);
        return success(seriesView(record), geoStatus(geo));
      });
    },
  });

  const forSeries = async (request: { params: { id: string }; principal?: { userId: string } } & Parameters<typeof visitorOf>[0], chaptersOnly: boolean) => {
    const visitor = visitorOf(request, config.geoCountryHeader);
    const { record: series } = await lookupSeries(db, request.params.id, visitor);
    const { rows } = await db.query<{ id: number }>(
      `SELECT p.id FROM products p WHERE p.series_id = $1 AND ${listedSql('p')} ${chaptersOnly ? `AND p.sub_category = ${CHAPTER_TYPE_CODE}` : ''}
        ORDER BY (p.sub_category = ${CHAPTER_TYPE_CODE}), p.volume_number NULLS LAST, p.chapter_number NULLS LAST, p.publish_date, p.id`,
      [series.id],
    );
    const ids = rows.map((row) => row.id);
    const [products, owned] = await Promise.all([loadProducts(db, ids), ownership.of(request)()]);
    const shown = products.filter((product) => visitor.isAdmin || shownTo(visitor, product.age_rating));
    return success(shown.map((product) => productCard(product, visitor, owned.has(product.id))), { fullCount: shown.length });
  };
  const seriesProducts = { 200: EnvelopeOf(Type.Array(ProductCardSchema)) };
  app.get('/api/product/forSeries/:id', { ...optionalUser, schema: { tags: ['series'], summary: 'Volumes and chapters of a series', params: ItemParams, response: seriesProducts } }, (request) => forSeries(request, false));
  app.get('/api/comic/forSeries/V3/:id', { ...optionalUser, schema: { tags: ['series'], summary: 'Chapters of a series', params: ItemParams, response: seriesProducts } }, (request) => forSeries(request, true));
}
