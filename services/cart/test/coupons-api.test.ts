import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createProduct, createSeries } from '../../catalog/test/factories';
import { redeemCoupon } from '../src';
import { startCart, tokenFor, type CartHarness, type Json } from './support/harness';

describe('coupons (POST /coupons/claim, GET /cart/{id}?couponCode=, /dashboard/coupons)', () => {
  let harness: CartHarness;
  let admin: string;
  let reader: string;
  let cartId: string;
  let p: Record<string, number>;

  const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, token = admin) => harness.request(method, `/api/dashboard/coupons${url}`, { token, ...(body === undefined ? {} : { body }) });
  const preview = (code: string, token = reader) => harness.request('GET', `/api/cart/${cartId}?couponCode=${encodeURIComponent(code)}`, { token });
  const day = 86_400_000;

  beforeAll(async () => {
    harness = await startCart();
    admin = await tokenFor('staff-1', ['admin']);
    reader = await tokenFor('coupon-reader');
    const db = harness.catalogDb;
    const series = await createSeries(db, { title: 'Lantern' });
    p = {
      lantern: await createProduct(db, { name: 'Lantern Vol. 1', seriesId: series, variants: [{ type: 'Print', priceType: 'Print', priceCents: 1999, cartLimit: 10 }] }),
      loose: await createProduct(db, { name: 'Loose One', variants: [{ type: 'Digital', priceType: 'Paid', priceCents: 1000 }] }),
    };
    const variants = await db.query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [[p.lantern, p.loose]]);
    const variantOf = (productId: number) => Number(variants.rows.find((row) => Number(row.product_id) === productId)!.id);
    cartId = randomUUID();
    for (const productId of [p.lantern!, p.loose!]) {
      const added = await harness.request('PATCH', `/api/cart/${cartId}`, { token: reader, body: { productId, VariantId: variantOf(productId), Amount: 1 } });
      assert.equal(added.status, 200);
    }
    const coupons: Json[] = [
      { code: 'spring15', kind: 'Percent', value: 15 },
      { code: 'FIVEOFF', kind: 'Fixed', value: 500, minSubtotal: 2500 },
      { code: 'BIGSPEND', kind: 'Fixed', value: 500, minSubtotal: 5000 },
      { code: 'OLDNEWS', kind: 'Percent', value: 10, endsAt: new Date(Date.now() - day).toISOString() },
      { code: 'SOON', kind: 'Percent', value: 10, startsAt: new Date(Date.now() + 10 * day).toISOString() },
      { code: 'ONEUSE', kind: 'Percent', value: 10, usageCap: 1 },
      { code: 'LANTERN', kind: 'Percent', value: 50, seriesIds: [series] },
      { code: 'NOTHERE', kind: 'Percent', value: 50, productIds: [999999] },
    ];
    for (const coupon of coupons) assert.equal((await staff('POST', '', coupon)).status, 200, coupon.code);
  }, 60_000);
  afterAll(() => harness?.close());

  it('previews the saving on the cart at 4-decimal precision', async () => {
    const answer = await preview('Spring15');
    assert.equal(answer.status, 200);
    assert.deepEqual([answer.body.response.total, answer.body.response.couponSaveAmount, answer.body.response.couponCode], [{ amount: 2999, currency: 'USD' }, 449.85, 'SPRING15']);
    assert.equal((await preview('FIVEOFF')).body.response.couponSaveAmount, 500);
    assert.equal((await preview('LANTERN')).body.response.couponSaveAmount, 999.5, 'half of the series item only');
    assert.equal((await harness.request('GET', `/api/cart/${cartId}`, { token: reader })).body.response.couponSaveAmount, null);
  });

  it('answers every bad code with a 4xx envelope that says what to do, and leaves the cart as it was', async () => {
    const before = (await harness.request('GET', `/api/cart/${cartId}`, { token: reader })).body.response;
    const cases: Array<[string, number, string]> = [
      ['NOSUCH', 404, 'There is no coupon NOSUCH. Check the code and try again.'],
      ['OLDNEWS', 400, 'Coupon OLDNEWS has expired.'],
      ['SOON', 400, `Coupon SOON can be used from ${new Date(Date.now() + 10 * day).toISOString().slice(0, 10)}.`],
      ['BIGSPEND', 400, 'Coupon BIGSPEND needs a subtotal of at least $50.00; add $20.01 more to use it.'],
      ['NOTHERE', 400, 'Coupon NOTHERE does not apply to any item in your cart.'],
    ];
    for (const [code, status, message] of cases) {
      const answer = await preview(code);
      assert.equal(answer.status, status, code);
      assert.deepEqual(answer.body.status.message, message, code);
      assert.equal(answer.body.response, null);
    }
    assert.deepEqual((await harness.request('GET', `/api/cart/${cartId}`, { token: reader })).body.response, before);
  });

  it('counts redemptions against the cap and once per account', async () => {
    const redeem = (code: string, accountId: string) =>
      harness.db.transaction((tx) => redeemCoupon(tx, harness.outbox, { code, accountId, orderId: `o-${accountId}-${code}`, saveAmount: 1, currency: 'USD' }, new Date()));
    assert.equal(await redeem('ONEUSE', 'someone-else'), null);
    const usedUp = await preview('ONEUSE');
    assert.deepEqual([usedUp.status, usedUp.body.status.message], [409, 'Coupon ONEUSE has been used up.']);
    assert.equal(await redeem('SPRING15', 'coupon-reader'), null);
    const again = await preview('SPRING15');
    assert.deepEqual([again.status, again.body.status.message], [409, 'You have already used coupon SPRING15; each account can use it once.']);
    assert.equal((await redeem('SPRING15', 'coupon-reader'))?.kind, 'alreadyUsed');
    const events = await harness.db.query<{ data: Json }>(`SELECT data FROM outbox WHERE type = 'coupon.redeemed' ORDER BY occurred_at`);
    assert.deepEqual(events.rows.map((row) => [row.data.code, row.data.userId]), [['ONEUSE', 'someone-else'], ['SPRING15', 'coupon-reader']], 'one event per redemption, none for a refused one');
  });

  it('lets a signed-in reader claim a code once', async () => {
    const claim = (code: string, token?: string) => harness.request('POST', '/api/coupons/claim', { body: { code }, ...(token ? { token } : {}) });
    const claimer = await tokenFor('claimer-1');
    const first = await claim('fiveoff', claimer);
    assert.equal(first.status, 200);
    assert.equal(first.body.response.coupon.code, 'FIVEOFF');
    const second = await claim('FIVEOFF', claimer);
    assert.deepEqual([second.status, second.body.status.message], [409, 'You have already claimed coupon FIVEOFF.']);
    assert.equal((await claim('FIVEOFF')).status, 401);
    assert.deepEqual([(await claim('NOSUCH', claimer)).status, (await claim('OLDNEWS', claimer)).status, (await claim('', claimer)).status], [404, 400, 400]);
  });

  it('names the field a refused code or coupon is about in status.problems', async () => {
    const typed = await preview('NOSUCH');
    assert.deepEqual(typed.body.status.problems, [{ field: 'couponCode', message: 'There is no coupon NOSUCH. Check the code and try again.' }]);
    const claimed = await harness.request('POST', '/api/coupons/claim', { body: { code: 'OLDNEWS' }, token: await tokenFor('claimer-2') });
    assert.deepEqual(claimed.body.status.problems, [{ field: 'code', message: 'Coupon OLDNEWS has expired.' }]);
    const duplicate = await staff('POST', '', { code: 'Spring15', kind: 'Percent', value: 5 });
    assert.deepEqual(duplicate.body.status.problems, [{ field: 'code', message: 'A coupon with the code SPRING15 exists already. Choose another code.' }]);
    const fraction = await staff('POST', '', { code: 'FRACTION', kind: 'Fixed', value: 2.5 });
    assert.deepEqual(fraction.body.status.problems, [{ field: 'value', message: 'A Fixed coupon takes off a whole number of cents.' }]);
    const backward = await staff('POST', '', { code: 'BACKWARD', kind: 'Fixed', value: 100, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' });
    assert.deepEqual(backward.body.status.problems, [{ field: 'endsAt', message: 'endsAt must come after startsAt.' }]);
  });

  it('lets staff list, create and disable coupons, and no one else', async () => {
    const list = await staff('GET', '?pageNumber=1&pageSize=3');
    assert.equal(list.status, 200);
    assert.deepEqual([list.body.response.items.length, list.body.response.filteredTotalRows, list.body.response.totalPageNumber], [3, 8, 3]);
    const duplicate = await staff('POST', '', { code: 'Spring15', kind: 'Percent', value: 5 });
    assert.deepEqual([duplicate.status, duplicate.body.status.message], [409, 'A coupon with the code SPRING15 exists already. Choose another code.']);
    for (const [body, message] of [
      [{ code: 'X', kind: 'Percent', value: 5 }, /A coupon code is 3 to 64/],
      [{ code: 'BADKIND', kind: 'Half', value: 5 }, /kind is Percent or Fixed/],
      [{ code: 'TOOMUCH', kind: 'Percent', value: 150 }, /0\.01 to 100 percent/],
      [{ code: 'FRACTION', kind: 'Fixed', value: 2.5 }, /whole number of cents/],
      [{ code: 'BACKWARD', kind: 'Fixed', value: 100, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' }, /endsAt must come after startsAt/],
    ] as const) {
      const answer = await staff('POST', '', body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.match(answer.body.status.message, message);
    }
    const created = await staff('POST', '', { code: 'GONESOON', kind: 'Fixed', value: 100 });
    const disabled = await staff('PATCH', `/${created.body.response.id}/disable`);
    assert.equal(disabled.body.response.disabled, true);
    assert.deepEqual([(await preview('GONESOON')).status, (await preview('GONESOON')).body.status.message], [400, 'Coupon GONESOON is no longer valid.']);
    assert.equal((await staff('PATCH', '/999999/disable')).status, 404);
    assert.equal((await staff('GET', '', undefined, reader)).status, 403);
    assert.equal((await harness.request('POST', '/api/dashboard/coupons', { body: { code: 'ANON1', kind: 'Fixed', value: 1 } })).status, 401);
  });
});
