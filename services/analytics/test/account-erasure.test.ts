import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, erasedUserToken, EVENTS } from '@inkwell/platform';
import { buildTestService, rowsMentioning as mentions, type TestService } from '@inkwell/platform/testing';
import { analyticsService } from '../src';

describe('analytics: erasing a person (account.deleted)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await buildTestService(analyticsService);
    await service.bus.start();
  });
  afterAll(() => service.close());

  const money = { cents: 499, currency: 'USD' };
  const item = { productId: '7', variantId: '9', distributionType: 'Digital', quantity: 1, price: money };
  const placed = (userId: string | undefined, email: string) =>
    createEnvelope('order', { type: EVENTS.orderPlaced.type, key: randomUUID(), data: { orderId: randomUUID(), purchaseId: randomUUID(), ...(userId ? { userId } : {}), email, status: 'Completed', total: money, items: [item] } });

  it('keeps the counts and forgets the person, in events that came before and after', async () => {
    const userId = randomUUID();
    const email = `Erased.Reader-${userId.slice(0, 8)}@example.com`;
    const other = randomUUID();
    const db = service.context.db;
    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountCreated.type, key: userId, data: { userId, email } }));
    await service.bus.publish(placed(userId, email));
    await service.bus.publish(placed(undefined, email.toLowerCase())); // as a guest, before signing up
    await service.bus.publish(placed(other, 'someone.else@example.com'));
    const cartId = randomUUID();
    await service.bus.publish(createEnvelope('cart', { type: EVENTS.cartUpdated.type, version: EVENTS.cartUpdated.version, key: cartId, data: { cartId, userId, reason: 'changed', items: [item], total: money, units: 1 } }));
    await service.bus.idle();
    const count = async () => Number((await db.query<{ count: string }>('SELECT count(*) FROM domain_events')).rows[0]!.count);
    assert.equal(await count(), 5);
    assert.ok((await mentions(db, [userId, email])).length > 0);

    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();
    // A late event about them (an order completed after the erasure) is kept without them.
    await service.bus.publish(createEnvelope('order', { type: EVENTS.orderCompleted.type, key: randomUUID(), data: { orderId: randomUUID(), purchaseId: randomUUID(), userId, email, total: money, items: [item] } }));
    await service.bus.idle();

    assert.equal(await count(), 7, 'every event still counted (account.deleted and the late one too)');
    assert.deepEqual(await mentions(db, [userId, email]), []);
    const token = erasedUserToken(userId);
    const placedRows = await db.query<{ data: { userId?: string; email: string | null; total: { cents: number } } }>("SELECT data FROM domain_events WHERE type = 'order.placed' ORDER BY data->>'userId' NULLS FIRST");
    assert.deepEqual(
      placedRows.rows.map((row) => [row.data.userId ?? null, row.data.email, row.data.total.cents]).sort(),
      [
        [null, null, 499],
        [other, 'someone.else@example.com', 499],
        [token, null, 499],
      ].sort(),
      'their orders keep their amounts under the token; the other buyer is untouched',
    );
    assert.deepEqual((await db.query('SELECT user_id, units FROM carts WHERE cart_id = $1', [cartId])).rows, [{ user_id: token, units: 1 }]);

    // A repeat finds nothing left.
    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();
    assert.deepEqual(await mentions(db, [userId, email]), []);
  });
});
