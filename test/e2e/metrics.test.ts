import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SERVICE_NAMES } from '@inkwell/platform';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * `npm start` (every service and the gateway in one process): the process's metrics are served
 * once, on the gateway's metrics port, each series labelled with its service; the API (gateway or
 * service port) never serves them.
 */
describe('metrics of the whole stack', () => {
  let stack: TestStack;
  const scrape = async () => {
    assert.ok(stack.metricsUrl, 'the stack serves metrics');
    const response = await fetch(stack.metricsUrl);
    assert.equal(response.status, 200);
    return response.text();
  };
  const samples = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));
  const suggest = async () => {
    const text = `zz${randomBytes(5).toString('hex')}`;
    const response = await fetch(`${stack.url}/api/search/suggestions/${text}`);
    await response.arrayBuffer();
    return { text, status: response.status };
  };

  beforeAll(async () => {
    stack = await startTestStack();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('shows a call under its route template, at the gateway and at the owning service, with the pools of every service', async () => {
    const { text: asked, status } = await suggest();
    assert.ok(status < 500, `the call is answered (${status})`);
    const text = await scrape();
    const statusClass = `${Math.floor(status / 100)}xx`;
    assert.ok(
      samples(text).some((line) => line.startsWith(`inkwell_http_requests_total{service="catalog",method="GET",route="/api/search/suggestions/:text",status_class="${statusClass}"} `)),
      'the catalog counts the call under its route template',
    );
    assert.ok(samples(text).some((line) => line.startsWith(`inkwell_http_requests_total{service="gateway",method="GET",route="/api/search",status_class="${statusClass}"} `)), 'the gateway counts it under the route-table rule that owns it');
    assert.ok(!text.includes(asked), 'what the caller sent is no label');
    for (const service of SERVICE_NAMES) {
      assert.ok(samples(text).some((line) => line.startsWith(`inkwell_db_pool_clients{service="${service}",state="total"} `)), `${service}'s pool is reported`);
    }
    assert.equal(text.split('\n').filter((line) => line === '# TYPE nodejs_eventloop_lag_seconds gauge').length, 1, 'the process\'s metrics once');
  });

  it('keeps the number of series fixed when callers send many distinct paths', async () => {
    for (let index = 0; index < 20; index += 1) {
      await suggest();
      await (await fetch(`${stack.url}/api/no-such-call/${randomBytes(4).toString('hex')}`)).arrayBuffer();
    }
    const before = samples(await scrape()).filter((line) => line.startsWith('inkwell_http_')).map((line) => line.slice(0, line.lastIndexOf(' ')));
    for (let index = 0; index < 20; index += 1) {
      await suggest();
      await (await fetch(`${stack.url}/api/no-such-call/${randomBytes(4).toString('hex')}`)).arrayBuffer();
    }
    const after = samples(await scrape()).filter((line) => line.startsWith('inkwell_http_')).map((line) => line.slice(0, line.lastIndexOf(' ')));
    assert.deepEqual(after, before);
  });

  it('is not reachable through the gateway or on a service\'s API port', async () => {
    for (const path of ['/metrics', '/api/metrics', '/api/catalog/metrics']) {
      const response = await fetch(`${stack.url}${path}`);
      const body = await response.text();
      assert.notEqual(response.headers.get('content-type')?.startsWith('text/plain; version=0.0.4'), true, path);
      assert.doesNotMatch(body, /# HELP|inkwell_http_requests_total/, path);
    }
    assert.equal((await fetch(`${stack.url}/api/metrics`)).status, 404);
    for (const running of stack.services) {
      const response = await fetch(`http://127.0.0.1:${running.httpPort}/metrics`);
      assert.equal(response.status, 404, `${running.name}'s API port`);
      assert.doesNotMatch(await response.text(), /# HELP/);
      assert.equal(running.metricsPort, undefined, `${running.name} serves no metrics of its own in one process`);
    }
  });
});
