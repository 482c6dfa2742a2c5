import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { PRICE_TYPES, PURCHASABLE_PRICE_TYPES, isFreePriceType, isPriceType, isPurchasable, type PriceType } from '@inkwell/contracts/catalog-rules/price-types';

describe('price types', () => {
  it('lists every price type of the spec, spelled as the spec spells them', () => {
    assert.deepEqual(
      [...PRICE_TYPES].sort(),
      [
        'Free',
        'FreeForRegistered',
        'FreeToReadAndPurchaseble',
        'FreeToReadForRegisteredAndPurchaseble',
        'NotForSale',
        'Paid',
        'PaidOrSubscription',
        'Print',
        'SubscriptionOnly',
      ],
    );
  });

  it('names Paid, PaidOrSubscription and both FreeToRead types purchasable', () => {
    assert.deepEqual(PURCHASABLE_PRICE_TYPES, ['Paid', 'PaidOrSubscription', 'FreeToReadAndPurchaseble', 'FreeToReadForRegisteredAndPurchaseble']);
  });

  it('recognises price types by exact spelling', () => {
    assert.equal(isPriceType('Paid'), true);
    assert.equal(isPriceType('paid'), false);
    assert.equal(isPriceType('FreeToReadAndPurchasable'), false);
  });

  // [price type, purchasable signed out, purchasable signed in, free]
  const table: ReadonlyArray<readonly [PriceType, boolean, boolean, boolean]> = [
    ['Print', false, false, false],
    ['Free', false, false, true],
    ['FreeForRegistered', false, false, true],
    ['Paid', true, true, false],
    ['NotForSale', false, false, false],
    ['SubscriptionOnly', false, false, false],
    ['PaidOrSubscription', true, true, false],
    ['FreeToReadAndPurchaseble', false, true, false],
    ['FreeToReadForRegisteredAndPurchaseble', false, true, false],
  ];

  it('covers every price type', () => {
    assert.deepEqual(table.map(([type]) => type).sort(), [...PRICE_TYPES].sort());
  });

  for (const [priceType, signedOut, signedIn, free] of table) {
    it(`${priceType}: purchasable signed out ${signedOut}, signed in ${signedIn}, free ${free}`, () => {
      assert.equal(isPurchasable(priceType, { signedIn: false }), signedOut);
      assert.equal(isPurchasable(priceType, { signedIn: true }), signedIn);
      assert.equal(isFreePriceType(priceType), free);
    });
  }
});
