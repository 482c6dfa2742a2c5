import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENTS, type ServiceDefinition } from '@inkwell/platform';
import { eraseAnalyticsUser } from './consumers/account-erasure';
import { recordCartUpdated } from './consumers/carts';
import { recordDomainEvent } from './consumers/domain-events';
import { COMMERCE_EVENT_TYPES, commerceEffect } from './consumers/commerce';
import { abandonedCartPoller } from './flows/abandoned-carts';
import { productDimensionPoller } from './flows/product-dimension';
import { GrpcCatalogProducts } from './peers/catalog-products';
import { commerceMetricsRoutes } from './routes/commerce-metrics';
import { createIngestion, ingestionRoutes } from './routes/ingestion';
import { trafficMetricsRoutes } from './routes/traffic-metrics';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Analytics: ingests storefront events and keeps a copy of every domain event for metrics. */
export const analyticsService: ServiceDefinition = {
  name: 'analytics',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup(context) {
    const ingestion = createIngestion(context);
    const catalog = new GrpcCatalogProducts(context.config.peers.catalog.grpcAddress);
    const abandonedCarts = abandonedCartPoller(context.db, context.logger, context.config.analytics.timeZone);
    const productDimension = productDimensionPoller(context.db, catalog, context.logger);
    return {
      routes: async (app) => {
        await ingestionRoutes(app, context, ingestion);
        await trafficMetricsRoutes(app, context);
        await commerceMetricsRoutes(app, context);
      },
      onStart: async () => {
        await ingestion.start();
        abandonedCarts.start();
        productDimension.start();
      },
      close: async () => {
        await Promise.all([abandonedCarts.stop(), productDimension.stop()]);
        catalog.close();
        await ingestion.close();
      },
      subscriptions: [
        { group: 'carts', types: [EVENTS.cartUpdated.type], effect: recordCartUpdated },
        { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: eraseAnalyticsUser },
        { group: 'commerce', types: COMMERCE_EVENT_TYPES, effect: commerceEffect(context.config.analytics.timeZone) },
        { group: 'domain-events', types: Object.values(EVENTS).map((definition) => definition.type), effect: recordDomainEvent },
      ],
    };
  },
};
