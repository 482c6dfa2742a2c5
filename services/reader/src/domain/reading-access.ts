/**
 * Whether someone may open a publication's pages (storefront spec §5 reading access, §4 geo
 * restriction), built on the catalog's own rules so the store and the reader never disagree on a
 * price type or a territory.
 */
import {
  geoRestrictionStatus,
  isPriceType,
  isPublishedStatus,
  isScheduledStatus,
  PUBLISH_STATUS_CODES,
  readingAccessReason,
  storefrontVisibility,
  type GeoRestrictionStatus,
  type PriceType,
  type PublishStatus,
  type ReadingDeniedReason,
} from '@inkwell/contracts/catalog-rules';

export interface ReadingFacts {
  status: string;
  seriesStatus: string | null;
  publishDate: string | null;
  readingPriceType: string;
  restrictedTerritories: readonly string[];
}

export interface ReaderFacts {
  signedIn: boolean;
  isAdmin: boolean;
  /** Owns it (from the reader's ownership projection). */
  owns: boolean;
  /** ISO 3166-1 alpha-2 from the geo header; undefined when the edge did not say. */
  country: string | undefined;
}

export type ReadingVerdict =
  | { readable: true; geo: GeoRestrictionStatus }
  | { readable: false; reason: 'geo-restricted' | 'not-released' | ReadingDeniedReason };

const STATUSES: readonly string[] = [...Object.keys(PUBLISH_STATUS_CODES), 'New', 'OnGoing'];

function publishStatus(value: string | null): PublishStatus | undefined {
  return value !== null && STATUSES.includes(value) ? (value as PublishStatus) : undefined;
}

function dateReached(date: string | null, now: Date): boolean {
  if (date === null) return false;
  const time = new Date(date).getTime();
  return !Number.isNaN(time) && time <= now.getTime();
}

/**
 * Out for reading: published (or OnGoing), or scheduled and its publish date has come, in a series
 * the storefront shows. A pre-order is shown before its date but cannot be read before it. Owners
 * keep what they bought when it is withdrawn later (unpublished, removed, or its series taken
 * down); only a release that has not come yet stays closed to them.
 */
export function isOutForReading(facts: Pick<ReadingFacts, 'status' | 'seriesStatus' | 'publishDate'>, owns: boolean, now: Date): boolean {
  const status = publishStatus(facts.status);
  if (status === undefined) return false;
  const scheduledAhead = isScheduledStatus(status) && !dateReached(facts.publishDate, now);
  if (owns) return !scheduledAhead && status !== 'New';
  const released = isPublishedStatus(status) || (isScheduledStatus(status) && !scheduledAhead);
  if (!released || facts.seriesStatus === null) return released;
  const seriesStatus = publishStatus(facts.seriesStatus);
  return seriesStatus !== undefined && storefrontVisibility({ status: seriesStatus, unlisted: false, publishDate: null, now }) !== 'hidden';
}

/**
 * Territory first (a restricted visitor learns only that, as the catalog answers), then release,
 * then the price type's rule. Staff and owners pass a territory restriction (RestrictedButAdmin,
 * RestrictedButOwned); staff do not get to read paid comics for free.
 */
export function readingVerdict(publication: ReadingFacts, reader: ReaderFacts, now: Date): ReadingVerdict {
  const geo = geoRestrictionStatus({
    restrictedTerritories: publication.restrictedTerritories,
    country: reader.country,
    isAdmin: reader.isAdmin,
    owns: reader.owns,
    withData: false,
  });
  if (geo === 'Restricted') return { readable: false, reason: 'geo-restricted' };
  if (!isOutForReading(publication, reader.owns, now)) return { readable: false, reason: 'not-released' };
  const priceType: PriceType = isPriceType(publication.readingPriceType) ? publication.readingPriceType : 'NotForSale';
  const access = readingAccessReason({ priceType, signedIn: reader.signedIn, owns: reader.owns });
  return access.allowed ? { readable: true, geo } : { readable: false, reason: access.reason };
}
