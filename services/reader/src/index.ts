import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTITLEMENTS, EVENTS, type EntitlementsService, type ServiceDefinition } from '@inkwell/platform';
import { eraseReaderAccount } from './consumers/account-erasure';
import { recordOrderProgress } from './consumers/awaiting-orders';
import { recordEntitlementEvent } from './consumers/entitlements';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './domain/ingest-limits';
import type { PageSource } from './drivers/page-source';
import { Ingester } from './flows/ingester';
import { entitlementHandlers } from './grpc/entitlements-server';
import { GrpcCatalogPublications } from './peers/grpc-catalog-publications';
import { comicPagesRoutes } from './routes/comic-pages';
import type { ReaderDeps } from './routes/deps';
import { ingestRoutes } from './routes/ingest';
import { instrumentationRoutes } from './routes/instrumentation';
import { myComicsRoutes } from './routes/my-comics';
import { pageImageRoutes } from './routes/page-images';
import { readingProgressRoutes } from './routes/reading-progress';
import { staffUserProductRoutes } from './routes/staff-user-products';
import { PageStore } from './store/page-store';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What scripts and tests reach of a running reader service. */
export interface ReaderParts {
  /** The page store, e.g. to ingest a page set. */
  pages: PageStore;
  /** Comic ingestion: its jobs, and `drain` to wait for those under way. */
  ingester: Ingester;
}

/**
 * Reader: page sets and their signed images, reading access, My Comics and reading progress.
 * Catalog facts come over gRPC at request time. Owns entitlements (from order and account events)
 * and answers the catalog's questions about them over gRPC.
 */
export function createReaderService(options: { drawnPages?: PageSource; ingestLimits?: Partial<IngestLimits> } = {}): ServiceDefinition<ReaderParts> {
  return {
    name: 'reader',
    migrationsDir: path.resolve(here, '../migrations'),
    async setup(context) {
      const mediaSecret = context.config.media.urlSecret;
      if (!mediaSecret) throw new Error('reader: MEDIA_URL_SECRET is needed to sign page-image links');
      const deps: ReaderDeps = {
        context,
        catalog: new GrpcCatalogPublications(context.config.peers.catalog.grpcAddress),
        pages: new PageStore(context.db, context.files, context.logger.child({ component: 'pages' }), context.config.demoData ? options.drawnPages : undefined),
        mediaSecret,
      };
      const ingester = new Ingester({
        db: context.db,
        files: context.files,
        pages: deps.pages,
        outbox: context.outbox,
        logger: context.logger.child({ component: 'ingest' }),
        limits: { ...DEFAULT_INGEST_LIMITS, ...options.ingestLimits },
      });
      return {
        async routes(app) {
          await comicPagesRoutes(app, deps);
          await pageImageRoutes(app, deps);
          await myComicsRoutes(app, deps);
          await readingProgressRoutes(app, deps);
          await instrumentationRoutes(app, deps);
          await ingestRoutes(app, deps, ingester);
          await staffUserProductRoutes(app, deps);
        },
        subscriptions: [
          { group: 'ownership', types: [EVENTS.orderCompleted.type, EVENTS.orderRefunded.type], effect: recordEntitlementEvent },
          { group: 'account-deletion', types: [EVENTS.accountDeleted.type], effect: recordEntitlementEvent },
          { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: eraseReaderAccount },
          { group: 'awaiting-orders', types: [EVENTS.orderPlaced.type, EVENTS.orderCompleted.type, EVENTS.orderCancelled.type], effect: recordOrderProgress },
        ],
        grpc(server) {
          server.addService<EntitlementsService>(ENTITLEMENTS.proto, ENTITLEMENTS.service, entitlementHandlers(context.db));
        },
        async close() {
          await ingester.drain();
          await deps.pages.drain();
          deps.catalog.close();
        },
        exposed: { pages: deps.pages, ingester },
      };
    },
  };
}

/** The reader without a page source: publications without an ingested page set have no pages. */
export const readerService = createReaderService();
