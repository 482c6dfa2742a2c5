import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  Database,
  MemoryCache,
  NotFoundError,
  SERVICE_INFO,
  configureMetrics,
  countCacheLookups,
  createGrpcClient,
  createGrpcServer,
  createHttpApp,
  startMetricsServer,
  success,
  type App,
  type GrpcServer,
  type MetricsServer,
  type ServiceInfoService,
} from '@inkwell/platform';
import { createTestDatabase, testLogger, type TestDatabase } from '@inkwell/platform/testing';

/** The sample lines (not comments) of a scrape that name `service`. */
function seriesOf(scrape: string, service: string): string[] {
  return scrape.split('\n').filter((line) => line && !line.startsWith('#') && line.includes(`service="${service}"`));
}

/** The value of the sample line that starts with `series` (name and labels, exactly as written). */
function valueOf(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const randomId = () => randomBytes(6).toString('hex');

describe('metrics', () => {
  let metrics: MetricsServer;
  let app: App;
  let appUrl: string;
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    return response.text();
  };

  beforeAll(async () => {
    configureMetrics({ enabled: true });
    metrics = await startMetricsServer(0, '127.0.0.1');
    app = await createHttpApp({ name: 'probe', logger: testLogger });
    app.get('/api/items/:id', async (request) => {
      const { id } = request.params as { id: string };
      if (id.startsWith('missing')) throw new NotFoundError();
      if (id.startsWith('boom')) throw new Error('internal');
      return success({ id });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app.close();
    await metrics.close();
  });

  it('counts and times each request under its route template and status class, and unknown paths as unmatched', async () => {
    assert.equal((await fetch(`${appUrl}/api/items/${randomId()}`)).status, 200);
    assert.equal((await fetch(`${appUrl}/api/items/missing-${randomId()}`)).status, 404);
    assert.equal((await fetch(`${appUrl}/api/items/boom-${randomId()}`)).status, 500);
    assert.equal((await fetch(`${appUrl}/api/nothing/here/${randomId()}`)).status, 404);
    const text = await scrape();
    assert.equal(valueOf(text, 'inkwell_http_requests_total{service="probe",method="GET",route="/api/items/:id",status_class="2xx"}'), 1);
    assert.equal(valueOf(text, 'inkwell_http_requests_total{service="probe",method="GET",route="/api/items/:id",status_class="4xx"}'), 1);
    assert.equal(valueOf(text, 'inkwell_http_requests_total{service="probe",method="GET",route="/api/items/:id",status_class="5xx"}'), 1);
    assert.equal(valueOf(text, 'inkwell_http_requests_total{service="probe",method="GET",route="unmatched",status_class="4xx"}'), 1);
    assert.equal(valueOf(text, 'inkwell_http_request_duration_seconds_count{service="probe",method="GET",route="/api/items/:id"}'), 3);
    assert.ok(valueOf(text, 'inkwell_http_request_duration_seconds_bucket{le="10",service="probe",method="GET",route="/api/items/:id"}') === 3);
    // The process's own metrics, registered once.
    assert.equal(text.split('\n').filter((line) => line === '# TYPE nodejs_eventloop_lag_seconds gauge').length, 1);
    assert.match(text, /^# TYPE nodejs_gc_duration_seconds histogram$/m);
  });

  it('keeps the number of series fixed whatever ids, paths and methods callers send', async () => {
    const burst = async () => {
      for (let index = 0; index < 40; index += 1) {
        await fetch(`${appUrl}/api/items/${randomId()}`);
        await fetch(`${appUrl}/api/items/missing-${randomId()}?q=${randomId()}`);
        await fetch(`${appUrl}/${randomId()}/${randomId()}`);
        await fetch(`${appUrl}/api/items/${randomId()}`, { method: 'DELETE' });
      }
      await fetch(`${appUrl}/api/items/x`, { method: 'PROPFIND' });
    };
    await burst();
    const before = seriesOf(await scrape(), 'probe');
    await burst();
    const after = await scrape();
    assert.deepEqual(seriesOf(after, 'probe').map((line) => line.slice(0, line.lastIndexOf(' '))), before.map((line) => line.slice(0, line.lastIndexOf(' '))));
    const routes = new Set(seriesOf(after, 'probe').flatMap((line) => /route="([^"]*)"/.exec(line)?.[1] ?? []));
    assert.deepEqual([...routes].sort(), ['/api/items/:id', 'unmatched']);
    const methods = new Set(seriesOf(after, 'probe').flatMap((line) => /method="([^"]*)"/.exec(line)?.[1] ?? []));
    assert.ok([...methods].every((method) => ['GET', 'DELETE', 'OTHER'].includes(method)), [...methods].join());
  });

  it('answers only GET /metrics on its port, and the API port has no /metrics', async () => {
    assert.equal((await fetch(`http://127.0.0.1:${metrics.port}/`)).status, 404);
    assert.equal((await fetch(`http://127.0.0.1:${metrics.port}/metrics/x`)).status, 404);
    assert.equal((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status, 404);
    const onApi = await fetch(`${appUrl}/metrics`);
    assert.equal(onApi.status, 404);
    assert.doesNotMatch(await onApi.text(), /# HELP/);
  });

  it('counts gRPC calls by method and status code', async () => {
    const server: GrpcServer = createGrpcServer({ logger: testLogger, service: 'probe-grpc' });
    let fail = false;
    server.addService<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, {
      describe: async () => {
        if (fail) throw Object.assign(new Error('no such thing'), { code: 'NOT_FOUND' });
        return { service: 'probe', version: '1', startedAt: new Date(0).toISOString(), drivers: {} };
      },
    });
    const port = await server.listen('127.0.0.1', 0);
    const client = createGrpcClient<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, `127.0.0.1:${port}`);
    try {
      await client.describe({});
      await client.describe({});
      fail = true;
      await assert.rejects(client.describe({}));
    } finally {
      client.close();
      await server.shutdown();
    }
    const text = await scrape();
    const method = '/inkwell.common.v1.ServiceInfo/Describe';
    assert.equal(valueOf(text, `inkwell_grpc_server_calls_total{service="probe-grpc",method="${method}",code="OK"}`), 2);
    assert.equal(valueOf(text, `inkwell_grpc_server_calls_total{service="probe-grpc",method="${method}",code="NOT_FOUND"}`), 1);
    assert.equal(valueOf(text, `inkwell_grpc_server_duration_seconds_count{service="probe-grpc",method="${method}"}`), 3);
  });

  it('counts cache hits and misses per service', async () => {
    const cache = countCacheLookups(new MemoryCache(), 'probe-cache');
    assert.equal(await cache.get('a'), undefined);
    await cache.set('a', { x: 1 }, 60);
    assert.deepEqual(await cache.get('a'), { x: 1 });
    assert.equal(await cache.getText('a'), '{"x":1}');
    await cache.increment('limit', 60);
    const text = await scrape();
    assert.equal(valueOf(text, 'inkwell_cache_lookups_total{service="probe-cache",result="hit"}'), 2);
    assert.equal(valueOf(text, 'inkwell_cache_lookups_total{service="probe-cache",result="miss"}'), 1);
  });

  describe('database pools', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('metrics');
    });
    afterAll(async () => {
      await database.drop();
    });

    it('reports a service pool\'s clients by state while it is open, and forgets it when closed', async () => {
      const db = new Database(database.url, testLogger, { service: 'probe-db', max: 3 });
      try {
        await db.ping();
        // Three queries held at once: all three clients busy, then idle.
        await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
        const text = await scrape();
        assert.equal(valueOf(text, 'inkwell_db_pool_clients{service="probe-db",state="total"}'), 3);
        assert.equal(valueOf(text, 'inkwell_db_pool_clients{service="probe-db",state="idle"}'), 3);
        assert.equal(valueOf(text, 'inkwell_db_pool_clients{service="probe-db",state="waiting"}'), 0);
      } finally {
        await db.close();
      }
      assert.deepEqual(seriesOf(await scrape(), 'probe-db'), []);
    });
  });

  it('records nothing for what is built while metrics are off', async () => {
    configureMetrics({ enabled: false });
    const quiet = await createHttpApp({ name: 'probe-off', logger: testLogger });
    quiet.get('/api/things/:id', async () => success({}));
    try {
      assert.equal((await quiet.inject('/api/things/1')).statusCode, 200);
    } finally {
      await quiet.close();
      configureMetrics({ enabled: true });
    }
    assert.deepEqual(seriesOf(await scrape(), 'probe-off'), []);
  });
});
