/**
 * The staff product editor's reads and writes (dashboard spec §3 "Dashboard product", §4, §5, §7
 * "Products"). Every write runs in the caller's transaction with its outbox event and its audit
 * entry, so a refused or failed save leaves nothing behind.
 */
import type {
  DashboardProduct,
  ProductCategory,
  ProductListQuery,
  ProductListRow,
  ProductSave,
  ProductStatusChange,
  ProductSubCategory,
  ProductVariant,
  ProductVariantInput,
} from '@inkwell/contracts/dashboard-products';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { Problem } from '@inkwell/contracts/problems';
import { BadRequestError, ConflictError, EVENTS, NotFoundError, type Queryable } from '@inkwell/platform';
import {
  PRODUCT_TYPE_CODES,
  PUBLISH_STATUS_CODES,
  READABLE_URL_DIGITS_ONLY_MESSAGE,
  bookDensityWarning,
  contentKindCode,
  contentKindFromCode,
  contentKindOfProductType,
  isValidReadableUrl,
  publishActionFor,
  publishStatusFromCode,
  productPublishProblems,
  type PriceType,
  type ProductType,
  type PublishStatusName,
} from '../domain';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';

const CHAPTER = PRODUCT_TYPE_CODES.Chapter;

type Row = Record<string, unknown>;

interface ProductRow {
  id: string;
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
  series_id: string | null;
  series_title: string | null;
  volume_number: number | null;
  chapter_number: number | null;
  issue_number: number | null;
  relative_name: string | null;
  subtitle: string | null;
  page_count: number;
  age_rating: NonNullable<DashboardProduct['ageRestrictable']>['ageRating'];
  restricted_territories: string[];
  reverse_read_order: boolean;
  ingest_completed: boolean;
  publisher_id: string | null;
  imprint_id: string | null;
  thumbnails: DashboardProduct['thumbnails'];
  default_thumbnail: DashboardProduct['defaultThumbnail'];
  external_links: DashboardProduct['externalLinks'];
  asset_link_groups: DashboardProduct['assetLinkGroups'];
  chapters: DashboardProduct['chapters'];
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
  release_date: string | null;
  price_type: string | null;
  price_cents: number | null;
  price_tier_id: string | null;
  created_at: Date;
  updated_at: Date;
}

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

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

function statusName(code: number): PublishStatusName {
  const name = publishStatusFromCode(code);
  // Ended is a campaign's status; a product never holds it, but reads it as a Draft if it did.
  return name === undefined || name === 'Ended' ? 'Draft' : name;
}

function subCategoryName(code: number): ProductSubCategory {
  const entry = Object.entries(PRODUCT_TYPE_CODES).find(([, value]) => value === code);
  return (entry?.[0] ?? 'Other') as ProductSubCategory;
}

function categoryName(code: number): ProductCategory {
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
  const { rows } = await db.query<ProductRow>(`${PRODUCT_SELECT} WHERE p.id = $1`, [id]);
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
  row: ProductRow,
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

/** Products of a series in reading order, every status (spec §7 GET /dashboard/product/for/series/{id}). */
export async function productsOfSeries(db: Queryable, seriesId: number): Promise<ProductListRow[]> {
  const page = await listProducts(db, { includeRemoved: true, count: 10_000 }, { seriesId });
  return page.items;
}

const SORT_COLUMNS: Record<NonNullable<ProductListQuery['sortBy']>, string> = {
  id: 'id',
  name: 'lower(name)',
  status: 'status',
  publishDate: 'publish_date',
  updatedAt: 'updated_at',
  series: 'lower(series_title)',
  price: 'price',
};

export const DEFAULT_PAGE_SIZE = 25;

/**
 * The product list with the spec's filters. Without publishStatus, Removed products are left out
 * unless includeRemoved. includeChapters is honoured as meant (spec §5 notes a reading that passed
 * the wrong variable): absent or true lists chapters, false leaves them out.
 */
export async function listProducts(db: Queryable, filters: ProductListQuery, within: { seriesId?: number } = {}): Promise<Paginated<ProductListRow>> {
  const start = filters.start ?? 0;
  const count = filters.count ?? DEFAULT_PAGE_SIZE;
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (filters.query?.trim()) {
    const text = filters.query.trim();
    const pattern = add(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const byId = /^\d{1,15}$/.test(text) ? ` OR id = ${add(Number(text))}` : '';
    where.push(`(name ILIKE ${pattern} OR display_name ILIKE ${pattern} OR series_title ILIKE ${pattern} OR readable_url ILIKE ${pattern}${byId})`);
  }
  if (filters.publishStatus !== undefined) {
    const code = typeof filters.publishStatus === 'number' ? filters.publishStatus : PUBLISH_STATUS_CODES[filters.publishStatus];
    where.push(`status = ${add(code)}`);
  } else if (!filters.includeRemoved) {
    where.push(`status <> ${PUBLISH_STATUS_CODES.Removed}`);
  }
  if (filters.showOnlyOnSale) where.push('on_sale');
  if (within.seriesId !== undefined) where.push(`series_id = ${add(within.seriesId)}`);
  if (filters.includeChapters === false) where.push(`sub_category <> ${CHAPTER}`);
  if (filters.distributionType !== undefined) {
    const type = filters.distributionType === 0 || filters.distributionType === 'Digital' ? 'Digital' : 'Print';
    where.push(`${add(type)} = ANY(types)`);
  }
  const includeBundles = filters.includeBundles === true;
  const direction = filters.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const order =
    within.seriesId !== undefined && filters.sortBy === undefined
      ? 'volume_number NULLS LAST, chapter_number NULLS LAST, issue_number NULLS LAST, id'
      : `${SORT_COLUMNS[filters.sortBy ?? 'id']} ${direction} NULLS LAST, kind, id ${direction}`;
  const rows = `
    SELECT 'product' AS kind, p.id, p.name, p.display_name, p.category, p.sub_category, p.status, p.publish_date, p.readable_url,
           p.series_id, s.title AS series_title, p.issue_number, p.volume_number, p.chapter_number,
           COALESCE(p.default_thumbnail, p.thumbnails -> 0) AS thumbnail,
           COALESCE((SELECT array_agg(DISTINCT v.type) FROM variants v WHERE v.product_id = p.id), '{}') AS types,
           (SELECT min(v.price_cents) FROM variants v WHERE v.product_id = p.id AND v.enabled) AS price,
           EXISTS (SELECT 1 FROM sales_products sp JOIN sales_campaigns c ON c.id = sp.campaign_id
                     JOIN variants v ON v.product_id = sp.product_id AND v.type = sp.variant_type AND v.enabled
                    WHERE sp.product_id = p.id AND c.status = ${PUBLISH_STATUS_CODES.Published} AND now() BETWEEN c.start_date AND c.end_date
                      AND sp.discount_price_cents < v.price_cents) AS on_sale,
           p.unlisted, p.updated_at
      FROM products p LEFT JOIN series s ON s.id = p.series_id
    ${includeBundles ? `UNION ALL
    SELECT 'bundle', b.id, b.name, NULL, 3, ${PRODUCT_TYPE_CODES.DigitalBundle}, b.status, NULL, b.readable_url, NULL, NULL, NULL, NULL, NULL,
           b.default_thumbnail, ARRAY['Digital'], b.price_cents, false, false, b.created_at
      FROM bundles b` : ''}`;
  const { rows: found } = await db.query<Row & { total: string }>(
    `WITH listed AS (${rows})
     SELECT *, count(*) OVER () AS total FROM listed ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${order} LIMIT ${add(count)} OFFSET ${add(start)}`,
    params,
  );
  const filtered = found[0] ? Number(found[0].total) : (await db.query<{ n: string }>(`WITH listed AS (${rows}) SELECT count(*) AS n FROM listed ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params.slice(0, -2))).rows[0]!.n;
  const unfiltered = await db.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM products)${includeBundles ? ' + (SELECT count(*) FROM bundles)' : ''} AS n`,
  );
  const items = found.map((row): ProductListRow => {
    const seriesId = row.series_id as string | null;
    return {
      id: Number(row.id),
      kind: row.kind as 'product' | 'bundle',
      name: row.name as string,
      displayName: row.display_name as string | null,
      category: row.kind === 'bundle' ? 'Bundle' : categoryName(row.category as number),
      subCategory: row.kind === 'bundle' ? 'DigitalBundle' : subCategoryName(row.sub_category as number),
      subCategoryId: row.sub_category as number,
      status: statusName(row.status as number),
      statusCode: row.status as number,
      publishDate: iso(row.publish_date as Date | null),
      readableUrl: row.readable_url as string | null,
      series: seriesId === null ? null : { id: Number(seriesId), title: (row.series_title as string | null) ?? '' },
      issueNumber: row.issue_number as number | null,
      volumeNumber: row.volume_number as number | null,
      chapterNumber: row.chapter_number as number | null,
      thumbnail: (row.thumbnail as ProductListRow['thumbnail']) ?? null,
      distributionTypes: (row.types as Array<'Digital' | 'Print'>).sort(),
      price: row.price as number | null,
      isOnSale: row.on_sale as boolean,
      unlisted: row.unlisted as boolean,
      updatedAt: (row.updated_at as Date).toISOString(),
    };
  });
  const filteredRows = Number(filtered);
  return {
    items,
    thisPageNumber: Math.floor(start / count) + 1,
    thisPageSize: items.length,
    totalPageNumber: Math.ceil(filteredRows / count),
    filteredTotalRows: filteredRows,
    unfilteredTotalRows: Number(unfiltered.rows[0]!.n),
  };
}

// ---------------------------------------------------------------------------------------------
// Saving

const ISBN = /^(?:97[89])?[0-9-]{9,16}[0-9Xx]$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function refuse(field: string, message: string): never {
  throw new BadRequestError(`${field}: ${message}`, { field });
}

function readDay(field: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const day = value.slice(0, 10);
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    refuse(field, `${value} is not a date (YYYY-MM-DD).`);
  }
  return day;
}

function readInstant(field: string, value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = new Date(value);
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 1900 || year > 9999) refuse(field, `${value} is not a date and time, e.g. 2025-01-31T18:04:05Z.`);
  return at;
}

async function exists(db: Queryable, table: string, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}

async function tierPrice(db: Queryable, field: string, id: number): Promise<number> {
  const { rows } = await db.query<{ price_cents: number }>('SELECT price_cents FROM pricing_tiers WHERE id = $1', [id]);
  if (!rows[0]) refuse(field, `there is no price tier ${id}.`);
  return rows[0].price_cents;
}

interface ResolvedVariant {
  id?: number | undefined;
  type: 'Digital' | 'Print';
  enabled: boolean;
  priceType: PriceType;
  priceCents: number;
  priceSet: boolean;
  usingDefaultPrice: boolean;
  priceTierId: number | null;
  currency: string;
  scheduleDate: Date | null;
  isPreOrder: boolean;
  cartLimit: number | null;
  stock: NonNullable<ProductVariant['stockInfo']> | null;
  expectedDelay: string | null;
}

/** What a save body means once every reference is checked; refuses the first bad field. */
interface ResolvedProduct {
  input: ProductSave;
  type: ProductType;
  category: ProductCategory;
  readableUrl: string | null;
  releaseDate: string | null;
  priceable: { type: PriceType; price: number; tierId: number | null };
  variants: ResolvedVariant[];
}

async function resolveSave(db: Queryable, input: ProductSave, productId: number | undefined): Promise<ResolvedProduct> {
  const type = input.subCategory as ProductType;
  const kind = contentKindOfProductType(type);
  if (kind !== input.category) refuse('subCategory', `${input.subCategory} is a ${kind} type, not a ${input.category} one.`);
  let readableUrl = input.readableUrl?.trim() || null;
  if (readableUrl !== null) {
    readableUrl = readableUrl.toLowerCase();
    if (!isValidReadableUrl(readableUrl)) refuse('readableUrl', READABLE_URL_DIGITS_ONLY_MESSAGE);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(readableUrl)) refuse('readableUrl', 'use lower-case letters, digits and single hyphens, e.g. harbor-lights-vol-1.');
    const taken = await db.query<{ id: string }>('SELECT id FROM products WHERE readable_url = $1 AND id IS DISTINCT FROM $2', [readableUrl, productId ?? null]);
    if (taken.rows[0]) refuse('readableUrl', `${readableUrl} is already the readable URL of product ${taken.rows[0].id}.`);
  }
  if (input.seriesId != null && !(await exists(db, 'series', input.seriesId))) refuse('seriesId', `there is no series ${input.seriesId}.`);
  if (input.publisherId != null && !(await exists(db, 'publishers', input.publisherId))) refuse('publisherId', `there is no publisher ${input.publisherId}.`);
  if (input.imprintId != null) {
    const imprint = await db.query<{ publisher_id: string }>('SELECT publisher_id FROM imprints WHERE id = $1', [input.imprintId]);
    if (!imprint.rows[0]) refuse('imprintId', `there is no imprint ${input.imprintId}.`);
    if (input.publisherId != null && Number(imprint.rows[0].publisher_id) !== input.publisherId) refuse('imprintId', `imprint ${input.imprintId} is not one of publisher ${input.publisherId}'s.`);
  }
  for (const [index, tag] of (input.ipTags ?? []).entries()) {
    if (!(await exists(db, 'ip_tags', tag.id))) refuse(`ipTags[${index}].id`, `there is no ipTag ${tag.id}.`);
  }
  const credits = new Set<string>();
  for (const [index, credit] of (input.creators ?? []).entries()) {
    if (!(await exists(db, 'creators', credit.creator.id))) refuse(`creators[${index}].creator.id`, `there is no creator ${credit.creator.id}.`);
    const key = `${credit.creator.id}\u0000${credit.title.trim()}`;
    if (credits.has(key)) refuse(`creators[${index}]`, `creator ${credit.creator.id} is credited as ${credit.title} twice.`);
    credits.add(key);
  }
  for (const field of ['isbn', 'eisbn'] as const) {
    const value = input[field];
    if (value && !ISBN.test(value.trim())) refuse(field, `${value} is not an ISBN (10 or 13 digits, hyphens allowed).`);
  }
  const releaseDate = readDay('releaseDate', input.releaseDate);
  const priceTierId = input.priceable?.priceTierId ?? null;
  const priceable = {
    type: (input.priceable?.type ?? input.variants?.[0]?.priceType ?? 'Paid') as PriceType,
    price: priceTierId !== null ? await tierPrice(db, 'priceable.priceTierId', priceTierId) : (input.priceable?.price ?? 0),
    tierId: priceTierId,
  };
  const existing = productId === undefined ? [] : (await db.query<{ id: string; type: string }>('SELECT id, type FROM variants WHERE product_id = $1', [productId])).rows;
  const types = new Set<string>();
  const variants: ResolvedVariant[] = [];
  for (const [index, variant] of (input.variants ?? []).entries()) {
    variants.push(await resolveVariant(db, variant, `variants[${index}]`, { types, existing, priceable }));
  }
  return { input, type, category: input.category, readableUrl, releaseDate, priceable, variants };
}

async function resolveVariant(
  db: Queryable,
  variant: ProductVariantInput,
  field: string,
  context: { types: Set<string>; existing: Array<{ id: string; type: string }>; priceable: { price: number } },
): Promise<ResolvedVariant> {
  if (context.types.has(variant.type)) refuse(`${field}.type`, `a product has one ${variant.type} variant at most.`);
  context.types.add(variant.type);
  if (variant.id !== undefined) {
    const mine = context.existing.find((row) => Number(row.id) === variant.id);
    if (!mine) refuse(`${field}.id`, `variant ${variant.id} is not one of this product's.`);
    if (mine.type !== variant.type) refuse(`${field}.type`, `variant ${variant.id} is ${mine.type}; a variant's type cannot change.`);
  }
  if (variant.type === 'Digital' && variant.stockInfo) refuse(`${field}.stockInfo`, 'only a Print variant has stock information.');
  const tierId = variant.priceTierId ?? null;
  const tier = tierId === null ? null : await tierPrice(db, `${field}.priceTierId`, tierId);
  const usingDefaultPrice = variant.usingDefaultPrice ?? false;
  const own = variant.price ?? null;
  const priceCents = usingDefaultPrice ? (tier ?? context.priceable.price) : (own ?? 0);
  const stock = variant.stockInfo ?? null;
  if (stock) readDay(`${field}.stockInfo.delayedUntilDate`, stock.delayedUntilDate);
  return {
    id: variant.id,
    type: variant.type,
    enabled: variant.enabled,
    priceType: variant.priceType,
    priceCents,
    priceSet: usingDefaultPrice || own !== null,
    usingDefaultPrice,
    priceTierId: tierId,
    currency: variant.currency ?? 'USD',
    scheduleDate: readInstant(`${field}.scheduleDate`, variant.scheduleDate),
    isPreOrder: variant.isPreOrder ?? false,
    cartLimit: variant.cartLimit ?? null,
    stock,
    expectedDelay: variant.expectedDelay?.trim() || null,
  };
}

/** Spec §5 problems of a stored product (what publishing it would be refused for). */
export function publishProblemsOf(product: DashboardProduct, now: Date): Problem[] {
  return productPublishProblems(
    {
      name: product.name,
      description: product.description,
      category: product.category,
      type: product.subCategory as ProductType,
      readableUrl: product.readableUrl,
      hasSeries: product.series !== null,
      ingestCompleted: product.downloadable?.ingestCompleted ?? false,
      issueNumber: product.issueNumber,
      variants: product.variants.map((variant) => ({
        type: variant.type,
        enabled: variant.enabled,
        priceType: variant.priceType,
        priceCents: variant.price,
        usingDefaultPrice: variant.pricingInfo.usingDefaultPrice,
        description: variant.stockInfo?.description,
        stock: variant.stockInfo
          ? {
              weight: variant.stockInfo.weight ?? undefined,
              height: variant.stockInfo.height ?? undefined,
              width: variant.stockInfo.width ?? undefined,
              length: variant.stockInfo.length ?? undefined,
              delayExpected: variant.stockInfo.delayExpected,
              delayedUntilDate: variant.stockInfo.delayedUntilDate ?? undefined,
              delayMessage: variant.stockInfo.delayMessage ?? undefined,
            }
          : undefined,
      })),
    },
    now,
  );
}

/** Spec §5 book-density warnings of the product's Print variants. */
export function densityWarnings(product: DashboardProduct): string[] {
  return product.variants.flatMap((variant) => (variant.type === 'Print' ? [bookDensityWarning(variant.stockInfo)].filter((text): text is string => text !== undefined) : []));
}

function refusePublishProblems(problems: Problem[], warnings: string[]): void {
  if (problems.length > 0) throw new BadRequestError(`This product cannot be published: ${problems.map((item) => item.message).join(' ')}`, { problems, warnings });
}

/** The fields an audit entry compares (everything the editor shows but the timestamps). */
function auditable(product: DashboardProduct | undefined): Record<string, unknown> {
  if (!product) return {};
  const { createdAt: _created, updatedAt: _updated, ...fields } = product;
  return fields;
}

/**
 * Creates (id undefined) or alters a product from the editor's save body. A product saved while
 * published or scheduled must still meet the publish rules (the storefront shows it); a Draft may be
 * incomplete. Answers the stored product and its density warnings.
 */
export async function saveProduct(
  { tx, outbox }: CatalogueChange,
  actor: StaffActor,
  input: ProductSave,
  productId: number | undefined,
  now = new Date(),
): Promise<{ product: DashboardProduct; warnings: string[] }> {
  let before: DashboardProduct | undefined;
  if (productId !== undefined) {
    const locked = await tx.query<{ updated_at: Date }>('SELECT updated_at FROM products WHERE id = $1 FOR UPDATE', [productId]);
    if (!locked.rows[0]) throw new NotFoundError();
    if (input.expectedUpdatedAt !== undefined && new Date(input.expectedUpdatedAt).getTime() !== locked.rows[0].updated_at.getTime()) {
      throw new ConflictError('This product was changed by someone else since it was loaded (expectedUpdatedAt); reload it and save again.');
    }
    before = await loadDashboardProduct(tx, productId);
  }
  const resolved = await resolveSave(tx, input, productId);
  const publication = resolved.category === 'Publication';
  const keep = <K extends keyof ProductSave, V>(key: K, fallback: V): ProductSave[K] | V => (input[key] !== undefined ? input[key] : fallback);
  const values = [
    input.name.trim(),
    keep('displayName', before?.displayName ?? null),
    keep('description', before?.description ?? ''),
    keep('metaDescription', before?.metaDescription ?? null),
    contentKindCode(resolved.category),
    PRODUCT_TYPE_CODES[resolved.type],
    input.readableUrl !== undefined ? resolved.readableUrl : (before?.readableUrl ?? null),
    keep('unlisted', before?.unlisted ?? false),
    keep('seriesId', before?.series?.id ?? null),
    keep('volumeNumber', before?.volumeNumber ?? null),
    keep('chapterNumber', before?.chapterNumber ?? null),
    keep('issueNumber', before?.issueNumber ?? null),
    keep('relativeName', before?.relativeName ?? null),
    keep('subtitle', before?.subtitle ?? null),
    keep('pageCount', before?.pageCount ?? 0),
    publication ? (input.ageRestrictable?.ageRating ?? before?.ageRestrictable?.ageRating ?? 'e') : 'e',
    publication ? (input.geoRestrictable?.restrictedTerritories.map((code) => code.toUpperCase()) ?? before?.geoRestrictable?.restrictedTerritories ?? []) : [],
    publication ? (input.downloadable?.reverseReadOrder ?? before?.downloadable?.reverseReadOrder ?? false) : false,
    keep('publisherId', before?.publisherId ?? null),
    keep('imprintId', before?.imprintId ?? null),
    JSON.stringify(keep('externalLinks', before?.externalLinks ?? [])),
    keep('isbn', before?.isbn ?? null),
    keep('eisbn', before?.eisbn ?? null),
    keep('trim', before?.trim ?? null),
    keep('signed', before?.signed ?? false),
    keep('remarqued', before?.remarqued ?? false),
    keep('illustrationColorTypeId', before?.illustrationColorTypeId ?? null),
    keep('coverTypeId', before?.coverTypeId ?? null),
    keep('readingLevelId', before?.readingLevelId ?? null),
    keep('publishToApple', before?.publishToApple ?? false),
    keep('publishToAndroid', before?.publishToAndroid ?? false),
    keep('publishToWeb', before?.publishToWeb ?? true),
    JSON.stringify(keep('chapters', before?.chapters ?? [])),
    JSON.stringify(keep('assetLinkGroups', before?.assetLinkGroups ?? [])),
    input.defaultThumbnail !== undefined ? (input.defaultThumbnail === null ? null : JSON.stringify(input.defaultThumbnail)) : before?.defaultThumbnail ? JSON.stringify(before.defaultThumbnail) : null,
    input.releaseDate !== undefined ? resolved.releaseDate : (before?.releaseDate ?? null),
    input.priceable !== undefined || !before ? resolved.priceable.type : before.priceable?.type ?? 'Paid',
    input.priceable !== undefined || !before ? resolved.priceable.price : before.priceable?.price ?? 0,
    input.priceable !== undefined || !before ? resolved.priceable.tierId : before.priceable?.priceTierId ?? null,
  ];
  const columns = `name, display_name, description, meta_description, category, sub_category, readable_url, unlisted, series_id, volume_number,
    chapter_number, issue_number, relative_name, subtitle, page_count, age_rating, restricted_territories, reverse_read_order, publisher_id,
    imprint_id, external_links, isbn, eisbn, trim_size, signed, remarqued, illustration_color_type_id, cover_type_id, reading_level_id,
    publish_to_apple, publish_to_android, publish_to_web, chapters, asset_link_groups, default_thumbnail, release_date, price_type, price_cents,
    price_tier_id`;
  let id: number;
  if (productId === undefined) {
    const placeholders = values.map((_, index) => `$${index + 1}`).join(', ');
    const { rows } = await tx.query<{ id: string }>(`INSERT INTO products (${columns}, status) VALUES (${placeholders}, ${PUBLISH_STATUS_CODES.Draft}) RETURNING id`, values);
    id = Number(rows[0]!.id);
  } else {
    id = productId;
    const assignments = columns.split(',').map((column, index) => `${column.trim()} = $${index + 2}`).join(', ');
    await tx.query(`UPDATE products SET ${assignments}, updated_at = clock_timestamp() WHERE id = $1`, [id, ...values]);
  }
  if (input.variants !== undefined) await writeVariants(tx, id, resolved.variants);
  if (input.creators !== undefined) {
    await tx.query('DELETE FROM product_creators WHERE product_id = $1', [id]);
    for (const credit of input.creators) {
      await tx.query('INSERT INTO product_creators (product_id, creator_id, title, ordinal, hidden) VALUES ($1, $2, $3, $4, $5)', [id, credit.creator.id, credit.title.trim(), credit.ordinal, credit.hidden]);
    }
  }
  if (input.ipTags !== undefined) {
    await tx.query('DELETE FROM product_ip_tags WHERE product_id = $1', [id]);
    await tx.query('INSERT INTO product_ip_tags (product_id, ip_tag_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [id, input.ipTags.map((tag) => tag.id)]);
  }
  const product = (await loadDashboardProduct(tx, id))!;
  const warnings = densityWarnings(product);
  if (before && before.status !== 'Draft' && before.status !== 'Removed') {
    // The storefront shows (or will show) what is saved: it must stay publishable.
    refusePublishProblems(publishProblemsOf(product, now), warnings);
  }
  const type = productId === undefined ? EVENTS.productCreated.type : EVENTS.productChanged.type;
  await outbox.add(tx, { type, key: String(id), data: { productId: String(id) } });
  await recordAudit(tx, { entity: 'product', entityId: id, action: productId === undefined ? 'created' : 'altered', actor, changes: fieldChanges(auditable(before), auditable(product)) });
  return { product, warnings };
}

async function writeVariants(tx: Queryable, productId: number, variants: ResolvedVariant[]): Promise<void> {
  // Variants left out of the body go; a variant in carts or orders is referenced by id elsewhere, so
  // a kept one is updated in place rather than replaced.
  await tx.query('DELETE FROM variants WHERE product_id = $1 AND NOT (type = ANY($2::text[]))', [productId, variants.map((variant) => variant.type)]);
  for (const variant of variants) {
    await tx.query(
      `INSERT INTO variants (product_id, type, enabled, price_type, price_cents, price_set, using_default_price, price_tier_id, currency, schedule_date,
                             is_pre_order, cart_limit, stock_info, expected_delay)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (product_id, type) DO UPDATE SET enabled = EXCLUDED.enabled, price_type = EXCLUDED.price_type, price_cents = EXCLUDED.price_cents,
         price_set = EXCLUDED.price_set, using_default_price = EXCLUDED.using_default_price, price_tier_id = EXCLUDED.price_tier_id,
         currency = EXCLUDED.currency, schedule_date = EXCLUDED.schedule_date, is_pre_order = EXCLUDED.is_pre_order, cart_limit = EXCLUDED.cart_limit,
         stock_info = EXCLUDED.stock_info, expected_delay = EXCLUDED.expected_delay`,
      [
        productId, variant.type, variant.enabled, variant.priceType, variant.priceCents, variant.priceSet, variant.usingDefaultPrice, variant.priceTierId,
        variant.currency, variant.scheduleDate, variant.isPreOrder, variant.cartLimit, variant.stock ? JSON.stringify(variant.stock) : null, variant.expectedDelay,
      ],
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Status changes (spec §4)

export type StatusRequest =
  | { action: 'publish' }
  | { action: 'schedule'; status: 'Scheduled' | 'ScheduledPreOrder' | 'ScheduledComingSoon'; publishDate: Date }
  | { action: 'unpublish' }
  | { action: 'remove' }
  | { action: 'restore' };

const TARGET: Record<Exclude<StatusRequest['action'], 'schedule'>, PublishStatusName> = { publish: 'Published', unpublish: 'Draft', remove: 'Removed', restore: 'Draft' };

const EVENT_OF = {
  publish: EVENTS.productPublished.type,
  schedule: EVENTS.productChanged.type,
  unpublish: EVENTS.productUnpublished.type,
  remove: EVENTS.productRemoved.type,
  restore: EVENTS.productChanged.type,
} as const;

const AUDIT_ACTION = { publish: 'published', schedule: 'scheduled', unpublish: 'unpublished', remove: 'removed', restore: 'restored' } as const;

/**
 * Moves a product between statuses as spec §4 allows. Publishing and scheduling check the §5 rules
 * and refuse with every problem found; the answer carries the density warnings as advice.
 */
export async function changeProductStatus(
  { tx, outbox }: CatalogueChange,
  actor: StaffActor,
  id: number,
  request: StatusRequest,
  now = new Date(),
): Promise<ProductStatusChange & { warnings: string[] }> {
  const locked = await tx.query<{ status: number; publish_date: Date | null }>('SELECT status, publish_date FROM products WHERE id = $1 FOR UPDATE', [id]);
  const row = locked.rows[0];
  if (!row) throw new NotFoundError();
  const from = statusName(row.status);
  const to = request.action === 'schedule' ? request.status : TARGET[request.action];
  const allowed = publishActionFor(from, to);
  // Re-scheduling to the same status with a new date is a schedule too (spec §4: the date differs).
  const sameSchedule = request.action === 'schedule' && from === to;
  if (!sameSchedule && allowed !== request.action) {
    throw new BadRequestError(`status: a ${from} product cannot be ${AUDIT_ACTION[request.action]}${request.action === 'schedule' ? ` as ${to}` : ''}.`);
  }
  const product = (await loadDashboardProduct(tx, id))!;
  const warnings = densityWarnings(product);
  if (request.action === 'publish' || request.action === 'schedule') refusePublishProblems(publishProblemsOf(product, now), warnings);
  const publishDate =
    request.action === 'schedule' ? request.publishDate : request.action === 'publish' ? (row.publish_date && row.publish_date <= now ? row.publish_date : now) : row.publish_date;
  await tx.query('UPDATE products SET status = $2, publish_date = $3, updated_at = clock_timestamp() WHERE id = $1', [id, PUBLISH_STATUS_CODES[to], publishDate]);
  await outbox.add(tx, { type: EVENT_OF[request.action], key: String(id), data: { productId: String(id) } });
  await recordAudit(tx, {
    entity: 'product',
    entityId: id,
    action: AUDIT_ACTION[request.action],
    actor,
    changes: fieldChanges({ status: from, publishDate: iso(row.publish_date) }, { status: to, publishDate: iso(publishDate) }),
  });
  return { id, status: to, publishDate: iso(publishDate), warnings };
}
