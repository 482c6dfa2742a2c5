import type { FastifyRequest } from 'fastify';

/** Who is looking, as far as the catalog cares: it decides visibility, prices and reading access. */
export interface Visitor {
  signedIn: boolean;
  isAdmin: boolean;
  /** ISO 3166 alpha-2 from the configured geo header (set by the CDN or ingress), upper case. */
  country: string | undefined;
  /** The account's max shown rating setting; undefined shows everything. */
  maxShownRating: string | undefined;
}

export function visitorOf(request: FastifyRequest, geoCountryHeader: string): Visitor {
  const principal = request.principal;
  if (!principal) return anonymousVisitor(request.headers[geoCountryHeader]);
  return {
    signedIn: true,
    isAdmin: principal.roles.includes('admin'),
    country: countryOf(request.headers[geoCountryHeader]),
    maxShownRating: principal.maxShownRating,
  };
}

/** A visitor without a token, known only by the geo header of the request. */
export function anonymousVisitor(geoHeader: string | string[] | undefined): Visitor {
  return { signedIn: false, isAdmin: false, country: countryOf(geoHeader), maxShownRating: undefined };
}

function countryOf(geoHeader: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(geoHeader) ? geoHeader[0] : geoHeader;
  return raw && /^[A-Za-z]{2}$/.test(raw.trim()) ? raw.trim().toUpperCase() : undefined;
}

/** Part of a cache key: answers differ by these and nothing else. */
export function visitorCacheKey(visitor: Visitor): string {
  return `${visitor.signedIn ? 'r' : 'a'}${visitor.isAdmin ? 'A' : ''}:${visitor.country ?? '-'}:${visitor.maxShownRating ?? '-'}`;
}
