import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CART_CHECKOUT, createGrpcClient, GrpcCallError, type CartCheckoutService, type GrpcClient } from '@inkwell/platform';
import { createProduct, createSeries } from '../../catalog/test/factories';
import { startCart, tokenFor, type CartHarness } from './support/harness';

/** The gRPC failure's status name, or 'OK' when the call answered. */
async function statusOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    if (error instanceof GrpcCallError) return error.code;
    throw error;
  }
}

describe('checkout\'s hold on a cart (gRPC inkwell.cart.v1.Checkout)', () => {
  let harness: CartHarness;
  let checkout: GrpcClient<CartCheckoutService>;
  let admin: string;
  const ids: Record<string, number> = {};
  const variants: Record<string, number> = {};
  const release = new Date(Date.now() + 30 * 86_400_000);

  /** A signed-in reader's cart with the box set (Print ×2) and the pre-order volume. */
  async function fillCart(userId: string): Promise<string> {
    const cartId = randomUUID();
    const token = await tokenFor(userId);
    for (const [name, amount] of [['box', 2], ['preorder', 1]] as const) {
      const added = await harness.request('PATCH', `/api/cart/${cartId}`, { token, body: { productId: ids[name], VariantId: variants[name], Amount: amount } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
    return cartId;
  }

  const read = (cartId: string, userId: string, extra: { holdFor?: string; couponCode?: string } = {}) =>
    extra.holdFor === undefined
      ? checkout.readCart({ cartId, userId, country: 'US', couponCode: extra.couponCode ?? '' })
      : checkout.holdCart({ cartId, userId, couponCode: extra.couponCode ?? '', purchaseId: extra.holdFor });

  beforeAll(async () => {
    harness = await startCart();
    checkout = createGrpcClient<CartCheckoutService>(CART_CHECKOUT.proto, CART_CHECKOUT.service, harness.grpcAddress);
    admin = await tokenFor('staff-1', ['admin']);
    const db = harness.catalogDb;
    const series = await createSeries(db, { title: 'Harbour Lights' });
    ids.box = await createProduct(db, {
      name: 'Harbour Lights Box Set',
      seriesId: series,
      variants: [{ type: 'Print', priceType: 'Print', priceCents: 4999, cartLimit: 5, stock: { weight: 3.2, height: 7.6, width: 5.5, length: 4.1 } }],
    });
    ids.preorder = await createProduct(db, { name: 'Harbour Lights Vol. 9', seriesId: series, variants: [{ type: 'Digital', priceCents: 999, isPreOrder: true, scheduleDate: release }] });
    const { rows } = await db.query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [[ids.box, ids.preorder]]);
    for (const [name, productId] of Object.entries(ids)) variants[name] = Number(rows.find((row) => Number(row.product_id) === productId)!.id);
    const coupon = await harness.request('POST', '/api/dashboard/coupons', { token: admin, body: { code: 'HARBOUR20', kind: 'Percent', value: 20 } });
    assert.equal(coupon.status, 200);
  }, 60_000);
  afterAll(async () => {
    checkout?.close();
    await harness?.close();
  });

  it('reads the cart as the catalog prices it, with what checkout needs: release, pre-order, parcel, series', async () => {
    const cartId = await fillCart('reader-read');
    const cart = await read(cartId, 'reader-read');
    assert.equal(cart.status, 'Open');
    assert.equal(cart.userId, 'reader-read');
    assert.equal(cart.totalCents, String(2 * 4999 + 999));
    const box = cart.lines.find((line) => line.productId === String(ids.box))!;
    assert.deepEqual([box.distributionType, box.quantity, box.priceCents, box.parcel], ['Print', 2, '4999', { weightLb: 3.2, heightIn: 7.6, widthIn: 5.5, lengthIn: 4.1 }]);
    const volume = cart.lines.find((line) => line.productId === String(ids.preorder))!;
    assert.deepEqual([volume.isPreOrder, new Date(volume.scheduleDate).toISOString(), volume.parcel ?? null], [true, release.toISOString(), null]);
    assert.equal(cart.heldBy, '');
  });

  it('prices a coupon, and says why one gives nothing', async () => {
    const cartId = await fillCart('reader-coupon');
    const priced = await read(cartId, 'reader-coupon', { couponCode: 'harbour20' });
    assert.deepEqual([priced.couponCode, priced.couponSaveAmount, priced.couponProblem], ['HARBOUR20', (2 * 4999 + 999) * 0.2, '']);
    const unknown = await read(cartId, 'reader-coupon', { couponCode: 'NOPE' });
    assert.equal(unknown.couponSaveAmount, 0);
    assert.match(unknown.couponProblem, /NOPE/);
  });

  it('holds the cart for one purchase: storefront changes and other purchases are refused until it is closed or given back', async () => {
    const cartId = await fillCart('reader-hold');
    const token = await tokenFor('reader-hold');
    const purchase = randomUUID();
    const held = await read(cartId, 'reader-hold', { holdFor: purchase });
    assert.deepEqual([held.status, held.heldBy], ['Purchasing', purchase]);
    // The same purchase asking again gets the same held cart; another purchase is refused.
    assert.equal((await read(cartId, 'reader-hold', { holdFor: purchase })).status, 'Purchasing');
    assert.equal(await statusOf(read(cartId, 'reader-hold', { holdFor: randomUUID() })), 'FAILED_PRECONDITION');
    const change = await harness.request('PATCH', `/api/cart/${cartId}`, { token, body: { productId: ids.box, VariantId: variants.box, Amount: 1 } });
    assert.equal(change.status, 409);
    // Given back: Open again and changes are taken.
    const released = await checkout.releaseCart({ cartId, purchaseId: purchase });
    assert.deepEqual([released.status, released.heldBy], ['Open', '']);
    assert.equal((await harness.request('PATCH', `/api/cart/${cartId}`, { token, body: { productId: ids.box, VariantId: variants.box, Amount: 1 } })).status, 200);
    // Held again by a second purchase, then closed by it; closing twice is a no-op; giving back a closed cart is refused.
    const second = randomUUID();
    await read(cartId, 'reader-hold', { holdFor: second });
    assert.equal(await statusOf(checkout.closeCart({ cartId, purchaseId: purchase })), 'FAILED_PRECONDITION', 'only the holder closes it');
    assert.equal((await checkout.closeCart({ cartId, purchaseId: second })).status, 'Closed');
    assert.equal((await checkout.closeCart({ cartId, purchaseId: second })).status, 'Closed');
    assert.equal(await statusOf(checkout.releaseCart({ cartId, purchaseId: second })), 'FAILED_PRECONDITION');
    assert.equal(await statusOf(read(cartId, 'reader-hold', { holdFor: randomUUID() })), 'FAILED_PRECONDITION');
  });

  it('fences each payment attempt: a hold that lands after its release is refused, and an old attempt neither takes nor gives back a newer one\'s hold', async () => {
    const cartId = await fillCart('reader-attempts');
    const purchase = randomUUID();
    const hold = (holdId: string) => checkout.holdCart({ cartId, userId: 'reader-attempts', couponCode: '', purchaseId: purchase, holdId });
    // The order service gave up waiting for the first attempt's hold and gave it back before it landed.
    const first = randomUUID();
    assert.deepEqual((await checkout.releaseCart({ cartId, purchaseId: purchase, holdId: first })).status, 'Open');
    assert.equal(await statusOf(hold(first)), 'FAILED_PRECONDITION', 'the late hold is refused');
    assert.equal((await read(cartId, 'reader-attempts')).status, 'Open', 'and the cart stays Open');
    // A second attempt holds it; the first's release (retried late) leaves it held.
    const second = randomUUID();
    assert.deepEqual([(await hold(second)).status, (await hold(second)).heldBy], ['Purchasing', purchase], 'the same attempt asking again gets the held cart');
    assert.equal(await statusOf(checkout.releaseCart({ cartId, purchaseId: purchase, holdId: first })), 'FAILED_PRECONDITION');
    assert.equal((await read(cartId, 'reader-attempts')).status, 'Purchasing');
    // A third attempt takes over the hold the second never gave back; the second is then ended.
    const third = randomUUID();
    assert.equal((await hold(third)).status, 'Purchasing');
    assert.equal(await statusOf(hold(second)), 'FAILED_PRECONDITION', 'the attempt taken over cannot hold again');
    assert.equal(await statusOf(checkout.releaseCart({ cartId, purchaseId: purchase, holdId: second })), 'FAILED_PRECONDITION', 'nor give it back');
    const { rows } = await harness.db.query<{ hold_id: string }>('SELECT hold_id FROM carts WHERE id = $1', [cartId]);
    assert.equal(rows[0]!.hold_id, third);
    assert.deepEqual((await checkout.releaseCart({ cartId, purchaseId: purchase, holdId: third })).status, 'Open');
    assert.equal(await statusOf(checkout.holdCart({ cartId, userId: 'reader-attempts', couponCode: '', purchaseId: purchase, holdId: 'not-a-uuid' })), 'INVALID_ARGUMENT');
  });

  it('refuses bad input, another account\'s cart and an empty cart', async () => {
    const cartId = await fillCart('reader-owner');
    assert.equal(await statusOf(read(cartId, 'someone-else')), 'PERMISSION_DENIED');
    assert.equal(await statusOf(read('not-a-cart', 'reader-owner')), 'INVALID_ARGUMENT');
    assert.equal(await statusOf(read(cartId, 'reader-owner', { holdFor: 'not-a-purchase' })), 'INVALID_ARGUMENT');
    assert.equal(await statusOf(checkout.releaseCart({ cartId, purchaseId: 'x' })), 'INVALID_ARGUMENT');
    assert.equal(await statusOf(read(randomUUID(), 'reader-empty', { holdFor: randomUUID() })), 'FAILED_PRECONDITION');
    assert.equal((await read(cartId, 'reader-owner')).status, 'Open', 'nothing moved');
  });

  it('redeems a coupon once per order and account, counting it once however often it is asked', async () => {
    const order = randomUUID();
    const redeem = (orderId: string, userId = 'reader-redeem') => checkout.redeemCoupon({ code: 'harbour20', userId, orderId, saveAmount: 1199.4, currency: 'USD' });
    assert.deepEqual(await redeem(order), { redeemed: true, problem: '' });
    assert.deepEqual(await redeem(order), { redeemed: true, problem: '' }, 'a retry of the same order');
    const again = await redeem(randomUUID());
    assert.equal(again.redeemed, false);
    assert.notEqual(again.problem, '');
    const { rows } = await harness.db.query<{ times_used: number }>("SELECT times_used FROM coupons WHERE code = 'HARBOUR20'");
    assert.equal(rows[0]!.times_used, 1);
    assert.equal(await statusOf(redeem(order, '')), 'INVALID_ARGUMENT');
  });
});
