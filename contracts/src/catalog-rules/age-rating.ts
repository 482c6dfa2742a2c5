/**
 * Age ratings (storefront spec §3, dashboard spec §3): lowest to highest e, e7, pg, t, m, ranked 1 to 5.
 * A reader's "maximum shown rating" hides anything rated above it.
 */

export type AgeRating = 'e' | 'e7' | 'pg' | 't' | 'm';

/** Lowest to highest; a rating's rank is its position here plus one. */
export const AGE_RATINGS: readonly AgeRating[] = ['e', 'e7', 'pg', 't', 'm'];

/** 1 for e up to 5 for m. */
export function ageRatingRank(rating: AgeRating): number {
  return AGE_RATINGS.indexOf(rating) + 1;
}

/** Age bands by their first age not included: under 7 e, under 12 e7, under 15 pg, under 18 t, otherwise m. */
const AGE_BANDS: ReadonlyArray<readonly [underYears: number, rating: AgeRating]> = [
  [7, 'e'],
  [12, 'e7'],
  [15, 'pg'],
  [18, 't'],
];

/** The highest rating suitable for a person of this age. An age that is not a number ≥ 0 throws. */
export function ageRatingFromAge(years: number): AgeRating {
  if (!Number.isFinite(years) || years < 0) throw new RangeError(`Not an age: ${years}`);
  for (const [under, rating] of AGE_BANDS) if (years < under) return rating;
  return 'm';
}

/** 'PG' → 'pg'; anything that is not one of the five ratings → undefined. */
export function parseAgeRating(text: string): AgeRating | undefined {
  const lower = text.trim().toLowerCase();
  return AGE_RATINGS.find((rating) => rating === lower);
}

/** Whether an item rated `itemRating` is shown to a reader whose maximum is `maxShownRating`; no maximum shows everything. */
export function isShownUnder(itemRating: AgeRating, maxShownRating: AgeRating | undefined): boolean {
  return maxShownRating === undefined || ageRatingRank(itemRating) <= ageRatingRank(maxShownRating);
}

/** The higher of two ratings, e.g. a product's own rating against its series'. */
export function maxRating(a: AgeRating, b: AgeRating): AgeRating {
  return ageRatingRank(a) >= ageRatingRank(b) ? a : b;
}
