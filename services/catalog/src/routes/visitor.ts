import type { FastifyRequest } from 'fastify';
import { anonymousVisitor, countryFromGeoHeader } from '@inkwell/platform';
import type { Visitor } from '../domain/visitor';

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
