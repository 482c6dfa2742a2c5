import { catalogService } from '@inkwell/catalog';
import { renderDemoArt, seedDemoData } from '@inkwell/catalog/demo/seed';
import { SearchIndexer } from '@inkwell/catalog/search/indexer';
import { PostgresSearchIndex } from '@inkwell/catalog/search/postgres-search-index';
import { ConfigError, Database, applyMigrations, createFileStorage, createLogger, loadServiceConfig } from '@inkwell/platform';

/**
 * `npm run seed`: loads the demo catalogue into the catalog database named by CATALOG_DATABASE_URL
 * (or DATABASE_URL) when it has no products yet, renders the demo art into DATA_DIR/media, and
 * builds the Postgres search index. `npm start` does the same by itself on first start.
 * `--no-art` skips the art.
 */
async function main(): Promise<void> {
  const logger = createLogger('seed', process.env.LOG_LEVEL ?? 'info');
  const config = loadServiceConfig('catalog', process.env, { embedded: true });
  if (!config.databaseUrl) throw new ConfigError(['CATALOG_DATABASE_URL or DATABASE_URL must name the catalog database to seed']);
  const db = new Database(config.databaseUrl, logger);
  try {
    await applyMigrations(db, catalogService, logger);
    const seeded = await seedDemoData(db, logger);
    if (!seeded) logger.info('the catalog already has products; demo data not loaded');
    if (!process.argv.includes('--no-art')) await renderDemoArt(db, createFileStorage(config), logger);
    const counts = await new SearchIndexer(db, new PostgresSearchIndex(db)).all();
    logger.info(counts, 'search index built');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
