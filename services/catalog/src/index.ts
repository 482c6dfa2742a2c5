import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG, EVENTS, type CatalogService, type ServiceContext, type ServiceDefinition } from '@inkwell/platform';
import { renderDemoArt, seedDemoData } from './demo/seed';
import { catalogHandlers } from './grpc/catalog-server';
import { invalidateReads } from './read-cache';
import { contentRoutes } from './routes/content';
import { lookupRoutes } from './routes/lookups';
import { searchRoutes } from './routes/search';
import { staffPublishingRoutes } from './routes/staff-publishing';
import { storefrontRoutes } from './routes/storefront';
import { SearchIndexer } from './search/indexer';
import { OpenSearchIndex } from './search/opensearch-index';
import { PostgresSearchIndex } from './search/postgres-search-index';
import type { SearchIndex } from './search/search-index';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The search driver: OpenSearch when OPENSEARCH_URL is set, otherwise the catalog's own Postgres. */
const searchIndexes = new WeakMap<ServiceContext, SearchIndex>();
function searchIndexOf(context: ServiceContext): SearchIndex {
  let index = searchIndexes.get(context);
  if (!index) {
    const settings = context.config.opensearch;
    index = settings
      ? new OpenSearchIndex({ url: settings.url, ...(settings.username ? { username: settings.username } : {}), ...(settings.password ? { password: settings.password } : {}), logger: context.logger.child({ component: 'opensearch' }) })
      : new PostgresSearchIndex(context.db);
    searchIndexes.set(context, index);
  }
  return index;
}

/** Background rendering of demo art per running service, so stopping the service can end it. */
const artRendering = new WeakMap<ServiceContext, { controller: AbortController; done: Promise<void> }>();

/** Resolves when the demo art started by this catalog is rendered and searchable (at once if none). */
export function whenDemoArtRendered(context: ServiceContext): Promise<void> {
  return artRendering.get(context)?.done ?? Promise.resolve();
}

const PRODUCT_EVENTS = [EVENTS.productCreated, EVENTS.productChanged, EVENTS.productPublished, EVENTS.productUnpublished, EVENTS.productRemoved].map((event) => event.type);

/**
 * Catalog: products, series and everything the storefront browses and searches. Search and the
 * read cache follow the catalogue through its own events; ownership comes from order events.
 */
export const catalogService: ServiceDefinition = {
  name: 'catalog',
  migrationsDir: path.resolve(here, '../migrations'),
  async routes(app, context) {
    const index = searchIndexOf(context);
    if (index instanceof OpenSearchIndex) await index.ensureIndex();
    await storefrontRoutes(app, context);
    await contentRoutes(app, context);
    await lookupRoutes(app, context);
    await searchRoutes(app, context, index);
    await staffPublishingRoutes(app, context);
  },
  grpc(context) {
    context.grpc.addService<CatalogService>(CATALOG.proto, CATALOG.service, catalogHandlers(context.db));
  },
  async onStart(context) {
    if (!context.config.demoData) return;
    const indexer = new SearchIndexer(context.db, searchIndexOf(context));
    if (await seedDemoData(context.db, context.logger)) await indexer.all();
    // Art is rendered after start-up so the store answers at once; pages show colour blocks until
    // their covers exist, and cached answers are dropped when the art is in.
    const controller = new AbortController();
    const done = renderDemoArt(context.db, context.files, context.logger, controller.signal)
      .then(async (complete) => {
        if (!complete) return;
        await indexer.all();
        await invalidateReads(context.cache);
      })
      .catch((error: unknown) => context.logger.error({ err: error }, 'rendering demo art failed'));
    artRendering.set(context, { controller, done });
  },
  async onStop(context) {
    const rendering = artRendering.get(context);
    rendering?.controller.abort();
    await rendering?.done;
    await searchIndexes.get(context)?.close();
  },
  async subscriptions(context) {
    const indexer = new SearchIndexer(context.db, searchIndexOf(context));
    await context.consume('search-index', [...PRODUCT_EVENTS, EVENTS.seriesChanged.type], async (_tx, event) => {
      const data = event.data as { productId?: string; seriesId?: string };
      if (data.seriesId) await indexer.series(Number(data.seriesId));
      if (data.productId) await indexer.product(Number(data.productId));
    });
    await context.consume('read-cache', [...PRODUCT_EVENTS, EVENTS.seriesChanged.type, EVENTS.cacheInvalidated.type], async () => {
      await invalidateReads(context.cache);
    });
    await context.consume('ownership', [EVENTS.orderCompleted.type], async (tx, event) => {
      const data = event.data as { userId?: string; items: Array<{ productId: string; distributionType: string }> };
      if (!data.userId) return;
      for (const item of data.items) {
        await tx.query('INSERT INTO owned_products (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [data.userId, Number(item.productId)]);
      }
    });
  },
};
