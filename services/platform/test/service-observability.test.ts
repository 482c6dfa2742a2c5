import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startService, success, type ServiceDefinition, type ServiceName } from '@inkwell/platform';
import { buildTestService, createTestDatabase, createTestEventBus, testCache, testLogger, testServiceConfig } from '@inkwell/platform/testing';

/** A service with one route and no tables of its own. */
function probeService(name: ServiceName, migrationsDir: string): ServiceDefinition {
  return {
    name,
    migrationsDir,
    setup: async () => ({
      routes: async (app) => {
        app.get('/api/probe/:id', async () => success({ ok: true }));
      },
    }),
  };
}

describe('a service\'s operations surface', () => {
  let migrationsDir: string;

  beforeAll(async () => {
    migrationsDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-no-migrations-'));
  });

  afterAll(async () => {
    await rm(migrationsDir, { recursive: true, force: true });
  });

  it('answers 503 on /health/ready once draining, while still serving requests', async () => {
    const service = await buildTestService(probeService('cart', migrationsDir));
    try {
      assert.equal((await service.app.inject('/health/ready')).statusCode, 200);
      service.beginDrain();
      const ready = await service.app.inject('/health/ready');
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json().checks.draining, 'the process is stopping');
      assert.equal((await service.app.inject('/health/live')).statusCode, 200);
      assert.equal((await service.app.inject('/api/probe/1')).statusCode, 200, 'requests in flight or still arriving are served');
    } finally {
      await service.close();
    }
  });

  it('serves its metrics on its own port when it runs alone, and closes that port when it stops', async () => {
    // Another service than the first test's: the registry is the process's.
    const database = await createTestDatabase('support');
    const bus = await createTestEventBus();
    const cache = testCache();
    try {
      const config = { ...testServiceConfig('support', database.url), metricsPort: 0 };
      const running = await startService(probeService('support', migrationsDir), { config, logger: testLogger, bus, cache });
      const metricsUrl = `http://127.0.0.1:${running.metricsPort}/metrics`;
      try {
        assert.ok(running.metricsPort && running.metricsPort > 0);
        assert.equal((await fetch(`http://127.0.0.1:${running.httpPort}/api/probe/7`)).status, 200);
        const text = await (await fetch(metricsUrl)).text();
        assert.match(text, /^inkwell_http_requests_total\{service="support",method="GET",route="\/api\/probe\/:id",status_class="2xx"\} 1$/m);
        assert.match(text, /^inkwell_db_pool_clients\{service="support",state="total"\} \d+$/m);
        assert.equal((await fetch(`http://127.0.0.1:${running.httpPort}/metrics`)).status, 404, 'not on the API port');
      } finally {
        await running.stop();
      }
      await assert.rejects(fetch(metricsUrl), 'the metrics port is closed with the service');
    } finally {
      await bus.close();
      await cache.close();
      await database.drop();
    }
  });
});
