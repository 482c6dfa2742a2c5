import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort } from '@inkwell/platform';
import { buildTestService, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { cartService } from '../src';

describe('cart without the catalog', () => {
  let service: TestService;
  beforeAll(async () => {
    const { peers } = testServiceConfig('cart', 'postgres://unused');
    // A port nothing listens on: the catalog is down.
    const nowhere = `127.0.0.1:${await freePort()}`;
    service = await buildTestService(cartService, { config: { peers: { ...peers, catalog: { ...peers.catalog, grpcAddress: nowhere } } } });
  });
  afterAll(() => service?.close());

  it('answers a change with a 503 envelope saying to try again, and writes nothing', async () => {
    const id = randomUUID();
    const answer = await service.app.inject({ method: 'PATCH', url: `/api/cart/${id}`, payload: { productId: 1, VariantId: 2, Amount: 1 } });
    assert.equal(answer.statusCode, 503);
    assert.deepEqual(answer.json(), { status: { type: 'ServiceUnavailable', message: 'The store is temporarily unavailable. Please try again in a moment.' }, response: null });
    assert.equal((await service.context.db.query('SELECT 1 FROM carts WHERE id = $1', [id])).rowCount, 0);
  }, 60_000);
});
