import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG, EVENTS, createSearchIndex, type CatalogService, type ServiceDefinition } from '@inkwell/platform';
import { catalogHandlers } from './grpc/catalog-server';
import { ingestionSubscription } from './consumers/ingestion';
import { invalidateReads } from './routes/read-cache';
import { ReaderOwnership } from './peers/reader-ownership';
import { contentRoutes } from './routes/content';
import { lookupRoutes } from './routes/lookups';
import { planRoutes } from './routes/plans';
import { searchRoutes } from './routes/search';
import { staffAuditRoutes } from './routes/staff-audit';
import { staffBundleRoutes } from './routes/staff-bundles';
import { staffIapRoutes } from './routes/staff-iaps';
import { staffCarouselRoutes } from './routes/staff-carousels';
import { staffCreatorRoutes } from './routes/staff-creators';
import { staffHtmlComponentRoutes } from './routes/staff-html-components';
import { staffHomeRoutes } from './routes/staff-home';
import { staffLookupRoutes } from './routes/staff-lookups';
import { staffProductRoutes } from './routes/staff-products';
import { staffPublisherRoutes } from './routes/staff-publishers';
import { staffPublishingRoutes } from './routes/staff-publishing';
import { staffSalesSpreadsheetRoutes } from './routes/staff-sales-spreadsheets';
import { staffSearchRoutes } from './routes/staff-search';
import { staffSeriesRoutes } from './routes/staff-series';
import { staffSalesRoutes } from './routes/staff-sales';
import { storefrontRoutes } from './routes/storefront';
import { SearchIndexer } from './drivers/search-indexer';
import { SearchMaintenance } from './flows/search-maintenance';
import { SaleBoundaries } from './flows/sale-boundaries';

const here = path.dirname(fileURLToPath(import.meta.url));

const PRODUCT_EVENTS = [EVENTS.productCreated, EVENTS.productChanged, EVENTS.productPublished, EVENTS.productUnpublished, EVENTS.productRemoved].map((event) => event.type);
/** Changes that show in cached storefront answers but not in search. */
const MERCHANDISING_EVENTS = [EVENTS.bundleChanged, EVENTS.salesCampaignChanged, EVENTS.homeChanged, EVENTS.newsChanged, EVENTS.publisherChanged].map((event) => event.type);

/**
 * Catalog: products, series and everything the storefront browses and searches. Search and the
 * read cache follow the catalogue through its own events; ownership is asked of the reader, which owns it.
 * Demo data is not its business: the composition (scripts/) loads it through the catalog's store
 * functions (`@inkwell/catalog/store`), whose events index and uncache it like any staff change.
 */
export const catalogService: ServiceDefinition = {
  name: 'catalog',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup(context) {
    const index = await createSearchIndex(context.config, context.db, context.logger);
    const indexer = new SearchIndexer(context.db, index);
    const searchMaintenance = new SearchMaintenance(context, index, indexer);
    const ownership = new ReaderOwnership(context.config.peers.reader.grpcAddress);
    const saleBoundaries = new SaleBoundaries(context);
    return {
      async routes(app) {
        await storefrontRoutes(app, context, ownership);
        await contentRoutes(app, context, ownership);
        await lookupRoutes(app, context);
        await searchRoutes(app, context, index);
        await staffPublishingRoutes(app, context);
        await staffProductRoutes(app, context);
        await staffIapRoutes(app, context);
        await staffAuditRoutes(app, context);
        await staffSeriesRoutes(app, context);
        await staffSalesRoutes(app, context);
        await staffBundleRoutes(app, context);
        await staffPublisherRoutes(app, context);
        await staffLookupRoutes(app, context);
        await staffCreatorRoutes(app, context);
        await staffCarouselRoutes(app, context);
        await staffHtmlComponentRoutes(app, context);
        await staffHomeRoutes(app, context);
        await staffSearchRoutes(app, context, searchMaintenance);
        await staffSalesSpreadsheetRoutes(app, context);
        await planRoutes(app, context);
      },
      grpc(server) {
        server.addService<CatalogService>(CATALOG.proto, CATALOG.service, catalogHandlers(context.db));
      },
      subscriptions: [
        // Campaign prices change at their start and end instants, which no event marks: a timer does.
        // (and scheduled home page wheel groups at their publish dates, re-armed as the wheel changes)
        { group: 'sale-boundaries', types: [EVENTS.salesCampaignChanged.type, EVENTS.homeChanged.type], effect: () => saleBoundaries.arm() },
        ingestionSubscription(context.outbox),
        {
          group: 'search-index',
          types: [...PRODUCT_EVENTS, EVENTS.seriesChanged.type],
          effect: async (_tx, event) => {
            const data = event.data as { productId?: string; seriesId?: string };
            if (data.seriesId) await indexer.series(Number(data.seriesId));
            if (data.productId) await indexer.product(Number(data.productId));
            // The read-cache group may have dropped cached answers before the index changed, and a
            // search answered in between would keep the old hits for the cache's lifetime.
            await invalidateReads(context.cache);
          },
        },
        {
          group: 'read-cache',
          types: [...PRODUCT_EVENTS, EVENTS.seriesChanged.type, ...MERCHANDISING_EVENTS, EVENTS.cacheInvalidated.type],
          effect: async () => {
            await invalidateReads(context.cache);
          },
        },
      ],
      async onStart() {
        await saleBoundaries.arm();
      },
      async close() {
        await saleBoundaries.close();
        await searchMaintenance.close();
        await index.close();
        ownership.close();
      },
    };
  },
};
