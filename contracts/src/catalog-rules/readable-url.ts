/**
 * Readable URLs: the text name of a series or product in its address (/series/{sid or readable url},
 * storefront spec §2). Ids are numbers, so a path part of only digits is an id and a readable URL may
 * never be only digits (dashboard spec §5).
 */

/** Dashboard spec §5, shown when a product's readable URL is only digits. */
export const READABLE_URL_DIGITS_ONLY_MESSAGE =
  'readable URL must be text. The URL field cannot be just a number. It needs to be text or a combination of text and numbers';

/** The spec sets no limit; this keeps lookups and cache keys bounded and is far above any title's slug. */
export const MAX_READABLE_URL_LENGTH = 200;

const DIGITS_ONLY = /^\d+$/;
/** What slugify produces: lower-case ASCII words joined by single hyphens. */
const READABLE_URL_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 'Café Noir: Vol. 2' → 'cafe-noir-vol-2'. Accents are dropped, apostrophes vanish, any other character separates words. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The dashboard's publish rule: a readable URL may not be only digits. Blank passes, because an item
 * without a readable URL is addressed by its id (storefront spec §2).
 */
export function isValidReadableUrl(readableUrl: string): boolean {
  return !DIGITS_ONLY.test(readableUrl.trim());
}

export type IdOrReadableUrl = { kind: 'id'; id: number } | { kind: 'url'; readableUrl: string };

/**
 * Reads the {id or readable url} part of a path: only digits is an id (a positive safe integer),
 * anything else a readable URL, compared in lower case. Empty, over-long or oddly shaped values, and
 * ids out of range, give undefined, so the caller can answer NotFound without a lookup.
 */
export function parseIdOrReadableUrl(param: string): IdOrReadableUrl | undefined {
  if (param.length === 0 || param.length > MAX_READABLE_URL_LENGTH) return undefined;
  if (DIGITS_ONLY.test(param)) {
    const id = Number(param);
    return Number.isSafeInteger(id) && id > 0 ? { kind: 'id', id } : undefined;
  }
  const readableUrl = param.toLowerCase();
  return READABLE_URL_SHAPE.test(readableUrl) ? { kind: 'url', readableUrl } : undefined;
}
