import type { Queryable } from '@inkwell/platform';
import type { ThumbnailView } from '@inkwell/contracts/catalog';
import type { AgeRating } from '@inkwell/contracts/catalog-rules';
import type { AssetLinkGroup, Chapter, ExternalLink } from '@inkwell/contracts/dashboard-products';
import { CHAPTER_TYPE_CODE, listedSql } from './visibility';

/**
 * A row of the products table as the database driver hands it back (bigint ids as numbers): the
 * one shape of a stored product, which the storefront's record and the staff editor read from.
 */
export type ProductRow = {
  id: number;
  name: string;
  display_name: string | null;
  description: string;
  meta_description: string | null;
  category: number;
  sub_category: number;
  readable_url: string | null;
  status: number;
  publish_date: Date | null;
  unlisted: boolean;
  series_id: number | null;
  volume_number: number | null;
  chapter_number: number | null;
  issue_number: number | null;
  relative_name: string | null;
  subtitle: string | null;
  page_count: number;
  age_rating: AgeRating;
  restricted_territories: string[];
  reverse_read_order: boolean;
  ingest_completed: boolean;
  publisher_id: number | null;
  imprint_id: number | null;
  thumbnails: ThumbnailView[];
  default_thumbnail: ThumbnailView | null;
  external_links: ExternalLink[];
  asset_link_groups: AssetLinkGroup[];
  chapters: Chapter[];
  isbn: string | null;
  eisbn: string | null;
  trim_size: string | null;
  signed: boolean;
  remarqued: boolean;
  illustration_color_type_id: number | null;
  cover_type_id: number | null;
  reading_level_id: number | null;
  publish_to_apple: boolean;
  publish_to_android: boolean;
  publish_to_web: boolean;
  /** YYYY-MM-DD: read with to_char, so no time zone moves the day. */
  release_date: string | null;
  price_type: string | null;
  price_cents: number | null;
  price_tier_id: number | null;
  popularity: number;
  created_at: Date;
  updated_at: Date;
};

/** A product as loaded for the storefront (PRODUCT_COLUMNS), before it is shaped for a visitor. */
export type ProductRecord = Pick<
  ProductRow,
  | 'id' | 'name' | 'display_name' | 'description' | 'meta_description' | 'category' | 'sub_category' | 'readable_url'
  | 'status' | 'publish_date' | 'unlisted' | 'series_id' | 'volume_number' | 'chapter_number' | 'issue_number'
  | 'relative_name' | 'page_count' | 'age_rating' | 'restricted_territories' | 'reverse_read_order' | 'ingest_completed'
  | 'thumbnails' | 'external_links' | 'popularity'
> & {
  series_title: string | null;
  series_readable_url: string | null;
  series_color: string | null;
  series_status: number | null;
  series_unlisted: boolean | null;
  series_restricted_territories: string[] | null;
  variants: VariantRecord[];
  creators: CreditRecord[];
  ip_tags: Array<{ id: number; name: string; readableUrl: string }>;
};

export type VariantRecord = {
  id: number;
  type: 'Digital' | 'Print';
  enabled: boolean;
  priceType: string;
  priceCents: number;
  currency: string;
  scheduleDate: string | null;
  isPreOrder: boolean;
  cartLimit: number | null;
  stockInfo: { delayExpected?: boolean; delayMessage?: string; delayedUntilDate?: string; weight?: number; height?: number; width?: number; length?: number } | null;
  /** Lowest discount of a published campaign running now, if any. */
  saleCents: number | null;
};

export type CreditRecord = { creatorId: number; name: string; title: string; ordinal: number; hidden: boolean };


/**
 * A series' credits as the storefront shows them: its override credits while staff have switched
 * them on (dashboard spec §3 isUsingOverrideCreators), else its default ones; null when it has none.
 */
function seriesCreditsSql(series: string): string {
  return `(SELECT json_agg(json_build_object('creatorId', c.id, 'name', c.name, 'title', sc.title, 'ordinal', sc.ordinal, 'hidden', sc.hidden) ORDER BY sc.ordinal)
       FROM (SELECT creator_id, title, ordinal, hidden FROM series_override_creators WHERE series_id = ${series}.id AND ${series}.is_using_override_creators
             UNION ALL
             SELECT creator_id, title, ordinal, hidden FROM series_creators WHERE series_id = ${series}.id AND NOT ${series}.is_using_override_creators) sc
       JOIN creators c ON c.id = sc.creator_id)`;
}

const PRODUCT_COLUMNS = `
  p.id, p.name, p.display_name, p.description, p.meta_description, p.category, p.sub_category, p.readable_url,
  p.status, p.publish_date, p.unlisted, p.series_id, p.volume_number, p.chapter_number, p.issue_number,
  p.relative_name, p.page_count, p.age_rating, p.restricted_territories, p.reverse_read_order, p.ingest_completed,
  p.thumbnails, p.external_links, p.popularity,
  s.title AS series_title, s.readable_url AS series_readable_url, s.color AS series_color, s.status AS series_status,
  s.unlisted AS series_unlisted, s.restricted_territories AS series_restricted_territories,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', v.id, 'type', v.type, 'enabled', v.enabled, 'priceType', v.price_type, 'priceCents', v.price_cents,
      'currency', v.currency, 'scheduleDate', v.schedule_date, 'isPreOrder', v.is_pre_order, 'cartLimit', v.cart_limit,
      'stockInfo', v.stock_info,
      'saleCents', (SELECT min(sp.discount_price_cents) FROM sales_products sp JOIN sales_campaigns c ON c.id = sp.campaign_id
                     WHERE sp.product_id = p.id AND sp.variant_type = v.type AND c.status = 4 AND now() BETWEEN c.start_date AND c.end_date)
    ) ORDER BY v.type) FROM variants v WHERE v.product_id = p.id), '[]') AS variants,
  COALESCE(
    (SELECT json_agg(json_build_object('creatorId', c.id, 'name', c.name, 'title', pc.title, 'ordinal', pc.ordinal, 'hidden', pc.hidden) ORDER BY pc.ordinal)
       FROM product_creators pc JOIN creators c ON c.id = pc.creator_id WHERE pc.product_id = p.id),
    ${seriesCreditsSql('s')},
    '[]') AS creators,
  COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'readableUrl', t.readable_url) ORDER BY t.name)
              FROM ip_tags t WHERE t.id IN (SELECT ip_tag_id FROM product_ip_tags WHERE product_id = p.id)
                 OR t.id = s.ip_tag_id), '[]') AS ip_tags`;

/** Loads products by id, keeping the order of `ids`; unknown ids are skipped. */
export async function loadProducts(db: Queryable, ids: readonly number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ProductRecord>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN series s ON s.id = p.series_id WHERE p.id = ANY($1::bigint[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findProductId(db: Queryable, key: { kind: 'id'; id: number } | { kind: 'url'; readableUrl: string }): Promise<number | undefined> {
  const { rows } = key.kind === 'id'
    ? await db.query<{ id: number }>('SELECT id FROM products WHERE id = $1', [key.id])
    : await db.query<{ id: number }>('SELECT id FROM products WHERE readable_url = $1', [key.readableUrl]);
  return rows[0]?.id;
}

/** A series as loaded, before it is shaped for a visitor. */
export type SeriesRecord = {
  id: number;
  title: string;
  description: string;
  meta_description: string | null;
  readable_url: string | null;
  color: string | null;
  completion_status: string | null;
  original_language_title: string | null;
  romanized_title: string | null;
  alt_titles: string[];
  restricted_territories: string[];
  unlisted: boolean;
  status: number;
  relative_name_setting: string;
  age_rating: string;
  right_to_left: boolean;
  thumbnails: Array<ThumbnailView & { role?: string }>;
  external_links: unknown[];
  popularity: number;
  publisher_id: number | null;
  publisher_name: string | null;
  genres: Array<{ id: number; name: string; readableUrl: string }>;
  creators: CreditRecord[];
  volume_count: number;
  chapter_count: number;
};

const SERIES_COLUMNS = `
  s.id, s.title, s.description, s.meta_description, s.readable_url, s.color, s.completion_status,
  s.original_language_title, s.romanized_title, s.alt_titles, s.restricted_territories, s.unlisted, s.status,
  s.relative_name_setting, s.age_rating, s.right_to_left, s.thumbnails, s.external_links, s.popularity,
  s.publisher_id, pub.name AS publisher_name,
  COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'readableUrl', g.readable_url) ORDER BY g.name)
              FROM series_genres sg JOIN genres g ON g.id = sg.genre_id WHERE sg.series_id = s.id), '[]') AS genres,
  COALESCE(${seriesCreditsSql('s')}, '[]') AS creators,
  (SELECT count(*) FROM products p WHERE p.series_id = s.id AND p.sub_category <> ${CHAPTER_TYPE_CODE} AND ${listedSql('p')})::int AS volume_count,
  (SELECT count(*) FROM products p WHERE p.series_id = s.id AND p.sub_category = ${CHAPTER_TYPE_CODE} AND ${listedSql('p')})::int AS chapter_count`;

export async function loadSeries(db: Queryable, ids: readonly number[]): Promise<SeriesRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<SeriesRecord>(
    `SELECT ${SERIES_COLUMNS} FROM series s LEFT JOIN publishers pub ON pub.id = s.publisher_id WHERE s.id = ANY($1::bigint[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findSeriesId(db: Queryable, key: { kind: 'id'; id: number } | { kind: 'url'; readableUrl: string }): Promise<number | undefined> {
  const { rows } = key.kind === 'id'
    ? await db.query<{ id: number }>('SELECT id FROM series WHERE id = $1', [key.id])
    : await db.query<{ id: number }>('SELECT id FROM series WHERE readable_url = $1', [key.readableUrl]);
  return rows[0]?.id;
}
