import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { anonymousReadCacheKey, freePort, loadGatewayConfig, MemoryCache, RedisCache, type App, type Cache } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { createGateway } from '../src';

describe('gateway on its own', () => {
  let gateway: App;
  let catalog: FastifyInstance;
  let received: { url: string; requestId: unknown; body: string } | undefined;

  beforeAll(async () => {
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

  afterAll(async () => {
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

describe("gateway with the catalog's read cache", () => {
  let catalog: FastifyInstance;
  let catalogCalls: string[];
  let catalogUrl: string;
  const stored = '{"status":{"type":"Success"},"response":{"id":7,"name":"Kept"}}';

  beforeAll(async () => {
    catalog = Fastify();
    catalog.all('/api/*', async (request) => {
      catalogCalls.push(`${request.method} ${request.url}`);
      return { status: { type: 'Success' }, response: 'from catalog' };
    });
    await catalog.listen({ port: 0, host: '127.0.0.1' });
    const address = catalog.server.address();
    catalogUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(() => catalog.close());

  const gatewayWith = async (catalogReads: Cache) => {
    const config = loadGatewayConfig({ CATALOG_HTTP_URL: catalogUrl, CART_HTTP_URL: catalogUrl, WEB_DIST: '/nonexistent/web', DASHBOARD_DIST: '/nonexistent/dashboard' }, process.cwd());
    const gateway = await createGateway({ config, logger: testLogger, catalogReads });
    await gateway.ready();
    return gateway;
  };

  it('answers an anonymous GET the catalog has answered from the cache, and sends everything else on', async () => {
    const cache = new MemoryCache();
    await cache.setText(anonymousReadCacheKey('/api/product/7', undefined), stored, 60);
    await cache.setText(anonymousReadCacheKey('/api/cart/7', undefined), stored, 60);
    const gateway = await gatewayWith(cache);
    try {
      catalogCalls = [];
      const hit = await gateway.inject('/api/product/7');
      assert.equal(hit.statusCode, 200);
      assert.equal(hit.body, stored);
      assert.equal(hit.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(hit.headers['x-frame-options'], 'DENY');
      assert.deepEqual(catalogCalls, []);

      for (const request of [
        { url: '/api/product/7', headers: { authorization: 'Bearer some-token' } },
        { url: '/api/product/7', headers: { 'cf-ipcountry': 'DE' } },
        { url: '/api/product/7?widths=250' },
        { url: '/api/product/7', method: 'POST' as const },
        { url: '/api/cart/7' },
      ]) {
        const response = await gateway.inject(request);
        assert.equal(response.json().response, 'from catalog', `${request.method ?? 'GET'} ${request.url} ${JSON.stringify(request.headers ?? {})}`);
      }
      assert.equal(catalogCalls.length, 5);
    } finally {
      await gateway.close();
      await cache.close();
    }
  });

  it('asks the catalog when the cache cannot be reached', async () => {
    const cache = new RedisCache(`redis://127.0.0.1:${await freePort()}`);
    const gateway = await gatewayWith(cache);
    try {
      catalogCalls = [];
      const response = await gateway.inject('/api/product/7');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().response, 'from catalog');
      assert.deepEqual(catalogCalls, ['GET /api/product/7']);
    } finally {
      await gateway.close();
      await cache.close();
    }
  });
});

describe("gateway's static files", () => {
  let gateway: App;
  let dir: string;
  const script = `export const greeting = '${'Inkwell '.repeat(400)}';\n`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-gateway-static-'));
    const web = path.join(dir, 'web');
    await mkdir(path.join(web, 'assets'), { recursive: true });
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Inkwell</title>');
    await writeFile(path.join(web, 'assets', 'app-1a2b.js'), script);
    await writeFile(path.join(web, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
    await writeFile(path.join(web, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
    await mkdir(path.join(dir, 'data', 'media', 'covers'), { recursive: true });
    await mkdir(path.join(dir, 'data', 'media', 'pages', 'c0ffee'), { recursive: true });
    await writeFile(path.join(dir, 'data', 'media', 'covers', 'cover.webp'), 'cover');
    await writeFile(path.join(dir, 'data', 'media', 'pages', 'c0ffee', '1-600.webp'), 'page');
    // A support desk's raw inbound mail: staff download it through the support service only.
    await mkdir(path.join(dir, 'data', 'media', 'support', 'raw', '2026', '11'), { recursive: true });
    await writeFile(path.join(dir, 'data', 'media', 'support', 'raw', '2026', '11', 'm.eml'), 'page');
    await mkdir(path.join(dir, 'data', 'media', 'exports', 'users'), { recursive: true });
    await writeFile(path.join(dir, 'data', 'media', 'exports', 'users', 'c0ffee.csv'), 'page');
    const config = loadGatewayConfig({ DATA_DIR: path.join(dir, 'data'), WEB_DIST: web, DASHBOARD_DIST: '/nonexistent/dashboard' }, process.cwd());
    gateway = await createGateway({ config, logger: testLogger });
    await gateway.ready();
  });

  afterAll(async () => {
    await gateway.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the Brotli or gzip copy of a script to a browser that takes it, and the original otherwise', async () => {
    const br = await gateway.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), script);
    assert.match(String(br.headers['cache-control']), /immutable/);

    const gz = await gateway.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), script);

    const plain = await gateway.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, script);
  });

  it('serves covers from the media folder but never comic pages or staff exports, which only their signed links hand out', async () => {
    const cover = await gateway.inject('/media/covers/cover.webp');
    assert.equal(cover.statusCode, 200);
    assert.equal(cover.body, 'cover');
    for (const url of ['/media/pages/c0ffee/1-600.webp', '/media/%70ages/c0ffee/1-600.webp', '/media/covers/../pages/c0ffee/1-600.webp', '/media/exports/users/c0ffee.csv', '/media/%65xports/users/c0ffee.csv', '/media/support/raw/2026/11/m.eml', '/media/%73upport/raw/2026/11/m.eml']) {
      const page = await gateway.inject(url);
      assert.equal(page.statusCode >= 400 && page.statusCode < 500, true, `${url}: ${page.statusCode}`);
      assert.notEqual(page.body, 'page', url);
    }
  });
});
