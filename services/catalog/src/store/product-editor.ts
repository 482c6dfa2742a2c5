/**
 * The product as the staff editor reads it (dashboard spec §3 "Dashboard product" and "Product
 * variant"): a stored row and its variants, credits and tags shaped into the contract's fields.
 */
import type { DashboardProduct, ProductCategory, ProductSubCategory, ProductVariant } from '@inkwell/contracts/dashboard-products';
import type { Queryable } from '@inkwell/platform';
import { PRODUCT_TYPE_CODES, contentKindFromCode, publishStatusFromCode, type PublishStatusName } from '../domain';
import type { ProductRow } from './records';

/** The editor's product row: the stored product with its series' title. */
type EditorProductRow = ProductRow & { series_title: string | null };

interface VariantRow {
  id: string;
  type: 'Digital' | 'Print';
  enabled: boolean;
  price_type: string;
  price_cents: number;
  price_set: boolean;
  using_default_price: boolean;
  price_tier_id: string | null;
  currency: string;
  schedule_date: Date | null;
  is_pre_order: boolean;
  cart_limit: number | null;
  stock_info: Partial<NonNullable<ProductVariant['stockInfo']>> | null;
  expected_delay: string | null;
}

export const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
export const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

export function statusName(code: number): PublishStatusName {
  const name = publishStatusFromCode(code);
  // Ended is a campaign's status; a product never holds it, but reads it as a Draft if it did.
  return name === undefined || name === 'Ended' ? 'Draft' : name;
}

export function subCategoryName(code: number): ProductSubCategory {
  const entry = Object.entries(PRODUCT_TYPE_CODES).find(([, value]) => value === code);
  return (entry?.[0] ?? 'Other') as ProductSubCategory;
}

export function categoryName(code: number): ProductCategory {
  const kind = contentKindFromCode(code);
  return kind === 'Game' || kind === 'Merchandise' ? kind : 'Publication';
}

function stockInfo(stock: VariantRow['stock_info']): ProductVariant['stockInfo'] {
  if (!stock) return null;
  return {
    weight: stock.weight ?? null,
    height: stock.height ?? null,
    width: stock.width ?? null,
    length: stock.length ?? null,
    inventoryId: stock.inventoryId ?? null,
    description: stock.description ?? null,
    delayExpected: stock.delayExpected ?? false,
    delayedUntilDate: stock.delayedUntilDate ?? null,
    delayMessage: stock.delayMessage ?? null,
  };
}

function variantView(row: VariantRow): ProductVariant {
  const price = row.price_set || row.using_default_price ? row.price_cents : null;
  return {
    id: Number(row.id),
    type: row.type,
    enabled: row.enabled,
    priceType: row.price_type as ProductVariant['priceType'],
    price,
    currency: row.currency.trim(),
    scheduleDate: iso(row.schedule_date),
    isPreOrder: row.is_pre_order,
    cartLimit: row.cart_limit,
    priceTierId: num(row.price_tier_id),
    pricingInfo: { type: row.price_type as ProductVariant['priceType'], price, usingDefaultPrice: row.using_default_price },
    stockInfo: row.type === 'Print' ? stockInfo(row.stock_info) : null,
    expectedDelay: row.expected_delay,
  };
}

const PRODUCT_SELECT = `SELECT p.*, s.title AS series_title, to_char(p.release_date, 'YYYY-MM-DD') AS release_date
                          FROM products p LEFT JOIN series s ON s.id = p.series_id`;

/** The product as the editor shows it, or undefined when there is none with this id. */
export async function loadDashboardProduct(db: Queryable, id: number): Promise<DashboardProduct | undefined> {
  const { rows } = await db.query<EditorProductRow>(`${PRODUCT_SELECT} WHERE p.id = $1`, [id]);
  const row = rows[0];
  if (!row) return undefined;
  const [variants, creators, ipTags] = await Promise.all([
    db.query<VariantRow>('SELECT * FROM variants WHERE product_id = $1 ORDER BY type', [id]),
    db.query<{ ordinal: number; hidden: boolean; title: string; creator_id: string; creator_name: string }>(
      `SELECT pc.ordinal, pc.hidden, pc.title, c.id AS creator_id, c.name AS creator_name
         FROM product_creators pc JOIN creators c ON c.id = pc.creator_id WHERE pc.product_id = $1 ORDER BY pc.ordinal, c.name`,
      [id],
    ),
    db.query<{ id: string; name: string }>('SELECT t.id, t.name FROM product_ip_tags pt JOIN ip_tags t ON t.id = pt.ip_tag_id WHERE pt.product_id = $1 ORDER BY t.name', [id]),
  ]);
  return productView(row, variants.rows, creators.rows, ipTags.rows);
}

function productView(
  row: EditorProductRow,
  variants: VariantRow[],
  creators: Array<{ ordinal: number; hidden: boolean; title: string; creator_id: string; creator_name: string }>,
  ipTags: Array<{ id: string; name: string }>,
): DashboardProduct {
  const category = categoryName(row.category);
  const publication = category === 'Publication';
  const series = row.series_id === null ? null : { id: Number(row.series_id), title: row.series_title ?? '' };
  return {
    id: Number(row.id),
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    metaDescription: row.meta_description,
    category,
    subCategory: subCategoryName(row.sub_category),
    subCategoryId: row.sub_category,
    readableUrl: row.readable_url,
    status: statusName(row.status),
    statusCode: row.status,
    publishDate: iso(row.publish_date),
    unlisted: row.unlisted,
    creators: creators.map((credit) => ({ ordinal: credit.ordinal, hidden: credit.hidden, title: credit.title, creator: { id: Number(credit.creator_id), name: credit.creator_name } })),
    thumbnails: row.thumbnails,
    defaultThumbnail: row.default_thumbnail ?? row.thumbnails[0] ?? null,
    externalLinks: row.external_links,
    ipTags: ipTags.map((tag) => ({ id: Number(tag.id), name: tag.name })),
    assetLinkGroups: row.asset_link_groups,
    publishToApple: row.publish_to_apple,
    publishToAndroid: row.publish_to_android,
    publishToWeb: row.publish_to_web,
    trim: row.trim_size,
    variants: variants.map(variantView),
    pageCount: row.page_count,
    series,
    illustrationColorTypeId: row.illustration_color_type_id,
    coverTypeId: row.cover_type_id,
    signed: row.signed,
    remarqued: row.remarqued,
    publisherId: num(row.publisher_id),
    imprintId: num(row.imprint_id),
    readingLevelId: row.reading_level_id,
    issueNumber: row.issue_number,
    volumeNumber: row.volume_number,
    chapterNumber: row.chapter_number,
    eisbn: row.eisbn,
    isbn: row.isbn,
    relativeName: row.relative_name,
    subtitle: row.subtitle,
    releaseDate: row.release_date,
    chapters: row.chapters,
    readable: publication ? { series, issueNumber: row.issue_number, pageCount: row.page_count, releaseDate: row.release_date, publishDate: iso(row.publish_date) } : null,
    priceable: { type: (row.price_type ?? variants[0]?.price_type ?? 'Paid') as ProductVariant['priceType'], price: row.price_cents ?? 0, priceTierId: num(row.price_tier_id) },
    ageRestrictable: publication ? { ageRating: row.age_rating } : null,
    geoRestrictable: publication ? { restrictedTerritories: row.restricted_territories } : null,
    downloadable: publication ? { ingestCompleted: row.ingest_completed, reverseReadOrder: row.reverse_read_order } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
