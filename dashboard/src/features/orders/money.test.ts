import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { formatCents, isWholeDay, roundCents } from './money';

describe('order money and filter days as staff read them', () => {
  test('cents at 4-decimal precision show up to 4 decimals of the currency unit, never fewer than 2', () => {
    assert.equal(formatCents(8231.34, 'USD', 'en-US'), '$82.3134');
    assert.equal(formatCents(2999, 'USD', 'en-US'), '$29.99');
    assert.equal(formatCents(500, 'USD', 'en-US'), '$5.00');
    assert.equal(formatCents(494.84, 'USD', 'en-US'), '$4.9484');
    assert.equal(formatCents(0.82575, 'USD', 'en-US'), '$0.0083', 'beyond 4 decimals of the unit it rounds');
    assert.equal(formatCents(123456, 'EUR', 'de-DE'), '1.234,56\u00a0€');
    assert.equal(formatCents(null), '—');
    assert.equal(formatCents(Number.NaN), '—');
    assert.equal(formatCents(100, 'NOT-A-CURRENCY', 'en-US'), '1.0000 NOT-A-CURRENCY');
  });

  test('cents are rounded to the 4 decimals the API keeps', () => {
    assert.equal(roundCents(549 * 1.000001), 549.0005);
    assert.equal(roundCents(5.49 * 100), 549);
  });

  test('a date filter reaches the API only as a whole day', () => {
    assert.equal(isWholeDay(null), true, 'clearing the filter');
    assert.equal(isWholeDay('2026-11-27'), true);
    assert.equal(isWholeDay('0002-11-27'), false, 'the year half typed');
    assert.equal(isWholeDay('0202-11-27'), false);
    assert.equal(isWholeDay('2026-11'), false);
  });
});
