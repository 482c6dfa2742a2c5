import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort, loadGatewayConfig, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { createGateway } from '../src';
import { Upstreams } from '../src/peers/upstreams';

interface Replica {
  url: string;
  /** What it received: method, path and body of each request. */
  seen: string[];
  server: Server;
}

/**
 * A cart replica on a real port: answers like a service (the envelope, with `x-request-id`), or,
 * `closing`, as Fastify answers a request that arrives while it closes (503, no request id).
 */
async function replica(name: string, { closing = false, failing = false } = {}): Promise<Replica> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push(`${request.method} ${request.url} ${body}`.trim());
      if (closing) {
        response.writeHead(503, { 'content-type': 'application/json', connection: 'close' }).end('{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}');
        return;
      }
      const status = failing ? 503 : 200;
      response
        .writeHead(status, { 'content-type': 'application/json', 'x-request-id': String(request.headers['x-request-id']) })
        .end(JSON.stringify({ status: { type: failing ? 'ServiceUnavailable' : 'Success' }, response: name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

async function gatewayTo(cartUrls: string[]): Promise<App> {
  const config = loadGatewayConfig({ CART_HTTP_URL: cartUrls.join(','), WEB_DIST: '/nonexistent/web', DASHBOARD_DIST: '/nonexistent/dashboard' }, process.cwd());
  const gateway = await createGateway({ config, logger: testLogger });
  await gateway.ready();
  return gateway;
}

/**
 * A service run as several replicas (`CART_HTTP_URL` lists them): the gateway takes them in turn,
 * and a request that could not reach one (refused, or turned away by a replica that is closing)
 * goes to the next, whatever its method, so a rolling restart costs no request. A service's own
 * answer, a 503 included, is passed on as it is.
 */
describe('gateway over a service\'s replicas', () => {
  const replicas: Replica[] = [];
  const gateways: App[] = [];
  let a: Replica;
  let b: Replica;
  let closing: Replica;
  let failing: Replica;
  let dead: string;

  beforeAll(async () => {
    [a, b, closing, failing] = await Promise.all([replica('a'), replica('b'), replica('closing', { closing: true }), replica('failing', { failing: true })]);
    replicas.push(a, b, closing, failing);
    dead = `http://127.0.0.1:${await freePort()}`;
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await Promise.all(replicas.map(({ server }) => new Promise((resolve) => server.close(resolve))));
  });

  const send = async (gateway: App, method: 'GET' | 'POST', body?: unknown) => {
    const response = await gateway.inject({
      method,
      url: '/api/cart/c1?api-version=1.4',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json; charset=utf-8' }, payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, from: response.json().response as string, type: response.json().status.type as string };
  };
  const clear = () => replicas.forEach((entry) => (entry.seen.length = 0));

  it('takes the replicas in turn', async () => {
    const gateway = await gatewayTo([a.url, b.url]);
    gateways.push(gateway);
    clear();
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push((await send(gateway, 'GET')).from);
    assert.deepEqual(answers, ['a', 'b', 'a', 'b']);
  });

  it('sends a request a replica refused to the next one, its body intact, whatever the method', async () => {
    const gateway = await gatewayTo([dead, a.url]);
    gateways.push(gateway);
    clear();
    for (let n = 0; n < 4; n++) assert.deepEqual(await send(gateway, 'POST', { productId: n }), { status: 200, from: 'a', type: 'Success' });
    assert.deepEqual(a.seen, [0, 1, 2, 3].map((n) => `POST /api/cart/c1?api-version=1.4 {"productId":${n}}`), 'each request reached a once, as sent');
  });

  it('sends a request a closing replica turned away to the next one', async () => {
    const gateway = await gatewayTo([closing.url, b.url]);
    gateways.push(gateway);
    clear();
    for (let n = 0; n < 2; n++) assert.deepEqual(await send(gateway, 'POST', { n }), { status: 200, from: 'b', type: 'Success' });
    assert.equal(closing.seen.length, 1, 'the closing replica was tried in its turn only');
  });

  it('passes a service\'s own 503 on without sending the request again', async () => {
    const gateway = await gatewayTo([failing.url, a.url]);
    gateways.push(gateway);
    clear();
    assert.deepEqual(await send(gateway, 'POST', { once: true }), { status: 503, from: 'failing', type: 'ServiceUnavailable' });
    assert.deepEqual([failing.seen.length, a.seen.length], [1, 0]);
  });

  it('drops an answer reply-from gives up on without an error nobody hears', async () => {
    // What reply-from does with an upstream answer when its client has gone: destroys the body
    // halfway. undici then emits an 'error' on it, which would end the process if unheard.
    const upstreams = new Upstreams({ cart: { httpUrls: [a.url] } } as never, {});
    try {
      const response = await upstreams.request({ origin: a.url, path: '/api/cart/c1', method: 'GET' });
      const unheard: unknown[] = [];
      const onUncaught = (error: unknown) => unheard.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        response.body.destroy();
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      assert.deepEqual(unheard, []);
      assert.ok(response.body.destroyed);
    } finally {
      await upstreams.close();
    }
  });

  it('answers 503 in the envelope when no replica can be reached', async () => {
    const gateway = await gatewayTo([dead, `http://127.0.0.1:${await freePort()}`]);
    gateways.push(gateway);
    const response = await gateway.inject('/api/cart/c1');
    assert.equal(response.statusCode, 503);
    assert.equal(response.json().status.type, 'ServiceUnavailable');
  });
});
