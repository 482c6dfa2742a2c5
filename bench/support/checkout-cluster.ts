/**
 * The store as the cluster runs it (one process per service and the gateway, `scripts/cluster.ts`,
 * events over Kafka), for the checkout benchmark's `--topology cluster`: verified reader accounts
 * and Paid Digital volumes are made in the cluster's databases, and the same message as
 * checkout-store.ts goes back to the benchmark. Arguments: the data folder and how many readers;
 * settings: BENCH_DATABASE_URL (a PostgreSQL server the cluster makes its databases on) and
 * KAFKA_BROKERS. Every process of the cluster is a child of this one, so the benchmark reads their
 * CPU; their Postgres is the machine's, whose CPU is not read.
 */
import { randomBytes } from 'node:crypto';
import { Database, createLogger } from '@inkwell/platform';
import { startCluster } from '../../scripts/cluster';
import { hashPassword } from '../../services/account/src/domain/credentials';
import { createProduct } from '../../services/catalog/test/factories';

const VOLUMES = 400;

const [dataDir, readerCount] = process.argv.slice(2);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const kafkaBrokers = process.env.KAFKA_BROKERS;
if (!dataDir || !readerCount || !process.send) throw new Error('usage: checkout-cluster <data dir> <readers>, started with an IPC channel');
if (!databaseUrl || !kafkaBrokers) throw new Error('--topology cluster needs BENCH_DATABASE_URL and KAFKA_BROKERS');

const logger = createLogger('bench', 'warn');
const cluster = await startCluster({
  name: `bench_${randomBytes(4).toString('hex')}`,
  databaseUrl,
  kafkaBrokers,
  dataDir,
  ephemeral: true,
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', RATE_LIMIT_MAX: '1000000000' },
});
const catalog = new Database(cluster.env('catalog').DATABASE_URL!, logger);
const accounts = new Database(cluster.env('account').DATABASE_URL!, logger);
try {
  const products: Array<{ productId: number; variantId: number }> = [];
  for (let n = 1; n <= VOLUMES; n++) {
    const productId = await createProduct(catalog, { name: `Bench Volume ${n}`, variants: [{ type: 'Digital', priceCents: 499 + (n % 5) * 100 }] });
    const { rows } = await catalog.query<{ id: string }>('SELECT id FROM variants WHERE product_id = $1', [productId]);
    products.push({ productId, variantId: Number(rows[0]!.id) });
  }
  const password = randomBytes(12).toString('base64url');
  const prefix = `checkout-bench-${randomBytes(4).toString('hex')}`;
  const { rows: readers } = await accounts.query<{ email: string }>(
    `INSERT INTO accounts (email, password_hash, roles, verified)
     SELECT $1 || '-' || n || '@example.com', $2, '{}', true FROM generate_series(1, $3::int) AS n
     RETURNING email`,
    [prefix, await hashPassword(password), Number(readerCount)],
  );
  process.send({ url: cluster.url.replace('localhost', '127.0.0.1'), password, readers: readers.map((reader) => reader.email), products });
} finally {
  await catalog.close();
  await accounts.close();
}
process.on('SIGTERM', () => void cluster.stop().then(() => process.exit(0)));
