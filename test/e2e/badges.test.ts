import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { verifiedReader, type SignedInReader } from '../support/readers';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = 'a long enough password 1';

/**
 * Issue 26: a gift code handed out with the after-party badge (3) is a coupon of the cart service
 * that only the account that claimed it can redeem, once — through the gateway, on the whole stack.
 */
describe('a badge gift code at checkout', () => {
  let stack: TestStack;
  let holder: SignedInReader;
  let other: SignedInReader;
  /** Two books: the second purchase needs one the holder does not own yet. */
  const books: Array<{ productId: number; variantId: number }> = [];
  let code: string;

  const call = async (method: string, route: string, { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
    const response = await fetch(stack.url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const address = (reader: SignedInReader) => ({
    firstName: 'Gift',
    surName: 'Holder',
    country: 'US',
    address: '1 Market Street',
    locality: 'Portland',
    postalCode: '97201',
    administrativeArea: 'OR',
    phoneNumber: '+1 503 555 0100',
    email: reader.email,
  });
  const cartWithBook = async (reader: SignedInReader, book = 0) => {
    const cartId = randomUUID();
    const { productId, variantId } = books[book]!;
    const added = await call('PATCH', `/api/cart/${cartId}`, { token: reader.accessToken, body: { productId, VariantId: variantId, Amount: 1 } });
    assert.equal(added.status, 200, JSON.stringify(added.body.status));
    return cartId;
  };
  const quote = (reader: SignedInReader, cartId: string) =>
    call('POST', '/api/purchase-request', { token: reader.accessToken, body: { cartId, billingAddress: address(reader), paymentMethod: 'Card', couponCode: code } });

  beforeAll(async () => {
    stack = await startTestStack();
    const catalog = stack.service('catalog').context.db;
    const seriesId = await createSeries(catalog, { title: 'Afterglow', readableUrl: 'afterglow' });
    for (const volume of [1, 2]) {
      const productId = await createProduct(catalog, { name: `Afterglow Vol. ${volume}`, readableUrl: `afterglow-volume-${volume}`, seriesId, volumeNumber: volume, ingestCompleted: true, variants: [{ type: 'Digital', priceCents: 1000 }] });
      books.push({ productId, variantId: (await call('GET', `/api/product/${productId}`)).body.response.variants[0].id });
    }
    await stack.service('account').context.db.query("INSERT INTO badge_gift_codes (badge_id, code) VALUES (3, 'PARTY-E2E-ONLY')");
    holder = await verifiedReader(stack, `gift-holder-${process.pid}@example.com`, PASSWORD);
    other = await verifiedReader(stack, `gift-other-${process.pid}@example.com`, PASSWORD);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('hands the holder the code, which the cart service then knows as their coupon', async () => {
    const claimed = await call('POST', '/api/userbadge/claim?badgeId=3', { token: holder.accessToken });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    code = claimed.body.response.gift.code;
    assert.equal(code, 'PARTY-E2E-ONLY');
    const empty = await call('POST', '/api/userbadge/claim?badgeId=3', { token: other.accessToken });
    assert.equal(empty.status, 409);
    assert.equal(empty.body.status.message, 'Badge cannot be claimed: no more available gifts');
    const cart = stack.service('cart').context.db;
    let rows: Array<{ usage_cap: number; holder_account_id: string }> = [];
    for (let tries = 0; rows.length === 0 && tries < 100; tries += 1) {
      rows = (await cart.query<{ usage_cap: number; holder_account_id: string }>('SELECT usage_cap, holder_account_id FROM coupons WHERE code = $1', [code])).rows;
      if (rows.length === 0) await delay(100);
    }
    assert.equal(rows.length, 1, 'the cart service made the coupon from badge.claimed');
    assert.equal(rows[0]!.usage_cap, 1);
  });

  it('refuses the code to another account and to a guest, naming it', async () => {
    const cartId = await cartWithBook(other);
    const preview = await call('GET', `/api/cart/${cartId}?couponCode=${code}`, { token: other.accessToken });
    assert.equal(preview.status, 400);
    assert.match(preview.body.status.message, /gift code of another Reader account/);
    const quoted = await quote(other, cartId);
    assert.ok(quoted.status >= 400 && quoted.status < 500, `${quoted.status} ${JSON.stringify(quoted.body.status)}`);
    const guestCart = randomUUID();
    await call('PATCH', `/api/cart/${guestCart}`, { body: { productId: books[0]!.productId, VariantId: books[0]!.variantId, Amount: 1 } });
    assert.equal((await call('GET', `/api/cart/${guestCart}?couponCode=${code}`)).status, 400);
  });

  it('takes the badge\'s 25% off the holder\'s purchase once, and refuses a second use', async () => {
    const cartId = await cartWithBook(holder);
    const preview = await call('GET', `/api/cart/${cartId}?couponCode=${code}`, { token: holder.accessToken });
    assert.equal(preview.status, 200, JSON.stringify(preview.body.status));
    assert.equal(preview.body.response.couponSaveAmount, 250);
    const quoted = await quote(holder, cartId);
    assert.equal(quoted.status, 200, JSON.stringify(quoted.body.status));
    const purchaseId: string = quoted.body.response.id;
    const paid = await call('POST', '/api/order/purchase', { token: holder.accessToken, headers: { 'idempotency-key': randomUUID() }, body: { purchaseId, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' } });
    assert.equal(paid.status, 200, JSON.stringify(paid.body.status));
    let purchase = paid.body.response;
    for (let tries = 0; purchase.state !== 'Completed' && tries < 100; tries += 1) {
      await delay(100);
      purchase = (await call('GET', `/api/order/purchase/${purchaseId}`, { token: holder.accessToken })).body.response;
    }
    assert.equal(purchase.state, 'Completed');
    const { rows } = await stack.service('cart').context.db.query<{ times_used: number }>('SELECT times_used FROM coupons WHERE code = $1', [code]);
    assert.equal(rows[0]!.times_used, 1);

    const again = await cartWithBook(holder, 1);
    const second = await call('GET', `/api/cart/${again}?couponCode=${code}`, { token: holder.accessToken });
    assert.equal(second.status, 409);
    const secondQuote = await quote(holder, again);
    assert.ok(secondQuote.status >= 400 && secondQuote.status < 500, `${secondQuote.status} ${JSON.stringify(secondQuote.body.status)}`);
  });
});
