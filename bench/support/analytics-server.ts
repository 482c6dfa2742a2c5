/**
 * The analytics service for bench/analytics.ts, in a process of its own.
 *
 *   analytics-server ingest         — the service on a fresh database (dropped at the end) and the
 *                                     gateway in the same process (as `npm start` runs them), both
 *                                     listening; answers `count` with the rows of raw_events and
 *                                     `queued` with those of rollup_queue (not yet in the rollups).
 *   analytics-server query <raw> <ordersPerDay> [<traffic months>] — the service on the database `bench_analytics` of
 *                                     TEST_DATABASE_URL's server, kept between runs, loaded with two
 *                                     years of data if not yet (bench/support/analytics-data.ts).
 *
 * Tells the parent its URLs and an admin token, then watches its own memory on the parent's word
 * (`watch` / `peak`, as bench/support/merchandising-memory.ts measures).
 */
import { analyticsService } from '@inkwell/analytics';
import { createGateway } from '@inkwell/gateway';
import { buildService, Database, ensureDatabase, loadGatewayConfig } from '@inkwell/platform';
import { buildTestService, createTestEventBus, signTestToken, testCache, testLogger, testServiceConfig } from '@inkwell/platform/testing';
import { loadAnalyticsData } from './analytics-data';
import { watchMemory, type MemoryPeak } from './merchandising-memory';

const mode = process.argv[2];
if (!process.send) throw new Error('analytics-server is started with an IPC channel');
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('set TEST_DATABASE_URL');
const token = await signTestToken({ roles: ['admin'], userId: 'bench-admin', email: 'bench@inkwell.example' }, 24 * 3_600); // a first load takes longer than the default 15 minutes
const analytics = { timeZone: 'UTC', rawRetentionDays: 3_660 };
const closers: Array<() => Promise<unknown>> = [];

let watching: { stop(): MemoryPeak } | undefined;
let db: Database;
process.on('message', (message: { type: string }) => {
  if (message.type === 'watch') {
    watching = watchMemory();
    process.send!({ type: 'watching' });
  } else if (message.type === 'peak') {
    process.send!({ type: 'peak', memory: watching?.stop() });
    watching = undefined;
  } else if (message.type === 'count') {
    void db.query<{ n: string }>('SELECT count(*) AS n FROM raw_events').then(({ rows }) => process.send!({ type: 'count', rows: Number(rows[0]!.n) }));
  } else if (message.type === 'queued') {
    void db.query<{ n: string }>('SELECT count(*) AS n FROM rollup_queue').then(({ rows }) => process.send!({ type: 'queued', rows: Number(rows[0]!.n) }));
  }
});
process.on('SIGTERM', () => {
  void (async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    process.exit(0);
  })();
});

if (mode === 'ingest') {
  const service = await buildTestService(analyticsService, { config: { analytics } });
  closers.push(() => service.close());
  db = service.context.db;
  const serviceUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  const config = loadGatewayConfig(
    { ANALYTICS_HTTP_URL: serviceUrl, WEB_DIST: '/nonexistent/web', DASHBOARD_DIST: '/nonexistent/dashboard', RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'silent' },
    process.cwd(),
  );
  const gateway = await createGateway({ config, logger: testLogger });
  closers.push(() => gateway.close());
  const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  process.send({ type: 'ready', gatewayUrl, serviceUrl, token });
} else if (mode === 'query') {
  const rawEvents = Number(process.argv[3] ?? 10_000_000);
  const ordersPerDay = Number(process.argv[4] ?? 300);
  const trafficMonths = process.argv[5] ? Number(process.argv[5]) : undefined;
  await ensureDatabase(serverUrl, 'bench_analytics');
  const url = new URL(serverUrl);
  url.pathname = '/bench_analytics';
  const bus = await createTestEventBus();
  closers.push(() => bus.close());
  const cache = testCache();
  const service = await buildService(analyticsService, {
    config: testServiceConfig('analytics', url.toString(), { analytics }),
    logger: testLogger,
    bus,
    cache,
    relay: { pollIntervalMs: 200, baseBackoffMs: 20, maxBackoffMs: 200 },
  });
  closers.push(() => service.stop());
  db = service.context.db;
  const log = (line: string) => process.send!({ type: 'log', line });
  const loaded = await loadAnalyticsData(db, { rawEvents, ordersPerDay, trafficMonths, timeZone: analytics.timeZone, log });
  const serviceUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  const { rows } = await db.query<{ part: string; seconds: string }>('SELECT part, seconds FROM bench_load ORDER BY at');
  process.send({ type: 'ready', serviceUrl, token, loaded, loadSeconds: rows.reduce((sum, row) => sum + Number(row.seconds), 0) });
} else {
  throw new Error('usage: analytics-server ingest | query <raw events> <orders per day>');
}
