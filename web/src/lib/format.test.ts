import assert from 'node:assert/strict';
import { describe, test } from 'vitest';

// Release dates are calendar days sent as UTC midnight; in a zone west of UTC a local rendering
// would show the day before. The zone is set before the module (and its formats) is loaded.
process.env.TZ = 'America/Los_Angeles';
const { formatCount, formatDate, formatMoney, formatWeekday, pluralize, todayIsoDate } = await import('./format');

describe('formatMoney: minor units (cents) with two decimals, USD by default', () => {
  const cases: Array<[cents: number, currency: string | undefined, shown: string]> = [
    [799, undefined, '$7.99'],
    [0, undefined, '$0.00'],
    [5, undefined, '$0.05'],
    [1000, 'USD', '$10.00'],
    [123456, 'USD', '$1,234.56'],
    [799, 'EUR', '€7.99'],
    [799, '', '$7.99'],
  ];
  for (const [cents, currency, shown] of cases) {
    test(`${cents} ${currency === undefined ? '(no currency)' : `'${currency}'`} → ${shown}`, () => {
      assert.equal(formatMoney(cents, currency), shown);
    });
  }

  test('a currency without minor units is still written with two decimals', () => {
    assert.equal(formatMoney(1234, 'JPY'), '¥12.34');
  });
});

describe('formatDate: abbreviated month, day, year, of the UTC calendar day', () => {
  const cases: Array<[value: string | Date, shown: string]> = [
    ['2026-11-01T00:00:00.000Z', 'Nov 1, 2026'],
    ['2026-11-01', 'Nov 1, 2026'],
    ['2024-02-29T23:59:59Z', 'Feb 29, 2024'],
    [new Date(Date.UTC(2025, 0, 31)), 'Jan 31, 2025'],
    ['not a date', ''],
    ['', ''],
  ];
  for (const [value, shown] of cases) {
    test(`${String(value) || "''"} → '${shown}'`, () => assert.equal(formatDate(value), shown));
  }
});

describe('formatWeekday', () => {
  test('of the UTC calendar day', () => {
    assert.equal(formatWeekday('2026-11-01T00:00:00Z'), 'Sunday');
    assert.equal(formatWeekday('2026-11-02'), 'Monday');
  });
  test('an unreadable date gives an empty string', () => assert.equal(formatWeekday('soon'), ''));
});

describe('todayIsoDate: the catalog calendar day, in UTC', () => {
  const cases: Array<[now: string, day: string]> = [
    ['2026-03-05T12:00:00Z', '2026-03-05'],
    ['2026-03-05T23:30:00-05:00', '2026-03-06'],
    ['2026-01-01T08:00:00+09:00', '2025-12-31'],
  ];
  for (const [now, day] of cases) test(`${now} → ${day}`, () => assert.equal(todayIsoDate(new Date(now)), day));
});

describe('pluralize and formatCount', () => {
  const cases: Array<[count: number, singular: string, plural: string | undefined, shown: string]> = [
    [0, 'chapter', undefined, '0 chapters'],
    [1, 'chapter', undefined, '1 chapter'],
    [12, 'volume', undefined, '12 volumes'],
    [1200, 'volume', undefined, '1,200 volumes'],
    [1, 'series', 'series', '1 series'],
    [3, 'series', 'series', '3 series'],
  ];
  for (const [count, singular, plural, shown] of cases) {
    test(`${count} ${singular} → '${shown}'`, () => assert.equal(pluralize(count, singular, plural), shown));
  }
  test('counts get thousands separators', () => assert.equal(formatCount(635000), '635,000'));
});
