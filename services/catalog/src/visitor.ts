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
  const header = request.headers[geoCountryHeader];
  const raw = Array.isArray(header) ? header[0] : header;
  const country = raw && /^[A-Za-z]{2}$/.test(raw.trim()) ? raw.trim().toUpperCase() : undefined;
  const principal = request.principal;
  return {
    signedIn: Boolean(principal),
    isAdmin: principal?.roles.includes('admin') ?? false,
    country,
    maxShownRating: principal?.maxShownRating,
  };
}

/** Part of a cache key: answers differ by these and nothing else. */
export function visitorCacheKey(visitor: Visitor): string {
  return `${visitor.signedIn ? 'r' : 'a'}${visitor.isAdmin ? 'A' : ''}:${visitor.country ?? '-'}:${visitor.maxShownRating ?? '-'}`;
}
