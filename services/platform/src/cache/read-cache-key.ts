/**
 * Where the catalog keeps its serialised storefront answers, shared with the gateway: the gateway
 * answers an anonymous catalog read from the same cache without a hop to the catalog when the
 * catalog has already answered that URL for that class of visitor (so it passed validation), and
 * catalog events drop every entry when the catalogue changes. Both must compute the same key, so it
 * is computed here, once.
 */

/** Every cached storefront answer of the catalog starts with this, so one event can drop them all. */
export const READ_CACHE_PREFIX = 'catalog:read:';
export const READ_CACHE_CONTENT_TYPE = 'application/json; charset=utf-8';

/** What storefront answers differ by, besides the URL. */
export interface VisitorClass {
  signedIn: boolean;
  isAdmin: boolean;
  /** ISO 3166 alpha-2 from the configured geo header (set by the CDN or ingress), upper case. */
  country: string | undefined;
  /** The account's max shown rating setting; undefined shows everything. */
  maxShownRating: string | undefined;
}

/** The country of a geo header (set by the CDN or ingress): two letters, upper case, else none. */
export function countryFromGeoHeader(geoHeader: string | string[] | undefined): string | undefined {
  const raw = (Array.isArray(geoHeader) ? geoHeader[0] : geoHeader)?.trim();
  return raw && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : undefined;
}

/** A visitor without a token, known only by the geo header of the request. */
export function anonymousVisitor(geoHeader: string | string[] | undefined): VisitorClass {
  return { signedIn: false, isAdmin: false, country: countryFromGeoHeader(geoHeader), maxShownRating: undefined };
}

/** Part of a cache key: answers differ by these and nothing else. */
export function visitorCacheKey(visitor: VisitorClass): string {
  return `${visitor.signedIn ? 'r' : 'a'}${visitor.isAdmin ? 'A' : ''}:${visitor.country ?? '-'}:${visitor.maxShownRating ?? '-'}`;
}

/** The key (after the prefix) of a read answered by its URL alone, for this class of visitor. */
export function urlCacheKey(visitor: VisitorClass, url: string): string {
  return `${visitorCacheKey(visitor)}:${url}`;
}

/** Where the catalog keeps its answer to an anonymous `GET url` with this geo header, if it has one. */
export function anonymousReadCacheKey(url: string, geoHeader: string | string[] | undefined): string {
  return READ_CACHE_PREFIX + urlCacheKey(anonymousVisitor(geoHeader), url);
}
