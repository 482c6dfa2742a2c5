import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Database } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { createOrderService, type OrderParts } from '../src';
import type { Json } from './support/harness';
import { address } from './support/address';

/**
 * The shopper's order page reads GET /order/{id} (issue 26): only its buyer reads it (another
 * account and an anonymous caller get 404, as for an unknown order; a guest's order by its id),
 * with the status timeline oldest first in spec §4's labels, the shipping address the order uses,
 * the delivery estimate from the rate's deliveryTimeInDays, and the tracking once staff shipped it.
 * Real PostgreSQL; orders are stored as the checkout leaves them, then shipped through the staff calls.
 */

interface Seed {
  userId: string | null;
  items: Array<{ type: 'Digital' | 'Print'; price: number; quantity?: number; name: string }>;
  orderDate: string;
  scheduleDate?: string;
  status?: string;
}

async function seedPaidOrder(db: Database, seed: Seed): Promise<string> {
  const purchaseId = randomUUID();
  const orderId = randomUUID();
  const net = seed.items.reduce((total, item) => total + item.price * (item.quantity ?? 1), 0);
  const hasPrint = seed.items.some((item) => item.type === 'Print');
  const rate = { mailClass: 'PRIORITY', mailService: 'Priority Mail', totalPrice: 850.5, deliveryTimeInDays: 3 };
  const shipping = hasPrint ? rate.totalPrice : 0;
  const taxes = 362.5;
  const total = net + shipping + taxes - 100;
  const paymentId = `pi_${randomUUID().slice(0, 8)}`;
  await db.query(
    `INSERT INTO purchases (id, cart_id, user_id, email, state, billing_address, shipping_address, payment_method, shipping_rates, shipping_method, currency,
                            net_price, full_price, shipping_cost, taxes, total_price, amount_due, lines, payment_id, payment, coupon_code, coupon_save_amount)
     VALUES ($1, $2, $3, 'shopper@example.com', 'Completed', $4, $5, 'Card', $6, $7, 'USD', $8, $8, $9, $10, $11, $12, '[]', $13, $14, 'SAVE1', 100)`,
    [
      purchaseId,
      randomUUID(),
      seed.userId,
      JSON.stringify(address()),
      hasPrint ? JSON.stringify(address({ address: '350 Fifth Avenue', locality: 'New York', postalCode: '10118', administrativeArea: 'NY' })) : null,
      JSON.stringify(hasPrint ? [rate] : []),
      hasPrint ? JSON.stringify(rate) : null,
      net,
      shipping,
      taxes,
      total,
      Math.round(total),
      paymentId,
      JSON.stringify({ provider: 'simulated', paymentId, status: 'succeeded', redirectUrl: null, clientSecret: null, failure: null }),
    ],
  );
  const status = seed.status ?? (hasPrint ? 'PendingProcessing' : 'Completed');
  await db.query(
    `INSERT INTO orders (id, purchase_id, user_id, email, status, is_pre_order, has_print, currency, net_price, full_price, shipping_cost, taxes, total_price, coupon_save_amount, order_date, schedule_date)
     VALUES ($1, $2, $3, 'shopper@example.com', $4, $5, $6, 'USD', $7, $7, $8, $9, $10, 100, $11, $12)`,
    [orderId, purchaseId, seed.userId, status, seed.scheduleDate !== undefined, hasPrint, net, shipping, taxes, total, seed.orderDate, seed.scheduleDate ?? null],
  );
  for (const [position, item] of seed.items.entries()) {
    await db.query(
      `INSERT INTO order_items (order_id, position, product_id, variant_id, name, thumbnail_url, distribution_type, quantity, price, tax, currency, cart_id)
       VALUES ($1, $2, $3, $4, $5, null, $6, $7, $8, 0, 'USD', $9)`,
      [orderId, position, 100 + position, 200 + position, item.name, item.type, item.quantity ?? 1, item.price, randomUUID()],
    );
  }
  // The checkout's own move when the payment went through (steps/record-paid.ts), a minute after ordering.
  await db.query(`INSERT INTO order_status_history (order_id, from_status, to_status, cause, at) VALUES ($1, 'PendingPayment', $2, 'paid', $3::timestamptz + interval '1 minute')`, [orderId, status, seed.orderDate]);
  return orderId;
}

describe("the shopper's order: GET /order/{id} (order service, real PostgreSQL)", () => {
  let service: TestService<OrderParts>;
  let db: Database;
  let admin: string;
  let shopperToken: string;
  let otherToken: string;
  const shopper = randomUUID();
  let printOrder: string;
  let digitalOrder: string;
  let preOrder: string;
  let guestOrder: string;

  const get = async (url: string, token: string | null): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const post = async (url: string, body?: unknown) => {
    const response = await service.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}` }, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.json() as Json };
  };

  beforeAll(async () => {
    service = await buildTestService(createOrderService());
    db = service.context.db;
    admin = await signTestToken({ userId: 'staff-1', email: 'staff@example.com', roles: ['admin'] });
    shopperToken = await signTestToken({ userId: shopper, roles: [] });
    otherToken = await signTestToken({ userId: randomUUID(), roles: [] });
    printOrder = await seedPaidOrder(db, { userId: shopper, orderDate: '2026-03-10T10:00:00Z', items: [{ type: 'Print', price: 2500, quantity: 2, name: 'Moon Garden Vol. 1' }, { type: 'Digital', price: 999, name: 'Moon Garden Vol. 2' }] });
    digitalOrder = await seedPaidOrder(db, { userId: shopper, orderDate: '2026-03-11T10:00:00Z', items: [{ type: 'Digital', price: 799, name: 'Quiet Orbit Vol. 1' }] });
    preOrder = await seedPaidOrder(db, { userId: shopper, orderDate: '2026-03-12T10:00:00Z', scheduleDate: '2026-04-01T00:00:00Z', status: 'Scheduled', items: [{ type: 'Print', price: 1999, name: 'Moon Garden Vol. 3' }] });
    guestOrder = await seedPaidOrder(db, { userId: null, orderDate: '2026-03-13T10:00:00Z', items: [{ type: 'Print', price: 1500, name: 'Guest Box' }] });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  it('answers the buyer only: another account and an anonymous caller get 404 like an unknown order; a guest order by its id', async () => {
    assert.equal((await get(`/api/order/${printOrder}`, shopperToken)).status, 200);
    for (const token of [otherToken, null]) {
      const refused = await get(`/api/order/${printOrder}`, token);
      assert.deepEqual([refused.status, refused.body.status.message, refused.body.response], [404, 'There is no such order.', null], `token ${token ? 'other' : 'none'}`);
      assert.ok(!JSON.stringify(refused.body).includes('Moon Garden'), 'nothing of the order is given away');
    }
    assert.equal((await get(`/api/order/${randomUUID()}`, shopperToken)).status, 404);
    const bad = await get('/api/order/not-an-id', shopperToken);
    assert.equal(bad.status, 400);
    assert.equal((await get(`/api/order/${guestOrder}`, null)).status, 200, "a guest's order is read by its id (the guest success page's link)");
  });

  it('gives the items, totals, shipping address, timeline in spec labels and the delivery estimate from the order date', async () => {
    const { body } = await get(`/api/order/${printOrder}`, shopperToken);
    const order = body.response;
    assert.deepEqual(order.orderItems.map((item: Json) => [item.name, item.distributionType, item.quantity, item.price]), [['Moon Garden Vol. 1', 'Print', 2, 2500], ['Moon Garden Vol. 2', 'Digital', 1, 999]]);
    assert.deepEqual(order.priceDetails, { netPrice: 5999, fullPrice: 5999, shippingCost: 850.5, taxes: 362.5, couponSaveAmount: 100, currency: 'USD' });
    assert.equal(order.shippingAddress.address, '350 Fifth Avenue');
    assert.equal(order.shippingMethod.deliveryTimeInDays, 3);
    assert.deepEqual(order.statusHistory.map((move: Json) => [move.status, move.label]), [['PendingPayment', 'Pending Payment'], ['PendingProcessing', 'Pending Processing']]);
    assert.equal(order.statusHistory[0].at, '2026-03-10T10:00:00.000Z');
    assert.deepEqual(order.shipments, []);
    assert.deepEqual(order.deliveryEstimate, { basis: 'ordered', arrivesBy: '2026-03-13', deliveryTimeInDays: 3 });
  });

  it('has no shipping address or estimate for a Digital order, and counts a pre-order from its release day', async () => {
    const digital = (await get(`/api/order/${digitalOrder}`, shopperToken)).body.response;
    assert.deepEqual([digital.shippingAddress, digital.deliveryEstimate, digital.shipments], [null, null, []]);
    assert.deepEqual(digital.statusHistory.map((move: Json) => move.label), ['Pending Payment', 'Completed']);
    const scheduled = (await get(`/api/order/${preOrder}`, shopperToken)).body.response;
    assert.deepEqual(scheduled.deliveryEstimate, { basis: 'release', arrivesBy: '2026-04-04', deliveryTimeInDays: 3 });
    assert.equal(scheduled.statusLabel, 'Scheduled');
  });

  it('shows the tracking once staff shipped it, the timeline growing in order, and the estimate from the shipping day; delivered once completed', async () => {
    const shipped = await post(`/api/dashboard/orders/${printOrder}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });
    assert.equal(shipped.status, 200, JSON.stringify(shipped.body));
    const order = (await get(`/api/order/${printOrder}`, shopperToken)).body.response;
    assert.equal(order.status, 'Processing');
    assert.deepEqual(order.statusHistory.map((move: Json) => move.label), ['Pending Payment', 'Pending Processing', 'Processing']);
    const times = order.statusHistory.map((move: Json) => Date.parse(move.at));
    assert.deepEqual(times, [...times].sort((a, b) => a - b), 'oldest first');
    assert.equal(order.shipments.length, 1);
    assert.deepEqual({ ...order.shipments[0], shippedAt: undefined }, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', shippedAt: undefined, deliveredAt: null });
    assert.ok(!('actorEmail' in order.shipments[0]) && !JSON.stringify(order).includes('staff@example.com'), "staff's identity is not the shopper's to read");
    const shippedDay = new Date(Date.parse(order.shipments[0].shippedAt) + 3 * 86_400_000).toISOString().slice(0, 10);
    assert.deepEqual(order.deliveryEstimate, { basis: 'shipped', arrivesBy: shippedDay, deliveryTimeInDays: 3 });

    assert.equal((await post(`/api/dashboard/orders/${printOrder}/complete`)).status, 200);
    const done = (await get(`/api/order/${printOrder}`, shopperToken)).body.response;
    assert.deepEqual(done.statusHistory.map((move: Json) => move.label), ['Pending Payment', 'Pending Processing', 'Processing', 'Completed']);
    assert.equal(done.deliveryEstimate.basis, 'delivered');
    assert.ok(done.shipments[0].deliveredAt);
  });

  it("reads the shipping address staff corrected, not the checkout's", async () => {
    const edited = await post(`/api/dashboard/orders/${guestOrder}/edit`, { shippingAddress: address({ address: '2 Corrected Road' }) });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal((await get(`/api/order/${guestOrder}`, null)).body.response.shippingAddress.address, '2 Corrected Road');
  });
});
