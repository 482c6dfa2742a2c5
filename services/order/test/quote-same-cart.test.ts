import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { CheckoutCart, CheckoutLine } from '@inkwell/platform';
import { sameCart } from '../src/flows/quote';

const line = (overrides: Partial<CheckoutLine> = {}): CheckoutLine => ({
  productId: '5', variantId: '9', productName: 'Frost Line Vol. 1', thumbnailUrl: '', distributionType: 'Digital', quantity: 1,
  priceCents: '299', fullPriceCents: '499', currency: 'USD', scheduleDate: '', isPreOrder: false, parcel: null, seriesId: '',
  ...overrides,
});
const cart = (lines: CheckoutLine[], couponSaveAmount = 0): CheckoutCart => ({
  cartId: 'c', status: 'Purchasing', userId: 'u', lines, currency: 'USD', totalCents: '0', couponCode: '', couponSaveAmount, couponProblem: '', notices: [], heldBy: 'p',
});
const quoted = [{ productId: 5, variantId: 9, quantity: 1, price: 299, fullPrice: 499 }];

describe('the held cart against the quote (sameCart)', () => {
  it('is the same cart when nothing changed', () => {
    assert.equal(sameCart(quoted, cart([line()]), 0), true);
  });

  it('keeps the quote when a sales campaign ended during checkout (the full price unchanged)', () => {
    assert.equal(sameCart(quoted, cart([line({ priceCents: '499' })]), 0), true);
  });

  it('keeps the quote when the coupon saving moved only because the campaign ended', () => {
    assert.equal(sameCart(quoted, cart([line({ priceCents: '499' })], 0.5), 0.3), true);
  });

  it("refuses when the variant's own price changed, a line was added or removed, or the quantity changed", () => {
    assert.equal(sameCart(quoted, cart([line({ priceCents: '599', fullPriceCents: '599' })]), 0), false);
    assert.equal(sameCart(quoted, cart([line(), line({ variantId: '10' })]), 0), false);
    assert.equal(sameCart(quoted, cart([]), 0), false);
    assert.equal(sameCart(quoted, cart([line({ quantity: 2 })]), 0), false);
    assert.equal(sameCart(quoted, cart([line({ variantId: '11' })]), 0), false);
  });

  it('refuses a changed coupon saving when no campaign moved', () => {
    assert.equal(sameCart(quoted, cart([line()], 1), 0), false);
  });

  it('refuses a changed price on a quote stored without its full price', () => {
    assert.equal(sameCart([{ productId: 5, variantId: 9, quantity: 1, price: 299 }], cart([line({ priceCents: '499' })]), 0), false);
  });
});
