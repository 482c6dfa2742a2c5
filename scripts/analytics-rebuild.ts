import { ConfigError, Database, createLogger, loadGatewayConfig, runningEmbeddedUrl } from '@inkwell/platform';
import { rebuildCommerceRollups } from '../services/analytics/src/store/commerce-rollups';
import { isCalendarDay } from '../services/analytics/src/domain/periods';
import { ROOT_DIR, databaseName, withDatabase } from './stack';

/**
 * `npm run analytics:rebuild -- <from YYYY-MM-DD> <to YYYY-MM-DD>`: recomputes the analytics
 * service's commerce rollups (orders, products, carts, sign-ups, signed-in customers) of those days
 * in the reporting zone (REPORTING_TIME_ZONE, default UTC) from its facts and copies of domain
 * events, and the months they touch; for a backfill or after changing the zone. The database:
 * ANALYTICS_DATABASE_URL, else `inkwell_analytics` on the server of DATABASE_URL, else the running
 * embedded Postgres under DATA_DIR.
 */
async function main(): Promise<number> {
  const [from, to] = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  if (!isCalendarDay(from) || !isCalendarDay(to) || to < from) {
    console.error('Usage: npm run analytics:rebuild -- <from YYYY-MM-DD> <to YYYY-MM-DD> (to not before from)');
    return 2;
  }
  const timeZone = process.env.REPORTING_TIME_ZONE || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    console.error(`REPORTING_TIME_ZONE ${timeZone} is not a time zone.`);
    return 2;
  }
  const logger = createLogger('analytics-rebuild', process.env.LOG_LEVEL ?? 'warn');
  const { ANALYTICS_DATABASE_URL: own, DATABASE_URL: server } = process.env;
  const url = own ?? (server ? withDatabase(server, databaseName('analytics')) : await runningEmbeddedUrl(loadGatewayConfig(process.env, ROOT_DIR).dataDir, databaseName('analytics')));
  if (!url) {
    console.error('No analytics database: set ANALYTICS_DATABASE_URL or DATABASE_URL, or start the app (npm start).');
    return 1;
  }
  const db = new Database(url, logger);
  try {
    await rebuildCommerceRollups(db, from, to, timeZone);
  } finally {
    await db.close();
  }
  console.log(`Rebuilt the commerce rollups of ${from} to ${to} (${timeZone}).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
