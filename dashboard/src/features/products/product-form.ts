/**
 * The product editor's form: what staff edit (prices in dollars, every variant present) and how it
 * is read from and written to the staff API (prices in cents, spec §9). Pure, so the mapping is
 * tested without a browser.
 */
import { MAX_READABLE_URL_LENGTH, toCents } from '@inkwell/contracts/catalog-rules';
import {
  DASHBOARD_PRICE_TYPES,
  PRODUCT_CATEGORIES,
  PRODUCT_SUB_CATEGORIES,
  ProductSaveSchema,
  ProductVariantInputSchema,
  StockInfoSchema,
  type DashboardProduct,
  type ProductCategory,
  type ProductSave,
  type ProductSubCategory,
  type ProductVariant,
  type ProductVariantInput,
} from '@inkwell/contracts/dashboard-products';
import type { CreatorFormValues } from '@/components/editor/creators-section';
import { limitOf, maxAmountOf } from '@/lib/limits';

export type PriceTypeName = (typeof DASHBOARD_PRICE_TYPES)[number];
export type VariantType = 'Digital' | 'Print';
export type AgeRatingCode = 'e' | 'e7' | 'pg' | 't' | 'm';

export const VARIANT_TYPES: readonly VariantType[] = ['Digital', 'Print'];

const save = ProductSaveSchema.properties;
const variant = ProductVariantInputSchema.properties;
const stock = StockInfoSchema.properties;

/** What the form checks before saving: the save body's limits (prices in dollars, as staff type them). */
export const PRODUCT_LIMITS = {
  name: limitOf(save.name, 'maxLength'),
  displayName: limitOf(save.displayName, 'maxLength'),
  subtitle: limitOf(save.subtitle, 'maxLength'),
  relativeName: limitOf(save.relativeName, 'maxLength'),
  readableUrl: MAX_READABLE_URL_LENGTH,
  description: limitOf(save.description, 'maxLength'),
  metaDescription: limitOf(save.metaDescription, 'maxLength'),
  trim: limitOf(save.trim, 'maxLength'),
  /** Illustration colour, cover type and reading level codes. */
  code: { min: limitOf(save.illustrationColorTypeId, 'minimum'), max: limitOf(save.illustrationColorTypeId, 'maximum') },
  price: maxAmountOf(variant.price),
  cartLimit: { min: limitOf(variant.cartLimit, 'minimum'), max: limitOf(variant.cartLimit, 'maximum') },
  expectedDelay: limitOf(variant.expectedDelay, 'maxLength'),
  inventoryId: limitOf(stock.inventoryId, 'maxLength'),
  stockDescription: limitOf(stock.description, 'maxLength'),
  delayMessage: limitOf(stock.delayMessage, 'maxLength'),
  /** Weight, height, length and width alike. */
  dimension: limitOf(stock.weight, 'maximum'),
} as const;

/** Product types by content kind (spec §3 codes: below 1000 publications, 1000s games, 2000s merchandise). */
export const SUB_CATEGORIES_BY_CATEGORY: Readonly<Record<ProductCategory, readonly ProductSubCategory[]>> = {
  Publication: ['Volume', 'SingleIssue', 'Annual', 'BoxSet', 'Omnibus', 'OneShot', 'Book', 'Chapter', 'Episode'],
  Game: ['BoardGame', 'Puzzle', 'TradingCard', 'TarotCard'],
  Merchandise: ['Litho', 'Print', 'Pin', 'Key', 'Apparel', 'FunPack', 'Other'],
};

export interface StockFormValues {
  weight: number | null;
  height: number | null;
  width: number | null;
  length: number | null;
  inventoryId: string;
  description: string;
  delayExpected: boolean;
  /** YYYY-MM-DD. */
  delayedUntilDate: string | null;
  delayMessage: string;
}

export interface VariantFormValues {
  id: number | undefined;
  /** Whether the product has this variant at all; an absent one is not sent. */
  present: boolean;
  type: VariantType;
  enabled: boolean;
  priceType: PriceTypeName;
  /** In dollars as staff type it; cents on the wire. */
  price: number | null;
  usingDefaultPrice: boolean;
  priceTierId: number | null;
  currency: string;
  /** ISO instant. */
  scheduleDate: string | null;
  isPreOrder: boolean;
  cartLimit: number | null;
  expectedDelay: string;
  stock: StockFormValues;
}

export interface LinkFormValues {
  name: string;
  url: string;
}

export interface AssetLinkGroupFormValues {
  name: string;
  links: LinkFormValues[];
}

export interface ChapterFormValues {
  name: string;
  relativeName: string;
  startPage: number | null;
}

export interface ProductFormValues {
  name: string;
  displayName: string;
  subtitle: string;
  relativeName: string;
  category: ProductCategory;
  subCategory: ProductSubCategory;
  seriesId: number | null;
  seriesTitle: string;
  issueNumber: number | null;
  volumeNumber: number | null;
  chapterNumber: number | null;
  readableUrl: string;
  description: string;
  metaDescription: string;
  creators: CreatorFormValues[];
  /** The url of the thumbnail chosen as default, '' for none. */
  defaultThumbnailUrl: string;
  variants: VariantFormValues[];
  ageRating: AgeRatingCode;
  restrictedTerritories: string[];
  ipTagIds: number[];
  imprintId: number | null;
  publishToApple: boolean;
  publishToAndroid: boolean;
  publishToWeb: boolean;
  signed: boolean;
  remarqued: boolean;
  unlisted: boolean;
  trim: string;
  isbn: string;
  eisbn: string;
  /** YYYY-MM-DD. */
  releaseDate: string | null;
  reverseReadOrder: boolean;
  /** Codes of lists the spec does not give (illustration colour, cover type, reading level). */
  illustrationColorTypeId: number | null;
  coverTypeId: number | null;
  readingLevelId: number | null;
  externalLinks: LinkFormValues[];
  /** Staff-only links to source assets (print files, art), in named groups. */
  assetLinkGroups: AssetLinkGroupFormValues[];
  chapters: ChapterFormValues[];
}

const EMPTY_STOCK: StockFormValues = {
  weight: null,
  height: null,
  width: null,
  length: null,
  inventoryId: '',
  description: '',
  delayExpected: false,
  delayedUntilDate: null,
  delayMessage: '',
};

function emptyVariant(type: VariantType): VariantFormValues {
  return {
    id: undefined,
    present: false,
    type,
    enabled: false,
    priceType: type === 'Print' ? 'Print' : 'Paid',
    price: null,
    usingDefaultPrice: false,
    priceTierId: null,
    currency: 'USD',
    scheduleDate: null,
    isPreOrder: false,
    cartLimit: null,
    expectedDelay: '',
    stock: { ...EMPTY_STOCK },
  };
}

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    displayName: '',
    subtitle: '',
    relativeName: '',
    category: 'Publication',
    subCategory: 'Volume',
    seriesId: null,
    seriesTitle: '',
    issueNumber: null,
    volumeNumber: null,
    chapterNumber: null,
    readableUrl: '',
    description: '',
    metaDescription: '',
    creators: [],
    defaultThumbnailUrl: '',
    variants: VARIANT_TYPES.map(emptyVariant),
    ageRating: 'e',
    restrictedTerritories: [],
    ipTagIds: [],
    imprintId: null,
    publishToApple: true,
    publishToAndroid: true,
    publishToWeb: true,
    signed: false,
    remarqued: false,
    unlisted: false,
    trim: '',
    isbn: '',
    eisbn: '',
    releaseDate: null,
    reverseReadOrder: false,
    illustrationColorTypeId: null,
    coverTypeId: null,
    readingLevelId: null,
    externalLinks: [],
    assetLinkGroups: [],
    chapters: [],
  };
}

const dollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);
const cents = (amount: number | null): number | null => (amount === null ? null : toCents(amount));
const text = (value: string | null | undefined): string => value ?? '';
const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
/** A date-time or a date, as the YYYY-MM-DD a day picker holds. */
const day = (value: string | null | undefined): string | null => (value ? value.slice(0, 10) : null);

const AGE_RATING_CODES: readonly AgeRatingCode[] = ['e', 'e7', 'pg', 't', 'm'];

/** `value` when it is one of `names`, else `fallback`: the API's text read as the form's choice. */
function oneOf<T extends string>(names: readonly T[], value: string | null | undefined, fallback: T): T {
  return names.find((name) => name === value) ?? fallback;
}

function variantToForm(variant: ProductVariant): VariantFormValues {
  const stock = variant.stockInfo;
  return {
    id: variant.id,
    present: true,
    type: variant.type,
    enabled: variant.enabled,
    priceType: oneOf(DASHBOARD_PRICE_TYPES, variant.priceType, 'Paid'),
    price: variant.pricingInfo.usingDefaultPrice ? dollars(variant.pricingInfo.price) : dollars(variant.price),
    usingDefaultPrice: variant.pricingInfo.usingDefaultPrice,
    priceTierId: variant.priceTierId,
    currency: variant.currency,
    scheduleDate: variant.scheduleDate,
    isPreOrder: variant.isPreOrder,
    cartLimit: variant.cartLimit,
    expectedDelay: text(variant.expectedDelay),
    stock: stock
      ? {
          weight: stock.weight,
          height: stock.height,
          width: stock.width,
          length: stock.length,
          inventoryId: text(stock.inventoryId),
          description: text(stock.description),
          delayExpected: stock.delayExpected,
          delayedUntilDate: day(stock.delayedUntilDate),
          delayMessage: text(stock.delayMessage),
        }
      : { ...EMPTY_STOCK },
  };
}

export function productToForm(product: DashboardProduct): ProductFormValues {
  return {
    name: product.name,
    displayName: text(product.displayName),
    subtitle: text(product.subtitle),
    relativeName: text(product.relativeName),
    category: oneOf(PRODUCT_CATEGORIES, product.category, 'Publication'),
    subCategory: oneOf(PRODUCT_SUB_CATEGORIES, product.subCategory, 'Volume'),
    seriesId: product.series?.id ?? null,
    seriesTitle: product.series?.title ?? '',
    issueNumber: product.issueNumber,
    volumeNumber: product.volumeNumber,
    chapterNumber: product.chapterNumber,
    readableUrl: text(product.readableUrl),
    description: product.description,
    metaDescription: text(product.metaDescription),
    creators: [...product.creators]
      .sort((a, b) => a.ordinal - b.ordinal)
      .map((credit) => ({ creatorId: credit.creator.id, name: credit.creator.name, title: credit.title, hidden: credit.hidden })),
    defaultThumbnailUrl: product.defaultThumbnail?.url ?? '',
    variants: VARIANT_TYPES.map((type) => {
      const variant = product.variants.find((candidate) => candidate.type === type);
      return variant ? variantToForm(variant) : emptyVariant(type);
    }),
    ageRating: oneOf(AGE_RATING_CODES, product.ageRestrictable?.ageRating, 'e'),
    restrictedTerritories: product.geoRestrictable?.restrictedTerritories ?? [],
    ipTagIds: product.ipTags.map((tag) => tag.id),
    imprintId: product.imprintId,
    publishToApple: product.publishToApple,
    publishToAndroid: product.publishToAndroid,
    publishToWeb: product.publishToWeb,
    signed: product.signed,
    remarqued: product.remarqued,
    unlisted: product.unlisted,
    trim: text(product.trim),
    isbn: text(product.isbn),
    eisbn: text(product.eisbn),
    releaseDate: day(product.releaseDate),
    reverseReadOrder: product.downloadable?.reverseReadOrder ?? false,
    illustrationColorTypeId: product.illustrationColorTypeId,
    coverTypeId: product.coverTypeId,
    readingLevelId: product.readingLevelId,
    externalLinks: product.externalLinks.map((link) => ({ ...link })),
    assetLinkGroups: product.assetLinkGroups.map((group) => ({ name: group.name, links: group.links.map((link) => ({ ...link })) })),
    chapters: product.chapters.map((chapter) => ({ name: chapter.name, relativeName: text(chapter.relativeName), startPage: chapter.startPage ?? null })),
  };
}

function cleanLinks(links: readonly LinkFormValues[]): LinkFormValues[] {
  return links.filter((link) => link.url.trim() !== '').map((link) => ({ name: link.name.trim(), url: link.url.trim() }));
}

function variantToSave(variant: VariantFormValues): ProductVariantInput {
  const print = variant.type === 'Print';
  const stock = variant.stock;
  return {
    id: variant.id,
    type: variant.type,
    enabled: variant.enabled,
    priceType: variant.priceType,
    price: variant.usingDefaultPrice ? null : cents(variant.price),
    usingDefaultPrice: variant.usingDefaultPrice,
    priceTierId: variant.priceTierId,
    currency: variant.currency,
    scheduleDate: variant.scheduleDate,
    isPreOrder: variant.isPreOrder,
    cartLimit: variant.cartLimit,
    expectedDelay: orNull(variant.expectedDelay),
    stockInfo: print
      ? {
          weight: stock.weight,
          height: stock.height,
          width: stock.width,
          length: stock.length,
          inventoryId: orNull(stock.inventoryId),
          description: orNull(stock.description),
          delayExpected: stock.delayExpected,
          delayedUntilDate: stock.delayExpected ? stock.delayedUntilDate : null,
          delayMessage: stock.delayExpected ? orNull(stock.delayMessage) : null,
        }
      : null,
  };
}

/**
 * The save body. Parts a category does not have (spec §3: Game and Merchandise are only priceable)
 * are left out; `thumbnails` of the product are the ingestion's, only the default is chosen here.
 */
export function formToSave(
  values: ProductFormValues,
  original: Pick<DashboardProduct, 'id' | 'updatedAt' | 'thumbnails'> | undefined,
): ProductSave {
  const publication = values.category === 'Publication';
  const defaultThumbnail = original?.thumbnails.find((thumbnail) => thumbnail.url === values.defaultThumbnailUrl) ?? null;
  return {
    id: original?.id,
    expectedUpdatedAt: original?.updatedAt,
    name: values.name.trim(),
    displayName: orNull(values.displayName),
    subtitle: orNull(values.subtitle),
    relativeName: orNull(values.relativeName),
    category: values.category,
    subCategory: values.subCategory,
    seriesId: values.seriesId,
    issueNumber: values.issueNumber,
    volumeNumber: values.volumeNumber,
    chapterNumber: values.chapterNumber,
    readableUrl: orNull(values.readableUrl),
    description: values.description,
    metaDescription: orNull(values.metaDescription),
    creators: values.creators
      .filter((credit): credit is CreatorFormValues & { creatorId: number } => credit.creatorId !== null)
      .map((credit, ordinal) => ({ ordinal, hidden: credit.hidden, title: credit.title.trim(), creator: { id: credit.creatorId } })),
    defaultThumbnail,
    variants: values.variants.filter((variant) => variant.present).map(variantToSave),
    ipTags: values.ipTagIds.map((id) => ({ id })),
    imprintId: values.imprintId,
    publishToApple: values.publishToApple,
    publishToAndroid: values.publishToAndroid,
    publishToWeb: values.publishToWeb,
    signed: values.signed,
    remarqued: values.remarqued,
    unlisted: values.unlisted,
    trim: orNull(values.trim),
    isbn: orNull(values.isbn),
    eisbn: orNull(values.eisbn),
    releaseDate: values.releaseDate,
    illustrationColorTypeId: values.illustrationColorTypeId,
    coverTypeId: values.coverTypeId,
    readingLevelId: values.readingLevelId,
    externalLinks: cleanLinks(values.externalLinks),
    assetLinkGroups: values.assetLinkGroups
      .filter((group) => group.name.trim() !== '' || group.links.some((link) => link.url.trim() !== ''))
      .map((group) => ({ name: group.name.trim(), links: cleanLinks(group.links) })),
    chapters: values.chapters
      .filter((chapter) => chapter.name.trim() !== '')
      .map((chapter) => ({ name: chapter.name.trim(), relativeName: orNull(chapter.relativeName), startPage: chapter.startPage })),
    ...(publication
      ? {
          ageRestrictable: { ageRating: values.ageRating },
          geoRestrictable: { restrictedTerritories: values.restrictedTerritories },
          downloadable: { reverseReadOrder: values.reverseReadOrder },
        }
      : {}),
  };
}
