import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, EVENTS } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { analyticsService } from '../src';

const cart = (units: number, reason: 'changed' | 'emptied' = 'changed') => ({
  cartId: '6f1c2a4e-1b2c-4d3e-8f90-0123456789ab',
  reason,
  items: units === 0 ? [] : [{ productId: '7', variantId: '9', distributionType: 'Print', quantity: units, price: { cents: 1299, currency: 'USD' } }],
  total: { cents: units * 1299, currency: 'USD' },
  units,
});

describe('analytics: carts from cart.updated', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await buildTestService(analyticsService);
    await service.bus.start();
  });
  afterAll(() => service.close());

  const event = (data: ReturnType<typeof cart>, occurredAt: string) =>
    createEnvelope('cart', { type: EVENTS.cartUpdated.type, version: EVENTS.cartUpdated.version, key: data.cartId, data }, new Date(occurredAt));
  const row = async () => (await service.context.db.query('SELECT units, total_cents, last_reason, changes FROM carts')).rows;

  it('keeps the latest cart, once per event, and an older event does not roll it back', async () => {
    const first = event(cart(2), '2026-01-01T10:00:00Z');
    await service.bus.publish(first);
    await service.bus.publish(first);
    await service.bus.idle();
    assert.deepEqual(await row(), [{ units: 2, total_cents: 2598, last_reason: 'changed', changes: 1 }]);
    await service.bus.publish(event(cart(0, 'emptied'), '2026-01-01T10:05:00Z'));
    await service.bus.publish(event(cart(5), '2026-01-01T10:01:00Z'));
    await service.bus.idle();
    assert.deepEqual(await row(), [{ units: 0, total_cents: 0, last_reason: 'emptied', changes: 2 }]);
  });
});
