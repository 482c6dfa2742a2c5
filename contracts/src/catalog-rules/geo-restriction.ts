/**
 * Territory restrictions of series and products (storefront spec §4, §6) and the Japan rule for
 * digital purchases (storefront spec §1). Countries are ISO 3166-1 alpha-2 codes, compared without
 * regard to case.
 */

/** Storefront spec §4, in the envelope's status.geoRestriction. */
export const GEO_RESTRICTION_STATUSES = [
  'NotRestricted',
  'Restricted',
  'RestrictedButAdmin',
  'RestrictedButOwned',
  'RestrictedWithData',
] as const;
export type GeoRestrictionStatus = (typeof GEO_RESTRICTION_STATUSES)[number];

/** Storefront spec §4: the error for any other geo restriction value. */
export const UNKNOWN_GEO_RESTRICTION_STATUS = 'Unknown GeoRestrictionStatus';

/** Storefront spec §1: "Digital purchases are not available in Japan." */
export const DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE = 'Digital purchases are not available in Japan.';
export const JAPAN = 'JP';

const ALPHA_2 = /^[A-Z]{2}$/;

/** 'jp ' → 'JP'; anything that is not two letters → undefined. */
export function normalizeCountry(country: string | undefined): string | undefined {
  const code = country?.trim().toUpperCase();
  return code !== undefined && ALPHA_2.test(code) ? code : undefined;
}

/** A product is restricted wherever it or its series is: the union of both lists, upper case, each once. */
export function effectiveRestrictedTerritories(product: readonly string[], series: readonly string[] = []): string[] {
  const codes = [...product, ...series].map(normalizeCountry).filter((code): code is string => code !== undefined);
  return [...new Set(codes)];
}

export function isRestrictedIn(restrictedTerritories: readonly string[], country: string | undefined): boolean {
  const code = normalizeCountry(country);
  return code !== undefined && restrictedTerritories.some((territory) => normalizeCountry(territory) === code);
}

export interface GeoQuestion {
  /** The effective list (see effectiveRestrictedTerritories). */
  restrictedTerritories: readonly string[];
  /** Where the visitor is; undefined when the edge did not say. */
  country: string | undefined;
  isAdmin: boolean;
  owns: boolean;
  /** The answer should still carry the item (e.g. a page that shows it greyed out). */
  withData: boolean;
}

/**
 * An unknown or absent country is NotRestricted: restrictions name the territories where an item may
 * not be offered, and without a country there is no territory to match; refusing everyone whose
 * location is unknown would also hide the whole catalogue from visitors behind proxies.
 * When restricted, admin comes before ownership (staff must see what they manage), ownership before
 * `withData`.
 */
export function geoRestrictionStatus({ restrictedTerritories, country, isAdmin, owns, withData }: GeoQuestion): GeoRestrictionStatus {
  if (!isRestrictedIn(restrictedTerritories, country)) return 'NotRestricted';
  if (isAdmin) return 'RestrictedButAdmin';
  if (owns) return 'RestrictedButOwned';
  return withData ? 'RestrictedWithData' : 'Restricted';
}

/** Reads a status off the wire; any other value throws 'Unknown GeoRestrictionStatus'. */
export function parseGeoRestrictionStatus(value: unknown): GeoRestrictionStatus {
  const status = GEO_RESTRICTION_STATUSES.find((known) => known === value);
  if (status === undefined) throw new Error(UNKNOWN_GEO_RESTRICTION_STATUS);
  return status;
}

/** Storefront spec §4: every status but Restricted comes with the item's data. */
export function geoResultCarriesData(status: GeoRestrictionStatus): boolean {
  return status !== 'Restricted';
}

/** Digital items cannot be bought from Japan; an unknown country is not Japan. */
export function digitalPurchaseAllowed(country: string | undefined): boolean {
  return normalizeCountry(country) !== JAPAN;
}
