import {
  canBuy,
  digitalPurchaseAllowed,
  isFreePriceType,
  isPriceType,
  productTypeFromCode,
  publishStatusFromCode,
  readingAccessReason,
  type PriceType,
} from './index';
import type { ProductRecord, SeriesRecord, VariantRecord } from '../store/records';
import type { Visitor } from './visitor';
import type {
  CreatorCreditView,
  ProductCardView,
  ProductView,
  SeriesCardView,
  SeriesRefView,
  SeriesView,
  ThumbnailView,
  VariantView,
} from '@inkwell/contracts/catalog';

const CONTENT_KINDS = ['Publication', 'Game', 'Merchandise', 'Bundle'];

function priceTypeOf(value: string): PriceType {
  // The database only ever holds declared price types; anything else is treated as not for sale.
  return isPriceType(value) ? value : 'NotForSale';
}

/** The price type that decides reading access: the Digital variant's, else the first variant's. */
export function readingPriceType(record: Pick<ProductRecord, 'variants'>): PriceType {
  const digital = record.variants.find((variant) => variant.type === 'Digital' && variant.enabled) ?? record.variants[0];
  return digital ? priceTypeOf(digital.priceType) : 'NotForSale';
}

function variantView(variant: VariantRecord, visitor: Visitor, owns: boolean): VariantView {
  const priceType = priceTypeOf(variant.priceType);
  const isOnSale = variant.saleCents !== null && variant.saleCents < variant.priceCents;
  const regionAllows = variant.type !== 'Digital' || digitalPurchaseAllowed(visitor.country);
  const ownsDigital = owns && variant.type === 'Digital';
  return {
    id: variant.id,
    type: variant.type,
    enabled: variant.enabled,
    priceType,
    price: isOnSale ? variant.saleCents! : variant.priceCents,
    fullPrice: variant.priceCents,
    isOnSale,
    currency: variant.currency,
    scheduleDate: variant.scheduleDate,
    isPreOrder: variant.isPreOrder,
    cartLimit: variant.cartLimit,
    purchasable: variant.enabled && regionAllows && (variant.type === 'Print' ? priceType !== 'NotForSale' && priceType !== 'SubscriptionOnly' : canBuy({ priceType, signedIn: visitor.signedIn, owns: ownsDigital })),
    stockInfo: variant.stockInfo
      ? {
          delayExpected: variant.stockInfo.delayExpected ?? false,
          ...(variant.stockInfo.delayMessage ? { delayMessage: variant.stockInfo.delayMessage } : {}),
          ...(variant.stockInfo.delayedUntilDate ? { delayedUntilDate: variant.stockInfo.delayedUntilDate } : {}),
        }
      : null,
  };
}

function seriesRef(record: ProductRecord): SeriesRefView | null {
  if (record.series_id === null) return null;
  return { id: record.series_id, title: record.series_title ?? '', readableUrl: record.series_readable_url, color: record.series_color };
}

function credits(records: ProductRecord['creators']): CreatorCreditView[] {
  return records.filter((credit) => !credit.hidden).map((credit) => ({
    ordinal: credit.ordinal,
    hidden: credit.hidden,
    title: credit.title,
    creator: { id: credit.creatorId, name: credit.name },
  }));
}

export function coverThumbnails(thumbnails: Array<ThumbnailView & { role?: string }>, role = 'cover'): ThumbnailView[] {
  return thumbnails.filter((thumbnail) => (thumbnail.role ?? 'cover') === role).map(({ role: _role, ...thumbnail }) => thumbnail);
}

export function productCard(record: ProductRecord, visitor: Visitor, owns = false): ProductCardView {
  const variants = record.variants.filter((variant) => variant.enabled).map((variant) => variantView(variant, visitor, owns));
  const forSale = variants.filter((variant) => variant.purchasable);
  return {
    id: record.id,
    kind: 'product',
    name: record.name,
    displayName: record.display_name,
    readableUrl: record.readable_url,
    category: CONTENT_KINDS[record.category] ?? 'Publication',
    subCategory: productTypeFromCode(record.sub_category) ?? 'Other',
    subCategoryId: record.sub_category,
    volumeNumber: record.volume_number,
    chapterNumber: record.chapter_number,
    relativeName: record.relative_name,
    publishDate: record.publish_date?.toISOString() ?? null,
    ageRating: record.age_rating,
    thumbnails: coverThumbnails(record.thumbnails),
    series: seriesRef(record),
    variants,
    fromPrice: forSale.length > 0 ? Math.min(...forSale.map((variant) => variant.price)) : null,
    isOnSale: variants.some((variant) => variant.isOnSale),
    isFree: isFreePriceType(readingPriceType(record)),
    isPreOrder: variants.some((variant) => variant.isPreOrder),
  };
}

export function productView(record: ProductRecord, visitor: Visitor, owns = false): ProductView {
  const card = productCard(record, visitor, owns);
  const priceType = readingPriceType(record);
  const access = readingAccessReason({ priceType, signedIn: visitor.signedIn, owns });
  const digital = record.variants.find((variant) => variant.type === 'Digital');
  return {
    ...card,
    description: record.description,
    metaDescription: record.meta_description,
    status: publishStatusFromCode(record.status) ?? 'Draft',
    unlisted: record.unlisted,
    creators: credits(record.creators),
    ipTags: record.ip_tags,
    externalLinks: record.external_links,
    readable: {
      series: card.series,
      issueNumber: record.issue_number,
      pageCount: record.page_count,
      readingProgress: null,
      isOwned: owns,
      releaseDate: card.publishDate,
      seriesReadableUrl: record.series_readable_url,
    },
    priceable: { type: priceType, price: digital?.priceCents ?? 0 },
    ageRestrictable: { ageRating: record.age_rating },
    geoRestrictable: { restrictedTerritories: record.restricted_territories },
    downloadable: { ingestCompleted: record.ingest_completed, reverseReadOrder: record.reverse_read_order },
    readingAccess: { canRead: access.allowed, reason: access.reason },
  };
}

export function seriesCard(record: SeriesRecord): SeriesCardView {
  return {
    id: record.id,
    kind: 'series',
    title: record.title,
    readableUrl: record.readable_url,
    color: record.color,
    ageRating: record.age_rating,
    completionStatus: record.completion_status,
    thumbnails: coverThumbnails(record.thumbnails),
    genres: record.genres,
    volumeCount: record.volume_count,
    chapterCount: record.chapter_count,
  };
}

export function seriesView(record: SeriesRecord): SeriesView {
  return {
    ...seriesCard(record),
    description: record.description,
    metaDescription: record.meta_description,
    originalLanguageTitle: record.original_language_title,
    romanizedTitle: record.romanized_title,
    altTitles: record.alt_titles,
    defaultCreators: credits(record.creators),
    restrictedTerritories: record.restricted_territories,
    unlisted: record.unlisted,
    relativeNameSetting: record.relative_name_setting,
    rightToLeft: record.right_to_left,
    publisher: record.publisher_id !== null ? { id: record.publisher_id, name: record.publisher_name ?? '' } : null,
    heroThumbnails: coverThumbnails(record.thumbnails, 'hero'),
    externalLinks: record.external_links,
  };
}
