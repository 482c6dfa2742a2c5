import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENTS, type ServiceDefinition } from '@inkwell/platform';
import { invalidateReads } from './read-cache';
import { contentRoutes } from './routes/content';
import { lookupRoutes } from './routes/lookups';
import { searchRoutes } from './routes/search';
import { staffPublishingRoutes } from './routes/staff-publishing';
import { storefrontRoutes } from './routes/storefront';
import { SearchIndexer } from './search/indexer';
import { PostgresSearchIndex } from './search/postgres-search-index';

const here = path.dirname(fileURLToPath(import.meta.url));

const PRODUCT_EVENTS = [EVENTS.productCreated, EVENTS.productChanged, EVENTS.productPublished, EVENTS.productUnpublished, EVENTS.productRemoved].map((event) => event.type);

/**
 * Catalog: products, series and everything the storefront browses and searches. Search and the
 * read cache follow the catalogue through its own events; ownership comes from order events.
 */
export const catalogService: ServiceDefinition = {
  name: 'catalog',
  migrationsDir: path.resolve(here, '../migrations'),
  async routes(app, context) {
    const index = new PostgresSearchIndex(context.db);
    await storefrontRoutes(app, context);
    await contentRoutes(app, context);
    await lookupRoutes(app, context);
    await searchRoutes(app, context, index);
    await staffPublishingRoutes(app, context);
  },
  async subscriptions(context) {
    const indexer = new SearchIndexer(context.db, new PostgresSearchIndex(context.db));
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
