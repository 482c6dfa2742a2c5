import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { freePort, loadGatewayConfig, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { createGateway } from '../src';

describe('gateway on its own', () => {
  let gateway: App;
  let catalog: FastifyInstance;
  let received: { url: string; requestId: unknown; body: string } | undefined;

  before(async () => {
    catalog = Fastify();
    catalog.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    catalog.all('/api/*', async (request) => {
      received = { url: request.url, requestId: request.headers['x-request-id'], body: String(request.body ?? '') };
      return { status: { type: 'Success' }, response: 'from catalog' };
    });
    await catalog.listen({ port: 0, host: '127.0.0.1' });
    const address = catalog.server.address();
    const catalogPort = typeof address === 'object' && address ? address.port : 0;
    const deadPort = await freePort();
    const config = loadGatewayConfig(
      {
        RATE_LIMIT_MAX: '5',
        CATALOG_HTTP_URL: `http://127.0.0.1:${catalogPort}`,
        CART_HTTP_URL: `http://127.0.0.1:${deadPort}`,
        WEB_DIST: '/nonexistent/web',
        DASHBOARD_DIST: '/nonexistent/dashboard',
      },
      process.cwd(),
    );
    gateway = await createGateway({ config, logger: testLogger });
    await gateway.ready();
  });

  after(async () => {
    await gateway.close();
    await catalog.close();
  });

  it('forwards path, query, body and request id untouched to the owning service', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/comic/fetch-list?api-version=1.4',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-1' },
      payload: '{"ids":["1","2"]}',
    });
    assert.equal(response.json().response, 'from catalog');
    assert.deepEqual(received, { url: '/api/comic/fetch-list?api-version=1.4', requestId: 'trace-1', body: '{"ids":["1","2"]}' });
  });

  it('answers 503 with an envelope a person can act on when the service is down', async () => {
    const response = await gateway.inject('/api/cart/abc');
    assert.equal(response.statusCode, 503);
    assert.equal(response.json().status.type, 'ServiceUnavailable');
    assert.match(response.json().status.message, /temporarily unavailable/);
  });

  it('says plainly when a frontend has not been built', async () => {
    const response = await gateway.inject('/browse/');
    assert.equal(response.statusCode, 503);
    assert.match(response.body, /npm run build/);
  });

  it('reports degraded health when services are unreachable', async () => {
    const response = await gateway.inject('/api/health');
    assert.equal(response.statusCode, 503);
    const body = response.json();
    assert.equal(body.status.type, 'Degraded');
    assert.equal(body.response.services.cart.status, 'unavailable');
  });

  it('limits the request rate per client, answers 429 in the envelope, and lets the client in again later', async () => {
    let limited;
    for (let i = 0; i < 10 && !limited; i += 1) {
      const response = await gateway.inject({ url: '/api/genre', remoteAddress: '10.0.0.9' });
      if (response.statusCode === 429) limited = response;
    }
    assert.ok(limited, 'the limit engaged within 10 requests');
    assert.equal(limited.json().status.type, 'TooManyRequests');
    assert.match(limited.json().status.message, /Please wait \d+ seconds/);
    assert.ok(limited.headers['retry-after']);
    const otherClient = await gateway.inject({ url: '/api/genre', remoteAddress: '10.0.0.10' });
    assert.equal(otherClient.statusCode, 200, 'another client is not affected');
  });
});
