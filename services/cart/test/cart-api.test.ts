import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PUBLISH_STATUS_CODES } from '@inkwell/catalog/domain';
import { createProduct, createSeries, putOnSale } from '../../catalog/test/factories';
import { setCartStatus } from '../src';
import { startCart, tokenFor, type CartHarness, type Json } from './support/harness';

describe('cart API (GET/PATCH /cart/{id}, PATCH /cart/{id}/empty)', () => {
  let harness: CartHarness;
  let p: Record<string, number>;
  let v: Record<string, number>;
  let reader: string;
  let other: string;

  const variantIds = async (productId: number) =>
    (await harness.catalogDb.query<{ id: string; type: string }>('SELECT id, type FROM variants WHERE product_id = $1 ORDER BY id', [productId])).rows;

  beforeAll(async () => {
    harness = await startCart();
    const db = harness.catalogDb;
    const series = await createSeries(db, { title: 'Tidewater' });
    p = {
      volume: await createProduct(db, { name: 'Tidewater Vol. 1', seriesId: series, variants: [{ type: 'Digital', priceType: 'Paid', priceCents: 999 }, { type: 'Print', priceType: 'Print', priceCents: 1299, cartLimit: 5 }] }),
      second: await createProduct(db, { name: 'Tidewater Vol. 2', seriesId: series, variants: [{ type: 'Digital', priceType: 'Paid', priceCents: 899 }, { type: 'Print', priceType: 'Print', priceCents: 1399, cartLimit: 30 }] }),
      fenced: await createProduct(db, { name: 'Fenced Vol. 1', restrictedTerritories: ['DE'], variants: [{ type: 'Print', priceType: 'Print', priceCents: 1000 }] }),
      draft: await createProduct(db, { name: 'Draft Vol. 1', status: 'Draft', variants: [{ type: 'Print', priceType: 'Print', priceCents: 1000 }] }),
      free: await createProduct(db, { name: 'Free Chapter 1', type: 'Chapter', chapterNumber: 1, variants: [{ type: 'Digital', priceType: 'Free', priceCents: 0 }] }),
      registered: await createProduct(db, { name: 'Members Vol. 1', variants: [{ type: 'Digital', priceType: 'FreeToReadForRegisteredAndPurchaseble', priceCents: 499 }] }),
      doomed: await createProduct(db, { name: 'Doomed Vol. 1', variants: [{ type: 'Print', priceType: 'Print', priceCents: 700 }] }),
    };
    await putOnSale(db, p.volume!, 799, 'Digital');
    v = {};
    for (const [name, id] of Object.entries(p)) for (const row of await variantIds(id)) v[`${name}${row.type}`] = Number(row.id);
    reader = await tokenFor('reader-1');
    other = await tokenFor('reader-2');
  }, 60_000);
  afterAll(() => harness?.close());

  const patch = (cartId: string, body: Json, options: { token?: string; country?: string } = {}) => harness.request('PATCH', `/api/cart/${cartId}`, { body, ...options });
  const get = (cartId: string, options: { token?: string; country?: string } = {}) => harness.request('GET', `/api/cart/${cartId}`, options);
  const add = (productId: number, variantId: number, amount = 1) => ({ productId, VariantId: variantId, Amount: amount, isFree: false });
  const units = (cart: Json) => cart.cartItems.map((item: Json) => `${item.product.name}/${item.distributionType}`);

  it('answers an unknown id with an empty open cart, and refuses a malformed id', async () => {
    const id = randomUUID();
    const answer = await get(id);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      status: { type: 'Success' },
      response: { guestId: id, cartItems: [], status: 'Open', total: { amount: 0, currency: 'USD' }, couponSaveAmount: null, couponCode: null, notices: [] },
    });
    assert.equal((await harness.db.query('SELECT 1 FROM carts WHERE id = $1', [id])).rowCount, 0, 'looking writes nothing');
    for (const bad of ['6f1c2a4e-guest', '1234', 'x'.repeat(36)]) {
      const refused = await get(bad);
      assert.equal(refused.status, 400, bad);
      assert.deepEqual(refused.body, { status: { type: 'BadRequest', message: 'This cart id is not valid. Reload the page to get a new cart.' }, response: null });
    }
    assert.equal((await patch('not-a-uuid', add(p.volume!, v.volumePrint!))).status, 400);
  });

  it('adds Print units one entry each, priced by the catalog (sale and full price), and takes them away', async () => {
    const id = randomUUID();
    const three = await patch(id, add(p.volume!, v.volumePrint!, 3));
    assert.equal(three.status, 200);
    assert.equal(three.body.response.cartItems.length, 3);
    assert.deepEqual(three.body.response.cartItems[0], {
      productId: p.volume, product: { id: p.volume, name: 'Tidewater Vol. 1', readableUrl: three.body.response.cartItems[0].product.readableUrl, thumbnails: [] },
      variant: { id: v.volumePrint, type: 'Print', cartLimit: 5 }, distributionType: 'Print', price: 1299, fullPrice: 1299, currency: 'USD', isOnSale: false,
    });
    const digital = await patch(id, add(p.volume!, v.volumeDigital!));
    assert.equal(digital.status, 200);
    const unit = digital.body.response.cartItems[3];
    assert.deepEqual([unit.distributionType, unit.price, unit.fullPrice, unit.isOnSale, unit.variant.cartLimit], ['Digital', 799, 999, true, 1]);
    assert.deepEqual(digital.body.response.total, { amount: 3 * 1299 + 799, currency: 'USD' });
    const less = await patch(id, add(p.volume!, v.volumePrint!, -2));
    assert.deepEqual(units(less.body.response), ['Tidewater Vol. 1/Print', 'Tidewater Vol. 1/Digital']);
    const gone = await patch(id, { ...add(p.volume!, v.volumePrint!, -1), RemoveAll: true });
    assert.deepEqual(units(gone.body.response), ['Tidewater Vol. 1/Digital']);
    const again = await get(id);
    assert.deepEqual(units(again.body.response), ['Tidewater Vol. 1/Digital'], 'the cart survives a reload');
    const emptied = await harness.request('PATCH', `/api/cart/${id}/empty`);
    assert.equal(emptied.status, 200);
    assert.deepEqual(emptied.body.response.cartItems, []);
  });

  it('refuses every bad change with a 4xx envelope a shopper can act on, and leaves the cart as it was', async () => {
    const id = randomUUID();
    await patch(id, add(p.volume!, v.volumePrint!, 4));
    await patch(id, add(p.volume!, v.volumeDigital!));
    const before = (await get(id)).body.response;
    const cases: Array<[string, Json, number, RegExp]> = [
      ['unknown product', add(987654, v.volumePrint!), 404, /^Product 987654 does not exist\. Refresh the page and try again\.$/],
      ['unknown variant', add(p.volume!, 987654), 400, /^Tidewater Vol\. 1 has no format with id 987654\./],
      ['variant of another product', add(p.volume!, v.secondPrint!), 400, /has no format with id/],
      ['non-integer Amount', add(p.volume!, v.volumePrint!, 1.5), 400, /Amount is a whole number of units from -100 to 100/],
      ['huge Amount', add(p.volume!, v.volumePrint!, 1e9), 400, /Amount is a whole number/],
      ['string Amount', { ...add(p.volume!, v.volumePrint!), Amount: 'lots' }, 400, /Amount is a whole number/],
      ['zero Amount', add(p.volume!, v.volumePrint!, 0), 400, /Amount is 0/],
      ['missing productId', { VariantId: v.volumePrint, Amount: 1 }, 400, /productId/],
      ['over the Print limit', add(p.volume!, v.volumePrint!, 2), 409, /^You can have at most 5 of Tidewater Vol\. 1 in your cart \(you have 4\)\.$/],
      ['a second Digital copy', add(p.volume!, v.volumeDigital!), 409, /one copy is all you need/],
      ['below zero', add(p.volume!, v.volumePrint!, -5), 409, /^Your cart has only 4 of Tidewater Vol\. 1; take away at most 4\.$/],
      ['taking away what is not there', add(p.second!, v.secondPrint!, -1), 409, /is not in your cart/],
      ['unpublished', add(p.draft!, v.draftPrint!), 400, /^Draft Vol\. 1 is not on sale at the moment/],
      ['not for sale (Free)', add(p.free!, v.freeDigital!), 400, /cannot be bought in this format/],
      ['sign in to buy', add(p.registered!, v.registeredDigital!), 400, /Log in to add it to your cart/],
    ];
    for (const [name, body, status, message] of cases) {
      const answer = await patch(id, body);
      assert.equal(answer.status, status, name);
      assert.equal(answer.body.response, null, name);
      assert.match(answer.body.status.message, message, name);
      assert.equal(answer.body.status.geoRestriction, undefined, name);
    }
    assert.deepEqual((await get(id)).body.response, before);
  });

  it('names the field of a change refused for one of its values in status.problems', async () => {
    const id = randomUUID();
    const zero = await patch(id, add(p.volume!, v.volumePrint!, 0));
    assert.deepEqual(zero.body.status.problems, [{ field: 'Amount', message: zero.body.status.message }]);
    const variant = await patch(id, add(p.volume!, 987654));
    assert.deepEqual(variant.body.status.problems, [{ field: 'VariantId', message: 'Tidewater Vol. 1 has no format with id 987654. Choose Digital or Print on the product page.' }]);
    const limit = await patch(id, add(p.volume!, v.volumePrint!, 6));
    assert.equal(limit.body.status.problems, undefined, 'a refusal about the cart, not one field');
  });

  it('signals the region lock: restricted where the shopper is, and Digital from Japan', async () => {
    const id = randomUUID();
    const fenced = await patch(id, add(p.fenced!, v.fencedPrint!), { country: 'DE' });
    assert.equal(fenced.status, 403);
    assert.deepEqual(fenced.body, { status: { type: 'Forbidden', message: 'Fenced Vol. 1 is region restricted: it cannot be bought from your region.', geoRestriction: 'Restricted' }, response: null });
    assert.equal((await patch(id, add(p.fenced!, v.fencedPrint!), { country: 'US' })).status, 200, 'sold elsewhere');
    const japan = await patch(id, add(p.volume!, v.volumeDigital!), { country: 'JP' });
    assert.equal(japan.status, 403);
    assert.deepEqual(japan.body.status, { type: 'Forbidden', message: 'This item is region restricted: Digital purchases are not available in Japan.', geoRestriction: 'Restricted' });
    assert.equal((await patch(id, add(p.volume!, v.volumePrint!), { country: 'JP' })).status, 200, 'Print is sold in Japan');
    const fromGermany = await get(id, { country: 'DE' });
    assert.deepEqual(units(fromGermany.body.response), ['Tidewater Vol. 1/Print']);
    assert.deepEqual(fromGermany.body.response.notices, ['Fenced Vol. 1 is region restricted where you are and was removed from your cart.']);
  });

  it('drops items that were removed or unpublished from an existing cart, with a notice once', async () => {
    const id = randomUUID();
    await patch(id, add(p.doomed!, v.doomedPrint!, 2));
    await patch(id, add(p.second!, v.secondPrint!));
    await harness.catalogDb.query('UPDATE products SET status = $2 WHERE id = $1', [p.doomed, PUBLISH_STATUS_CODES.Removed]);
    const seen = await get(id);
    assert.deepEqual(units(seen.body.response), ['Tidewater Vol. 2/Print']);
    assert.deepEqual(seen.body.response.notices, ['Doomed Vol. 1 has been removed from the store and from your cart.']);
    assert.deepEqual((await get(id)).body.response.notices, [], 'told once');
    const events = await harness.db.query<{ data: Json }>(`SELECT data FROM outbox WHERE key = $1 AND type = 'cart.updated' ORDER BY occurred_at`, [id]);
    assert.deepEqual(events.rows.map((row) => row.data.reason), ['changed', 'changed', 'reviewed']);
  });

  it('does not sell a signed-in reader a Digital copy they own, and sells them free-to-read-and-purchasable items', async () => {
    const id = randomUUID();
    await harness.own('owner-1', [p.second!]);
    const owner = await tokenFor('owner-1');
    const owned = await patch(id, add(p.second!, v.secondDigital!), { token: owner });
    assert.equal(owned.status, 409);
    assert.match(owned.body.status.message, /^You already own Tidewater Vol\. 2/);
    assert.equal((await patch(id, add(p.second!, v.secondPrint!), { token: owner })).status, 200, 'a print copy of an owned volume');
    assert.equal((await patch(id, add(p.registered!, v.registeredDigital!), { token: owner })).status, 200);
  });

  it('refuses changes to a cart in checkout or checked out with a 409, and says so', async () => {
    const id = randomUUID();
    await patch(id, add(p.volume!, v.volumePrint!));
    await setCartStatus(harness.db, id, 'Purchasing');
    const busy = await patch(id, add(p.volume!, v.volumePrint!));
    assert.equal(busy.status, 409);
    assert.deepEqual(busy.body.status, { type: 'Conflict', message: 'Checkout is in progress for this cart, so it cannot be changed right now. Finish or cancel the checkout first.' });
    assert.equal((await harness.request('PATCH', `/api/cart/${id}/empty`)).status, 409);
    await assert.rejects(setCartStatus(harness.db, id, 'Purchasing'), /A cart that is Purchasing cannot become Purchasing/);
    await setCartStatus(harness.db, id, 'Closed');
    await assert.rejects(setCartStatus(harness.db, id, 'Open'), /A cart that is Closed cannot become Open/);
    const closed = await patch(id, add(p.volume!, v.volumePrint!));
    assert.equal(closed.status, 409);
    assert.match(closed.body.status.message, /already checked out/);
    const seen = await get(id);
    assert.deepEqual([seen.body.response.status, seen.body.response.cartItems.length], ['Closed', 1]);
  });

  it("keeps an account's cart to that account", async () => {
    const id = randomUUID();
    assert.equal((await patch(id, add(p.volume!, v.volumePrint!), { token: reader })).status, 200);
    for (const token of [other, undefined]) {
      const answer = await get(id, token ? { token } : {});
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.body.status, { type: 'Forbidden', message: 'This cart belongs to another account. Reload the page to get a cart of your own.' });
      assert.equal((await patch(id, add(p.volume!, v.volumePrint!), token ? { token } : {})).status, 403);
    }
  });

  it("attaches a guest cart at sign-in and merges the account's open cart into it", async () => {
    const merger = await tokenFor('merger-1');
    const accountCart = randomUUID();
    await patch(accountCart, add(p.volume!, v.volumePrint!, 3), { token: merger });
    await patch(accountCart, add(p.volume!, v.volumeDigital!), { token: merger });
    const guestCart = randomUUID();
    await patch(guestCart, add(p.volume!, v.volumePrint!, 4));
    await patch(guestCart, add(p.volume!, v.volumeDigital!));
    await patch(guestCart, add(p.second!, v.secondPrint!, 2));
    const merged = await get(guestCart, { token: merger });
    assert.equal(merged.status, 200);
    const counts = merged.body.response.cartItems.reduce((sum: Record<string, number>, item: Json) => ({ ...sum, [`${item.product.name}/${item.distributionType}`]: (sum[`${item.product.name}/${item.distributionType}`] ?? 0) + 1 }), {});
    assert.deepEqual(counts, { 'Tidewater Vol. 1/Print': 5, 'Tidewater Vol. 1/Digital': 1, 'Tidewater Vol. 2/Print': 2 });
    assert.equal((await get(accountCart, { token: merger })).body.response.status, 'Closed', 'the other cart gave its items away');
    assert.equal((await get(guestCart)).status, 403, 'the cart is the account\'s now');
    const event = await harness.db.query<{ data: Json }>(`SELECT data FROM outbox WHERE key = $1 AND type = 'cart.updated' ORDER BY occurred_at DESC LIMIT 1`, [guestCart]);
    assert.deepEqual([event.rows[0]!.data.reason, event.rows[0]!.data.userId, event.rows[0]!.data.units, event.rows[0]!.data.total], ['merged', 'merger-1', 8, { cents: 5 * 1299 + 799 + 2 * 1399, currency: 'USD' }]);
  });

  it('50 concurrent additions of one Print unit end with exactly min(50, cartLimit) units', async () => {
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => patch(id, add(p.second!, v.secondPrint!))));
    const statuses = answers.map((answer) => answer.status).sort();
    assert.equal(statuses.filter((status) => status === 200).length, 30);
    assert.equal(statuses.filter((status) => status === 409).length, 20);
    assert.equal((await get(id)).body.response.cartItems.length, 30);
    const lines = await harness.db.query<{ quantity: number }>('SELECT quantity FROM cart_lines WHERE cart_id = $1', [id]);
    assert.deepEqual(lines.rows, [{ quantity: 30 }]);
    const events = await harness.db.query(`SELECT 1 FROM outbox WHERE key = $1 AND type = 'cart.updated'`, [id]);
    assert.equal(events.rowCount, 30, 'one event per accepted change, none for refused ones');
  }, 60_000);
});
