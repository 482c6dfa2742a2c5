/**
 * The whole store as `npm start` runs it (as stack-server.ts does), plus what the checkout benchmark
 * needs from inside it: verified reader accounts made in the account database, and the Paid Digital
 * volumes of the demo catalogue with their variant ids. It runs in the store's process because only
 * the store reaches its embedded databases. Arguments: the data folder and how many readers to make.
 *
 * The readers share the demo reader's password (its stored argon2id hash is copied), so signing in
 * goes through the account service's real token route and real hash check, and no hash is computed
 * here: a thousand new hashes would take this process most of a minute.
 */
import { randomUUID } from 'node:crypto';
import { createLogger } from '@inkwell/platform';
import { readDemoAccounts } from '@inkwell/account';
import { startStack } from '../../scripts/stack';

const [dataDir, readerCount] = process.argv.slice(2);
if (!dataDir || !readerCount || !process.send) throw new Error('usage: checkout-store <data dir> <readers>, started with an IPC channel');
const stack = await startStack({
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', DEMO_DATA: 'true' },
  logger: createLogger('inkwell', process.env.LOG_LEVEL ?? 'info'),
  randomPorts: true,
});
await stack.demoArtRendered;
await stack.eventsDelivered();

const demoReader = (await readDemoAccounts(dataDir)).find((account) => account.roles.length === 0);
if (!demoReader) throw new Error(`no demo reader account under ${dataDir}`);
const accounts = stack.service('account').context.db;
const prefix = `checkout-bench-${randomUUID().slice(0, 8)}`;
const { rows: readers } = await accounts.query<{ email: string }>(
  `INSERT INTO accounts (email, password_hash, roles, verified)
   SELECT $1 || '-' || n || '@example.com', (SELECT password_hash FROM accounts WHERE lower(email) = lower($2)), '{}', true
   FROM generate_series(1, $3::int) AS n
   RETURNING email`,
  [prefix, demoReader.email, Number(readerCount)],
);
// Candidates only: the benchmark keeps those the cart sells now.
const { rows: products } = await stack.service('catalog').context.db.query<{ productId: string; variantId: string }>(
  `SELECT p.id AS "productId", v.id AS "variantId"
   FROM products p JOIN variants v ON v.product_id = p.id
   WHERE v.type = 'Digital' AND v.price_type = 'Paid' AND v.enabled AND NOT v.is_pre_order AND v.price_cents > 0
     AND cardinality(p.restricted_territories) = 0
   ORDER BY p.id`,
);

process.send({
  url: stack.url.replace('localhost', '127.0.0.1'),
  password: demoReader.password,
  readers: readers.map((reader) => reader.email),
  products: products.map((row) => ({ productId: Number(row.productId), variantId: Number(row.variantId) })),
});
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
