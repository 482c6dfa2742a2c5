/**
 * Age rating keys, lowest to highest (storefront spec §3). Constants only, so a frontend importing
 * them pulls in no schema code.
 */
export const AGE_RATING_KEYS = ['e', 'e7', 'pg', 't', 'm'] as const;

export type AgeRatingKey = (typeof AGE_RATING_KEYS)[number];
