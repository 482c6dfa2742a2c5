import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { StripePaymentProcessor } from '../src/drivers/payments';

/**
 * The Stripe driver's `deleteCustomer` (erasure) against a local HTTP server that answers the three
 * Stripe API calls it makes as Stripe documents them, so the test decides which customers exist
 * (stripe-mock answers fixtures: `drivers/payments/stripe-api.test.ts` runs the driver against it):
 * customers listed by email, searched by metadata.userId, each deleted; one already gone counts for nothing.
 */
describe('Stripe driver: deleting a person’s customers', () => {
  let server: Server;
  let apiUrl: string;
  const seen: string[] = [];
  let searchRefused = false;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
    response.end(JSON.stringify(body));
  };
  const customer = (id: string) => ({ id, object: 'customer' });

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      seen.push(`${request.method} ${url.pathname}${url.search}`);
      if (request.method === 'GET' && url.pathname === '/v1/customers') {
        const found = url.searchParams.get('email') === 'gone.reader@example.com' ? [customer('cus_1'), customer('cus_2')] : [];
        return send(response, 200, { object: 'list', data: found, has_more: false, url: '/v1/customers' });
      }
      if (request.method === 'GET' && url.pathname === '/v1/customers/search') {
        if (searchRefused) return send(response, 400, { error: { type: 'invalid_request_error', message: 'Search is not available.' } });
        return send(response, 200, { object: 'search_result', data: [customer('cus_2'), customer('cus_3')], has_more: false, next_page: null, url: '/v1/customers/search' });
      }
      if (request.method === 'DELETE' && url.pathname.startsWith('/v1/customers/')) {
        const id = url.pathname.split('/').pop()!;
        if (id === 'cus_3') return send(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${id}'` } });
        return send(response, 200, { id, object: 'customer', deleted: true });
      }
      return send(response, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const processor = () => new StripePaymentProcessor({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: 'whsec_test', apiUrl });

  it('finds them by email and by metadata.userId, deletes each once, and counts what went', async () => {
    seen.length = 0;
    const userId = '5b0c7c4e-2f7e-4a55-9a43-3d1a1f0b2c11';
    assert.equal(await processor().deleteCustomer({ userId, email: 'gone.reader@example.com' }), 2, 'cus_1 and cus_2 deleted; cus_3 was gone already');
    assert.ok(seen.includes('GET /v1/customers?email=gone.reader%40example.com&limit=100'), seen.join('\n'));
    const search = seen.find((line) => line.startsWith('GET /v1/customers/search'));
    assert.ok(search && decodeURIComponent(search.replaceAll('+', ' ')).includes(`metadata['userId']:'${userId}'`), search);
    assert.deepEqual(seen.filter((line) => line.startsWith('DELETE')).sort(), ['DELETE /v1/customers/cus_1', 'DELETE /v1/customers/cus_2', 'DELETE /v1/customers/cus_3']);
  });

  it('does without search where Stripe refuses it, and without an email asks nothing by email', async () => {
    searchRefused = true;
    seen.length = 0;
    assert.equal(await processor().deleteCustomer({ userId: 'u-1', email: 'gone.reader@example.com' }), 2);
    seen.length = 0;
    assert.equal(await processor().deleteCustomer({ userId: 'u-1', email: null }), 0);
    assert.deepEqual(seen.filter((line) => line.startsWith('GET /v1/customers?')), []);
  });
});
