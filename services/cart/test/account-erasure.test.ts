import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, erasedUserToken, EVENTS } from '@inkwell/platform';
import { buildTestService, rowsMentioning, type TestService } from '@inkwell/platform/testing';
import { cartService } from '../src';

describe('cart: erasing a person (account.deleted)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await buildTestService(cartService);
    await service.bus.start();
  });
  afterAll(() => service.close());

  it("deletes their carts (and the guest carts merged into them), keeps coupon use counted under the token, and leaves others' carts", async () => {
    const db = service.context.db;
    const userId = randomUUID();
    const other = randomUUID();
    const [open, closed, guest, others] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.query("INSERT INTO carts (id, account_id, status) VALUES ($1, $2, 'Open'), ($3, $2, 'Closed'), ($4, $5, 'Open')", [open, userId, closed, others, other]);
    await db.query("INSERT INTO carts (id, account_id, status, merged_into) VALUES ($1, NULL, 'Closed', $2)", [guest, open]);
    await db.query('INSERT INTO cart_lines (cart_id, product_id, variant_id, quantity) VALUES ($1, 7, 9, 2), ($2, 7, 9, 1), ($3, 8, 10, 1)', [open, guest, others]);
    const { rows } = await db.query<{ id: string }>("INSERT INTO coupons (code, kind, value, times_used) VALUES ('ERASE10', 'Percent', 10, 2) RETURNING id");
    const couponId = rows[0]!.id;
    await db.query('INSERT INTO coupon_claims (coupon_id, account_id) VALUES ($1, $2), ($1, $3)', [couponId, userId, other]);
    await db.query("INSERT INTO coupon_redemptions (coupon_id, account_id, order_id, save_amount) VALUES ($1, $2, 'order-1', 1.5), ($1, $3, 'order-2', 2)", [couponId, userId, other]);
    await db.query("INSERT INTO outbox (id, type, version, occurred_at, source, key, data) VALUES ($1, 'cart.updated', 1, now(), 'cart', $2, $3)", [randomUUID(), open, JSON.stringify({ cartId: open, userId, units: 2 })]);

    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();

    assert.deepEqual((await db.query('SELECT id FROM carts ORDER BY id')).rows, [{ id: others }], 'only the other person’s cart is left');
    assert.deepEqual((await db.query('SELECT cart_id FROM cart_lines')).rows, [{ cart_id: others }]);
    const token = erasedUserToken(userId);
    assert.deepEqual((await db.query('SELECT account_id FROM coupon_redemptions ORDER BY order_id')).rows, [{ account_id: token }, { account_id: other }], 'redemptions still counted');
    assert.deepEqual((await db.query('SELECT account_id FROM coupon_claims ORDER BY claimed_at, account_id')).rows.map((row) => row.account_id).sort(), [token, other].sort());
    assert.equal((await db.query<{ times_used: number }>('SELECT times_used FROM coupons WHERE id = $1', [couponId])).rows[0]!.times_used, 2);
    assert.deepEqual(await rowsMentioning(db, [userId]), []);

    // A repeat finds nothing left to do.
    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();
    assert.deepEqual(await rowsMentioning(db, [userId]), []);
    assert.equal((await db.query('SELECT 1 FROM coupon_redemptions')).rows.length, 2);
  });
});
