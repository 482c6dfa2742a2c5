import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { retryOwedUndos } from '../src';
import { SimulatedPaymentProcessor } from '../src/drivers/payments';
import { CART_DEADLINE_MS, CartUnavailableError } from '../src/peers/cart';
import type { CheckoutDeps } from '../src/flows/deps';
import { submitPurchase } from '../src/routes/submit-purchase';
import { refundPurchase } from '../src/flows/refund-purchase';
import { owedUndos } from '../src/store/purchase-steps';
import { findPurchase } from '../src/store/purchases';
import type { Answer } from '../src/routes/submit-purchase';
import { address, createItems, fillCart, startOrder, tokenFor, waitFor, type CatalogItems, type Json, type OrderHarness } from './support/harness';

/**
 * The checkout's steps and their undos (services/order/src/flows): each step's outcome is recorded,
 * a failed step undoes the done ones, and an undo that cannot be done now is owed and retried by
 * the sweeper until it is.
 */
describe('checkout steps: every undo, recorded and retried', () => {
  let harness: OrderHarness;
  let items: CatalogItems;

  const quote = (token: string, body: Record<string, unknown>) => harness.request('POST', '/api/purchase-request', { token, body });
  const pay = (token: string, body: Record<string, unknown>) => harness.request('POST', '/api/order/purchase', { token, body, headers: { 'idempotency-key': randomUUID() } });
  const steps = async (purchaseId: string) => {
    const { rows } = await harness.order.context.db.query<{ step: string; status: string }>('SELECT step, status FROM purchase_steps WHERE purchase_id = $1', [purchaseId]);
    return Object.fromEntries(rows.map((row) => [row.step, row.status]));
  };
  const cartStatus = async (cartId: string, token: string) => (await harness.cartRequest('GET', `/api/cart/${cartId}`, { token })).body.response.status as string;
  const quoted = async (userId: string, extra: Record<string, unknown> = {}): Promise<{ token: string; purchase: Json }> => {
    const token = await tokenFor(userId);
    const answer = await quote(token, { cartId: await fillCart(harness, token, [items.digital]), billingAddress: address(), paymentMethod: 'Card', ...extra });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return { token, purchase: answer.body.response };
  };

  beforeAll(async () => {
    harness = await startOrder();
    items = await createItems(harness.catalogDb);
  }, 120_000);
  afterAll(async () => harness?.close());

  const statusMoves = async (purchaseId: string) => {
    const { rows } = await harness.order.context.db.query<{ move: string }>(
      `SELECT h.from_status || ' → ' || h.to_status || ' (' || h.cause || ')' AS move FROM order_status_history h JOIN orders o ON o.id = h.order_id WHERE o.purchase_id = $1 ORDER BY h.id`,
      [purchaseId],
    );
    return rows.map((row) => row.move);
  };

  it('records every step of a paid purchase as done, in order, and holds nothing afterwards', async () => {
    const { token, purchase } = await quoted('steps-paid');
    const paid = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_visa' });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.response.state, 'Completed');
    assert.deepEqual(await steps(purchase.id), {
      'hold-cart': 'done',
      'check-cart': 'done',
      charge: 'done',
      'record-paid': 'done',
      'close-cart': 'done',
      'redeem-coupon': 'done',
      complete: 'done',
    });
    assert.equal(await cartStatus(purchase.cartId, token), 'Closed');
    // The status moves are on the order's timeline (staff's order page).
    assert.deepEqual(await statusMoves(purchase.id), ['PendingPayment → Completed (paid)']);
  });

  it('hold-cart undo: a declined card gives the cart back (Purchasing → Open) and the purchase may be paid again', async () => {
    const { token, purchase } = await quoted('steps-declined');
    const declined = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_chargeDeclined' });
    assert.equal(declined.status, 400);
    assert.deepEqual(await steps(purchase.id), { 'hold-cart': 'undone', 'check-cart': 'done', charge: 'failed' });
    assert.equal(await cartStatus(purchase.cartId, token), 'Open');
    const again = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_visa' });
    assert.equal(again.body.response.state, 'Completed', 'a new attempt starts from a clean record');
    assert.equal((await steps(purchase.id))['hold-cart'], 'done');
  });

  it('hold-cart undo while the cart service is down: owed, and done by the sweeper once the cart is back', async () => {
    const { token, purchase } = await quoted('steps-cart-down');
    // The shopper is sent to authenticate with their bank; the cart is held meanwhile.
    const pending = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_authenticationRequired' });
    assert.equal(pending.body.response.state, 'RequiresAction', JSON.stringify(pending.body));
    assert.equal(await cartStatus(purchase.cartId, token), 'Purchasing');
    await harness.cartLink.cut();
    try {
      // The bank refuses; the processor tells the order service, which cannot reach the cart.
      const paymentId = pending.body.response.payment.paymentId as string;
      const processor = harness.order.exposed.payments;
      assert.ok(processor instanceof SimulatedPaymentProcessor);
      await processor.completeAction(paymentId, 'fail');
      // The release waits for the cart within its deadline (a restarting cart is waited for), then is owed.
      await waitFor(async () => (await steps(purchase.id))['hold-cart'] === 'undo_pending', 'the release owed', CART_DEADLINE_MS + 10_000);
      const owed = (await owedUndos(harness.order.context.db)).find((undo) => undo.purchaseId === purchase.id);
      assert.equal(owed?.step, 'hold-cart');
      assert.ok(owed.attempts >= 1 && owed.error, 'what it could not do, how often, and why');
      assert.equal(await cartStatus(purchase.cartId, token), 'Purchasing', 'still held while the cart is unreachable');
      const { rows } = await harness.order.context.db.query<{ state: string }>('SELECT state FROM purchases WHERE id = $1', [purchase.id]);
      assert.equal(rows[0]!.state, 'Failed');
    } finally {
      await harness.cartLink.restore();
    }
    // Back: the sweeper's next try (backoff from 1 s) releases it; the test asks it to look now too.
    await harness.order.context.db.query("UPDATE purchase_steps SET next_attempt_at = now() WHERE purchase_id = $1 AND status = 'undo_pending'", [purchase.id]);
    await retryOwedUndos(harness.order.exposed.checkout, 50);
    await waitFor(async () => (await cartStatus(purchase.cartId, token)) === 'Open', 'the cart given back', 20_000);
    await waitFor(async () => (await steps(purchase.id))['hold-cart'] === 'undone', 'the release recorded');
  });

  it('hold-cart whose answer comes too late: the attempt is given back before its hold lands, the late hold is refused, and the next attempt pays', async () => {
    const { token, purchase } = await quoted('steps-late-hold');
    const real = harness.order.exposed.checkout;
    // The cart is slow (a catalog restarting under it): the order service stops waiting for the hold
    // and gives the attempt back, and only then does the cart get to the hold.
    let letHoldLand = () => {};
    let landed: Promise<string> | undefined;
    const checkout: CheckoutDeps = {
      ...real,
      cart: {
        read: (request) => real.cart.read(request),
        hold: async (request) => {
          const gate = new Promise<void>((resolve) => (letHoldLand = resolve));
          landed = gate.then(() => real.cart.hold(request)).then(
            (cart) => cart.status,
            (error: Error) => error.message,
          );
          throw new CartUnavailableError();
        },
        release: (cartId, purchaseId, holdId) => real.cart.release(cartId, purchaseId, holdId),
        close: (cartId, purchaseId) => real.cart.close(cartId, purchaseId),
        redeemCoupon: (request) => real.cart.redeemCoupon(request),
        shutdown: () => {},
      },
    };
    const answer = await submitPurchase(checkout, { userId: 'steps-late-hold', country: undefined }, randomUUID(), { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' });
    assert.equal(answer.statusCode, 503, JSON.stringify(answer.envelope));
    assert.equal((await findPurchase(harness.order.context.db, purchase.id))?.state, 'Failed');
    assert.equal(await cartStatus(purchase.cartId, token), 'Open');
    letHoldLand();
    assert.equal(await landed, 'This payment attempt has ended; its hold on the cart was given back.');
    assert.equal(await cartStatus(purchase.cartId, token), 'Open', 'the late hold took nothing');
    const again = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_visa' });
    assert.equal(again.body.response.state, 'Completed', JSON.stringify(again.body));
    assert.equal(await cartStatus(purchase.cartId, token), 'Closed');
  });

  /**
   * Pays a purchase quoted with a coupon that staff disable just as the charge goes through: the
   * flow is charged, closes the cart, then cannot redeem the coupon.
   */
  async function payWhileCouponVanishes(userId: string, code: string, nonce: string): Promise<{ token: string; purchase: Json; answer: Answer }> {
    const admin = await tokenFor('staff-steps', ['admin']);
    assert.equal((await harness.cartRequest('POST', '/api/dashboard/coupons', { token: admin, body: { code, kind: 'Fixed', value: 1 } })).status, 200);
    const { token, purchase } = await quoted(userId, { couponCode: code });
    const real = harness.order.exposed.checkout;
    const payments = real.payments;
    const checkout: CheckoutDeps = {
      ...real,
      payments: {
        kind: payments.kind,
        publicConfig: () => payments.publicConfig(),
        retrievePayment: (paymentId) => payments.retrievePayment(paymentId),
        refund: (input) => payments.refund(input),
        deleteCustomer: (input) => payments.deleteCustomer(input),
        parseWebhook: (body, signature) => payments.parseWebhook(body, signature),
        createPayment: async (input) => {
          const result = await payments.createPayment(input);
          await harness.cart.context.db.query('UPDATE coupons SET disabled_at = now() WHERE code = $1', [code]);
          return result;
        },
      },
    };
    const answer = await submitPurchase(checkout, { userId, country: undefined }, randomUUID(), { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: nonce });
    return { token, purchase, answer };
  }

  it('record-paid and charge undos: a purchase that cannot be completed is cancelled and refunded in full; the closed cart stays closed', async () => {
    const { token, purchase, answer } = await payWhileCouponVanishes('steps-coupon', 'STEPSGONE', 'pm_card_visa');
    assert.equal(answer.statusCode, 200, JSON.stringify(answer.envelope));
    assert.equal(answer.envelope.response!.state, 'Compensated');
    assert.equal(answer.envelope.response!.orders[0]!.status, 'Cancelled');
    // The hold's undo is settled without giving the cart back: the purchase closed it.
    assert.deepEqual(await steps(purchase.id), {
      'hold-cart': 'undone',
      'check-cart': 'done',
      charge: 'undone',
      'record-paid': 'undone',
      'close-cart': 'done',
      'redeem-coupon': 'failed',
    });
    const { rows } = await harness.order.context.db.query<{ amount: string; amount_refunded: string }>('SELECT amount, amount_refunded FROM simulated_processor.payments WHERE purchase_id = $1', [purchase.id]);
    assert.equal(Number(rows[0]!.amount_refunded), Number(rows[0]!.amount));
    assert.equal(await cartStatus(purchase.cartId, token), 'Closed');
    assert.deepEqual(await statusMoves(purchase.id), ['PendingPayment → Completed (paid)', 'Completed → Cancelled (refund)']);
  });

  it('charge undo the processor refuses: owed with its error, the purchase Compensated, retried and still reported', async () => {
    const { purchase, answer } = await payWhileCouponVanishes('steps-refund-refused', 'STEPSREFUSED', 'pm_card_refundFail');
    assert.equal(answer.envelope.response!.state, 'Compensated');
    assert.equal((await steps(purchase.id)).charge, 'undo_pending');
    const before = (await owedUndos(harness.order.context.db)).find((undo) => undo.purchaseId === purchase.id)!;
    await harness.order.context.db.query("UPDATE purchase_steps SET next_attempt_at = now() WHERE purchase_id = $1 AND status = 'undo_pending'", [purchase.id]);
    await retryOwedUndos(harness.order.exposed.checkout, 50);
    const after = (await owedUndos(harness.order.context.db)).find((undo) => undo.purchaseId === purchase.id)!;
    assert.equal(after.step, 'charge');
    assert.ok(after.attempts > before.attempts, `tried again: ${before.attempts} → ${after.attempts}`);
    assert.match(after.error ?? '', /refund/);
  });

  it('refunds as steps: the charge given back, then the orders cancelled and access taken back; asked again, nothing twice', async () => {
    const { token, purchase } = await quoted('steps-refund');
    const paid = await pay(token, { purchaseId: purchase.id, StripeNonce: 'pm_card_visa' });
    assert.equal(paid.body.response.state, 'Completed');
    const record = (await findPurchase(harness.order.context.db, purchase.id))!;
    const checkout = harness.order.exposed.checkout;
    const result = await refundPurchase(checkout, record, 'Refunded by staff', { refundedAtProcessor: false });
    assert.equal(result?.status, 'completed');
    const recorded = await steps(purchase.id);
    assert.equal(recorded['refund:refund-charge'], 'done');
    assert.equal(recorded['refund:cancel-orders'], 'done');
    const refunded = async () => (await harness.order.context.db.query<{ amount: string; amount_refunded: string }>('SELECT amount, amount_refunded FROM simulated_processor.payments WHERE purchase_id = $1', [purchase.id])).rows;
    const [payment] = await refunded();
    assert.equal(Number(payment!.amount_refunded), Number(payment!.amount));
    const view = (await harness.request('GET', `/api/order/purchase/${purchase.id}`, { token })).body.response;
    assert.equal(view.orders[0].status, 'Cancelled');
    assert.equal(view.orders[0].orderRefund.refundReason, 'Refunded by staff');
    await waitFor(async () => (await harness.owned('steps-refund')).length === 0, 'access taken back');
    // Asked again: done already (or, while the processor's word on the refund is being handled, left to that run).
    const again = await refundPurchase(checkout, record, 'Refunded by staff', { refundedAtProcessor: false });
    assert.ok(again === undefined || again.status === 'completed', `asked again: ${again?.status}`);
    assert.deepEqual(await refunded(), [payment], 'no second refund');
  });
});
