import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { DEFAULT_CURRENCY, formatMoney, isOnSale, toCents } from '@inkwell/contracts/catalog-rules/money';

describe('money', () => {
  const cents: ReadonlyArray<readonly [number, number]> = [
    [4.99, 499],
    [0, 0],
    [10, 1000],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [19.999, 2000],
    [4.994, 499],
    [1234.56, 123456],
  ];
  for (const [price, expected] of cents) {
    it(`${price} is ${expected} cents`, () => assert.equal(toCents(price), expected));
  }
  for (const price of [Number.NaN, Number.POSITIVE_INFINITY]) {
    it(`refuses ${price}`, () => assert.throws(() => toCents(price), RangeError));
  }

  it('defaults to USD', () => assert.equal(DEFAULT_CURRENCY, 'USD'));

  const formatted: ReadonlyArray<readonly [number, string | undefined, string]> = [
    [499, undefined, '$4.99'],
    [0, undefined, '$0.00'],
    [5, undefined, '$0.05'],
    [100000, undefined, '$1,000.00'],
    [499, 'USD', '$4.99'],
    [499, 'EUR', '€4.99'],
    [499, 'JPY', '¥499'],
  ];
  for (const [amount, currency, expected] of formatted) {
    it(`formats ${amount} ${currency ?? '(default)'} as ${expected}`, () => assert.equal(formatMoney(amount, currency), expected));
  }

  const sales: ReadonlyArray<readonly [number, number | null | undefined, boolean]> = [
    [499, 299, true],
    [499, 0, true],
    [499, 498, true],
    [499, 499, false],
    [499, 599, false],
    [499, undefined, false],
    [499, null, false],
    [0, 0, false],
  ];
  for (const [full, sale, expected] of sales) {
    it(`full ${full}, sale ${sale}: ${expected ? 'on sale' : 'not on sale'}`, () => assert.equal(isOnSale(full, sale), expected));
  }
});
