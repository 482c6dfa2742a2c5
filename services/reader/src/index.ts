import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENTS, type ServiceContext, type ServiceDefinition } from '@inkwell/platform';
import { GrpcCatalogPublications } from './catalog/grpc-catalog-publications';
import { forgetReader, grantOrder, revokeRefund } from './library/ownership';
import { PageStore } from './pages/page-store';
import { comicPagesRoutes } from './routes/comic-pages';
import type { ReaderDeps } from './routes/deps';
import { instrumentationRoutes } from './routes/instrumentation';
import { myComicsRoutes } from './routes/my-comics';
import { pageImageRoutes } from './routes/page-images';
import { readingProgressRoutes } from './routes/reading-progress';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The reader's parts per running service, so stopping the service can close them. */
const parts = new WeakMap<ServiceContext, ReaderDeps>();

function readerDeps(context: ServiceContext): ReaderDeps {
  let deps = parts.get(context);
  if (!deps) {
    const mediaSecret = context.config.media.urlSecret;
    if (!mediaSecret) throw new Error('reader: MEDIA_URL_SECRET is needed to sign page-image links');
    deps = {
      context,
      catalog: new GrpcCatalogPublications(context.config.peers.catalog.grpcAddress),
      pages: new PageStore(context.db, context.files, context.logger.child({ component: 'pages' }), context.config.demoData),
      mediaSecret,
    };
    parts.set(context, deps);
  }
  return deps;
}

/** The reader's page store, e.g. to ingest a page set. */
export function pageStoreOf(context: ServiceContext): PageStore {
  return readerDeps(context).pages;
}

/**
 * Reader: page sets and their signed images, reading access, My Comics and reading progress.
 * Catalog facts come over gRPC at request time; ownership is projected from order events.
 */
export const readerService: ServiceDefinition = {
  name: 'reader',
  migrationsDir: path.resolve(here, '../migrations'),
  async routes(app, context) {
    const deps = readerDeps(context);
    await comicPagesRoutes(app, deps);
    await pageImageRoutes(app, deps);
    await myComicsRoutes(app, deps);
    await readingProgressRoutes(app, deps);
    await instrumentationRoutes(app, deps);
  },
  async subscriptions(context) {
    await context.consume('ownership', [EVENTS.orderCompleted.type, EVENTS.orderRefunded.type], (tx, event) =>
      event.type === EVENTS.orderCompleted.type ? grantOrder(tx, event) : revokeRefund(tx, event),
    );
    await context.consume('account-deletion', [EVENTS.accountDeleted.type], forgetReader);
  },
  async onStop(context) {
    const deps = parts.get(context);
    await deps?.pages.drain();
    deps?.catalog.close();
  },
};
