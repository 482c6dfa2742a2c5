import { MESSAGES } from './messages';

/** The account setting that hides content above an age rating (storefront spec §3). */
export const MAX_SHOWN_RATING_KEY = 'maxshownratingkey';

/** Age ratings lowest to highest (storefront spec §3). */
export const AGE_RATINGS = ['e', 'e7', 'pg', 't', 'm'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];

export const SETTING_KEYS = [MAX_SHOWN_RATING_KEY] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Settings that change what the account may see need the password as well as a token. */
export function settingNeedsPassword(key: SettingKey): boolean {
  return key === MAX_SHOWN_RATING_KEY;
}

/** A refused change names the field it is about: the setting's `key`, or its `value`. */
export type SettingCheck = { ok: true; key: SettingKey; value: AgeRating | null } | { ok: false; field: 'key' | 'value'; message: string };

/** Validates a setting change; an empty value clears the setting. */
export function checkSetting(key: string, value: string | null | undefined): SettingCheck {
  const normalizedKey = key.trim().toLowerCase();
  if (normalizedKey !== MAX_SHOWN_RATING_KEY) return { ok: false, field: 'key', message: MESSAGES.unknownSetting };
  if (value === null || value === undefined || value.trim() === '') return { ok: true, key: MAX_SHOWN_RATING_KEY, value: null };
  const rating = value.trim().toLowerCase();
  if (!(AGE_RATINGS as readonly string[]).includes(rating)) return { ok: false, field: 'value', message: MESSAGES.invalidRating };
  return { ok: true, key: MAX_SHOWN_RATING_KEY, value: rating as AgeRating };
}
