import { parseGeoRestrictionStatus, UNKNOWN_GEO_RESTRICTION_STATUS, type GeoRestrictionStatus } from '@inkwell/contracts/catalog-rules';
import { ApiError, type ApiResult } from '@inkwell/ui-kit/api-client';

/** Geo restriction of a series or product (storefront spec §4), from the envelope's `status.geoRestriction`. */
export const GeoRestriction = {
  NotRestricted: 'NotRestricted',
  /** Not available here, and no data comes with the answer. */
  Restricted: 'Restricted',
  /** Restricted here, shown because the visitor is staff. */
  RestrictedButAdmin: 'RestrictedButAdmin',
  /** Restricted here, but the visitor owns it and may keep reading it. */
  RestrictedButOwned: 'RestrictedButOwned',
  /** Restricted here; the data comes along so the page can say what is unavailable. */
  RestrictedWithData: 'RestrictedWithData',
} as const satisfies Record<GeoRestrictionStatus, GeoRestrictionStatus>;
export type GeoRestriction = (typeof GeoRestriction)[keyof typeof GeoRestriction];

/** A series or product together with the restriction it came with. */
export interface GeoGated<T> {
  item: T;
  geoRestriction: GeoRestriction;
}

export const UNKNOWN_GEO_RESTRICTION_MESSAGE = UNKNOWN_GEO_RESTRICTION_STATUS;

/** True when the error is the catalog refusing an item in the visitor's region, with nothing to show. */
export function isGeoRestrictedError(error: unknown): boolean {
  return error instanceof ApiError && error.status?.geoRestriction === GeoRestriction.Restricted;
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.isNotFound;
}

function toGeoRestriction(value: string | undefined): GeoRestriction {
  if (value === undefined || value === '') return GeoRestriction.NotRestricted;
  return parseGeoRestrictionStatus(value);
}

/**
 * Reads a series or product answer the way storefront spec §4 describes: unrestricted answers and
 * the restricted ones that carry their data resolve with the data and the restriction; `Restricted`
 * (no data) and any error without data reject; an unknown restriction rejects with
 * 'Unknown GeoRestrictionStatus'.
 */
export async function readGeoGated<T>(call: Promise<ApiResult<T>>): Promise<GeoGated<T>> {
  try {
    const { data, status } = await call;
    return { item: data, geoRestriction: toGeoRestriction(status.geoRestriction) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status?.geoRestriction === undefined) throw error;
    const geoRestriction = toGeoRestriction(error.status.geoRestriction);
    if (geoRestriction === GeoRestriction.Restricted || error.response === undefined || error.response === null) throw error;
    return { item: error.response as T, geoRestriction };
  }
}
