import { catalogService } from '@inkwell/catalog';
import { SearchIndexer } from '@inkwell/catalog/drivers/search-indexer';
import { renderDemoArt, seedDemoCatalogue } from '@inkwell/demo';
import { ConfigError, Database, Outbox, applyMigrations, createFileStorage, createLogger, createSearchIndex, loadServiceConfig } from '@inkwell/platform';

/**
 * `npm run seed`: loads the demo catalogue into the catalog database named by CATALOG_DATABASE_URL
 * (or DATABASE_URL) when it has no products yet, renders the demo art into the configured file
 * storage, and rebuilds the search index. `npm start` seeds by itself on first start.
 * The records go in through the catalog's store functions, so their events wait in the catalog's
 * outbox for a running catalog's relay to publish (to analytics, say); the index is rebuilt here so
 * search works before one runs. `--no-art` skips the art.
 */
async function main(): Promise<void> {
  const logger = createLogger('seed', process.env.LOG_LEVEL ?? 'info');
  const config = loadServiceConfig('catalog', process.env, { embedded: true });
  if (!config.databaseUrl) throw new ConfigError(['CATALOG_DATABASE_URL or DATABASE_URL must name the catalog database to seed']);
  const db = new Database(config.databaseUrl, logger);
  const files = createFileStorage(config);
  try {
    await applyMigrations(db, catalogService, logger);
    const catalog = { db, outbox: new Outbox(catalogService.name), logger, files };
    const started = performance.now();
    if (await seedDemoCatalogue(catalog)) logger.info({ ms: Math.round(performance.now() - started) }, 'demo catalogue loaded');
    else logger.info('the catalog already has products; demo data not loaded');
    if (!process.argv.includes('--no-art')) await renderDemoArt(catalog);
    const index = await createSearchIndex(config, db, logger);
    try {
      logger.info(await new SearchIndexer(db, index).all(), 'search index built');
    } finally {
      await index.close();
    }
  } finally {
    files.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
