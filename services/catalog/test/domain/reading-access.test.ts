import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { PRICE_TYPES, type PriceType } from '@inkwell/contracts/catalog-rules/price-types';
import {
  READER_DENIED_BODY,
  READER_DENIED_TITLE,
  canBuy,
  canRead,
  readingAccessReason,
  type ReadingAccess,
} from '@inkwell/contracts/catalog-rules/reading-access';

type Expectation = { read: ReadingAccess['reason']; buy: boolean };
/** Per price type: signed out, signed in; neither owns it. Owners are checked for every type below. */
const table: ReadonlyArray<readonly [PriceType, signedOut: Expectation, signedIn: Expectation]> = [
  ['Free', { read: 'free', buy: false }, { read: 'free', buy: false }],
  ['FreeToReadAndPurchaseble', { read: 'free', buy: false }, { read: 'free', buy: true }],
  ['FreeForRegistered', { read: 'login-required', buy: false }, { read: 'free-for-registered', buy: false }],
  ['FreeToReadForRegisteredAndPurchaseble', { read: 'login-required', buy: false }, { read: 'free-for-registered', buy: true }],
  ['Paid', { read: 'login-required', buy: true }, { read: 'purchase-required', buy: true }],
  ['PaidOrSubscription', { read: 'login-required', buy: true }, { read: 'purchase-required', buy: true }],
  ['SubscriptionOnly', { read: 'login-required', buy: false }, { read: 'not-available', buy: false }],
  ['NotForSale', { read: 'login-required', buy: false }, { read: 'not-available', buy: false }],
  ['Print', { read: 'login-required', buy: false }, { read: 'not-available', buy: false }],
];

const ALLOWING = new Set(['owner', 'free', 'free-for-registered']);

describe('reading access and buying', () => {
  it('covers every price type', () => {
    assert.deepEqual(table.map(([type]) => type).sort(), [...PRICE_TYPES].sort());
  });

  for (const [priceType, signedOut, signedIn] of table) {
    for (const [isSignedIn, expected] of [
      [false, signedOut],
      [true, signedIn],
    ] as const) {
      const who = isSignedIn ? 'signed in' : 'signed out';
      it(`${priceType}, ${who}, not owned: ${expected.read}, ${expected.buy ? 'can' : 'cannot'} buy`, () => {
        const question = { priceType, signedIn: isSignedIn, owns: false };
        const access = readingAccessReason(question);
        assert.equal(access.reason, expected.read);
        assert.equal(access.allowed, ALLOWING.has(expected.read));
        assert.equal(canRead(question), access.allowed);
        assert.equal(canBuy(question), expected.buy);
      });
    }
    for (const isSignedIn of [false, true]) {
      it(`${priceType}, ${isSignedIn ? 'signed in' : 'signed out'}, owned: reads as owner and cannot buy again`, () => {
        const question = { priceType, signedIn: isSignedIn, owns: true };
        assert.deepEqual(readingAccessReason(question), { allowed: true, reason: 'owner' });
        assert.equal(canRead(question), true);
        assert.equal(canBuy(question), false);
      });
    }
  }

  it('signing in never takes access away', () => {
    for (const priceType of PRICE_TYPES) {
      if (canRead({ priceType, signedIn: false, owns: false })) assert.equal(canRead({ priceType, signedIn: true, owns: false }), true, priceType);
    }
  });

  it('quotes the reader-denied modal exactly', () => {
    assert.equal(READER_DENIED_TITLE, 'Unable to open comic');
    assert.equal(READER_DENIED_BODY, 'Unfortunately you can not read this comic. Please log in to read non-free comics.');
  });
});
