import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadGatewayConfig, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { createGateway } from '../src';

// A wheel banner may be 5 MB (BANNER_UPLOAD_LIMITS): past the gateway's own 1 MB body limit, so it
// is streamed on to the catalog, which checks the image; only past one banner is it cut off.
describe('gateway: wheel banner uploads are streamed to the catalog', () => {
  let gateway: App;
  let catalog: FastifyInstance;
  let received: { url: string; bytes: number } | undefined;

  beforeAll(async () => {
    catalog = Fastify({ bodyLimit: 50 * 1024 * 1024 });
    catalog.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    catalog.post('/api/dashboard/home/banners', async (request) => {
      received = { url: request.url, bytes: (request.body as Buffer).length };
      return { status: { type: 'Success' }, response: 'from catalog' };
    });
    await catalog.listen({ port: 0, host: '127.0.0.1' });
    const address = catalog.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const config = loadGatewayConfig({ CATALOG_HTTP_URL: `http://127.0.0.1:${port}`, WEB_DIST: '/nonexistent/web', DASHBOARD_DIST: '/nonexistent/dashboard' }, process.cwd());
    gateway = await createGateway({ config, logger: testLogger });
    await gateway.ready();
  });

  afterAll(async () => {
    await gateway.close();
    await catalog.close();
  });

  const body = (bytes: number) => Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\n\r\n'), Buffer.alloc(bytes, 0x41), Buffer.from('\r\n--b--\r\n')]);

  it('passes a 4 MB banner on to the catalog byte for byte', async () => {
    const payload = body(4 * 1024 * 1024);
    const response = await gateway.inject({ method: 'POST', url: '/api/dashboard/home/banners', payload, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(received, { url: '/api/dashboard/home/banners', bytes: payload.length });
  });

  it('refuses a body larger than one banner with 413, forwarding nothing', async () => {
    received = undefined;
    const response = await gateway.inject({ method: 'POST', url: '/api/dashboard/home/banners', payload: body(6 * 1024 * 1024), headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().status.message, 'A banner may be at most 5 MB.');
    assert.equal(received, undefined);
  });
});
