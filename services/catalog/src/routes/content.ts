import { Type } from '@sinclair/typebox';
import {
  BundleCardSchema,
  CarouselSchema,
  HomeSchema,
  NewsArticleCardSchema,
  NewsArticleSchema,
  ProductCardSchema,
  ProductSchema,
  ReleaseDaySchema,
  SeriesCardSchema,
  SortOrderSchema,
  SpotlightSchema,
  type BundleCardView,
  type CarouselView,
  type HomeView,
  type NewsArticleCardView,
  type NewsArticleView,
  type ReleaseDayView,
  type WheelView,
} from '@inkwell/contracts/catalog';
import { EnvelopeOf, Int4, NotFoundError, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { shownTo, type Visitor } from '../domain/visitor';
import { geoStatus, lookupProduct, parseItemParam } from './access';
import type { OwnedProducts, ReaderOwnership } from '../peers/reader-ownership';
import { PUBLISH_STATUS_CODES } from '../domain';
import { cachedRead, urlReadKey } from './read-cache';
import { parseAgeRating } from '@inkwell/contracts/catalog-rules';
import { publishedWheel, spotlightSeries, type WheelAudience } from '../store/wheel';
import { loadHomepageSettings, topTypeName } from '../store/homepage-settings';
import { publishedHtmlComponents } from '../store/html-components';
import { discover, LIST_SORTS } from '../store/discover';
import { curatedListEntries, listItemsOf, publishedCuratedList, publishedCuratedLists } from '../store/curated-lists';
import type { CuratedList } from '@inkwell/contracts/dashboard-merchandising';
import { loadProducts, loadSeries } from '../store/records';
import { CHAPTER_TYPE_CODE, listedSql, seriesListedSql } from '../store/visibility';
import { productCard, productView, seriesCard } from '../domain/views';
import { visitorOf } from './visitor';

const CAROUSEL_SIZE = 12;
const FETCH_LIST_MAX = 100;
/** How far the release calendar looks back and ahead. */
const CALENDAR_DAYS = 60;

export async function contentRoutes(app: App, context: ServiceContext, ownership: ReaderOwnership): Promise<void> {
  const { db, config, cache } = context;
  const optionalUser = { preHandler: context.auth.optionalUser };
  const productCards = { 200: EnvelopeOf(Type.Array(ProductCardSchema)) };

  /** Product cards for ids, keeping only what this visitor may see, in the given order. */
  const cards = async (ids: number[], visitor: Visitor, owned: OwnedProducts) => {
    const [records, mine] = await Promise.all([loadProducts(db, ids), owned()]);
    return records.map((record) => productCard(record, visitor, mine.has(record.id)));
  };

  /** A published curated list as a carousel: its hand-picked items first, then what its filter finds; its call to action as the link. */
  const carousel = async (list: CuratedList, visitor: Visitor, owned: OwnedProducts, page = { fromIndex: 0, count: CAROUSEL_SIZE }): Promise<CarouselView & { fullCount: number }> => {
    const { entries, fullCount } = await curatedListEntries(db, list, visitor, owned, page);
    const items = await listItemsOf(db, entries, visitor, owned);
    return { id: String(list.id), title: list.title, link: list.customCallToActionUrl, linkText: list.customCallToActionText, items, fullCount };
  };

  const publishedCarousels = () => publishedCuratedLists(db);

  /** The visitor's place in the wheel: their age-rating bucket, their country (none for admins), the website. */
  const audienceOf = (visitor: Visitor): WheelAudience => ({ bucket: parseAgeRating(visitor.maxShownRating ?? '') ?? 'm', country: visitor.isAdmin ? undefined : visitor.country, platform: 'website' });

  /** The spotlight (older clients' hero series): the series items of the published website wheel, in its order. */
  const spotlight = async (visitor: Visitor, wheel?: WheelView[]): Promise<HomeView['spotlight']> => {
    const entries = await spotlightSeries(db, audienceOf(visitor), wheel);
    const series = await loadSeries(db, entries.map((entry) => entry.seriesId));
    return series
      .filter((record) => shownTo(visitor, record.age_rating))
      .map((record) => ({
        ...seriesCard(record),
        tagline: entries.find((entry) => entry.seriesId === record.id)?.tagline ?? '',
        heroThumbnails: record.thumbnails.filter((thumbnail) => thumbnail.role === 'hero').map(({ role: _role, ...rest }) => rest),
      }));
  };

  app.get('/api/home/V2', { ...optionalUser, schema: { tags: ['home'], summary: 'Home page: the curated wheel, top type, message bar, HTML components, spotlight and carousels', response: { 200: EnvelopeOf(HomeSchema) } } }, async (request, reply) => {
    const visitor = visitorOf(request, config.geoCountryHeader);
    return cachedRead(cache, urlReadKey(request, visitor), reply, async () => {
      const rows = await publishedCarousels();
      const wheel = await publishedWheel(db, audienceOf(visitor), (key) => context.files.publicUrl(key));
      const [carousels, settings, htmlComponents, spot] = await Promise.all([
        Promise.all(rows.map((row) => carousel(row, visitor, ownership.of(request)))),
        loadHomepageSettings(db),
        publishedHtmlComponents(db),
        spotlight(visitor, wheel),
      ]);
      const { messaging } = settings;
      const home: HomeView = {
        spotlight: spot,
        carousels: carousels.filter((c) => c.items.length > 0).map(({ fullCount: _f, ...c }) => c),
        wheel,
        topType: topTypeName(settings.topTypeId),
        messaging: messaging.enabled && messaging.text ? { text: messaging.text, linkText: messaging.linkText, linkUrl: messaging.linkUrl } : null,
        htmlComponents,
      };
      return success(home);
    });
  });

  app.get('/api/spotlight', { ...optionalUser, schema: { tags: ['home'], summary: 'Spotlight series of the home page', response: { 200: EnvelopeOf(Type.Array(SpotlightSchema)) } } }, async (request) =>
    success(await spotlight(visitorOf(request, config.geoCountryHeader))),
  );

  app.get('/api/discover/carousel', { ...optionalUser, schema: { tags: ['browse'], summary: 'The carousels of the home page, with their first items', response: { 200: EnvelopeOf(Type.Array(CarouselSchema)) } } }, async (request) => {
    const visitor = visitorOf(request, config.geoCountryHeader);
    const carousels = await Promise.all((await publishedCarousels()).map((row) => carousel(row, visitor, ownership.of(request))));
    return success(carousels.map(({ fullCount: _f, ...c }) => c));
  });

  app.get('/api/discover/sortorder', { schema: { tags: ['browse'], summary: 'Sort orders of lists', response: { 200: EnvelopeOf(Type.Array(SortOrderSchema)) } } }, async () =>
    success(Object.entries(LIST_SORTS).map(([name, id]) => ({ id, name }))),
  );

  app.get('/api/discover/series', {
    ...optionalUser,
    schema: {
      tags: ['browse'],
      summary: 'Series, one page at a time',
      querystring: Type.Object({ fromIndex: Type.Optional(Int4()), count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), sort: Type.Optional(Type.Integer({ enum: Object.values(LIST_SORTS) })) }),
      response: { 200: EnvelopeOf(Type.Array(SeriesCardSchema)) },
    },
    handler: async (request) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const result = await discover(db, { includeSeries: true, sort: request.query.sort ?? LIST_SORTS.TitleAscending, fromIndex: request.query.fromIndex ?? 0, count: request.query.count ?? 24 }, visitor, ownership.of(request));
      return success((await loadSeries(db, result.ids)).map(seriesCard), { fullCount: result.fullCount });
    },
  });

  app.get('/api/discover/:id', {
    ...optionalUser,
    schema: {
      tags: ['browse'],
      summary: 'One carousel (curated list) with paging',
      params: Type.Object({ id: NumericId() }),
      querystring: Type.Object({ fromIndex: Type.Optional(Int4()), count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
      response: { 200: EnvelopeOf(CarouselSchema) },
    },
    handler: async (request) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const list = await publishedCuratedList(db, request.params.id);
      if (!list) throw new NotFoundError();
      const { fullCount, ...view } = await carousel(list, visitor, ownership.of(request), { fromIndex: request.query.fromIndex ?? 0, count: request.query.count ?? 24 });
      return success(view, { fullCount });
    },
  });

  app.post('/api/comic/fetch-list', {
    ...optionalUser,
    schema: {
      tags: ['products'],
      summary: 'Several products at once, in the order asked (unknown or hidden ones left out)',
      body: Type.Object({ ids: Type.Array(NumericId(), { maxItems: FETCH_LIST_MAX, uniqueItems: true }) }),
      response: productCards,
    },
    handler: async (request) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const { rows } = await db.query<{ id: number }>(
        `SELECT p.id FROM products p LEFT JOIN series s ON s.id = p.series_id
          WHERE p.id = ANY($1::bigint[]) AND ${listedSql('p').replace('AND NOT p.unlisted', '')} AND NOT ($2 = ANY(p.restricted_territories || COALESCE(s.restricted_territories, '{}')))`,
        [request.body.ids, visitor.isAdmin ? '' : visitor.country ?? ''],
      );
      const visible = new Set(rows.map((row) => row.id));
      const products = await cards(request.body.ids.filter((id) => visible.has(id)), visitor, ownership.of(request));
      return success(products.filter((product) => shownTo(visitor, product.ageRating)));
    },
  });

  app.get('/api/product/getPlanned', { ...optionalUser, schema: { tags: ['products'], summary: 'Upcoming releases: pre-orders and coming soon', response: productCards } }, async (request) => {
    const visitor = visitorOf(request, config.geoCountryHeader);
    const result = await discover(db, { scheduleStatus: [PUBLISH_STATUS_CODES.ScheduledPreOrder, PUBLISH_STATUS_CODES.ScheduledComingSoon], sort: LIST_SORTS.PublishDateAscending, fromIndex: 0, count: 100 }, visitor, ownership.of(request));
    return success(await cards(result.ids, visitor, ownership.of(request)), { fullCount: result.fullCount });
  });

  app.get('/api/product/ReleaseCalendar', {
    ...optionalUser,
    schema: {
      tags: ['products'],
      summary: 'Releases by day, 60 days back and ahead',
      querystring: Type.Object({ filterBy: Type.Optional(Type.String({ enum: ['all', 'upcoming', 'recent', 'All', 'Upcoming', 'Recent'] })) }),
      response: { 200: EnvelopeOf(Type.Array(ReleaseDaySchema)) },
    },
    handler: async (request, reply) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const filterBy = (request.query.filterBy ?? 'all').toLowerCase();
      const range = filterBy === 'upcoming' ? `p.publish_date > now() AND p.publish_date <= now() + interval '${CALENDAR_DAYS} days'`
        : filterBy === 'recent' ? `p.publish_date <= now() AND p.publish_date > now() - interval '${CALENDAR_DAYS} days'`
        : `p.publish_date BETWEEN now() - interval '${CALENDAR_DAYS} days' AND now() + interval '${CALENDAR_DAYS} days'`;
      return cachedRead(cache, urlReadKey(request, visitor), reply, async () => {
        const { rows } = await db.query<{ id: number }>(
          `SELECT p.id FROM products p LEFT JOIN series s ON s.id = p.series_id
            WHERE ${listedSql('p')} AND (p.series_id IS NULL OR ${seriesListedSql('s')}) AND p.sub_category <> ${CHAPTER_TYPE_CODE} AND ${range}
              AND NOT ($1 = ANY(p.restricted_territories || COALESCE(s.restricted_territories, '{}')))
            ORDER BY p.publish_date, p.id LIMIT 500`,
          [visitor.isAdmin ? '' : visitor.country ?? ''],
        );
        const products = (await cards(rows.map((row) => row.id), visitor, ownership.of(request))).filter((product) => shownTo(visitor, product.ageRating));
        const days = new Map<string, ReleaseDayView>();
        for (const product of products) {
          const date = (product.publishDate ?? '').slice(0, 10);
          if (!days.has(date)) days.set(date, { date, products: [] });
          days.get(date)!.products.push(product);
        }
        return success([...days.values()]);
      });
    },
  });

  app.get('/api/product/:series/:volume', {
    ...optionalUser,
    schema: {
      tags: ['products'],
      summary: 'A volume (or one of its chapters) of a series by series id or readable url and volume number',
      params: Type.Object({ series: Type.String({ minLength: 1, maxLength: 200 }), volume: Int4() }),
      querystring: Type.Object({ chapterNumber: Type.Optional(Int4()), widths: Type.Optional(Type.String()) }),
      response: { 200: EnvelopeOf(ProductSchema) },
    },
    handler: async (request) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const key = parseItemParam(request.params.series);
      const chapter = request.query.chapterNumber;
      const { rows } = await db.query<{ id: number }>(
        `SELECT p.id FROM products p JOIN series s ON s.id = p.series_id
          WHERE ${key.kind === 'id' ? 's.id = $1' : 's.readable_url = $1'} AND ${listedSql('p').replace('AND NOT p.unlisted', '')}
            AND ${chapter === undefined ? `p.volume_number = $2 AND p.sub_category <> ${CHAPTER_TYPE_CODE}` : `p.chapter_number = $3 AND p.sub_category = ${CHAPTER_TYPE_CODE} AND (p.volume_number = $2 OR p.volume_number IS NULL)`}
          ORDER BY p.id LIMIT 1`,
        chapter === undefined ? [key.kind === 'id' ? key.id : key.readableUrl, request.params.volume] : [key.kind === 'id' ? key.id : key.readableUrl, request.params.volume, chapter],
      );
      if (!rows[0]) throw new NotFoundError();
      const { record, owns, geo } = await lookupProduct(db, String(rows[0].id), visitor, ownership.of(request));
      return success(productView(record, visitor, owns), geoStatus(geo));
    },
  });

  app.get('/api/url/getLongUrl/:code', {
    schema: { tags: ['browse'], summary: 'Where a short link leads', params: Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) }), response: { 200: EnvelopeOf(Type.String()) } },
    handler: async (request) => {
      const { rows } = await db.query<{ long_url: string }>('SELECT long_url FROM short_urls WHERE code = $1', [request.params.code]);
      if (!rows[0]) throw new NotFoundError();
      return success(rows[0].long_url);
    },
  });

  const NewsQuery = Type.Object({
    pageType: Type.Optional(Type.String({ maxLength: 40 })),
    maxItemCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    first: Type.Optional(Int4()),
    widths: Type.Optional(Type.String({ maxLength: 40 })),
    sort: Type.Optional(Type.String({ enum: ['newest', 'oldest'] })),
  });

  app.get('/api/news', { schema: { tags: ['news'], summary: 'Published news articles, newest first', querystring: NewsQuery, response: { 200: EnvelopeOf(Type.Array(NewsArticleCardSchema)) } } }, async (request) => {
    const { pageType, maxItemCount = 12, first = 0, sort = 'newest' } = request.query;
    const { rows } = await db.query<NewsArticleCardView & { full_count: number }>(
      `SELECT id, title, readable_url AS "readableUrl", summary, page_type AS "pageType", published_at AS "publishedAt", thumbnails, count(*) OVER () AS full_count
         FROM news_articles WHERE status = ${PUBLISH_STATUS_CODES.Published} AND published_at <= now() AND ($1::text IS NULL OR page_type = $1)
        ORDER BY published_at ${sort === 'oldest' ? 'ASC' : 'DESC'}, id OFFSET $2 LIMIT $3`,
      [pageType ?? null, first, maxItemCount],
    );
    return success(rows.map(({ full_count: _c, ...row }) => row), { fullCount: rows[0]?.full_count ?? 0 });
  });

  const article = async (param: string, preview: boolean): Promise<NewsArticleView> => {
    const key = parseItemParam(param);
    const { rows } = await db.query<NewsArticleView>(
      `SELECT a.id, a.title, a.readable_url AS "readableUrl", a.summary, a.page_type AS "pageType", a.published_at AS "publishedAt", a.thumbnails, a.body_html AS "bodyHtml",
              CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'title', s.title, 'readableUrl', s.readable_url, 'color', s.color) END AS series
         FROM news_articles a LEFT JOIN series s ON s.id = a.series_id
        WHERE ${key.kind === 'id' ? 'a.id = $1' : 'a.readable_url = $1'} ${preview ? '' : `AND a.status = ${PUBLISH_STATUS_CODES.Published} AND a.published_at <= now()`}`,
      [key.kind === 'id' ? key.id : key.readableUrl],
    );
    if (!rows[0]) throw new NotFoundError();
    return rows[0];
  };

  app.get('/api/news/strips-article/:id', { schema: { tags: ['news'], summary: 'A published article', params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 200: EnvelopeOf(NewsArticleSchema) } } }, async (request) =>
    success(await article(request.params.id, false)),
  );
  app.get('/api/news/strips-article-preview/:id', {
    preHandler: context.auth.requireAdmin,
    schema: { tags: ['news'], summary: 'Staff preview of an article, published or not', params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 200: EnvelopeOf(NewsArticleSchema) } },
    handler: async (request) => success(await article(request.params.id, true)),
  });

  app.get('/api/comic/forBundle/:id', {
    ...optionalUser,
    schema: { tags: ['products'], summary: 'The products of a bundle', params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }), response: productCards },
    handler: async (request) => {
      const visitor = visitorOf(request, config.geoCountryHeader);
      const key = parseItemParam(request.params.id);
      const bundle = await db.query<{ id: number }>(
        `SELECT id FROM bundles WHERE ${key.kind === 'id' ? 'id = $1' : 'readable_url = $1'} AND status = ${PUBLISH_STATUS_CODES.Published}`,
        [key.kind === 'id' ? key.id : key.readableUrl],
      );
      if (!bundle.rows[0]) throw new NotFoundError();
      const items = await db.query<{ product_id: number }>('SELECT product_id FROM bundle_items WHERE bundle_id = $1 ORDER BY ordinal, product_id', [bundle.rows[0].id]);
      return success(await cards(items.rows.map((row) => row.product_id), visitor, ownership.of(request)));
    },
  });

  app.get('/api/discover/bundles', { schema: { tags: ['browse'], summary: 'Published bundles', response: { 200: EnvelopeOf(Type.Array(BundleCardSchema)) } } }, async () => {
    const { rows } = await db.query<BundleCardView>(
      `SELECT b.id, b.name, b.description, b.readable_url AS "readableUrl", b.price_cents AS price, b.default_thumbnail AS "defaultThumbnail",
              (SELECT count(*)::int FROM bundle_items i WHERE i.bundle_id = b.id) AS "itemCount"
         FROM bundles b WHERE b.status = ${PUBLISH_STATUS_CODES.Published} ORDER BY b.name`,
    );
    return success(rows);
  });
}
