/**
 * The catalog service alone for bench/merchandising.ts, in a process of its own: a fresh database
 * on the Postgres of TEST_DATABASE_URL, the demo catalogue loaded through its store functions, then
 * copies of the demo products (same variants and prices, " · copy n" names) until there are at
 * least as many product variants as the first argument asks, so a workbook of that many rows has
 * no product twice. Listens on a free port and tells the parent its URL, an admin token and the
 * variants; then, on the parent's word, watches its own memory around each call measured.
 */
import { seedDemoCatalogue } from '@inkwell/demo';
import { catalogService } from '@inkwell/catalog';
import { buildTestService, signTestToken } from '@inkwell/platform/testing';
import { watchMemory, type MemoryPeak } from './merchandising-memory';

const wanted = Number(process.argv[2] ?? 10_000);
if (!process.send) throw new Error('merchandising-server is started with an IPC channel');
const service = await buildTestService(catalogService);
const { db, outbox, logger } = service.context;
await seedDemoCatalogue({ db, outbox, logger });

type VariantRow = { product_id: string; name: string; series_id: string | null; variant_id: string; type: 'Digital' | 'Print'; price_cents: number; currency: string };
const variants = async () =>
  (await db.query<VariantRow>('SELECT p.id AS product_id, p.name, p.series_id, v.id AS variant_id, v.type, v.price_cents, v.currency FROM products p JOIN variants v ON v.product_id = p.id ORDER BY p.id, v.type')).rows;
const demo = await db.query<{ n: string; max: string }>('SELECT count(*) AS n, max(product_id) AS max FROM variants');
const demoVariants = Number(demo.rows[0]!.n);
const demoMaxId = Number(demo.rows[0]!.max);
for (let copy = 1; demoVariants * copy < wanted; copy++) {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO products (name, description, category, sub_category, status, publish_date, series_id, age_rating, page_count, popularity, ingest_completed)
       SELECT name || ' · copy ' || $2::int, description, category, sub_category, status, publish_date, series_id, age_rating, page_count, popularity, ingest_completed
         FROM products WHERE id <= $1`,
      [demoMaxId, copy],
    );
    await tx.query(
      `INSERT INTO variants (product_id, type, enabled, price_type, price_cents, currency)
       SELECT c.id, v.type, v.enabled, v.price_type, v.price_cents, v.currency
         FROM products o JOIN variants v ON v.product_id = o.id JOIN products c ON c.name = o.name || ' · copy ' || $2::int
        WHERE o.id <= $1`,
      [demoMaxId, copy],
    );
  });
}
const all = await variants();
const address = await service.app.listen({ port: 0, host: '127.0.0.1' });
const token = await signTestToken({ roles: ['admin'], userId: 'bench', email: 'bench@inkwell.example' });

let watching: { stop(): MemoryPeak } | undefined;
process.on('message', (message: { type: string }) => {
  if (message.type === 'watch') {
    watching = watchMemory();
    process.send!({ type: 'watching' });
  } else if (message.type === 'peak') {
    process.send!({ type: 'peak', memory: watching?.stop() });
    watching = undefined;
  }
});
process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
process.send({
  type: 'ready',
  url: address,
  token,
  demoVariants,
  variants: all.map((row) => ({ productId: Number(row.product_id), name: row.name, seriesId: row.series_id === null ? null : Number(row.series_id), variantId: row.type === 'Digital' ? -1 : Number(row.variant_id), currency: row.currency.trim(), priceCents: row.price_cents })),
});
