import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { issueSimulatedTicket, type EventEnvelope } from '@inkwell/platform';
import { eraseDesktopTransactions } from '../src/consumers/desktop-erasure';
import { address, createItems, fillCart, startOrder, tokenFor, waitFor, type CatalogItems, type OrderHarness } from './support/harness';

/**
 * The desktop build's micro-transactions on the embedded simulated platform: a quoted purchase
 * paid through the platform goes through the same purchase flow as a card payment (cart held,
 * orders recorded paid, `order.completed`, the reader's grant, cart closed).
 */
describe('desktop micro-transactions (order service with cart, catalog and reader)', () => {
  let harness: OrderHarness;
  let items: CatalogItems;
  let counter = 0;
  const steamId = () => `76561198${String(process.pid).slice(-5).padStart(5, '0')}${String(++counter).padStart(4, '0')}`;

  const quoted = async (userId: string, token: string, lines: Array<{ productId: number; variantId: number }>) => {
    const cartId = await fillCart(harness, token, lines);
    const quote = await harness.request('POST', '/api/purchase-request', { token, body: { cartId, billingAddress: address(), ...(lines.some((line) => line === items.print) ? { shippingAddress: address() } : {}) } });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    return { cartId, purchaseId: quote.body.response.id as string };
  };
  const init = (token: string | undefined, purchaseId: string, ticket: string) => harness.request('POST', `/api/steam/initTransaction/${purchaseId}?api-version=1.4`, { ...(token ? { token } : {}), body: { ticket } });
  const finalize = (token: string | undefined, purchaseId: string, authSucceeded: string) =>
    harness.request('POST', `/api/steam/finalizeTransaction/${purchaseId}?authSucceeded=${authSucceeded}`, token ? { token } : {});
  const cartStatus = async (cartId: string, token: string) => (await harness.cartRequest('GET', `/api/cart/${cartId}`, { token })).body.response.status as string;
  const completedEvents = async (purchaseId: string) => {
    const { rows } = await harness.order.context.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE type = 'order.completed' AND data->>'orderId' IN (SELECT id::text FROM orders WHERE purchase_id = $1)",
      [purchaseId],
    );
    return rows[0]!.n;
  };
  const simulated = async (orderId: string) =>
    (await harness.order.context.db.query<{ status: string; amount: string; steam_id: string }>('SELECT status, amount, steam_id FROM desktop_sim_transactions WHERE order_id = $1', [orderId])).rows[0];

  beforeAll(async () => {
    harness = await startOrder();
    items = await createItems(harness.catalogDb);
  }, 90_000);
  afterAll(() => harness?.close());

  it('pays a quoted purchase through the platform: initiate, authorise, finalize; the volume is granted once, a replay changes nothing', async () => {
    const userId = randomUUID();
    const token = await tokenFor(userId);
    const me = steamId();
    const { cartId, purchaseId } = await quoted(userId, token, [items.digital]);

    const before = await harness.request('GET', `/api/payment/steam/initiateTransaction/${purchaseId}?api-version=1.4`, { token });
    assert.equal(before.status, 200, JSON.stringify(before.body));
    assert.equal(before.body.response.state, 'none');
    assert.equal(before.body.response.purchaseState, 'Quoted');
    assert.ok(before.body.response.amount >= 999, 'cents, tax included');

    const started = await init(token, purchaseId, issueSimulatedTicket(me));
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.response.state, 'initiated');
    assert.equal(started.body.response.purchaseState, 'RequiresAction');
    const orderId = started.body.response.orderId as string;
    assert.match(orderId, /^\d+$/);
    assert.ok(started.body.response.transactionId);
    assert.equal(await cartStatus(cartId, token), 'Purchasing', 'the cart is held while the user is asked');
    const platformTxn = await simulated(orderId);
    assert.equal(platformTxn?.status, 'Init');
    assert.equal(platformTxn?.steam_id, me);
    assert.equal(Number(platformTxn?.amount), before.body.response.amount, 'the platform charges what was quoted, tax included');

    // The same tap again answers the transaction already started.
    const again = await init(token, purchaseId, issueSimulatedTicket(me));
    assert.equal(again.status, 200);
    assert.equal(again.body.response.orderId, orderId);
    // Another platform user cannot take it over.
    assert.equal((await init(token, purchaseId, issueSimulatedTicket(steamId()))).status, 409);

    const done = await finalize(token, purchaseId, 'true');
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.response.state, 'finalized');
    assert.equal(done.body.response.purchaseState, 'Completed');
    assert.equal((await simulated(orderId))?.status, 'Succeeded');
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the reader to grant the volume');
    assert.equal(await cartStatus(cartId, token), 'Closed');
    const order = await harness.request('GET', '/api/order/', { token });
    assert.equal(order.body.response.Orders.length, 1);
    assert.equal(order.body.response.Orders[0].status, 'Completed');

    // A replayed finalize (and a late "not authorised") answer the finished purchase and move nothing.
    const replay = await finalize(token, purchaseId, 'true');
    assert.equal(replay.status, 200);
    assert.equal(replay.body.response.purchaseState, 'Completed');
    assert.equal((await finalize(token, purchaseId, 'false')).body.response.state, 'finalized');
    assert.equal(await completedEvents(purchaseId), 1, 'granted once');
    assert.equal((await init(token, purchaseId, issueSimulatedTicket(me))).body.response.state, 'finalized');
  });

  it('forgets the person on account.deleted: the transaction kept under the anonymous token, without the platform user', async () => {
    const userId = randomUUID();
    const token = await tokenFor(userId);
    const me = steamId();
    const { purchaseId } = await quoted(userId, token, [items.digital]);
    const started = await init(token, purchaseId, issueSimulatedTicket(me));
    assert.equal((await finalize(token, purchaseId, 'true')).body.response.purchaseState, 'Completed');
    const erase = () => harness.order.context.db.transaction((tx) => eraseDesktopTransactions(tx, { data: { userId } } as unknown as EventEnvelope));
    await erase();
    await erase();
    const { rows } = await harness.order.context.db.query<{ row: string }>('SELECT row_to_json(t)::text AS row FROM desktop_transactions t WHERE purchase_id = $1', [purchaseId]);
    assert.equal(rows.length, 1, 'kept for the accounts');
    assert.ok(!rows[0]!.row.includes(userId) && !rows[0]!.row.includes(me), rows[0]!.row);
    assert.match(rows[0]!.row, /erased:[0-9a-f]{32}/);
    assert.equal((await simulated(started.body.response.orderId))?.steam_id, 'erased');
  });

  it('a transaction the user did not authorise fails the purchase and gives the cart back; paying again starts a new platform order', async () => {
    const userId = randomUUID();
    const token = await tokenFor(userId);
    const me = steamId();
    const { cartId, purchaseId } = await quoted(userId, token, [items.digital]);
    const first = await init(token, purchaseId, issueSimulatedTicket(me));
    assert.equal(first.status, 200, JSON.stringify(first.body));

    const declined = await finalize(token, purchaseId, 'false');
    assert.equal(declined.status, 200, JSON.stringify(declined.body));
    assert.equal(declined.body.response.state, 'cancelled');
    assert.equal(declined.body.response.purchaseState, 'Failed');
    assert.equal(declined.body.response.failure, 'The purchase was not authorised in the desktop app.');
    assert.equal(await cartStatus(cartId, token), 'Open');
    assert.deepEqual(await harness.owned(userId), []);
    // Finalizing a cancelled one afterwards does not pay it.
    assert.equal((await finalize(token, purchaseId, 'true')).body.response.purchaseState, 'Failed');

    const second = await init(token, purchaseId, issueSimulatedTicket(me));
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.notEqual(second.body.response.orderId, first.body.response.orderId, 'the platform never takes an order id twice');
    assert.equal((await finalize(token, purchaseId, 'true')).body.response.purchaseState, 'Completed');
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the grant');
  });

  it('refuses logged-out callers, other accounts, bad tickets, print items and calls out of order with a 4xx, changing nothing', async () => {
    const userId = randomUUID();
    const token = await tokenFor(userId);
    const me = steamId();
    const { purchaseId } = await quoted(userId, token, [items.digital]);

    assert.equal((await harness.request('GET', `/api/payment/steam/initiateTransaction/${purchaseId}`)).status, 401);
    assert.equal((await init(undefined, purchaseId, issueSimulatedTicket(me))).status, 401);
    assert.equal((await finalize(undefined, purchaseId, 'true')).status, 401);

    const stranger = await tokenFor(randomUUID());
    assert.equal((await harness.request('GET', `/api/payment/steam/initiateTransaction/${purchaseId}`, { token: stranger })).status, 404);
    assert.equal((await init(stranger, purchaseId, issueSimulatedTicket(me))).status, 404);
    assert.equal((await finalize(stranger, purchaseId, 'true')).status, 404);

    for (const ticket of ['nonsense', issueSimulatedTicket(me, 'not the secret'), issueSimulatedTicket(me, undefined, new Date(Date.now() - 3_600_000))]) {
      const refused = await init(token, purchaseId, ticket);
      assert.equal(refused.status, 403, ticket);
      assert.equal(refused.body.status.message, 'The desktop platform did not accept the ticket: ask the app for a new one.');
    }
    const finalizeFirst = await finalize(token, purchaseId, 'true');
    assert.equal(finalizeFirst.status, 409);
    assert.equal(finalizeFirst.body.status.message, 'Start the desktop transaction first (initTransaction).');
    assert.equal((await finalize(token, purchaseId, 'maybe')).status, 400);
    assert.equal((await init(token, 'not-a-purchase', issueSimulatedTicket(me))).status, 400);
    assert.equal((await init(token, randomUUID(), issueSimulatedTicket(me))).status, 404);
    const still = await harness.request('GET', `/api/payment/steam/initiateTransaction/${purchaseId}`, { token });
    assert.equal(still.body.response.state, 'none');
    assert.equal(still.body.response.purchaseState, 'Quoted');

    const print = await quoted(userId, token, [items.print]);
    const printRefused = await init(token, print.purchaseId, issueSimulatedTicket(me));
    assert.equal(printRefused.status, 400);
    assert.equal(printRefused.body.status.message, 'The desktop app sells digital items only: buy print items on the web store.');
    assert.equal((await harness.request('GET', `/api/payment/steam/initiateTransaction/${print.purchaseId}`, { token })).status, 400);
  });
});
