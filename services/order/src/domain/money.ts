/**
 * Money in the order service (storefront spec §9): held in minor units (cents) of an ISO currency.
 * Prices are whole minor units; shipping, tax, refund and coupon amounts have 4-decimal precision
 * of the currency, i.e. minor units with 2 decimals (299.85 is $2.9985). To add and split those
 * without binary noise, the arithmetic here works in grains: hundredths of a minor unit, integers.
 */

export const DEFAULT_CURRENCY = 'USD';

/** Grains in one minor unit: 4 decimals of the currency are 2 decimals of its minor unit. */
export const GRAINS_PER_MINOR = 100;

/** Half away from zero, so a refund rounds like the charge it mirrors. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * Minor units as whole grains. The product is first cut to 15 significant digits, so 1.005 × 100
 * (100.49999999999999 in floating point) counts as the 100.5 that was meant.
 */
export function toGrains(minor: number): number {
  if (!Number.isFinite(minor)) throw new RangeError(`Not an amount: ${minor}`);
  const grains = roundHalfAway(Number((minor * GRAINS_PER_MINOR).toPrecision(15)));
  if (!Number.isSafeInteger(grains)) throw new RangeError(`Amount out of range: ${minor}`);
  return grains === 0 ? 0 : grains;
}

export function fromGrains(grains: number): number {
  return grains / GRAINS_PER_MINOR;
}

/** An amount in minor units rounded to the 4-decimal precision of the currency (2 decimals of cents). */
export function round4(minor: number): number {
  return fromGrains(toGrains(minor));
}


/** Exact sum of 4-decimal amounts. */
export function sum4(amounts: readonly number[]): number {
  return fromGrains(amounts.reduce((total, amount) => total + toGrains(amount), 0));
}

/** Rates carry at most 6 decimals (Québec's QST is 0.09975, Minnesota's 0.06875). */
const RATE_SCALE = 1_000_000n;

/** `amount × rate` at 4-decimal precision, computed in integers so no binary noise decides the rounding. */
export function applyRate(minor: number, rate: number): number {
  if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`Not a rate: ${rate}`);
  const grains = BigInt(toGrains(minor));
  const micro = BigInt(Math.round(rate * Number(RATE_SCALE)));
  const product = grains * micro;
  const magnitude = (2n * (product < 0n ? -product : product) + RATE_SCALE) / (2n * RATE_SCALE);
  return fromGrains(Number(product < 0n ? -magnitude : magnitude));
}

/**
 * Splits a 4-decimal amount into parts proportional to the weights, by largest remainder: each part
 * is the floor of its exact share in grains, and the grains left over go one each to the largest
 * remainders (ties: the larger weight, then the earlier position). The parts add up to the amount
 * exactly, and no part exceeds its weight's share by a grain or more.
 */
export function allocate(minor: number, weights: readonly number[]): number[] {
  const total = toGrains(minor);
  if (total < 0) throw new RangeError(`Cannot allocate a negative amount: ${minor}`);
  // Weights may be fractional (pounds); scaled to integers so the shares are exact.
  const scaled = weights.map((weight) => {
    if (!Number.isFinite(weight) || weight < 0) throw new RangeError(`Not a weight: ${weight}`);
    return BigInt(Math.round(weight * 10_000));
  });
  const sum = scaled.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError(`Cannot allocate ${minor} over weights that are all zero`);
  }
  const big = BigInt(total);
  const floors = scaled.map((weight) => (big * weight) / sum);
  const remainders = scaled.map((weight, index) => ({ index, weight, remainder: (big * weight) % sum }));
  let left = Number(big - floors.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.remainder === b.remainder ? (a.weight === b.weight ? a.index - b.index : a.weight > b.weight ? -1 : 1) : a.remainder > b.remainder ? -1 : 1));
  const parts = floors.map(Number);
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts.map(fromGrains);
}
