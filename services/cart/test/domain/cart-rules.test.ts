import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  applyChange,
  CART_MESSAGES,
  cartTotal,
  isCartId,
  MAX_CART_UNITS,
  mergeLines,
  priceTypeSells,
  reviewCart,
  unitLimit,
  whyNotSold,
  canMoveCart,
  acceptsChanges,
  type CartLine,
  type CatalogProduct,
  type PricedVariant,
  type Shopper,
} from '../../src/domain';

const now = new Date('2026-01-10T12:00:00Z');
const digital: PricedVariant = { id: 11, type: 'Digital', priceType: 'Paid', priceCents: 799, fullPriceCents: 999, isOnSale: true, currency: 'USD', cartLimit: null };
const print: PricedVariant = { id: 12, type: 'Print', priceType: 'Print', priceCents: 1299, fullPriceCents: 1299, isOnSale: false, currency: 'USD', cartLimit: 5 };
const product = (overrides: Partial<CatalogProduct> = {}): CatalogProduct => ({
  id: 1, name: 'Tidewater Vol. 1', readableUrl: 'tidewater-vol-1', thumbnailUrl: null, seriesId: 7, status: 'Published', publishDate: '2025-01-01T00:00:00Z',
  restrictedTerritories: [], variants: [digital, print], ...overrides,
});
const guest: Shopper = { signedIn: false, country: 'US', owned: new Set() };
const reader: Shopper = { signedIn: true, country: 'US', owned: new Set() };
const add = (amount: number) => ({ amount, removeAll: false });

describe('priceTypeSells (storefront spec §3: purchasable price types)', () => {
  const cases: Array<[string, 'Digital' | 'Print', boolean, boolean]> = [
    ['Paid', 'Digital', false, true],
    ['PaidOrSubscription', 'Digital', false, true],
    ['FreeToReadAndPurchaseble', 'Digital', false, false],
    ['FreeToReadAndPurchaseble', 'Digital', true, true],
    ['FreeToReadForRegisteredAndPurchaseble', 'Digital', true, true],
    ['Free', 'Digital', true, false],
    ['FreeForRegistered', 'Digital', true, false],
    ['NotForSale', 'Digital', true, false],
    ['SubscriptionOnly', 'Digital', true, false],
    ['Print', 'Print', false, true],
    ['NotForSale', 'Print', true, false],
    ['Nonsense', 'Digital', true, false],
  ];
  for (const [priceType, type, signedIn, sells] of cases) {
    it(`${type} ${priceType}, ${signedIn ? 'signed in' : 'guest'}: ${sells ? 'sold' : 'not sold'}`, () => {
      assert.equal(priceTypeSells({ type, priceType }, signedIn), sells);
    });
  }
});

describe('whyNotSold', () => {
  const cases: Array<[string, CatalogProduct, PricedVariant, Shopper, string | null]> = [
    ['published, paid', product(), digital, guest, null],
    ['draft', product({ status: 'Draft' }), digital, guest, 'unpublished'],
    ['coming soon', product({ status: 'ScheduledComingSoon' }), print, guest, 'unpublished'],
    ['pre-order', product({ status: 'ScheduledPreOrder', publishDate: '2026-05-01T00:00:00Z' }), print, guest, null],
    ['scheduled, date reached', product({ status: 'Scheduled', publishDate: '2026-01-01T00:00:00Z' }), print, guest, null],
    ['scheduled, date ahead', product({ status: 'Scheduled', publishDate: '2026-02-01T00:00:00Z' }), print, guest, 'unpublished'],
    ['removed', product({ status: 'Removed' }), digital, guest, 'removed'],
    ['restricted where the shopper is', product({ restrictedTerritories: ['US'] }), print, guest, 'regionRestricted'],
    ['restricted elsewhere', product({ restrictedTerritories: ['KR'] }), print, guest, null],
    ['digital in Japan', product(), digital, { ...guest, country: 'jp' }, 'digitalInJapan'],
    ['print in Japan', product(), print, { ...guest, country: 'JP' }, null],
    ['free-to-read-and-purchasable, guest', product(), { ...digital, priceType: 'FreeToReadAndPurchaseble' }, guest, 'signInToBuy'],
    ['free-to-read-and-purchasable, signed in', product(), { ...digital, priceType: 'FreeToReadAndPurchaseble' }, reader, null],
    ['free', product(), { ...digital, priceType: 'Free' }, reader, 'notForSale'],
    ['owned digital', product(), digital, { ...reader, owned: new Set([1]) }, 'alreadyOwned'],
    ['owned, print copy', product(), print, { ...reader, owned: new Set([1]) }, null],
  ];
  for (const [name, item, variant, shopper, expected] of cases) {
    it(name, () => assert.equal(whyNotSold(item, variant, shopper, now), expected));
  }
});

describe('applyChange', () => {
  const line = (variantId: number, quantity: number): CartLine => ({ productId: 1, variantId, quantity });

  it('adds a digital copy once, and refuses a second', () => {
    const first = applyChange([], product(), digital, add(1), guest, now);
    assert.deepEqual(first, { ok: true, lines: [line(11, 1)] });
    const second = applyChange([line(11, 1)], product(), digital, add(1), guest, now);
    assert.equal(second.ok, false);
    assert.equal(!second.ok && second.refusal.kind, 'digitalOnce');
    assert.equal(applyChange([], product(), digital, add(2), guest, now).ok, false, 'two digital copies at once');
  });

  it('adds print up to its cart limit and no further', () => {
    assert.deepEqual(applyChange([line(12, 3)], product(), print, add(2), guest, now), { ok: true, lines: [line(12, 5)] });
    const over = applyChange([line(12, 4)], product(), print, add(2), guest, now);
    assert.deepEqual(!over.ok && over.refusal, { kind: 'overLimit', message: CART_MESSAGES.overLimit('Tidewater Vol. 1', 5, 4), regionLock: false });
  });

  it('deducts, drops a line at zero, and never goes below zero', () => {
    assert.deepEqual(applyChange([line(12, 3)], product(), print, add(-2), guest, now), { ok: true, lines: [line(12, 1)] });
    assert.deepEqual(applyChange([line(11, 1), line(12, 3)], product(), print, add(-3), guest, now), { ok: true, lines: [line(11, 1)] });
    const below = applyChange([line(12, 2)], product(), print, add(-3), guest, now);
    assert.equal(!below.ok && below.refusal.kind, 'belowZero');
    const absent = applyChange([], product(), print, add(-1), guest, now);
    assert.equal(!absent.ok && absent.refusal.kind, 'notInCart');
    const zero = applyChange([line(12, 2)], product(), print, add(0), guest, now);
    assert.equal(!zero.ok && zero.refusal.kind, 'zeroAmount');
  });

  it('removes a whole line with RemoveAll, even of an item no longer sold', () => {
    assert.deepEqual(applyChange([line(12, 4), line(11, 1)], product({ status: 'Removed' }), print, { amount: -1, removeAll: true }, guest, now), { ok: true, lines: [line(11, 1)] });
  });

  it('signals the region lock for restricted items and digital in Japan', () => {
    const restricted = applyChange([], product({ restrictedTerritories: ['US'] }), print, add(1), guest, now);
    assert.equal(!restricted.ok && restricted.refusal.regionLock, true);
    assert.match(!restricted.ok ? restricted.refusal.message : '', /region restricted/);
    const japan = applyChange([], product(), digital, add(1), { ...guest, country: 'JP' }, now);
    assert.equal(!japan.ok && japan.refusal.regionLock, true);
    assert.equal(!japan.ok && japan.refusal.message, 'This item is region restricted: Digital purchases are not available in Japan.');
    const draft = applyChange([], product({ status: 'Draft' }), print, add(1), guest, now);
    assert.equal(!draft.ok && draft.refusal.regionLock, false);
  });

  it('keeps the cart under its size', () => {
    const unlimited = { ...print, cartLimit: null };
    assert.equal(unitLimit(unlimited), MAX_CART_UNITS);
    const full = applyChange([{ productId: 2, variantId: 99, quantity: MAX_CART_UNITS }], product(), print, add(1), guest, now);
    assert.equal(!full.ok && full.refusal.kind, 'cartFull');
  });
});

describe('reviewCart', () => {
  it('drops lines no longer sold with a notice each, shrinks lines above a lowered limit, prices the rest', () => {
    const catalog = new Map<number, CatalogProduct>([
      [1, product()],
      [2, product({ id: 2, name: 'Gone Vol. 2', status: 'Removed' })],
      [3, product({ id: 3, name: 'Draft Vol. 3', status: 'Draft' })],
      [4, product({ id: 4, name: 'Fenced Vol. 4', restrictedTerritories: ['US'] })],
    ]);
    const lines: CartLine[] = [
      { productId: 1, variantId: 12, quantity: 7 },
      { productId: 1, variantId: 11, quantity: 1 },
      { productId: 2, variantId: 11, quantity: 1 },
      { productId: 3, variantId: 12, quantity: 1 },
      { productId: 4, variantId: 12, quantity: 1 },
      { productId: 5, variantId: 11, quantity: 1 },
      { productId: 1, variantId: 999, quantity: 1 },
    ];
    const review = reviewCart(lines, catalog, guest, now);
    assert.deepEqual(review.lines, [{ productId: 1, variantId: 12, quantity: 5 }, { productId: 1, variantId: 11, quantity: 1 }]);
    assert.equal(review.changed, true);
    assert.deepEqual(review.notices, [
      'Your cart may hold at most 5 of Tidewater Vol. 1; the extra copies were removed.',
      'Gone Vol. 2 has been removed from the store and from your cart.',
      'Draft Vol. 3 is no longer on sale and was removed from your cart.',
      'Fenced Vol. 4 is region restricted where you are and was removed from your cart.',
      'An item (product 5) is no longer in the store and was removed from your cart.',
      'Tidewater Vol. 1 can no longer be bought in this format and was removed from your cart.',
    ]);
    assert.deepEqual(cartTotal(review.kept, 'USD'), { amount: 5 * 1299 + 799, currency: 'USD' });
  });

  it('changes nothing when every line is still sold', () => {
    const review = reviewCart([{ productId: 1, variantId: 12, quantity: 2 }], new Map([[1, product()]]), guest, now);
    assert.equal(review.changed, false);
    assert.deepEqual(review.notices, []);
  });

  it('drops a digital item the signed-in reader now owns', () => {
    const review = reviewCart([{ productId: 1, variantId: 11, quantity: 1 }], new Map([[1, product()]]), { ...reader, owned: new Set([1]) }, now);
    assert.deepEqual(review.lines, []);
    assert.deepEqual(review.notices, ['You already own Tidewater Vol. 1, so it was removed from your cart.']);
  });
});

describe('mergeLines (sign-in with a guest cart)', () => {
  const variants = new Map<number, PricedVariant>([[11, digital], [12, print]]);
  it('sums Print up to the limit, keeps one Digital copy, appends the rest', () => {
    const merged = mergeLines(
      [{ productId: 1, variantId: 12, quantity: 3 }, { productId: 1, variantId: 11, quantity: 1 }],
      [{ productId: 1, variantId: 12, quantity: 4 }, { productId: 1, variantId: 11, quantity: 1 }, { productId: 9, variantId: 12, quantity: 2 }],
      (line) => variants.get(line.variantId),
    );
    assert.deepEqual(merged, [{ productId: 1, variantId: 12, quantity: 5 }, { productId: 1, variantId: 11, quantity: 1 }, { productId: 9, variantId: 12, quantity: 2 }]);
  });
});

describe('cart ids and states', () => {
  it('takes uuids only', () => {
    assert.equal(isCartId('6f1c2a4e-1b2c-4d3e-8f90-0123456789ab'), true);
    for (const bad of ['6f1c2a4e-guest', '', '1', '6f1c2a4e1b2c4d3e8f900123456789ab', '6f1c2a4e-1b2c-4d3e-8f90-0123456789ag']) assert.equal(isCartId(bad), false, bad);
  });
  it('moves Open → Purchasing → Closed and takes changes only when Open', () => {
    assert.equal(canMoveCart('Open', 'Purchasing'), true);
    assert.equal(canMoveCart('Purchasing', 'Closed'), true);
    assert.equal(canMoveCart('Open', 'Closed'), false);
    assert.equal(canMoveCart('Closed', 'Open'), false);
    assert.deepEqual((['Open', 'Purchasing', 'Closed'] as const).map(acceptsChanges), [true, false, false]);
  });
});
