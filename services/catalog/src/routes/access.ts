import { BadRequestError, DomainError, NotFoundError, type Queryable } from '@inkwell/platform';
import {
  effectiveRestrictedTerritories,
  geoRestrictionStatus,
  parseIdOrReadableUrl,
  publishStatusFromCode,
  storefrontVisibility,
  type GeoRestrictionStatus,
} from '../domain';
import { shownTo, type Visitor } from '../domain/visitor';
import type { OwnedProducts } from '../peers/reader-ownership';
import { findProductId, findSeriesId, loadProducts, loadSeries, type ProductRecord, type SeriesRecord } from '../store/records';
import { GEO_RESTRICTED_MESSAGE, NOT_AN_ITEM_KEY_MESSAGE } from '../domain/messages';

/** 403 for a product a visitor's country may not see: the spec's 'Restricted' (error, no data). */
export class GeoRestrictedError extends DomainError {
  constructor() {
    super(403, 'GeoRestricted', GEO_RESTRICTED_MESSAGE);
    this.statusExtras = { geoRestriction: 'Restricted' };
  }
}

export function parseItemParam(param: string) {
  const key = parseIdOrReadableUrl(param);
  if (!key) throw new BadRequestError(NOT_AN_ITEM_KEY_MESSAGE);
  return key;
}

function visibleTo(visitor: Visitor, item: { status: number; unlisted: boolean; publish_date?: Date | null; age_rating: string }, now: Date): boolean {
  if (visitor.isAdmin) return true;
  const status = publishStatusFromCode(item.status);
  if (!status || storefrontVisibility({ status, unlisted: item.unlisted, publishDate: item.publish_date ?? null, now }) === 'hidden') return false;
  return shownTo(visitor, item.age_rating);
}

export interface ProductLookup {
  record: ProductRecord;
  owns: boolean;
  geo: GeoRestrictionStatus;
}

/**
 * A product by id or readable url as this visitor may see it: hidden (unpublished, above their max
 * shown rating, or in a hidden series) is NotFound, restricted in their country is 403 'Restricted'
 * unless they are staff or own it.
 */
export async function lookupProduct(db: Queryable, param: string, visitor: Visitor, owned: OwnedProducts, now = new Date()): Promise<ProductLookup> {
  const id = await findProductId(db, parseItemParam(param));
  const [record] = id === undefined ? [] : await loadProducts(db, [id]);
  if (!record || !visibleTo(visitor, record, now)) throw new NotFoundError();
  if (record.series_id !== null && !visitor.isAdmin) {
    const seriesStatus = publishStatusFromCode(record.series_status ?? -1);
    if (!seriesStatus || storefrontVisibility({ status: seriesStatus, unlisted: false, publishDate: null, now }) === 'hidden') throw new NotFoundError();
  }
  const owns = (await owned()).has(record.id);
  const geo = geoRestrictionStatus({
    restrictedTerritories: effectiveRestrictedTerritories(record.restricted_territories, record.series_restricted_territories ?? []),
    country: visitor.country,
    isAdmin: visitor.isAdmin,
    owns,
    withData: false,
  });
  if (geo === 'Restricted') throw new GeoRestrictedError();
  return { record, owns, geo };
}

/** A series by id or readable url; restricted in the visitor's country it still answers, flagged RestrictedWithData. */
export async function lookupSeries(db: Queryable, param: string, visitor: Visitor, now = new Date()): Promise<{ record: SeriesRecord; geo: GeoRestrictionStatus }> {
  const id = await findSeriesId(db, parseItemParam(param));
  const [record] = id === undefined ? [] : await loadSeries(db, [id]);
  if (!record || !visibleTo(visitor, { ...record, publish_date: null }, now)) throw new NotFoundError();
  const geo = geoRestrictionStatus({ restrictedTerritories: record.restricted_territories, country: visitor.country, isAdmin: visitor.isAdmin, owns: false, withData: true });
  return { record, geo };
}

/** The envelope status extras for a geo result: nothing when not restricted. */
export function geoStatus(geo: GeoRestrictionStatus): { geoRestriction?: string } {
  return geo === 'NotRestricted' ? {} : { geoRestriction: geo };
}
