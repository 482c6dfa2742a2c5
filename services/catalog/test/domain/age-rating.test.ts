import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { AGE_RATINGS, ageRatingFromAge, ageRatingRank, isShownUnder, maxRating, parseAgeRating, type AgeRating } from '@inkwell/contracts/catalog-rules/age-rating';

describe('age ratings', () => {
  it('orders e, e7, pg, t, m with ranks 1 to 5', () => {
    assert.deepEqual(AGE_RATINGS, ['e', 'e7', 'pg', 't', 'm']);
    assert.deepEqual(AGE_RATINGS.map(ageRatingRank), [1, 2, 3, 4, 5]);
  });

  const byAge: ReadonlyArray<readonly [number, AgeRating]> = [
    [0, 'e'],
    [6, 'e'],
    [6.99, 'e'],
    [7, 'e7'],
    [11, 'e7'],
    [12, 'pg'],
    [14, 'pg'],
    [15, 't'],
    [17, 't'],
    [18, 'm'],
    [99, 'm'],
  ];
  for (const [years, rating] of byAge) {
    it(`age ${years} gives ${rating}`, () => assert.equal(ageRatingFromAge(years), rating));
  }

  for (const years of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
    it(`age ${years} is refused`, () => assert.throws(() => ageRatingFromAge(years), RangeError));
  }

  const parsed: ReadonlyArray<readonly [string, AgeRating | undefined]> = [
    ['e', 'e'],
    ['E7', 'e7'],
    ['Pg', 'pg'],
    [' T ', 't'],
    ['M', 'm'],
    ['', undefined],
    ['r', undefined],
    ['e10', undefined],
    ['mature', undefined],
  ];
  for (const [text, rating] of parsed) {
    it(`parses ${JSON.stringify(text)} as ${rating}`, () => assert.equal(parseAgeRating(text), rating));
  }

  it('shows everything when there is no maximum', () => {
    for (const rating of AGE_RATINGS) assert.equal(isShownUnder(rating, undefined), true);
  });

  it('shows an item exactly when its rating is at or below the maximum', () => {
    for (const item of AGE_RATINGS) {
      for (const max of AGE_RATINGS) {
        const expected = AGE_RATINGS.indexOf(item) <= AGE_RATINGS.indexOf(max);
        assert.equal(isShownUnder(item, max), expected, `${item} under ${max}`);
      }
    }
    assert.equal(isShownUnder('m', 't'), false);
    assert.equal(isShownUnder('t', 't'), true);
  });

  const higher: ReadonlyArray<readonly [AgeRating, AgeRating, AgeRating]> = [
    ['e', 'm', 'm'],
    ['m', 'e', 'm'],
    ['pg', 'e7', 'pg'],
    ['t', 't', 't'],
  ];
  for (const [a, b, expected] of higher) {
    it(`the higher of ${a} and ${b} is ${expected}`, () => assert.equal(maxRating(a, b), expected));
  }
});
