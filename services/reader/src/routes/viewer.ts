import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLE, countryFromGeoHeader } from '@inkwell/platform';
import type { Viewer } from '../domain';

/** Call after an auth guard has read the token. */
export function viewerOf(request: FastifyRequest, geoCountryHeader: string): Viewer {
  return {
    userId: request.principal?.userId,
    isAdmin: request.principal?.roles.includes(ADMIN_ROLE) ?? false,
    country: countryFromGeoHeader(request.headers[geoCountryHeader]),
  };
}
