import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runFlow } from '../src/flows/flow';
import { resumeStaffRefund, resumeStaleRefunds, staffRefundSteps } from '../src/flows/staff-refund';
import { handlePaymentEvent } from '../src/routes/checkout';
import { address, createItems, fillCart, startOrder, tokenFor, waitFor, type CatalogItems, type Json, type OrderHarness } from './support/harness';

/**
 * Staff refunds (issue 23 "Deliver 4"): POST /api/dashboard/orders/{id}/refund(/preview) against the
 * real order service on PostgreSQL with the simulated payment processor, the cart, catalog and
 * reader services (the reader takes refunded Digital items back).
 */
describe('staff refunds of an order', () => {
  let harness: OrderHarness;
  let items: CatalogItems;
  let admin: string;

  const refund = (orderId: string, body: Record<string, unknown>, key: string | null = randomUUID(), as: string | null = admin) =>
    harness.request('POST', `/api/dashboard/orders/${orderId}/refund`, { ...(as === null ? {} : { token: as }), body, headers: key === null ? {} : { 'idempotency-key': key } });
  const preview = (orderId: string, body: Record<string, unknown>) => harness.request('POST', `/api/dashboard/orders/${orderId}/refund/preview`, { token: admin, body });
  const db = () => harness.order.context.db;
  const one = async <T = Json>(sql: string, values: unknown[]): Promise<T> => (await db().query(sql, values)).rows[0] as T;

  /** A paid order of the Digital volume ($9.99) and two Print box sets ($49.99 each) shipped to California. */
  async function paidOrder(userId: string, card = 'pm_card_visa'): Promise<{ orderId: string; purchase: Json }> {
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.digital, { ...items.print, amount: 2 }]);
    const quoted = (await harness.request('POST', '/api/purchase-request', { token, body: { cartId, billingAddress: address(), shippingAddress: address(), paymentMethod: 'Card' } })).body.response;
    const paid = await harness.request('POST', '/api/order/purchase', { token, body: { purchaseId: quoted.id, paymentMethod: 'Card', StripeNonce: card, totalPrice: quoted.totalPrice }, headers: { 'idempotency-key': randomUUID() } });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.response.orders.length, 1);
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the reader to grant the volume');
    return { orderId: paid.body.response.orders[0].id, purchase: paid.body.response };
  }
  const lines = async (orderId: string) =>
    (await db().query<{ position: number; price: string; tax: string; quantity: number; distribution_type: string }>('SELECT position, price, tax, quantity, distribution_type FROM order_items WHERE order_id = $1 ORDER BY position', [orderId])).rows;
  const order = (orderId: string) => one<{ status: string; refund: Json; total_price: string; shipping_cost: string }>('SELECT status, refund, total_price, shipping_cost FROM orders WHERE id = $1', [orderId]);
  const refundedAtProcessor = async (purchaseId: string) => Number((await one<{ amount_refunded: number }>('SELECT amount_refunded FROM simulated_processor.payments WHERE purchase_id = $1', [purchaseId])).amount_refunded);
  const refundEvents = async (orderId: string) =>
    (await db().query<{ data: Json }>("SELECT data FROM outbox WHERE type = 'order.refunded' AND key = $1 ORDER BY occurred_at", [orderId])).rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
  const refundCount = async (orderId: string) => Number((await one<{ count: string }>('SELECT count(*) FROM order_refunds WHERE order_id = $1', [orderId])).count);
  /** Cents at 4 decimals as grains (hundredths of a cent), so sums are exact. */
  const grains = (value: number | string) => Math.round(Number(value) * 100);

  beforeAll(async () => {
    harness = await startOrder();
    items = await createItems(harness.catalogDb);
    admin = await tokenFor('staff-refunder', ['admin']);
  }, 90_000);
  afterAll(() => harness?.close());

  it('refuses anonymous callers (401), readers (403), a refund without an Idempotency-Key, unknown orders and bad bodies', async () => {
    const { orderId, purchase } = await paidOrder('refund-guard');
    assert.equal((await refund(orderId, { refundReason: 'x' }, randomUUID(), null)).status, 401);
    assert.equal((await refund(orderId, { refundReason: 'x' }, randomUUID(), await tokenFor('a-reader'))).status, 403);
    assert.equal((await harness.request('POST', `/api/dashboard/orders/${orderId}/refund/preview`, { body: {} })).status, 401);
    assert.equal((await harness.request('POST', `/api/dashboard/orders/${orderId}/refund/preview`, { token: await tokenFor('a-reader'), body: {} })).status, 403);
    const noKey = await refund(orderId, { refundReason: 'damaged' }, null);
    assert.deepEqual([noKey.status, noKey.body.status.message], [400, 'Idempotency-Key header is required.']);
    const unknown = await refund(randomUUID(), { refundReason: 'damaged' });
    assert.deepEqual([unknown.status, unknown.body.status.message], [404, 'No such order.']);
    assert.equal((await refund('not-a-uuid', { refundReason: 'damaged' })).status, 400);
    assert.equal((await refund(orderId, { refundReason: '' })).status, 400, 'a reason is needed');
    const blank = await refund(orderId, { refundReason: '   ' });
    assert.deepEqual([blank.status, blank.body.status.problems], [400, [{ field: 'refundReason', message: 'Give a reason for the refund.' }]]);
    assert.equal((await refund(orderId, { refundReason: 'x'.repeat(501) })).status, 400, 'a reason of at most 500 characters');
    assert.equal((await refund(orderId, { refundReason: 'x', items: [{ position: 0, quantity: 0 }] })).status, 400);
    assert.equal((await refund(orderId, { refundReason: 'x', shippingAmount: -1 })).status, 400);
    assert.equal(await refundCount(orderId), 0, 'nothing recorded');
    assert.equal(await refundedAtProcessor(purchase.id), 0);
    assert.equal((await order(orderId)).status, 'PendingProcessing');
  });

  it('refunds one line exactly at 4 decimals, then the rest: the processor gives the charge back, the Digital volume is taken back, the order ends Cancelled', async () => {
    const userId = 'refund-partial';
    const { orderId, purchase } = await paidOrder(userId);
    const [digital, print] = await lines(orderId);
    assert.equal(digital!.distribution_type, 'Digital');
    assert.equal(print!.quantity, 2);
    const before = await order(orderId);
    assert.equal(before.status, 'PendingProcessing');

    // The preview moves nothing.
    const look = await preview(orderId, { items: [{ position: 0, quantity: 1 }] });
    assert.equal(look.status, 200, JSON.stringify(look.body));
    const digitalAmount = (999 * 100 + grains(digital!.tax)) / 100;
    assert.deepEqual(look.body.response, {
      items: [{ position: 0, productId: items.digital.productId, name: 'Moon Garden, Vol. 1', quantity: 1, amount: digitalAmount, tax: Number(digital!.tax) }],
      shippingAmount: 0,
      amount: digitalAmount,
      isoCurrency: 'USD',
      full: false,
    });
    assert.equal(await refundCount(orderId), 0);
    const whole = await preview(orderId, {});
    assert.equal(whole.body.response.full, true);
    assert.equal(whole.body.response.amount, Number(before.total_price), 'everything left is the order total');

    // One line: its price and its tax, exactly.
    const partial = await refund(orderId, { refundReason: 'Damaged file', items: [{ position: 0, quantity: 1 }] });
    assert.equal(partial.status, 200, JSON.stringify(partial.body));
    const record = partial.body.response;
    assert.equal(record.status, 'succeeded');
    assert.equal(record.amount, digitalAmount);
    assert.equal(record.refundReason, 'Damaged file');
    assert.equal(record.actorId, 'staff-refunder');
    assert.match(record.processorRefundId, /^re_sim_/);
    assert.deepEqual(record.orderRefundItems, [{ position: 0, productId: items.digital.productId, variantId: items.digital.variantId, quantity: 1, amount: digitalAmount }]);
    const cents = Math.floor((grains(digitalAmount) + 50) / 100);
    assert.equal(await refundedAtProcessor(purchase.id), cents, 'the processor refunded the amount rounded half up to whole cents');
    const afterPartial = await order(orderId);
    assert.equal(afterPartial.status, 'PendingProcessing', 'a partial refund keeps the status');
    assert.equal(afterPartial.refund.amount, digitalAmount);
    assert.equal(afterPartial.refund.refundReason, 'Damaged file');
    // Staff's order page still offers the rest (the order's refund record is a running total).
    const staffView = (await harness.request('GET', `/api/dashboard/orders/${orderId}`, { token: admin })).body.response;
    assert.equal(staffView.priceDetails.refundedAmount, digitalAmount);
    assert.equal(staffView.priceDetails.refundableAmount, Math.round((Number(afterPartial.total_price) - digitalAmount) * 10_000) / 10_000);
    const [event] = await refundEvents(orderId);
    assert.deepEqual(
      { ...event, email: undefined },
      { orderId, userId, email: undefined, accountingId: purchase.orders[0].accountingId, amount: { cents, currency: 'USD' }, productIds: [String(items.digital.productId)], reason: 'Damaged file', full: false, refundId: record.id },
    );
    await waitFor(async () => !(await harness.owned(userId)).includes(items.digital.productId), 'the reader to take the volume back');
    const audit = await one<{ action: string; actor_id: string; changes: Json }>("SELECT action, actor_id, changes FROM staff_audit WHERE entity = 'order' AND entity_id = $1", [orderId]);
    assert.equal(audit.action, 'refund');
    assert.equal(audit.actor_id, 'staff-refunder');

    // The Digital line is refunded already; one of the two box sets, and more shipping than there is, are refused.
    const again = await refund(orderId, { refundReason: 'again', items: [{ position: 0, quantity: 1 }] });
    assert.deepEqual([again.status, again.body.status.message, again.body.status.problems], [400, 'Item 0 is refunded already.', [{ field: 'items[0].position', message: 'Item 0 is refunded already.' }]]);
    const tooMany = await refund(orderId, { refundReason: 'x', items: [{ position: 1, quantity: 3 }] });
    assert.deepEqual([tooMany.status, tooMany.body.status.problems], [400, [{ field: 'items[0].quantity', message: 'The refund is more than is left to refund on this order.' }]]);
    const shipping = await refund(orderId, { refundReason: 'x', shippingAmount: Number(before.shipping_cost) + 1 });
    assert.deepEqual([shipping.status, shipping.body.status.problems], [400, [{ field: 'shippingAmount', message: 'The refund is more than is left to refund on this order.' }]]);
    assert.equal(await refundCount(orderId), 1, 'nothing recorded for the refusals');

    // One box set and half the shipping, then everything left: the last refund takes exactly the remainder.
    const halfShipping = Math.floor(grains(before.shipping_cost) / 2) / 100;
    const box = await refund(orderId, { refundReason: 'Dented box', items: [{ position: 1, quantity: 1 }], shippingAmount: halfShipping });
    assert.equal(box.status, 200, JSON.stringify(box.body));
    const boxTax = Math.floor((grains(print!.tax) + 1) / 2); // half the line's tax, half up at the 4th decimal
    assert.equal(grains(box.body.response.amount), 4999 * 100 + boxTax + grains(halfShipping));
    assert.equal(box.body.response.shippingAmount, halfShipping);
    assert.deepEqual((await refundEvents(orderId))[1].productIds, [], 'no Digital product in it');
    const rest = await refund(orderId, { refundReason: 'Order cancelled by the shop' });
    assert.equal(rest.status, 200, JSON.stringify(rest.body));
    const total = grains(before.total_price);
    assert.equal(grains(record.amount) + grains(box.body.response.amount) + grains(rest.body.response.amount), total, 'the refunds add up to the order total exactly');
    assert.equal(await refundedAtProcessor(purchase.id), purchase.amountDue, 'the whole charge is given back, not a cent more');
    const final = await order(orderId);
    assert.equal(final.status, 'Cancelled');
    assert.equal(grains(final.refund.amount), total);
    const events = await refundEvents(orderId);
    assert.equal(events.length, 3);
    assert.equal(events[2].full, true);
    const cancelled = (await db().query<{ data: Json }>("SELECT data FROM outbox WHERE type = 'order.cancelled' AND key = $1", [orderId])).rows;
    assert.equal(cancelled.length, 1, 'the PendingProcessing order is settled where it was awaited');
    assert.equal(cancelled[0]!.data.reason, 'Order cancelled by the shop');
    const history = await one<{ from_status: string; to_status: string; cause: string; actor_id: string }>("SELECT from_status, to_status, cause, actor_id FROM order_status_history WHERE order_id = $1 AND cause = 'refund'", [orderId]);
    assert.deepEqual(history, { from_status: 'PendingProcessing', to_status: 'Cancelled', cause: 'refund', actor_id: 'staff-refunder' });

    // The processor's own word (payment.refunded, the whole charge) finds the order refunded and cancelled already: nothing more.
    const processor = harness.order.exposed.payments as unknown as { deliverPendingEvents(): Promise<number> };
    await processor.deliverPendingEvents();
    assert.equal((await refundEvents(orderId)).length, 3);
    assert.equal((await db().query("SELECT 1 FROM outbox WHERE type = 'order.cancelled' AND key = $1", [orderId])).rowCount, 1);
    // Nothing is left.
    const more = await refund(orderId, { refundReason: 'more' });
    assert.deepEqual([more.status, more.body.status.message], [400, 'The refund is more than is left to refund on this order.']);
    const moreShipping = await refund(orderId, { refundReason: 'more', shippingAmount: 1 });
    assert.equal(moreShipping.status, 400);
    assert.equal(await refundCount(orderId), 3);
  });

  it('refuses unknown lines, an empty choice and an unpaid order, naming the field', async () => {
    const { orderId } = await paidOrder('refund-bad');
    const unknown = await refund(orderId, { refundReason: 'x', items: [{ position: 1, quantity: 1 }, { position: 7, quantity: 1 }] });
    assert.deepEqual([unknown.status, unknown.body.status.problems], [400, [{ field: 'items[1].position', message: 'The order has no item 7.' }]]);
    const nothing = await refund(orderId, { refundReason: 'x', items: [] });
    assert.deepEqual([nothing.status, nothing.body.status.message], [400, 'Nothing to refund: choose items or a shipping amount.']);
    const zeroShipping = await refund(orderId, { refundReason: 'x', shippingAmount: 0 });
    assert.deepEqual([zeroShipping.status, zeroShipping.body.status.message], [400, 'Nothing to refund: choose items or a shipping amount.']);
    assert.equal(await refundCount(orderId), 0);

    const token = await tokenFor('refund-unpaid');
    const cartId = await fillCart(harness, token, [items.digital]);
    const quoted = (await harness.request('POST', '/api/purchase-request', { token, body: { cartId, billingAddress: address(), paymentMethod: 'Card' } })).body.response;
    const unpaid = await refund(quoted.orders[0].id, { refundReason: 'x' });
    assert.deepEqual([unpaid.status, unpaid.body.status.message], [400, 'The order is not paid, so there is nothing to refund.']);
    assert.equal((await preview(quoted.orders[0].id, {})).status, 400);
  });

  it('refunds once for a double click: the same key twice, and twice at once; the key with another body is a 409', async () => {
    const { orderId, purchase } = await paidOrder('refund-double');
    const key = randomUUID();
    const body = { refundReason: 'Double click', items: [{ position: 1, quantity: 1 }] };
    const first = await refund(orderId, body, key);
    const second = await refund(orderId, body, key);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(second.body.response, first.body.response, 'the first refund answered again');
    const other = await refund(orderId, { ...body, items: [{ position: 1, quantity: 2 }] }, key);
    assert.deepEqual([other.status, other.body.status.message], [409, 'This Idempotency-Key was used for another refund.']);
    assert.equal(await refundCount(orderId), 1);

    const parallelKey = randomUUID();
    const both = await Promise.all([refund(orderId, { refundReason: 'Parallel', items: [{ position: 1, quantity: 1 }] }, parallelKey), refund(orderId, { refundReason: 'Parallel', items: [{ position: 1, quantity: 1 }] }, parallelKey)]);
    assert.deepEqual(both.map((answer) => answer.status), [200, 200], JSON.stringify(both.map((answer) => answer.body)));
    assert.equal(both[0]!.body.response.id, both[1]!.body.response.id);
    assert.equal(both[0]!.body.response.status, 'succeeded');
    assert.equal(await refundCount(orderId), 2);
    assert.equal((await refundEvents(orderId)).length, 2);
    const { count } = await one<{ count: string }>('SELECT count(*) FROM simulated_processor.refunds r JOIN simulated_processor.payments p ON p.id = r.payment_id WHERE p.purchase_id = $1', [purchase.id]);
    assert.equal(Number(count), 2, 'two refunds at the processor, one per key');
  });

  it('a refund the processor refuses is recorded failed with its word, and nothing else changes', async () => {
    const userId = 'refund-refused';
    const { orderId, purchase } = await paidOrder(userId, 'pm_card_refundFail');
    const before = await order(orderId);
    const refused = await refund(orderId, { refundReason: 'Damaged', items: [{ position: 0, quantity: 1 }] });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.match(refused.body.status.message, /^The payment processor refused the refund: ./);
    const row = await one<{ status: string; error: string }>('SELECT status, error FROM order_refunds WHERE order_id = $1', [orderId]);
    assert.equal(row.status, 'failed');
    assert.ok(row.error.length > 0);
    const audit = await one<{ action: string; actor_id: string }>("SELECT action, actor_id FROM staff_audit WHERE entity = 'order' AND entity_id = $1", [orderId]);
    assert.deepEqual(audit, { action: 'refund-failed', actor_id: 'staff-refunder' }, 'the attempt is audited');
    assert.deepEqual(await order(orderId), before, 'status and orderRefund unchanged');
    assert.equal(await refundedAtProcessor(purchase.id), 0);
    assert.deepEqual(await refundEvents(orderId), []);
    assert.ok((await harness.owned(userId)).includes(items.digital.productId), 'the volume is still owned');
    // The failed refund holds nothing back: the preview still offers everything.
    assert.equal((await preview(orderId, {})).body.response.amount, Number(before.total_price));
  });

  it('fails a refund left after its record (a crash) when the resumed processor step is refused', async () => {
    const { orderId, purchase } = await paidOrder('refund-crash-refused', 'pm_card_refundFail');
    const deps = harness.order.exposed.checkout;
    const refundId = randomUUID();
    const [record] = staffRefundSteps(refundId);
    const context = { deps, refundId, request: { orderId, idempotencyKey: randomUUID(), body: { refundReason: 'Crash test' }, actor: { id: 'staff-refunder', email: null } } };
    assert.equal((await runFlow({ db: deps.db, logger: deps.logger, purchaseId: purchase.id, context, steps: [record!] })).status, 'completed');
    assert.ok((await resumeStaleRefunds(deps, { staleAfterMs: 0, batchSize: 50 })) >= 1);
    const row = await one<{ status: string; error: string }>('SELECT status, error FROM order_refunds WHERE id = $1', [refundId]);
    assert.equal(row.status, 'failed');
    assert.equal((await order(orderId)).status, 'PendingProcessing');
    assert.deepEqual(await refundEvents(orderId), []);
  });

  it('resumes a refund left after the processor step (a crash): it settles once, never refunding twice', async () => {
    const { orderId, purchase } = await paidOrder('refund-crash');
    const deps = harness.order.exposed.checkout;
    const refundId = randomUUID();
    const [record, processor] = staffRefundSteps(refundId);
    const context = { deps, refundId, request: { orderId, idempotencyKey: randomUUID(), body: { refundReason: 'Crash test', items: [{ position: 0, quantity: 1 }] }, actor: { id: 'staff-refunder', email: null } } };
    // The process "dies" after the processor refunded: only the first two steps ran.
    const partial = await runFlow({ db: deps.db, logger: deps.logger, purchaseId: purchase.id, context, steps: [record!, processor!] });
    assert.equal(partial.status, 'completed');
    const cents = await refundedAtProcessor(purchase.id);
    assert.ok(cents > 0);
    assert.equal((await one<{ status: string }>('SELECT status FROM order_refunds WHERE id = $1', [refundId])).status, 'pending');
    assert.deepEqual(await refundEvents(orderId), []);
    // Another refund of the purchase waits for it.
    const waiting = await refund(orderId, { refundReason: 'x', items: [{ position: 1, quantity: 1 }] });
    assert.deepEqual([waiting.status, waiting.body.status.message], [409, 'Another refund of this order is under way; try again in a minute.']);

    // The sweeper's round finds it (stale at once here) and resumes it from its last recorded step.
    assert.ok((await resumeStaleRefunds(deps, { staleAfterMs: 0, batchSize: 50 })) >= 1);
    assert.equal((await one<{ status: string }>('SELECT status FROM order_refunds WHERE id = $1', [refundId])).status, 'succeeded');
    assert.equal(await refundedAtProcessor(purchase.id), cents, 'not refunded twice');
    assert.equal((await refundEvents(orderId)).length, 1);
    assert.equal(await resumeStaffRefund(deps, refundId), undefined, 'a settled refund is not run again');
    assert.equal((await refundEvents(orderId)).length, 1);
  });

  it("leaves the processor's word on a staff refund of everything to that refund: it is asked again until the refund has settled", async () => {
    const { orderId, purchase } = await paidOrder('refund-echo');
    const deps = harness.order.exposed.checkout;
    const refundId = randomUUID();
    const [record, processor] = staffRefundSteps(refundId);
    const context = { deps, refundId, request: { orderId, idempotencyKey: randomUUID(), body: { refundReason: 'Whole order, damaged' }, actor: { id: 'staff-refunder', email: null } } };
    // Another replica refunded everything at the processor and has not settled yet.
    assert.equal((await runFlow({ db: deps.db, logger: deps.logger, purchaseId: purchase.id, context, steps: [record!, processor!] })).status, 'completed');
    const paid = await one<{ payment_id: string; amount_due: string }>('SELECT payment_id, amount_due FROM purchases WHERE id = $1', [purchase.id]);
    const echo = { id: `evt_echo_${refundId}`, type: 'payment.refunded' as const, paymentId: paid.payment_id, purchaseId: purchase.id, amount: Number(paid.amount_due), currency: 'USD', amountRefunded: Number(paid.amount_due), createdAt: new Date().toISOString() };
    await assert.rejects(handlePaymentEvent(deps, echo), (error: { statusCode?: number }) => error.statusCode === 503);
    assert.equal((await order(orderId)).status, 'PendingProcessing', 'the echo cancels nothing while the staff refund is pending');
    assert.deepEqual(await refundEvents(orderId), []);

    assert.ok((await resumeStaleRefunds(deps, { staleAfterMs: 0, batchSize: 50 })) >= 1);
    assert.equal((await order(orderId)).status, 'Cancelled');
    await handlePaymentEvent(deps, echo);
    const events = await refundEvents(orderId);
    assert.equal(events.length, 1, 'one order.refunded, the staff refund\'s');
    assert.equal(events[0].reason, 'Whole order, damaged');
  });
});
