import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadGatewayConfig, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { createGateway } from '../src';

// Sales campaign spreadsheets may be 5 files of 10 MB: far past the gateway's own 1 MB body limit,
// so they are streamed on to the catalog, which checks each file; only past the total are they cut off.
describe('gateway: sales campaign spreadsheets are streamed to the catalog', () => {
  let gateway: App;
  let catalog: FastifyInstance;
  let received: { url: string; bytes: number; contentType: string | undefined } | undefined;

  beforeAll(async () => {
    catalog = Fastify({ bodyLimit: 200 * 1024 * 1024 });
    catalog.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    catalog.post('/api/dashboard/sales/:call', async (request) => {
      received = { url: request.url, bytes: (request.body as Buffer).length, contentType: request.headers['content-type'] };
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

  const body = (bytes: number) => Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="file1"; filename="sale.csv"\r\n\r\n'), Buffer.alloc(bytes, 0x41), Buffer.from('\r\n--b--\r\n')]);

  it('passes a 12 MB upload on to the catalog byte for byte', async () => {
    for (const call of ['ValidateFromCsv', 'CreateFromCsv']) {
      const payload = body(12 * 1024 * 1024);
      const response = await gateway.inject({ method: 'POST', url: `/api/dashboard/sales/${call}`, payload, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(received, { url: `/api/dashboard/sales/${call}`, bytes: payload.length, contentType: 'multipart/form-data; boundary=b' });
    }
  });

  it('refuses a body larger than five files of 10 MB with 413, forwarding nothing', async () => {
    received = undefined;
    const response = await gateway.inject({ method: 'POST', url: '/api/dashboard/sales/CreateFromCsv', payload: body(51 * 1024 * 1024), headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().status.message, 'The upload is larger than 5 spreadsheets of 10 MB each.');
    assert.equal(received, undefined);
  });
});
