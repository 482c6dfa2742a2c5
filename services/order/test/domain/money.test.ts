import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { allocate, applyRate, fromGrains, round4, sum4, toGrains } from '../../src/domain';

describe('round4: minor units at 4-decimal precision of the currency', () => {
  const cases: Array<[number, number]> = [
    [299.85, 299.85],
    [299.854, 299.85],
    [299.855, 299.86],
    [1.005, 1.01],
    [0.125, 0.13],
    [-0.125, -0.13],
    [-0.001, 0],
    [0, 0],
    [1234567, 1234567],
  ];
  for (const [input, expected] of cases) it(`${input} → ${expected}`, () => assert.equal(round4(input), expected));
  it('refuses what is not an amount', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e20]) assert.throws(() => round4(bad), RangeError);
  });
});

describe('grains', () => {
  it('are hundredths of a minor unit', () => {
    assert.equal(toGrains(2.9985 * 100), 29985);
    assert.equal(fromGrains(29985), 299.85);
  });
  it('sum4 adds without binary noise', () => {
    assert.equal(sum4([0.1, 0.2]), 0.3);
    assert.equal(sum4([10.01, 20.02, 30.03]), 60.06);
    assert.equal(sum4([]), 0);
  });
});

describe('applyRate', () => {
  const cases: Array<[number, number, number]> = [
    [1000, 0.0825, 82.5],
    [999, 0.0825, 82.42],
    [999, 0.09975, 99.65],
    [1, 0.06875, 0.07],
    [1999, 0.13, 259.87],
    [299.85, 0.2, 59.97],
    [1000, 0, 0],
  ];
  for (const [amount, rate, expected] of cases) it(`${amount} × ${rate} = ${expected}`, () => assert.equal(applyRate(amount, rate), expected));
  it('rounds half away from zero, in integers', () => {
    assert.equal(applyRate(1, 0.125), 0.13);
    assert.equal(applyRate(-1, 0.125), -0.13);
  });
  it('refuses a rate that is not one', () => {
    for (const bad of [-0.1, Number.NaN, Number.POSITIVE_INFINITY]) assert.throws(() => applyRate(100, bad), RangeError);
  });
});

describe('allocate: largest remainder, parts add up exactly', () => {
  const cases: Array<[string, number, number[], number[]]> = [
    ['even split', 300, [1, 1, 1], [100, 100, 100]],
    ['a grain left over goes to the larger weight', 0.01, [1, 2], [0, 0.01]],
    ['three ways, grains to the largest remainders', 100, [1, 1, 1], [33.34, 33.33, 33.33]],
    ['proportional', 1000, [1999, 999, 2], [666.33, 333, 0.67]],
    ['a zero weight gets nothing', 500, [0, 5, 0], [0, 500, 0]],
    ['nothing to share', 0, [0, 0], [0, 0]],
    ['fractional weights (pounds)', 12.34, [0.5, 1.25], [3.53, 8.81]],
  ];
  for (const [name, total, weights, parts] of cases) {
    it(name, () => {
      const got = allocate(total, weights);
      assert.deepEqual(got, parts);
      assert.equal(sum4(got), round4(total));
    });
  }
  it('never gives a part more than its weight when the total is at most the weights', () => {
    for (let total = 0; total <= 60; total += 0.07) {
      const weights = [10, 20, 30];
      const parts = allocate(total, weights);
      assert.equal(sum4(parts), round4(total));
      parts.forEach((part, index) => assert.ok(part <= (weights[index] ?? 0)));
    }
  });
  it('refuses bad input', () => {
    assert.throws(() => allocate(-1, [1]), RangeError);
    assert.throws(() => allocate(1, [0, 0]), RangeError);
    assert.throws(() => allocate(1, [-1, 2]), RangeError);
    assert.throws(() => allocate(1, [Number.NaN]), RangeError);
  });
});
