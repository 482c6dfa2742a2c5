import type { CatalogParcel, CatalogService, CatalogVariant, ProductSummary, Queryable, ServiceHandlers } from '@inkwell/platform';
import { BadRequestError } from '@inkwell/platform';
import { contentKindFromCode, effectiveRestrictedTerritories, parseIdOrReadableUrl, productTypeFromCode, publishStatusFromCode } from '../domain';
import { loadProducts, type ProductRecord, type VariantRecord } from '../store/records';
import { CHAPTER_TYPE_CODE } from '../store/visibility';
import { coverThumbnails, readingPriceType } from '../domain/views';
import { tooManyProductsMessage } from '../domain/messages';

/** One call may ask this many products (ids and readable urls together). */
export const MAX_PRODUCTS_PER_CALL = 1000;

/** Ids as the proto sends them (decimal strings); anything else names no product. */
function numericIds(values: readonly string[]): number[] {
  return values.flatMap((value) => {
    const key = parseIdOrReadableUrl(value);
    return key?.kind === 'id' ? [key.id] : [];
  });
}

async function idsOfReadableUrls(db: Queryable, urls: readonly string[]): Promise<number[]> {
  const wanted = urls.flatMap((url) => {
    const key = parseIdOrReadableUrl(url);
    return key?.kind === 'url' ? [key.readableUrl] : [];
  });
  if (wanted.length === 0) return [];
  const { rows } = await db.query<{ id: number; readable_url: string }>('SELECT id, readable_url FROM products WHERE readable_url = ANY($1::text[])', [wanted]);
  const byUrl = new Map(rows.map((row) => [row.readable_url, row.id]));
  return wanted.flatMap((url) => byUrl.get(url) ?? []);
}

function variantSummary(variant: VariantRecord): CatalogVariant {
  const onSale = variant.saleCents !== null && variant.saleCents < variant.priceCents;
  return {
    id: String(variant.id),
    type: variant.type,
    priceType: variant.priceType,
    priceCents: String(onSale ? variant.saleCents : variant.priceCents),
    currency: variant.currency,
    cartLimit: variant.cartLimit ?? 0,
    scheduleDate: variant.scheduleDate ? new Date(variant.scheduleDate).toISOString() : '',
    isPreOrder: variant.isPreOrder,
    fullPriceCents: String(variant.priceCents),
    isOnSale: onSale,
    parcel: parcelOf(variant),
  };
}

const positive = (size: number | undefined): size is number => typeof size === 'number' && Number.isFinite(size) && size > 0;

/** A Print variant's parcel when its stock information gives a weight and all three dimensions. */
function parcelOf(variant: VariantRecord): CatalogParcel | null {
  const stock = variant.stockInfo;
  if (variant.type !== 'Print' || !stock) return null;
  const { weight, height, width, length } = stock;
  if (!positive(weight) || !positive(height) || !positive(width) || !positive(length)) return null;
  return { weightLb: weight, heightIn: height, widthIn: width, lengthIn: length };
}

function statusName(code: number | null): string {
  return code === null ? '' : (publishStatusFromCode(code) ?? '');
}

export function productSummary(record: ProductRecord): ProductSummary {
  const cover = coverThumbnails(record.thumbnails).reduce<{ url: string; width: number } | undefined>((widest, thumbnail) => (!widest || thumbnail.width > widest.width ? thumbnail : widest), undefined);
  return {
    id: String(record.id),
    name: record.name,
    readableUrl: record.readable_url ?? '',
    seriesId: record.series_id === null ? '' : String(record.series_id),
    category: contentKindFromCode(record.category) ?? 'Publication',
    thumbnailUrl: cover?.url ?? '',
    variants: record.variants.filter((variant) => variant.enabled).map(variantSummary),
    ageRating: record.age_rating,
    restrictedTerritories: effectiveRestrictedTerritories(record.restricted_territories, record.series_restricted_territories ?? []),
    status: statusName(record.status),
    subCategory: productTypeFromCode(record.sub_category) ?? '',
    seriesTitle: record.series_title ?? '',
    seriesReadableUrl: record.series_readable_url ?? '',
    seriesStatus: statusName(record.series_status),
    volumeNumber: record.volume_number === null ? null : { value: record.volume_number },
    chapterNumber: record.chapter_number === null ? null : { value: record.chapter_number },
    pageCount: record.page_count,
    reverseReadOrder: record.reverse_read_order,
    publishDate: record.publish_date?.toISOString() ?? '',
    readingPriceType: readingPriceType(record),
  };
}

/**
 * The catalog's gRPC answers (proto/inkwell/catalog/v1/catalog.proto): product facts for cart,
 * order and reader, whatever the products' status, so each caller applies its own rules.
 */
export function catalogHandlers(db: Queryable): ServiceHandlers<CatalogService> {
  return {
    async getProducts(request) {
      const asked = request.ids.length + (request.readableUrls?.length ?? 0);
      if (asked > MAX_PRODUCTS_PER_CALL) throw new BadRequestError(tooManyProductsMessage(MAX_PRODUCTS_PER_CALL, asked));
      const ids = [...new Set([...numericIds(request.ids), ...(await idsOfReadableUrls(db, request.readableUrls ?? []))])];
      const records = await loadProducts(db, ids);
      return { products: records.map(productSummary) };
    },
    async getSeriesProducts(request) {
      const [seriesId] = numericIds([request.seriesId]);
      if (seriesId === undefined) return { products: [] };
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM products WHERE series_id = $1
          ORDER BY (sub_category = ${CHAPTER_TYPE_CODE}), volume_number NULLS LAST, chapter_number NULLS LAST, publish_date NULLS LAST, id`,
        [seriesId],
      );
      const records = await loadProducts(db, rows.map((row) => row.id));
      return { products: records.map(productSummary) };
    },
  };
}
