import { describe, expect, it } from 'vitest';
import { cartLines, type CartUnit } from './cart-rules';
import { applyCartChange, applyCartChanges, type OptimisticCart } from './optimistic-cart';

const printUnit: CartUnit = { productId: 1, distributionType: 'Print', price: 1500, fullPrice: 1500, currency: 'USD', variant: { id: 11, type: 'Print', cartLimit: 5 } };
const digitalUnit: CartUnit = { productId: 2, distributionType: 'Digital', price: 799, fullPrice: 999, currency: 'USD', variant: { id: 21, type: 'Digital' } };

type Cart = OptimisticCart<CartUnit> & { guestId: string };

function cart(units: CartUnit[]): Cart {
  return { guestId: 'g-1', cartItems: units, total: { amount: units.reduce((sum, unit) => sum + unit.price, 0), currency: 'USD' } };
}

const summary = (value: Cart) => ({ lines: cartLines(value.cartItems).map((line) => [line.key, line.quantity]), total: value.total.amount });

describe('optimistic cart', () => {
  it('adds copies of a unit already in the cart and recounts the total', () => {
    const next = applyCartChange(cart([printUnit, digitalUnit]), { productId: 1, variantId: 11, amount: 2 });
    expect(summary(next)).toEqual({ lines: [['1:11', 3], ['2:21', 1]], total: 5299 });
    expect(next.guestId).toBe('g-1');
  });

  it('adds a product new to the cart from the unit the caller pictures', () => {
    const next = applyCartChange(cart([]), { productId: 2, variantId: 21, amount: 1 }, digitalUnit);
    expect(summary(next)).toEqual({ lines: [['2:21', 1]], total: 799 });
  });

  it('leaves the cart as it is when an addition cannot be pictured', () => {
    const before = cart([digitalUnit]);
    expect(applyCartChange(before, { productId: 9, variantId: 91, amount: 1 })).toBe(before);
  });

  it('removes units of one line only', () => {
    const next = applyCartChange(cart([printUnit, digitalUnit, printUnit, printUnit]), { productId: 1, variantId: 11, amount: -2 });
    expect(summary(next)).toEqual({ lines: [['1:11', 1], ['2:21', 1]], total: 2299 });
  });

  it('removes a whole line with removeAll', () => {
    const next = applyCartChange(cart([printUnit, digitalUnit, printUnit]), { productId: 1, variantId: 11, amount: -2, removeAll: true });
    expect(summary(next)).toEqual({ lines: [['2:21', 1]], total: 799 });
  });

  it('applies a batch in order and keeps the snapshot untouched for a rollback', () => {
    const before = cart([printUnit]);
    const next = applyCartChanges(before, [
      { productId: 1, variantId: 11, amount: 2 },
      { productId: 2, variantId: 21, amount: 1 },
      { productId: 1, variantId: 11, amount: -1 },
    ], digitalUnit);
    expect(summary(next)).toEqual({ lines: [['1:11', 2], ['2:21', 1]], total: 3799 });
    expect(summary(before)).toEqual({ lines: [['1:11', 1]], total: 1500 });
  });
});
