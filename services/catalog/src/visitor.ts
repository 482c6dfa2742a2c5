import type { FastifyRequest } from 'fastify';
import { anonymousVisitor, countryFromGeoHeader } from '@inkwell/platform';

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
    country: countryFromGeoHeader(request.headers[geoCountryHeader]),
    maxShownRating: principal.maxShownRating,
  };
}
