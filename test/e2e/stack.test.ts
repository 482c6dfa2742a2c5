import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SERVICE_NAMES } from '@inkwell/platform';
import { startTestStack, type TestStack } from '../support/stack';

const md5 = (char: string) => char.repeat(32);
// Answers are checked field by field below; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json();

describe('the whole stack behind the gateway', () => {
  let stack: TestStack;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'inkwell-dist-'));
    await mkdir(path.join(dist, 'web/assets'), { recursive: true });
    await mkdir(path.join(dist, 'dashboard'), { recursive: true });
    await writeFile(path.join(dist, 'web/index.html'), '<!doctype html><title>storefront</title>');
    await writeFile(path.join(dist, 'web/assets/app-1234.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'dashboard/index.html'), '<!doctype html><title>dashboard</title>');
    stack = await startTestStack({ WEB_DIST: path.join(dist, 'web'), DASHBOARD_DIST: path.join(dist, 'dashboard') });
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  const api = (pathname: string, init?: RequestInit) => fetch(stack.url + pathname, init);
  const postJson = (pathname: string, body: string) => api(pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('reports all seven services healthy, each answering over HTTP and gRPC', async () => {
    const response = await api('/api/health');
    assert.equal(response.status, 200);
    const body = await json(response);
    assert.equal(body.status.type, 'Success');
    assert.deepEqual(Object.keys(body.response.services).sort(), [...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) {
      const service = body.response.services[name];
      assert.equal(service.status, 'ok', `${name} is ok`);
      assert.equal(service.drivers.events, 'in-process', `${name} described itself over gRPC`);
      assert.equal(service.drivers.store, 'postgres');
    }
  });

  it('forwards a call to its service with the body, and the answer comes back in the envelope', async () => {
    const response = await postJson('/api/analytics/sendEvent', JSON.stringify({ sessionId: md5('a'), userProxy: md5('b'), eventName: 'PAGE_VIEW', path: '/browse/' }));
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: { type: 'Success' }, response: null });
    assert.ok(response.headers.get('x-request-id'));
  });

  it('answers a malformed JSON body on a real route with a 400 envelope, not a 500', async () => {
    const response = await postJson('/api/analytics/sendEvent', '{"sessionId": ');
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { status: { type: 'BadRequest', message: 'The request body is not valid JSON.' }, response: null });
  });

  it('answers a schema violation on a real route with a 400 envelope naming the problem and its field', async () => {
    const response = await postJson('/api/analytics/sendEvent', JSON.stringify({ sessionId: md5('a'), userProxy: md5('b') }));
    assert.equal(response.status, 400);
    const message = 'eventName is required in the request body.';
    assert.deepEqual(await response.json(), { status: { type: 'BadRequest', message, problems: [{ field: 'eventName', message }] }, response: null });
  });

  it('answers paths outside every catalogue at the gateway, and known paths not built yet at the service, both with NotFound envelopes', async () => {
    const unknown = await api('/api/no-such-thing');
    assert.equal(unknown.status, 404);
    assert.equal((await json(unknown)).status.type, 'NotFound');
    const notYet = await api('/api/payment/desktop/initiateTransaction/1');
    assert.equal(notYet.status, 404);
    assert.deepEqual(await notYet.json(), { status: { type: 'NotFound', message: 'No such API call: GET /api/payment/desktop/initiateTransaction/1' }, response: null });
  });

  it('sets security headers', async () => {
    const response = await api('/');
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    // The simulated processor loads nothing from elsewhere: no payment provider in the policy.
    assert.doesNotMatch(response.headers.get('content-security-policy') ?? '', /stripe/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    assert.ok(response.headers.get('x-frame-options'));
  });

  it('serves the storefront at / with client-side routes, and the dashboard at /dashboard/', async () => {
    for (const pathname of ['/', '/browse/3', '/series/moonlit-harbor', '/library']) {
      const response = await api(pathname);
      assert.equal(response.status, 200, pathname);
      assert.match(await response.text(), /<title>storefront<\/title>/, pathname);
      assert.equal(response.headers.get('cache-control'), 'no-cache');
    }
    for (const pathname of ['/dashboard/', '/dashboard', '/dashboard/users/42']) {
      const response = await api(pathname);
      assert.equal(response.status, 200, pathname);
      assert.match(await response.text(), /<title>dashboard<\/title>/, pathname);
    }
  });

  it('lets browsers keep fingerprinted assets, and 404s missing files instead of serving the app', async () => {
    const asset = await api('/assets/app-1234.js');
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await api('/assets/missing-999.js')).status, 404);
  });

  it('publishes the OpenAPI document of the public API', async () => {
    const document = await json(await api('/api/docs'));
    assert.ok(document.paths['/api/analytics/sendEvent'], 'analytics routes are documented');
    assert.equal(document['x-unavailable'], undefined);
  });
});
