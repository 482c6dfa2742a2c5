import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, erasedUserToken } from '@inkwell/platform';
import { rowsMentioning as mentions } from '@inkwell/platform/testing';
import { eraseCustomer } from '../src/flows/erase-customer';
import { address, createItems, fillCart, startOrder, tokenFor, waitFor, type CatalogItems, type Json, type OrderHarness } from './support/harness';

/**
 * The order service's side of an erasure (`account.deleted`, flows/erase-customer.ts): orders and
 * purchases kept with their totals, the person replaced everywhere in the order database; the
 * simulated processor's emails anonymised; a repeat changes nothing; a failed step leaves the
 * orders as they were and the next run finishes.
 */
describe('order service: erasing a customer', () => {
  let harness: OrderHarness;
  let items: CatalogItems;
  const person = {
    firstName: 'Theodora',
    surName: 'Vanterpool',
    address: '77 Brackenridge Row',
    phoneNumber: '+1 212 555 0177',
    postalCode: '10001-7788',
    email: 'theo.vanterpool@example.com',
  };
  const theirAddress = () => address({ ...person, locality: 'New York', administrativeArea: 'NY' });
  const needles = (userId: string) => [userId, ...Object.values(person)];

  const buy = async (token: string | undefined, cart: Array<{ productId: number; variantId: number }>, extra: Record<string, unknown> = {}): Promise<Json> => {
    const cartId = await fillCart(harness, token, cart);
    const hasPrint = cart.some((item) => item.productId === items.print.productId);
    const quoted = await harness.request('POST', '/api/purchase-request', {
      ...(token ? { token } : {}),
      body: { cartId, billingAddress: theirAddress(), ...(hasPrint ? { shippingAddress: theirAddress() } : {}), paymentMethod: 'Card', ...extra },
    });
    assert.equal(quoted.status, 200, JSON.stringify(quoted.body.status));
    const paid = await harness.request('POST', '/api/order/purchase', {
      ...(token ? { token } : {}),
      headers: { 'idempotency-key': randomUUID() },
      body: { purchaseId: quoted.body.response.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' },
    });
    assert.equal(paid.body.response.state, 'Completed', JSON.stringify(paid.body.status));
    return paid.body.response;
  };

  const ordersOf = async (purchaseIds: string[]) =>
    (
      await harness.order.context.db.query<{ id: string; total_price: string; user_id: string | null; email: string | null; billing_address: Json; anonymised_at: Date | null }>(
        'SELECT o.id, o.total_price, o.user_id, o.email, coalesce(o.billing_address, p.billing_address) AS billing_address, o.anonymised_at FROM orders o JOIN purchases p ON p.id = o.purchase_id WHERE o.purchase_id = ANY($1::uuid[]) ORDER BY o.id',
        [purchaseIds],
      )
    ).rows;

  beforeAll(async () => {
    harness = await startOrder();
    items = await createItems(harness.catalogDb);
  }, 90_000);
  afterAll(() => harness?.close());

  it('keeps the orders with their totals and takes the person out of every table, on account.deleted; a repeat changes nothing', async () => {
    const userId = randomUUID();
    const signedIn = await buy(await tokenFor(userId), [items.digital, items.print]);
    // Earlier, as a guest with the same email (the simulated processor keeps a guest's email).
    const guest = await buy(undefined, [items.digital], { email: person.email });
    const db = harness.order.context.db;
    const [firstOrder] = await ordersOf([signedIn.id]);
    await db.query("INSERT INTO order_notes (order_id, log_level, message, author_id, author_email) VALUES ($1, 'Info', $2, 'staff-1', 'staff@example.com')", [
      firstOrder!.id,
      `Called ${person.firstName} ${person.surName} at ${person.phoneNumber} about the parcel.`,
    ]);
    const before = await ordersOf([signedIn.id, guest.id]);
    assert.equal(before.length, signedIn.orders.length + guest.orders.length, 'the Digital and Print order(s), and the guest order');
    assert.equal((await db.query('SELECT 1 FROM simulated_processor.payments WHERE lower(email) = $1', [person.email])).rows.length, 1, "the guest's payment has the email");
    assert.ok((await mentions(db, needles(userId))).length > 0);

    await harness.bus.publish(createEnvelope('account', { type: 'account.deleted', key: userId, data: { userId } }));
    await waitFor(async () => (await ordersOf([signedIn.id, guest.id])).every((order) => order.anonymised_at !== null), 'the orders to be anonymised');

    const after = await ordersOf([signedIn.id, guest.id]);
    assert.deepEqual(after.map((order) => [order.id, order.total_price]), before.map((order) => [order.id, order.total_price]), 'orders kept with their totals');
    for (const order of after) {
      assert.equal(order.user_id, erasedUserToken(userId));
      assert.equal(order.email, null);
      assert.deepEqual([order.billing_address.country, order.billing_address.administrativeArea, order.billing_address.firstName, order.billing_address.postalCode], ['US', 'NY', null, null]);
    }
    const note = await db.query<{ message: string; author_email: string }>('SELECT message, author_email FROM order_notes WHERE order_id = $1', [firstOrder!.id]);
    assert.match(note.rows[0]!.message, /^Called .* about the parcel\.$/, 'the note keeps its other words');
    assert.equal(note.rows[0]!.author_email, 'staff@example.com', "staff's own address stays");
    assert.deepEqual(await mentions(db, needles(userId)), []);
    // The customer's own view of their orders knows nothing of them any more.
    assert.equal((await harness.request('GET', '/api/order/', { token: await tokenFor(userId) })).body.response.Count, 0);

    // A second event, and a direct run, find it done.
    const stamped = after.map((order) => order.anonymised_at!.toISOString());
    await harness.bus.publish(createEnvelope('account', { type: 'account.deleted', key: userId, data: { userId } }));
    const again = await eraseCustomer({ db, payments: harness.order.exposed.payments, logger: harness.order.context.logger }, userId);
    assert.deepEqual(again, { paymentCustomersDeleted: 0, purchasesAnonymised: 0, ordersAnonymised: 0 });
    assert.deepEqual((await ordersOf([signedIn.id, guest.id])).map((order) => order.anonymised_at!.toISOString()), stamped);
  }, 60_000);

  it('deletes the payment customer first; a failure there leaves the orders as they were, and the next run finishes', async () => {
    const userId = randomUUID();
    const guestEmail = `erase-${userId.slice(0, 8)}@example.com`;
    // A guest purchase with the email, joined to the account (its email is what finds the payment).
    const guest = await buy(undefined, [items.digital], { email: guestEmail, billingAddress: { ...theirAddress(), email: guestEmail } });
    const db = harness.order.context.db;
    await db.query('UPDATE purchases SET user_id = $1 WHERE id = $2', [userId, guest.id]);
    await db.query('UPDATE orders SET user_id = $1 WHERE purchase_id = $2', [userId, guest.id]);
    const deps = { db, logger: harness.order.context.logger };
    const down = { deleteCustomer: async () => Promise.reject(new Error('provider down')) };
    await assert.rejects(eraseCustomer({ ...deps, payments: down }, userId), { statusCode: 503, message: 'The payment provider cannot be reached just now: nothing was erased; try again in a moment.' });
    assert.equal((await ordersOf([guest.id]))[0]!.anonymised_at, null, 'nothing anonymised while the provider still has the customer');

    const done = await eraseCustomer({ ...deps, payments: harness.order.exposed.payments }, userId);
    assert.deepEqual(done, { paymentCustomersDeleted: 1, purchasesAnonymised: 1, ordersAnonymised: 1 });
    assert.equal((await db.query('SELECT 1 FROM simulated_processor.payments WHERE lower(email) = $1', [guestEmail])).rows.length, 0);
    assert.deepEqual(await mentions(db, [userId, guestEmail]), []);
  }, 60_000);
});
