import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { analyticsService } from '@inkwell/analytics';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { createProduct } from '../../catalog/test/factories';
import { startCart, tokenFor, waitFor, type CartHarness } from './support/harness';

describe('cart.updated reaches analytics', () => {
  let harness: CartHarness;
  let analytics: TestService;

  beforeAll(async () => {
    harness = await startCart();
    analytics = await buildTestService(analyticsService, { bus: harness.bus });
  }, 60_000);
  afterAll(async () => {
    await analytics?.close();
    await harness?.close();
  });

  it('a change to a cart shows in analytics through the outbox and the bus', async () => {
    const productId = await createProduct(harness.catalogDb, { name: 'Relay Vol. 1', variants: [{ type: 'Print', priceType: 'Print', priceCents: 1500, cartLimit: 9 }] });
    const { rows } = await harness.catalogDb.query<{ id: string }>('SELECT id FROM variants WHERE product_id = $1', [productId]);
    const cartId = randomUUID();
    const token = await tokenFor('analysed-1');
    const added = await harness.request('PATCH', `/api/cart/${cartId}`, { token, body: { productId, VariantId: Number(rows[0]!.id), Amount: 3 } });
    assert.equal(added.status, 200);
    const seen = () => analytics.context.db.query<{ user_id: string; units: number; total_cents: number }>('SELECT user_id, units, total_cents FROM carts WHERE cart_id = $1', [cartId]);
    await waitFor(async () => (await seen()).rowCount === 1, 'the cart in analytics');
    assert.deepEqual((await seen()).rows, [{ user_id: 'analysed-1', units: 3, total_cents: 4500 }]);
    const domain = () => analytics.context.db.query<{ type: string }>(`SELECT type FROM domain_events WHERE key = $1`, [cartId]);
    await waitFor(async () => (await domain()).rowCount === 1, 'the event among the domain events');
    assert.deepEqual((await domain()).rows, [{ type: 'cart.updated' }]);
  });
});
