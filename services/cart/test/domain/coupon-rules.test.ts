import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { couponSaving, couponUsable, normalizeCode, toSavePrecision, type CouponTerms, type PricedLine } from '../../src/domain';

const now = new Date('2026-01-10T12:00:00Z');
const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'SPRING', kind: 'Percent', value: 15, currency: 'USD', minSubtotalCents: null, startsAt: null, endsAt: null, usageCap: null, timesUsed: 0,
  productIds: [], seriesIds: [], disabled: false, ...overrides,
});
const line = (productId: number, seriesId: number | null, priceCents: number, quantity = 1): PricedLine => ({
  productId, variantId: 1, quantity,
  product: { id: productId, name: `P${productId}`, readableUrl: null, thumbnailUrl: null, seriesId, status: 'Published', publishDate: null, restrictedTerritories: [], variants: [] },
  variant: { id: 1, type: 'Print', priceType: 'Print', priceCents, fullPriceCents: priceCents, isOnSale: false, currency: 'USD', cartLimit: null },
});

describe('couponUsable', () => {
  const cases: Array<[string, Partial<CouponTerms>, boolean, string | null, number?]> = [
    ['open-ended', {}, false, null],
    ['disabled', { disabled: true }, false, 'disabled', 400],
    ['not started', { startsAt: new Date('2026-02-01T00:00:00Z') }, false, 'notYet', 400],
    ['expired', { endsAt: new Date('2026-01-10T12:00:00Z') }, false, 'expired', 400],
    ['inside its dates', { startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2026-01-11T00:00:00Z') }, false, null],
    ['used up', { usageCap: 3, timesUsed: 3 }, false, 'usedUp', 409],
    ['under its cap', { usageCap: 3, timesUsed: 2 }, false, null],
    ['already used by this account', {}, true, 'alreadyUsed', 409],
  ];
  for (const [name, overrides, usedByAccount, kind, status] of cases) {
    it(name, () => {
      const problem = couponUsable(coupon(overrides), { now, usedByAccount });
      assert.equal(problem?.kind ?? null, kind);
      if (status) assert.equal(problem?.statusCode, status);
    });
  }
  it("refuses a gift code to anyone but its holder, guests included, and lets the holder use it", () => {
    const gift = coupon({ holderAccountId: 'holder', usageCap: 1 });
    assert.equal(couponUsable(gift, { now, usedByAccount: false, accountId: 'holder' }), null);
    assert.equal(couponUsable(gift, { now, usedByAccount: false, accountId: 'someone-else' })?.kind, 'notYours');
    assert.equal(couponUsable(gift, { now, usedByAccount: false })?.kind, 'notYours');
    assert.equal(couponUsable({ ...gift, timesUsed: 1 }, { now, usedByAccount: true, accountId: 'holder' })?.kind, 'alreadyUsed');
  });
  it('says what to do', () => {
    assert.equal(couponUsable(coupon({ usageCap: 1, timesUsed: 1 }), { now, usedByAccount: false })?.message, 'Coupon SPRING has been used up.');
  });
});

describe('couponSaving', () => {
  it('takes a percent of the subtotal at 4-decimal precision (cents with 2 decimals)', () => {
    assert.deepEqual(couponSaving(coupon(), [line(1, null, 1999)], 'USD'), { ok: true, saveAmount: 299.85 });
    assert.deepEqual(couponSaving(coupon({ value: 12.5 }), [line(1, null, 1999)], 'USD'), { ok: true, saveAmount: 249.88 });
    assert.deepEqual(couponSaving(coupon({ value: 100 }), [line(1, null, 1999, 2)], 'USD'), { ok: true, saveAmount: 3998 });
  });
  it('takes a fixed amount, never more than the subtotal', () => {
    assert.deepEqual(couponSaving(coupon({ kind: 'Fixed', value: 500 }), [line(1, null, 1999)], 'USD'), { ok: true, saveAmount: 500 });
    assert.deepEqual(couponSaving(coupon({ kind: 'Fixed', value: 5000 }), [line(1, null, 1999)], 'USD'), { ok: true, saveAmount: 1999 });
  });
  it('needs the minimum subtotal, and says how much is missing', () => {
    const outcome = couponSaving(coupon({ minSubtotalCents: 2500 }), [line(1, null, 1999)], 'USD');
    assert.deepEqual(outcome, { ok: false, problem: { kind: 'belowMinimum', message: 'Coupon SPRING needs a subtotal of at least $25.00; add $5.01 more to use it.', statusCode: 400 } });
    assert.equal(couponSaving(coupon({ minSubtotalCents: 1999 }), [line(1, null, 1999)], 'USD').ok, true);
  });
  it('applies to the products and series it names only', () => {
    const cart = [line(1, 7, 1000), line(2, 8, 2000), line(3, null, 4000)];
    assert.deepEqual(couponSaving(coupon({ value: 10, productIds: [3] }), cart, 'USD'), { ok: true, saveAmount: 400 });
    assert.deepEqual(couponSaving(coupon({ value: 10, seriesIds: [7, 8] }), cart, 'USD'), { ok: true, saveAmount: 300 });
    assert.deepEqual(couponSaving(coupon({ value: 10, productIds: [1], seriesIds: [8] }), cart, 'USD'), { ok: true, saveAmount: 300 });
    const none = couponSaving(coupon({ productIds: [99] }), cart, 'USD');
    assert.equal(!none.ok && none.problem.kind, 'notApplicable');
  });
  it('refuses a cart in another currency', () => {
    const outcome = couponSaving(coupon({ currency: 'EUR' }), [line(1, null, 1000)], 'USD');
    assert.equal(!outcome.ok && outcome.problem.kind, 'otherCurrency');
  });
  it('normalizes codes and rounds without binary noise', () => {
    assert.equal(normalizeCode('  spring10 '), 'SPRING10');
    assert.equal(toSavePrecision(100.005), 100.01);
  });
});
