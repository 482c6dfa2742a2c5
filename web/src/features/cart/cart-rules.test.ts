import { describe, expect, it } from 'vitest';
import {
  canDecrease,
  canIncrease,
  cartItemCount,
  cartLines,
  clampQuantity,
  draftChanges,
  draftQuantity,
  hasQuantityControls,
  quantityChange,
  removeLineChange,
  shownQuantity,
  type CartUnit,
  type QuantityDrafts,
} from './cart-rules';

function unit(productId: number, variantId: number, overrides: Partial<CartUnit> & { cartLimit?: number | null } = {}): CartUnit {
  const { cartLimit, ...rest } = overrides;
  return {
    productId,
    distributionType: 'Print',
    price: 1299,
    fullPrice: 1499,
    currency: 'USD',
    variant: { id: variantId, type: rest.distributionType ?? 'Print', cartLimit },
    ...rest,
  };
}

const print = (quantity: number, cartLimit?: number | null) => cartLines(Array.from({ length: quantity }, () => unit(1, 11, { cartLimit })))[0]!;

describe('cart lines', () => {
  it('groups one entry per unit into one line per product and format, in the order they entered', () => {
    const units = [unit(1, 11), unit(2, 21, { distributionType: 'Digital', price: 799, fullPrice: 799 }), unit(1, 11), unit(1, 12), unit(1, 11)];
    const lines = cartLines(units);
    expect(lines.map((line) => [line.key, line.quantity, line.price, line.fullPrice])).toEqual([
      ['1:11', 3, 3897, 4497],
      ['2:21', 1, 799, 799],
      ['1:12', 1, 1299, 1499],
    ]);
    expect(cartItemCount(units)).toBe(5);
  });

  it('has no lines for an empty cart', () => {
    expect(cartLines([])).toEqual([]);
    expect(cartItemCount([])).toBe(0);
  });
});

describe('quantity rules (storefront spec §5)', () => {
  it.each([
    ['Print', true],
    ['Digital', false],
  ])('%s has quantity controls: %s', (distributionType, expected) => {
    expect(hasQuantityControls(unit(1, 1, { distributionType }))).toBe(expected);
  });

  it.each([
    [0, 5, 1],
    [-3, 5, 1],
    [3, 5, 3],
    [9, 5, 5],
    [2.7, 5, 2],
    [40, null, 40],
    [40, undefined, 40],
  ])('shows %s as %s with limit %s', (quantity, limit, shown) => {
    expect(clampQuantity(quantity, unit(1, 1, { cartLimit: limit }))).toBe(shown);
  });

  it('disables increase at the limit and decrease at 1', () => {
    const limited = unit(1, 1, { cartLimit: 3 });
    expect(canIncrease(2, limited)).toBe(true);
    expect(canIncrease(3, limited)).toBe(false);
    expect(canIncrease(1000, unit(1, 1))).toBe(true);
    expect(canDecrease(2)).toBe(true);
    expect(canDecrease(1)).toBe(false);
  });
});

describe('changes sent for a quantity', () => {
  it('adds the difference up to the limit', () => {
    expect(quantityChange(print(1, 5), 3)).toEqual({ productId: 1, variantId: 11, amount: 2 });
    expect(quantityChange(print(4, 5), 9)).toEqual({ productId: 1, variantId: 11, amount: 1 });
  });

  it('removes at most quantity − 1 units', () => {
    expect(quantityChange(print(3), 2)).toEqual({ productId: 1, variantId: 11, amount: -1 });
    expect(quantityChange(print(3), 1)).toEqual({ productId: 1, variantId: 11, amount: -2 });
    expect(quantityChange(print(3), 0)).toEqual({ productId: 1, variantId: 11, amount: -2 });
    expect(quantityChange(print(3), -10)).toEqual({ productId: 1, variantId: 11, amount: -2 });
  });

  it('sends nothing when the quantity does not move', () => {
    expect(quantityChange(print(3), 3)).toBeNull();
    expect(quantityChange(print(1), 0)).toBeNull();
    expect(quantityChange(print(5, 5), 6)).toBeNull();
  });

  it('removes a whole line with RemoveAll', () => {
    expect(removeLineChange(print(3))).toEqual({ productId: 1, variantId: 11, amount: -3, removeAll: true });
  });
});

describe('batching clicks into changes', () => {
  it('keeps only the last wanted quantity per line and sends one change for it', () => {
    const line = print(1, 5);
    let drafts: QuantityDrafts = new Map();
    drafts = draftQuantity(drafts, line, 2);
    drafts = draftQuantity(drafts, line, 3);
    drafts = draftQuantity(drafts, line, 4);
    expect(shownQuantity(drafts, line)).toBe(4);
    expect(draftChanges(drafts, [line])).toEqual([{ productId: 1, variantId: 11, amount: 3 }]);
  });

  it('forgets a draft that comes back to what the cart holds', () => {
    const line = print(2);
    const drafts = draftQuantity(draftQuantity(new Map(), line, 3), line, 2);
    expect(drafts.size).toBe(0);
    expect(shownQuantity(drafts, line)).toBe(2);
    expect(draftChanges(drafts, [line])).toEqual([]);
  });

  it('clamps drafts to the rules and sends separate changes for separate lines', () => {
    const three = print(3, 4);
    const other = cartLines([unit(2, 21), unit(2, 21)])[0]!;
    let drafts = draftQuantity(new Map(), three, 10);
    drafts = draftQuantity(drafts, other, 0);
    expect(shownQuantity(drafts, three)).toBe(4);
    expect(shownQuantity(drafts, other)).toBe(1);
    expect(draftChanges(drafts, [three, other])).toEqual([
      { productId: 1, variantId: 11, amount: 1 },
      { productId: 2, variantId: 21, amount: -1 },
    ]);
  });

  it('drops drafts for lines that left the cart before the flush', () => {
    const drafts = draftQuantity(new Map(), print(1), 2);
    expect(draftChanges(drafts, [])).toEqual([]);
  });
});
