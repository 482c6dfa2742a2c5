import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENTS, REPORT_LINKS, type ReportLinksService, type ServiceDefinition } from '@inkwell/platform';
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
import { ReportJobWorker } from './flows/report-job';
import { reportLinkHandlers } from './grpc/report-links';
import { reportRoutes } from './routes/reports';
import { reportLinkSecret } from './store/report-jobs';
import { sqlReportSource } from './store/report-source';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What tests reach of a running analytics service. */
export interface AnalyticsParts {
  /** Writes the report jobs waiting now (tests await it instead of the background worker). */
  runReportJobs(): Promise<number>;
  /** Stops the report worker (tests then drive jobs with workers of their own). */
  stopReportWorker(): Promise<void>;
  /** Adds every stored storefront event to the traffic rollups now (they follow ingestion behind it). */
  applyRollups(): Promise<number>;
  /** Stops the background applier (events then stay queued until `applyRollups` or a dashboard call). */
  stopRollups(): Promise<void>;
}

/** Analytics: ingests storefront events and keeps a copy of every domain event for metrics. */
export const analyticsService: ServiceDefinition<AnalyticsParts> = {
  name: 'analytics',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup(context) {
    const ingestion = createIngestion(context);
    const catalog = new GrpcCatalogProducts(context.config.peers.catalog.grpcAddress);
    const abandonedCarts = abandonedCartPoller(context.db, context.logger, context.config.analytics.timeZone);
    const productDimension = productDimensionPoller(context.db, catalog, context.logger);
    const reportSource = sqlReportSource(context.db);
    const reports = new ReportJobWorker(context, reportSource);
    const reportLinkKey = await reportLinkSecret(context.db);
    return {
      routes: async (app) => {
        await ingestionRoutes(app, context, ingestion);
        const catchUp = () => ingestion.rollups.catchUp();
        await trafficMetricsRoutes(app, context, catchUp);
        await commerceMetricsRoutes(app, context, catchUp);
        await reportRoutes(app, context, { source: reportSource, worker: reports, linkKey: reportLinkKey });
      },
      grpc(server) {
        server.addService<ReportLinksService>(REPORT_LINKS.proto, REPORT_LINKS.service, reportLinkHandlers(context.db, context.config.publicUrl, async () => reportLinkKey));
      },
      onStart: async () => {
        await ingestion.start();
        abandonedCarts.start();
        productDimension.start();
        reports.start();
      },
      close: async () => {
        await Promise.all([abandonedCarts.stop(), productDimension.stop(), reports.stop()]);
        catalog.close();
        await ingestion.close();
      },
      subscriptions: [
        { group: 'carts', types: [EVENTS.cartUpdated.type], effect: recordCartUpdated },
        { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: eraseAnalyticsUser },
        { group: 'commerce', types: COMMERCE_EVENT_TYPES, effect: commerceEffect(context.config.analytics.timeZone) },
        { group: 'domain-events', types: Object.values(EVENTS).map((definition) => definition.type), effect: recordDomainEvent },
      ],
      exposed: { runReportJobs: () => reports.drain(), stopReportWorker: () => reports.stop(), applyRollups: () => ingestion.rollups.catchUp(), stopRollups: () => ingestion.rollups.stop() },
    };
  },
};
