import { AGE_RATINGS, type AgeRating } from '../domain';
import type { Queryable } from '@inkwell/platform';
import type { OwnedProducts } from '../peers/reader-ownership';
import { shownTo, type Visitor } from '../domain/visitor';
import { listedSql, seriesListedSql } from './visibility';
import { LIST_SORTS } from '@inkwell/contracts/dashboard-merchandising';

/** List sort codes of dashboard spec §3 ("List sort enumeration"), as the contract defines them. */
export { LIST_SORTS };

export interface DiscoverFilters {
  typeIds?: number[];
  sort?: number;
  genreIds?: number[];
  subCategory?: number;
  includeSeries?: boolean;
  scheduleStatus?: number[];
  newOnly?: boolean;
  ageRatings?: AgeRating[];
  seriesStatus?: string;
  publishStatus?: number[];
  isOnSale?: boolean;
  category?: number;
  distributionType?: 'Digital' | 'Print';
  isFree?: boolean;
  publisherId?: number;
  isInUserLibrary?: boolean;
  seriesTitleSearchTerm?: string;
  /** Curated lists (dashboard spec §3 filterCriteria): the product's or its series' IP tag, imprint. */
  ipTagId?: number;
  imprintId?: number;
  /** An enabled variant priced within the range, in cents (the variant's own price). */
  minPriceCents?: number;
  maxPriceCents?: number;
  /** An enabled Digital (downloadable) or Print (shippable) variant. */
  hasDownloadable?: boolean;
  hasShippable?: boolean;
  /** Left out of the results (a curated list's hand-picked items, shown before them). */
  excludeIds?: number[];
  fromIndex: number;
  count: number;
}

/** How long after its publish date an item counts as a new release. */
export const NEW_RELEASE_DAYS = 30;

const FREE_TYPES_ANONYMOUS = ['Free', 'FreeToReadAndPurchaseble'];
const FREE_TYPES_REGISTERED = [...FREE_TYPES_ANONYMOUS, 'FreeForRegistered', 'FreeToReadForRegisteredAndPurchaseble'];

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function ratingsShown(visitor: Visitor): string[] {
  return AGE_RATINGS.filter((rating) => shownTo(visitor, rating));
}

function productOrder(sort: number | undefined): string {
  switch (sort) {
    case LIST_SORTS.Recentlyadded:
    case LIST_SORTS.DateAddedDescending:
      return 'p.created_at DESC, p.id DESC';
    case LIST_SORTS.DateAddedAscending:
      return 'p.created_at ASC, p.id ASC';
    case LIST_SORTS.PublishDateDescending:
      return 'p.publish_date DESC NULLS LAST, p.id DESC';
    case LIST_SORTS.PublishDateAscending:
      return 'p.publish_date ASC NULLS LAST, p.id ASC';
    case LIST_SORTS.AllTimePopular:
    case LIST_SORTS.RecommendedForYou:
      return 'p.popularity DESC, p.id DESC';
    case LIST_SORTS.TitleDescending:
      return 'lower(p.name) DESC, p.id DESC';
    case LIST_SORTS.TitleAscending:
      return 'lower(p.name) ASC, p.id ASC';
    case LIST_SORTS.Trending:
      return `(p.popularity * CASE WHEN p.publish_date > now() - interval '90 days' THEN 2 ELSE 1 END) DESC, p.id DESC`;
    default:
      // New and popular: popularity that fades with age (half weight after about a month).
      return `(p.popularity / (1 + GREATEST(0, EXTRACT(EPOCH FROM now() - COALESCE(p.publish_date, p.created_at)) / 2592000.0))) DESC, p.id DESC`;
  }
}

function seriesOrder(sort: number | undefined): string {
  switch (sort) {
    case LIST_SORTS.TitleDescending:
      return 'lower(s.title) DESC, s.id DESC';
    case LIST_SORTS.TitleAscending:
      return 'lower(s.title) ASC, s.id ASC';
    case LIST_SORTS.Recentlyadded:
    case LIST_SORTS.DateAddedDescending:
    case LIST_SORTS.PublishDateDescending:
      return 'latest DESC NULLS LAST, s.id DESC';
    case LIST_SORTS.DateAddedAscending:
    case LIST_SORTS.PublishDateAscending:
      return 'latest ASC NULLS LAST, s.id ASC';
    default:
      return 's.popularity DESC, s.id DESC';
  }
}

/**
 * `/discover/v2`: the ids of the products (or, with `includeSeries`, the series) that match, in
 * order, for one page, with the total count. Only what the storefront lists for this visitor is
 * considered: visible, listed, within the max shown rating and not restricted in their country.
 */
export async function discover(db: Queryable, filters: DiscoverFilters, visitor: Visitor, owned: OwnedProducts): Promise<{ kind: 'product' | 'series'; ids: number[]; fullCount: number }> {
  const params = new Params();
  const where: string[] = [
    listedSql('p'),
    `(p.series_id IS NULL OR ${seriesListedSql('s')})`,
    `p.age_rating = ANY(${params.add(ratingsShown(visitor))}::text[])`,
  ];
  if (visitor.country && !visitor.isAdmin) {
    const country = params.add(visitor.country);
    where.push(`NOT (${country} = ANY(p.restricted_territories) OR ${country} = ANY(COALESCE(s.restricted_territories, '{}')))`);
  }
  if (filters.typeIds?.length) where.push(`p.sub_category = ANY(${params.add(filters.typeIds)}::int[])`);
  if (filters.subCategory !== undefined) where.push(`p.sub_category = ${params.add(filters.subCategory)}`);
  if (filters.category !== undefined) where.push(`p.category = ${params.add(filters.category)}`);
  if (filters.genreIds?.length) where.push(`EXISTS (SELECT 1 FROM series_genres sg WHERE sg.series_id = p.series_id AND sg.genre_id = ANY(${params.add(filters.genreIds)}::bigint[]))`);
  if (filters.ageRatings?.length) where.push(`p.age_rating = ANY(${params.add(filters.ageRatings)}::text[])`);
  if (filters.scheduleStatus?.length) where.push(`p.status = ANY(${params.add(filters.scheduleStatus)}::int[])`);
  if (filters.publishStatus?.length) where.push(`p.status = ANY(${params.add(filters.publishStatus)}::int[])`);
  if (filters.newOnly) where.push(`p.publish_date <= now() AND p.publish_date > now() - interval '${NEW_RELEASE_DAYS} days'`);
  if (filters.seriesStatus) where.push(`s.completion_status = ${params.add(filters.seriesStatus)}`);
  if (filters.publisherId !== undefined) where.push(`COALESCE(p.publisher_id, s.publisher_id) = ${params.add(filters.publisherId)}`);
  if (filters.seriesTitleSearchTerm) {
    // The words as typed, or (from 4 letters) close to a run of the title's words, so a search
    // page's "everything matching" link still finds the series after a typo (pg_trgm).
    const like = `s.title ILIKE '%' || ${params.add(filters.seriesTitleSearchTerm.replace(/[\\%_]/g, '\\$&'))} || '%'`;
    const term = filters.seriesTitleSearchTerm.trim();
    where.push(term.length >= 4 ? `(${like} OR word_similarity(${params.add(term)}, s.title) >= 0.45)` : like);
  }
  if (filters.distributionType) where.push(`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.enabled AND v.type = ${params.add(filters.distributionType)})`);
  if (filters.isFree !== undefined) {
    const types = params.add(visitor.signedIn ? FREE_TYPES_REGISTERED : FREE_TYPES_ANONYMOUS);
    where.push(`${filters.isFree ? '' : 'NOT '}EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.enabled AND v.type = 'Digital' AND v.price_type = ANY(${types}::text[]))`);
  }
  if (filters.ipTagId !== undefined) {
    const tag = params.add(filters.ipTagId);
    where.push(`(s.ip_tag_id = ${tag} OR EXISTS (SELECT 1 FROM product_ip_tags pt WHERE pt.product_id = p.id AND pt.ip_tag_id = ${tag}))`);
  }
  if (filters.imprintId !== undefined) where.push(`COALESCE(p.imprint_id, s.imprint_id) = ${params.add(filters.imprintId)}`);
  if (filters.minPriceCents !== undefined || filters.maxPriceCents !== undefined) {
    const min = params.add(filters.minPriceCents ?? 0);
    const max = params.add(filters.maxPriceCents ?? 2_147_483_647);
    where.push(`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.enabled AND v.price_cents BETWEEN ${min} AND ${max})`);
  }
  if (filters.hasDownloadable !== undefined) where.push(`${filters.hasDownloadable ? '' : 'NOT '}EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.enabled AND v.type = 'Digital')`);
  if (filters.hasShippable !== undefined) where.push(`${filters.hasShippable ? '' : 'NOT '}EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.enabled AND v.type = 'Print')`);
  if (filters.excludeIds?.length) where.push(`NOT (${filters.includeSeries ? 'p.series_id' : 'p.id'} = ANY(${params.add(filters.excludeIds)}::bigint[]))`);
  if (filters.isOnSale !== undefined) {
    where.push(`${filters.isOnSale ? '' : 'NOT '}EXISTS (SELECT 1 FROM sales_products sp JOIN sales_campaigns c ON c.id = sp.campaign_id
      JOIN variants v ON v.product_id = sp.product_id AND v.type = sp.variant_type AND v.enabled
      WHERE sp.product_id = p.id AND c.status = 4 AND now() BETWEEN c.start_date AND c.end_date AND sp.discount_price_cents < v.price_cents)`);
  }
  if (filters.isInUserLibrary !== undefined) {
    const mine = params.add([...(await owned())]);
    where.push(`${filters.isInUserLibrary ? '' : 'NOT '}(p.id = ANY(${mine}::bigint[]))`);
  }

  const from = `FROM products p LEFT JOIN series s ON s.id = p.series_id WHERE ${where.join(' AND ')}`;
  const offset = params.add(filters.fromIndex);
  const limit = params.add(filters.count);
  if (filters.includeSeries) {
    const { rows } = await db.query<{ id: number; full_count: number }>(
      `SELECT s.id, count(*) OVER () AS full_count, max(p.publish_date) AS latest
         ${from} AND p.series_id IS NOT NULL
        GROUP BY s.id
        ORDER BY ${seriesOrder(filters.sort)}
        OFFSET ${offset} LIMIT ${limit}`,
      params.values,
    );
    return { kind: 'series', ids: rows.map((row) => row.id), fullCount: rows[0]?.full_count ?? (await countAll(db, `SELECT count(DISTINCT s.id) ${from} AND p.series_id IS NOT NULL`, params.values.slice(0, -2))) };
  }
  const { rows } = await db.query<{ id: number; full_count: number }>(
    `SELECT p.id, count(*) OVER () AS full_count ${from} ORDER BY ${productOrder(filters.sort)} OFFSET ${offset} LIMIT ${limit}`,
    params.values,
  );
  return { kind: 'product', ids: rows.map((row) => row.id), fullCount: rows[0]?.full_count ?? (await countAll(db, `SELECT count(*) ${from}`, params.values.slice(0, -2))) };
}

/** A page past the end has no rows to carry the window count; count separately then. */
async function countAll(db: Queryable, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ count: number }>(sql, values);
  return Number(rows[0]?.count ?? 0);
}
