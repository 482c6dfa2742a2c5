/**
 * Defects found by probing the running store, each driven through the gateway of a stack started as
 * `npm start` starts it (HOST=0.0.0.0 here, so the machine's other address reaches the gateway):
 * oversized bodies, numbers beyond their column, services reachable around the gateway, forwarded
 * addresses believed from anyone, and 4xx envelopes that misname their status.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import pino from 'pino';
import { REQUEST_BODY_LIMIT, type App } from '@inkwell/platform';
import { signTestToken, skipBecause, testKeys } from '@inkwell/platform/testing';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Json;
}

/** This machine's first address other than loopback, from which a caller is not a trusted proxy. */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

function portOf(app: App): number {
  return (app.server.address() as net.AddressInfo).port;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('robustness through the gateway', () => {
  let stack: TestStack;
  let gatewayPort: number;
  const outside = outsideAddress();
  const logLines: Array<{ level: number; msg?: string }> = [];
  const keys = testKeys();

  /** One HTTP exchange through the gateway, on `agent` when given, from loopback unless `host` says otherwise. */
  const send = (
    method: string,
    url: string,
    { body, headers = {}, agent, host = '127.0.0.1', chunked = false }: { body?: string | Buffer; headers?: Record<string, string>; agent?: http.Agent; host?: string; chunked?: boolean } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const request = http.request({ host, port: gatewayPort, method, path: url, agent: agent ?? false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Json = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: kept as text for the assertion message.
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
        response.on('error', reject);
      });
      // The gateway may answer (and close) before an oversized body is fully written; that write
      // error is expected, the answer is what counts.
      request.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
      if (body !== undefined && chunked) {
        const buffer = Buffer.from(body);
        for (let offset = 0; offset < buffer.length; offset += 64 * 1024) request.write(buffer.subarray(offset, offset + 64 * 1024));
        request.end();
      } else {
        request.end(body);
      }
    });

  const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
    stack = await startTestStack(
      {
        HOST: '0.0.0.0',
        // The test itself, on loopback, stands for a proxy in front of the gateway.
        TRUSTED_PROXIES: '127.0.0.1',
        // The probes below send hundreds of calls within a minute.
        RATE_LIMIT_MAX: '1000000',
        AUTH_PUBLIC_KEY: keys.publicKeyPem,
        AUTH_PRIVATE_KEY: keys.privateKeyPem,
      },
      { logger },
    );
    gatewayPort = portOf(stack.gateway);
  });
  afterAll(() => stack?.stop());

  describe('a body over the limit', () => {
    const oversized = JSON.stringify({ UserName: 'x'.repeat(REQUEST_BODY_LIMIT + 1024), Password: 'secret' });
    const expected = { status: { type: 'PayloadTooLarge', message: 'The request body is larger than 1 MiB.' }, response: null };

    it('gets a 413 envelope and a closed connection, and the kept-alive client carries on', async () => {
      const errorsBefore = logLines.filter((line) => line.level >= 50).length;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const sized = await send('POST', '/api/account/token', { ...json(null), body: oversized, agent });
        assert.equal(sized.status, 413, JSON.stringify(sized.body).slice(0, 200));
        assert.deepEqual(sized.body, expected);
        assert.equal(sized.headers.connection, 'close');

        const streamed = await send('POST', '/api/account/token', { ...json(null), body: oversized, agent, chunked: true });
        assert.equal(streamed.status, 413);
        assert.deepEqual(streamed.body, expected);

        // The same agent, whose earlier connections were closed, gets its next answer at once.
        const next = await send('POST', '/api/account/token', { ...json({ UserName: 'nobody@example.com', Password: 'wrong' }), agent });
        assert.equal(next.status, 403);
      } finally {
        agent.destroy();
      }
      const errors = logLines.filter((line) => line.level >= 50).slice(errorsBefore);
      assert.deepEqual(errors, [], 'an oversized body is the caller\'s mistake, not an error of ours');
    });

    it('lets a body just under the limit through to the service, whose schema judges it', async () => {
      const body = JSON.stringify({ UserName: 'x'.repeat(REQUEST_BODY_LIMIT - 1024), Password: 'secret' });
      for (const chunked of [false, true]) {
        const answer = await send('POST', '/api/account/token', { ...json(null), body, chunked });
        assert.equal(answer.status, 400, `chunked ${chunked}: ${JSON.stringify(answer.body).slice(0, 200)}`);
        assert.equal(answer.body.status.message, 'UserName in the request body must NOT have more than 254 characters.', `chunked ${chunked}`);
      }
    });
  });

  describe('numbers beyond their column', () => {
    it('answer 400 naming the field, for the calls the issue found answering 500', async () => {
      const admin = await signTestToken({ userId: randomUUID(), roles: ['admin'] });
      const calls: Array<[string, string, { body?: string; headers?: Record<string, string> }, RegExp]> = [
        ['GET', '/api/discover/v2?publisherId=9223372036854775808', {}, /^publisherId in the query must be at most 9007199254740991\.$/],
        ['GET', '/api/discover/v2?genreIds=9223372036854775807', {}, /^genreIds\.0 in the query must be at most/],
        ['GET', '/api/discover/9223372036854775807', {}, /^id in the path must be at most/],
        ['GET', '/api/product/7/2147483648', {}, /^volume in the path must be at most 2147483647\.$/],
        ['GET', '/api/product/7/1?chapterNumber=9223372036854775808', {}, /^chapterNumber in the query must be at most 2147483647\.$/],
        ['POST', '/api/comic/fetch-list', json({ ids: ['9223372036854775807'] }), /^ids\.0 in the request body must be at most/],
        ['POST', '/api/dashboard/product/publish?id=9223372036854775808', { headers: { authorization: `Bearer ${admin}` } }, /^id in the query must be at most/],
        ['GET', '/api/discover/series?fromIndex=9223372036854775808', {}, /^fromIndex in the query must be at most 2147483647\.$/],
        ['GET', '/api/discover/1?fromIndex=2147483648', {}, /^fromIndex in the query must be at most 2147483647\.$/],
        ['GET', '/api/news?first=9223372036854775808', {}, /^first in the query must be at most 2147483647\.$/],
      ];
      for (const [method, url, options, message] of calls) {
        const answer = await send(method, url, options);
        assert.equal(answer.status, 400, `${method} ${url}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.status.type, 'BadRequest', `${method} ${url}`);
        assert.match(answer.body.status.message, message, `${method} ${url}`);
      }
    });

    it('bound every integer of every request schema, and no operation answers 5xx to a number past it', async () => {
      const docs = (await send('GET', '/api/docs')).body;
      const admin = await signTestToken({ userId: randomUUID(), roles: ['admin'] });
      const unbounded: string[] = [];
      /** Integer schemas without an upper bound; an enum bounds too. */
      const walk = (schema: Json, where: string): void => {
        if (!schema || typeof schema !== 'object') return;
        if (schema.type === 'integer' && schema.maximum === undefined && schema.enum === undefined) unbounded.push(where);
        for (const [key, child] of Object.entries<Json>(schema.properties ?? {})) walk(child, `${where}.${key}`);
        for (const [index, child] of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].entries()) walk(child, `${where}|${index}`);
        if (schema.items) walk(schema.items, `${where}[]`);
        if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${where}{}`);
      };
      const failures: string[] = [];
      let probes = 0;
      for (const [route, operations] of Object.entries<Json>(docs.paths)) {
        for (const [method, operation] of Object.entries<Json>(operations)) {
          const parameters: Json[] = operation.parameters ?? [];
          for (const parameter of parameters) walk(parameter.schema, `${method.toUpperCase()} ${route} ${parameter.in} ${parameter.name}`);
          const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
          walk(bodySchema, `${method.toUpperCase()} ${route} body`);

          const filled = (name?: string, value?: string) => route.replace(/\{([^}]+)\}/g, (_match, param: string) => (param === name ? value! : '1'));
          for (const big of ['9223372036854775808', '2147483648', '1e400']) {
            const attempts: Array<{ url: string; body?: string }> = [];
            for (const parameter of parameters) {
              if (parameter.in === 'path') attempts.push({ url: filled(parameter.name, big) });
              if (parameter.in === 'query') attempts.push({ url: `${filled()}?${parameter.name}=${big}` });
            }
            for (const name of Object.keys(bodySchema?.properties ?? {})) {
              attempts.push({ url: filled(), body: `{"${name}":${big}}` }, { url: filled(), body: `{"${name}":[${big}]}` }, { url: filled(), body: `{"${name}":"${big}"}` });
            }
            for (const attempt of attempts) {
              probes += 1;
              const headers: Record<string, string> = { authorization: `Bearer ${admin}`, ...(attempt.body ? { 'content-type': 'application/json' } : {}) };
              const answer = await send(method.toUpperCase(), attempt.url, { headers, ...(attempt.body ? { body: attempt.body } : {}) });
              if (answer.status >= 500) failures.push(`${answer.status} ${method.toUpperCase()} ${attempt.url} ${attempt.body ?? ''}: ${JSON.stringify(answer.body).slice(0, 160)}`);
            }
          }
        }
      }
      assert.ok(probes > 100, `only ${probes} probes: is /api/docs listing the operations?`);
      assert.deepEqual(unbounded, [], 'integers without a maximum in request schemas');
      assert.deepEqual(failures, [], 'operations answering 5xx to a number past its column');
    });
  });

  describe('only the gateway is public', () => {
    it('binds every service to loopback, whatever HOST says, and the gateway to HOST', { skip: skipBecause(outside === undefined && 'this machine has no address besides loopback') }, async () => {
      assert.equal((stack.gateway.server.address() as net.AddressInfo).address, '0.0.0.0');
      assert.ok(await canConnect(outside!, gatewayPort), 'the gateway answers on the machine address');
      for (const service of stack.services) {
        assert.equal((service.app.server.address() as net.AddressInfo).address, '127.0.0.1', `${service.name} HTTP`);
        assert.equal(await canConnect(outside!, service.httpPort), false, `${service.name} HTTP answers on ${outside}`);
        assert.equal(await canConnect(outside!, service.grpcPort), false, `${service.name} gRPC answers on ${outside}`);
        assert.ok(await canConnect('127.0.0.1', service.grpcPort), `${service.name} gRPC on loopback`);
      }
    });
  });

  describe('forwarded addresses', () => {
    const failLogins = async (count: number, forwardedFor: (attempt: number) => string, host?: string) => {
      for (let attempt = 0; attempt < count; attempt += 1) {
        const answer = await send('POST', '/api/account/token', {
          ...json({ UserName: `nobody-${randomUUID()}@example.com`, Password: 'guess' }),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(attempt) },
          ...(host ? { host } : {}),
        });
        assert.ok([403, 429].includes(answer.status), `login ${attempt}: ${answer.status}`);
      }
    };
    const logIn = (forwardedFor: string, host?: string) =>
      send('POST', '/api/account/token', {
        ...json({ UserName: `someone-${randomUUID()}@example.com`, Password: 'guess' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        ...(host ? { host } : {}),
      });

    it('reach the account service as the client a trusted proxy named, so one address is locked and not the others', async () => {
      await failLogins(30, () => '203.0.113.50');
      const locked = await logIn('203.0.113.50');
      assert.equal(locked.status, 429);
      assert.equal(locked.body.status.type, 'TooManyRequests');
      assert.equal((await logIn('203.0.113.51')).status, 403, 'another client behind the same proxy is not locked');
    });

    it('are ignored from anyone else: a caller cannot pick a fresh address for every guess', { skip: skipBecause(outside === undefined && 'this machine has no address besides loopback') }, async () => {
      await failLogins(30, (attempt) => `198.51.100.${attempt + 1}`, outside);
      const locked = await logIn('198.51.100.200', outside);
      assert.equal(locked.status, 429, 'the lock counts the caller\'s own address');
      assert.equal((await logIn('203.0.113.52')).status, 403, 'callers elsewhere are not locked');
    });
  });

  describe('4xx envelopes', () => {
    it('name their status in status.type', async () => {
      const reader = await signTestToken({ userId: randomUUID(), roles: [] });
      await mkdir(path.join(stack.dataDir, 'media', 'covers'), { recursive: true });
      await writeFile(path.join(stack.dataDir, 'media', 'covers', 'tiny.txt'), 'tiny');
      const cases: Array<[number, string, string, { body?: string; headers?: Record<string, string> }]> = [
        [400, 'BadRequest', '/api/discover/v2?count=0', {}],
        [401, 'Unauthorized', '/api/mycomics', { headers: { authorization: 'Bearer not-a-token' } }],
        [403, 'Forbidden', '/api/dashboard/product', { headers: { authorization: `Bearer ${reader}` } }],
        [404, 'NotFound', '/api/no-such-call', {}],
        [416, 'RangeNotSatisfiable', '/media/covers/tiny.txt', { headers: { range: 'bytes=100-' } }],
      ];
      for (const [status, type, url, options] of cases) {
        const answer = await send('GET', url, options);
        assert.equal(answer.status, status, `${url}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.status.type, type, url);
      }
    });
  });
});
