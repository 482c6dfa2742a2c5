import { accountService, grantAdmin } from '@inkwell/account';
import { ConfigError, Database, applyMigrations, createLogger, ensureDatabase, loadServiceConfig, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgresServer } from '@inkwell/platform';
import { databaseName, withDatabase } from './stack';

/**
 * `npm run create-admin -- <email>`: gives the account with that email the admin role, or creates
 * a verified admin account and prints its generated password once.
 *
 * The account database is found as `npm start` finds it: ACCOUNT_DATABASE_URL, or the
 * `inkwell_account` database on the server named by DATABASE_URL, or else on the embedded Postgres
 * under DATA_DIR (default ./data) — the running one if the app is up, otherwise started for the moment.
 */
async function main(): Promise<number> {
  const email = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!email) {
    console.error('Usage: npm run create-admin -- <email>');
    return 2;
  }
  const logger = createLogger('create-admin', process.env.LOG_LEVEL ?? 'warn');
  const { ACCOUNT_DATABASE_URL: accountUrl, DATABASE_URL: serverUrl, ...rest } = process.env;
  const config = loadServiceConfig('account', rest, { embedded: true });
  const database = databaseName('account');
  let embedded: EmbeddedPostgresServer | undefined;
  if (!accountUrl && serverUrl) await ensureDatabase(serverUrl, database);
  let url = accountUrl ?? (serverUrl ? withDatabase(serverUrl, database) : await runningEmbeddedUrl(config.dataDir, database));
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, logger);
    await embedded.ensureDatabase(database);
    url = embedded.urlFor(database);
  }
  const db = new Database(url, logger);
  try {
    await applyMigrations(db, accountService, logger);
    const result = await grantAdmin(db, email);
    if (result.created) {
      console.log(`Created admin account ${result.email}\n  password: ${result.password}\nSign in and change the password from the Account page.`);
    } else {
      console.log(result.alreadyAdmin ? `${result.email} is already an admin.` : `${result.email} is now an admin. Sign in again to use the dashboard.`);
    }
    return 0;
  } finally {
    await db.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
