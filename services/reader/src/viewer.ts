import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLE, countryFromGeoHeader } from '@inkwell/platform';

/** Who is asking, as far as reading access cares. */
export interface Viewer {
  userId: string | undefined;
  isAdmin: boolean;
  /** From the configured geo header (set by the CDN or ingress); undefined when absent or malformed. */
  country: string | undefined;
}

/** Call after an auth guard has read the token. */
export function viewerOf(request: FastifyRequest, geoCountryHeader: string): Viewer {
  return {
    userId: request.principal?.userId,
    isAdmin: request.principal?.roles.includes(ADMIN_ROLE) ?? false,
    country: countryFromGeoHeader(request.headers[geoCountryHeader]),
  };
}
