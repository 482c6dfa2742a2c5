/**
 * The staff Products API (dashboard spec §3 "Dashboard product" and "Product variant", §4, §5, §7
 * "Products") and the Apple in-app-purchase submissions of products and bundles. Money is in cents
 * (integers) with an ISO currency (spec §9); dates are ISO strings. The catalog declares these as its
 * route schemas and the dashboard codes against their types. Changes to this file are additive.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ThumbnailSchema } from './catalog';
import { PaginatedOf, type Paginated } from './dashboard';
import { Nullable } from './nullable';
import { ProblemSchema } from './problems';

/** Row ids are bigint; bounded so a request can never carry one JavaScript cannot hold exactly. */
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** ISO 8601 date and time. */
const Instant = Type.String({ format: 'date-time' });
/** Cents: a whole number, 0 or more (spec §9: price times 100, rounded). */
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000 });

/** Dashboard spec §3 categories a product may have (Bundle is a kind of its own, not a product's). */
export const PRODUCT_CATEGORIES = ['Publication', 'Game', 'Merchandise'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const ProductCategorySchema = Type.Union([Type.Literal('Publication'), Type.Literal('Game'), Type.Literal('Merchandise')]);

/** Dashboard spec §3 product types (subCategory), by name; `subCategoryId` carries the numeric code. */
export const PRODUCT_SUB_CATEGORIES = [
  'Volume', 'SingleIssue', 'Annual', 'BoxSet', 'Omnibus', 'OneShot', 'Book', 'Chapter', 'Episode',
  'BoardGame', 'Puzzle', 'TradingCard', 'TarotCard',
  'Litho', 'Print', 'Pin', 'Key', 'Apparel', 'FunPack', 'Other',
] as const;
export type ProductSubCategory = (typeof PRODUCT_SUB_CATEGORIES)[number];
export const ProductSubCategorySchema = Type.Union([Type.Literal('Volume'), Type.Literal('SingleIssue'), Type.Literal('Annual'), Type.Literal('BoxSet'), Type.Literal('Omnibus'), Type.Literal('OneShot'), Type.Literal('Book'), Type.Literal('Chapter'), Type.Literal('Episode'), Type.Literal('BoardGame'), Type.Literal('Puzzle'), Type.Literal('TradingCard'), Type.Literal('TarotCard'), Type.Literal('Litho'), Type.Literal('Print'), Type.Literal('Pin'), Type.Literal('Key'), Type.Literal('Apparel'), Type.Literal('FunPack'), Type.Literal('Other')]);

/** Dashboard spec §3 price types, spelled as the spec spells them. */
export const DASHBOARD_PRICE_TYPES = [
  'Print', 'Free', 'FreeForRegistered', 'Paid', 'NotForSale', 'SubscriptionOnly', 'PaidOrSubscription',
  'FreeToReadAndPurchaseble', 'FreeToReadForRegisteredAndPurchaseble',
] as const;
export const PriceTypeSchema = Type.Union([Type.Literal('Print'), Type.Literal('Free'), Type.Literal('FreeForRegistered'), Type.Literal('Paid'), Type.Literal('NotForSale'), Type.Literal('SubscriptionOnly'), Type.Literal('PaidOrSubscription'), Type.Literal('FreeToReadAndPurchaseble'), Type.Literal('FreeToReadForRegisteredAndPurchaseble')]);

/** Statuses a product can be in (spec §3; New is an unsaved item and never stored). */
export const PRODUCT_STATUSES = ['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published', 'Removed'] as const;
export const ProductStatusSchema = Type.Union([Type.Literal('Draft'), Type.Literal('Scheduled'), Type.Literal('ScheduledPreOrder'), Type.Literal('ScheduledComingSoon'), Type.Literal('Published'), Type.Literal('Removed')]);
/** The statuses the publish call schedules into (spec §7 Scheduling). */
export const SCHEDULE_STATUSES = ['Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon'] as const;
export const ScheduleStatusSchema = Type.Union([Type.Literal('Scheduled'), Type.Literal('ScheduledPreOrder'), Type.Literal('ScheduledComingSoon')]);

export const VariantTypeSchema = Type.Union([Type.Literal('Digital'), Type.Literal('Print')]);

export const CreatorRoleSchema = Type.Object({
  ordinal: Type.Integer({ minimum: 0, maximum: 10_000 }),
  hidden: Type.Boolean(),
  /** 'Story & Art', 'Writer', 'Artist', … */
  title: Type.String({ minLength: 1, maxLength: 100 }),
  creator: Type.Object({ id: Id, name: Type.String() }),
});
export type CreatorRole = Static<typeof CreatorRoleSchema>;

export const ExternalLinkSchema = Type.Object({ name: Type.String({ maxLength: 200 }), url: Type.String({ maxLength: 2000 }) });
export type ExternalLink = Static<typeof ExternalLinkSchema>;

/** Named groups of links to the product's source assets (print files, art) for staff. */
export const AssetLinkGroupSchema = Type.Object({
  name: Type.String({ maxLength: 200 }),
  links: Type.Array(ExternalLinkSchema, { maxItems: 100 }),
});
export type AssetLinkGroup = Static<typeof AssetLinkGroupSchema>;

/** A chapter inside a volume; relativeName is nullable (spec §3). */
export const ChapterSchema = Type.Object({
  name: Type.String({ maxLength: 300 }),
  relativeName: Nullable(Type.String({ maxLength: 300 })),
  /** Page the chapter starts on, when known. */
  startPage: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
});
export type Chapter = Static<typeof ChapterSchema>;

export const IpTagRefSchema = Type.Object({ id: Id, name: Type.String() });

/** Print only. Dimensions in inches, weight in pounds (the density reference 0.043 is in those units). */
export const StockInfoSchema = Type.Object({
  weight: Nullable(Type.Number({ minimum: 0, maximum: 10_000 })),
  height: Nullable(Type.Number({ minimum: 0, maximum: 10_000 })),
  width: Nullable(Type.Number({ minimum: 0, maximum: 10_000 })),
  length: Nullable(Type.Number({ minimum: 0, maximum: 10_000 })),
  inventoryId: Nullable(Type.String({ maxLength: 200 })),
  description: Nullable(Type.String({ maxLength: 500 })),
  delayExpected: Type.Boolean(),
  /** ISO date (YYYY-MM-DD or a date-time) the delayed stock is expected. */
  delayedUntilDate: Nullable(Type.String({ maxLength: 40 })),
  delayMessage: Nullable(Type.String({ maxLength: 1000 })),
});
export type StockInfo = Static<typeof StockInfoSchema>;

/**
 * How the variant's price is chosen: `usingDefaultPrice` takes the price of the variant's price tier
 * (or of the product's priceable part when it has no tier); otherwise `price` is the set price.
 */
export const PricingInfoSchema = Type.Object({
  type: PriceTypeSchema,
  price: Nullable(Cents),
  usingDefaultPrice: Type.Boolean(),
});
export type PricingInfo = Static<typeof PricingInfoSchema>;

/** Dashboard spec §3 "Product variant" as the editor reads it. */
export const ProductVariantSchema = Type.Object({
  id: Id,
  type: VariantTypeSchema,
  enabled: Type.Boolean(),
  priceType: PriceTypeSchema,
  /** The price charged, in cents (the tier's price when usingDefaultPrice); null when not set. */
  price: Nullable(Cents),
  currency: Type.String(),
  scheduleDate: Nullable(Instant),
  isPreOrder: Type.Boolean(),
  cartLimit: Nullable(Type.Integer()),
  priceTierId: Nullable(Id),
  pricingInfo: PricingInfoSchema,
  stockInfo: Nullable(StockInfoSchema),
  /** Free text shown to buyers, e.g. 'Ships in 2–3 weeks'. */
  expectedDelay: Nullable(Type.String()),
});
export type ProductVariant = Static<typeof ProductVariantSchema>;

/** A variant in the save body: `id` absent for a new one; the type identifies it (one of each at most). */
export const ProductVariantInputSchema = Type.Object({
  id: Type.Optional(Id),
  type: VariantTypeSchema,
  enabled: Type.Boolean(),
  priceType: PriceTypeSchema,
  /** Cents; null or absent = not set (a Paid variant then needs usingDefaultPrice). */
  price: Type.Optional(Nullable(Cents)),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  scheduleDate: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  isPreOrder: Type.Optional(Type.Boolean()),
  cartLimit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10_000 }))),
  priceTierId: Type.Optional(Nullable(Id)),
  usingDefaultPrice: Type.Optional(Type.Boolean()),
  stockInfo: Type.Optional(Nullable(StockInfoSchema)),
  expectedDelay: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
});
export type ProductVariantInput = Static<typeof ProductVariantInputSchema>;

/** Publications carry these parts; Game and Merchandise only `priceable` (spec §3). */
export const ReadablePartSchema = Type.Object({
  series: Nullable(Type.Object({ id: Id, title: Type.String() })),
  issueNumber: Nullable(Type.Integer()),
  pageCount: Type.Integer(),
  releaseDate: Nullable(Type.String()),
  publishDate: Nullable(Instant),
});
export const PriceablePartSchema = Type.Object({ type: PriceTypeSchema, price: Cents, priceTierId: Nullable(Id) });
export const AgeRestrictablePartSchema = Type.Object({ ageRating: Type.Union([Type.Literal('e'), Type.Literal('e7'), Type.Literal('pg'), Type.Literal('t'), Type.Literal('m')]) });
export const GeoRestrictablePartSchema = Type.Object({ restrictedTerritories: Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), { maxItems: 300 }) });
export const DownloadablePartSchema = Type.Object({ ingestCompleted: Type.Boolean(), reverseReadOrder: Type.Boolean() });

/** Dashboard spec §3 "Dashboard product", every field. */
export const DashboardProductSchema = Type.Object({
  id: Id,
  name: Type.String(),
  displayName: Nullable(Type.String()),
  description: Type.String(),
  metaDescription: Nullable(Type.String()),
  category: ProductCategorySchema,
  subCategory: ProductSubCategorySchema,
  subCategoryId: Type.Integer(),
  readableUrl: Nullable(Type.String()),
  status: ProductStatusSchema,
  statusCode: Type.Integer(),
  publishDate: Nullable(Instant),
  unlisted: Type.Boolean(),
  creators: Type.Array(CreatorRoleSchema),
  thumbnails: Type.Array(ThumbnailSchema),
  defaultThumbnail: Nullable(ThumbnailSchema),
  externalLinks: Type.Array(ExternalLinkSchema),
  ipTags: Type.Array(IpTagRefSchema),
  assetLinkGroups: Type.Array(AssetLinkGroupSchema),
  publishToApple: Type.Boolean(),
  publishToAndroid: Type.Boolean(),
  publishToWeb: Type.Boolean(),
  /** Trim size, e.g. '5 x 7.5'. */
  trim: Nullable(Type.String()),
  variants: Type.Array(ProductVariantSchema),
  pageCount: Type.Integer(),
  series: Nullable(Type.Object({ id: Id, title: Type.String() })),
  illustrationColorTypeId: Nullable(Type.Integer()),
  coverTypeId: Nullable(Type.Integer()),
  signed: Type.Boolean(),
  remarqued: Type.Boolean(),
  publisherId: Nullable(Id),
  imprintId: Nullable(Id),
  readingLevelId: Nullable(Type.Integer()),
  issueNumber: Nullable(Type.Integer()),
  volumeNumber: Nullable(Type.Integer()),
  chapterNumber: Nullable(Type.Integer()),
  eisbn: Nullable(Type.String()),
  isbn: Nullable(Type.String()),
  relativeName: Nullable(Type.String()),
  subtitle: Nullable(Type.String()),
  /** YYYY-MM-DD. */
  releaseDate: Nullable(Type.String()),
  chapters: Type.Array(ChapterSchema),
  readable: Nullable(ReadablePartSchema),
  priceable: Nullable(PriceablePartSchema),
  ageRestrictable: Nullable(AgeRestrictablePartSchema),
  geoRestrictable: Nullable(GeoRestrictablePartSchema),
  downloadable: Nullable(DownloadablePartSchema),
  createdAt: Instant,
  /** Send it back as `expectedUpdatedAt` to detect a concurrent edit, and to the IAP call. */
  updatedAt: Instant,
});
export type DashboardProduct = Static<typeof DashboardProductSchema>;

/**
 * The body of POST /dashboard/product/new (no id) and /alter (id required). Read-only fields
 * (status, publishDate, thumbnails, ingestCompleted, parts' derived values) are changed by their own
 * calls (publish, ingest). A part sent for a category that does not have it is ignored.
 */
export const ProductSaveSchema = Type.Object({
  id: Type.Optional(Id),
  /** /alter only: the `updatedAt` last read; a different stored value answers 409. */
  expectedUpdatedAt: Type.Optional(Type.String({ format: 'date-time' })),
  name: Type.String({ maxLength: 300 }),
  displayName: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  metaDescription: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  category: ProductCategorySchema,
  subCategory: ProductSubCategorySchema,
  readableUrl: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  unlisted: Type.Optional(Type.Boolean()),
  creators: Type.Optional(Type.Array(Type.Object({
    ordinal: Type.Integer({ minimum: 0, maximum: 10_000 }),
    hidden: Type.Boolean(),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    creator: Type.Object({ id: Id, name: Type.Optional(Type.String()) }),
  }), { maxItems: 100 })),
  defaultThumbnail: Type.Optional(Nullable(ThumbnailSchema)),
  externalLinks: Type.Optional(Type.Array(ExternalLinkSchema, { maxItems: 100 })),
  ipTags: Type.Optional(Type.Array(Type.Object({ id: Id, name: Type.Optional(Type.String()) }), { maxItems: 100 })),
  assetLinkGroups: Type.Optional(Type.Array(AssetLinkGroupSchema, { maxItems: 50 })),
  publishToApple: Type.Optional(Type.Boolean()),
  publishToAndroid: Type.Optional(Type.Boolean()),
  publishToWeb: Type.Optional(Type.Boolean()),
  trim: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  variants: Type.Optional(Type.Array(ProductVariantInputSchema, { maxItems: 2 })),
  pageCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  seriesId: Type.Optional(Nullable(Id)),
  illustrationColorTypeId: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  coverTypeId: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  signed: Type.Optional(Type.Boolean()),
  remarqued: Type.Optional(Type.Boolean()),
  publisherId: Type.Optional(Nullable(Id)),
  imprintId: Type.Optional(Nullable(Id)),
  readingLevelId: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  issueNumber: Type.Optional(Nullable(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }))),
  volumeNumber: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
  chapterNumber: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
  eisbn: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  isbn: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  relativeName: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  releaseDate: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  chapters: Type.Optional(Type.Array(ChapterSchema, { maxItems: 1000 })),
  priceable: Type.Optional(Type.Object({ type: PriceTypeSchema, price: Cents, priceTierId: Type.Optional(Nullable(Id)) })),
  ageRestrictable: Type.Optional(AgeRestrictablePartSchema),
  geoRestrictable: Type.Optional(GeoRestrictablePartSchema),
  downloadable: Type.Optional(Type.Object({ reverseReadOrder: Type.Boolean() })),
});
export type ProductSave = Static<typeof ProductSaveSchema>;

/** What a save answers: the product as stored, and the book-density warnings (spec §5), if any. */
export const ProductSavedSchema = Type.Object({ product: DashboardProductSchema, warnings: Type.Array(Type.String()) });
export type ProductSaved = Static<typeof ProductSavedSchema>;

/** A row of the product list. */
export const ProductListRowSchema = Type.Object({
  id: Id,
  /** 'product', or 'bundle' when includeBundles mixes bundles in. */
  kind: Type.Union([Type.Literal('product'), Type.Literal('bundle')]),
  name: Type.String(),
  displayName: Nullable(Type.String()),
  category: Type.String(),
  subCategory: Type.String(),
  subCategoryId: Type.Integer(),
  status: Type.String(),
  statusCode: Type.Integer(),
  publishDate: Nullable(Instant),
  readableUrl: Nullable(Type.String()),
  series: Nullable(Type.Object({ id: Id, title: Type.String() })),
  issueNumber: Nullable(Type.Integer()),
  volumeNumber: Nullable(Type.Integer()),
  chapterNumber: Nullable(Type.Integer()),
  thumbnail: Nullable(ThumbnailSchema),
  /** The variants' types, e.g. ['Digital', 'Print']. */
  distributionTypes: Type.Array(VariantTypeSchema),
  /** Lowest enabled variant price in cents; null when none. */
  price: Nullable(Type.Integer()),
  isOnSale: Type.Boolean(),
  unlisted: Type.Boolean(),
  updatedAt: Instant,
});
export type ProductListRow = Static<typeof ProductListRowSchema>;
export const ProductListPageSchema = PaginatedOf(ProductListRowSchema);
export type ProductListPage = Paginated<ProductListRow>;

export const PRODUCT_SORT_FIELDS = ['id', 'name', 'status', 'publishDate', 'updatedAt', 'series', 'price'] as const;
/**
 * The list filters (spec §7), as query parameters of GET and as the JSON body of POST. `start` is the
 * 0-based row offset; `count` the page size. sortBy/sortDirection are beyond the spec (the table sorts).
 */
export const ProductListQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  includeBundles: Type.Optional(Type.Boolean()),
  /** A status name or its code (spec §3); absent = all but Removed. */
  publishStatus: Type.Optional(Type.Union([ProductStatusSchema, Type.Integer({ minimum: 0, maximum: 6 })])),
  includeRemoved: Type.Optional(Type.Boolean()),
  showOnlyOnSale: Type.Optional(Type.Boolean()),
  /** Absent or true lists chapters too; false leaves them out. */
  includeChapters: Type.Optional(Type.Boolean()),
  /** Digital → 0, Print → 1 (spec §5); either spelling accepted. */
  distributionType: Type.Optional(Type.Union([Type.Literal('Digital'), Type.Literal('Print'), Type.Literal(0), Type.Literal(1)])),
  sortBy: Type.Optional(Type.Union([Type.Literal('id'), Type.Literal('name'), Type.Literal('status'), Type.Literal('publishDate'), Type.Literal('updatedAt'), Type.Literal('series'), Type.Literal('price')])),
  sortDirection: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

/** Answer of publish, schedule, unpublish, remove and restore. */
export const ProductStatusChangeSchema = Type.Object({
  id: Id,
  status: ProductStatusSchema,
  publishDate: Nullable(Instant),
  /** Book-density advice (spec §5) when publishing or scheduling; never refuses. */
  warnings: Type.Optional(Type.Array(Type.String())),
});
export type ProductStatusChange = Static<typeof ProductStatusChangeSchema>;

/**
 * The fields a refused publish (or a save that would leave a published product unpublishable) names
 * its problems by: paths into the product as `DashboardProduct` has it and `ProductSave` sends it,
 * so the editor shows each message beside its input. `{n}` is the variant's index in the product's
 * `variants` as the catalog answers them (Digital before Print). A variation with missing data is
 * one problem on `variants.{n}` (the spec's "Variation … has missing data" message), followed by one
 * problem per field it lacks.
 */
export const PUBLISH_PROBLEM_FIELDS = {
  /** 'Product Title' */
  name: 'name',
  /** 'Description' */
  description: 'description',
  /** 'Product Type' */
  subCategory: 'subCategory',
  /** 'Type' */
  category: 'category',
  /** 'Sorting (must be non-zero)' */
  issueNumber: 'issueNumber',
  /** The readable URL is only digits. */
  readableUrl: 'readableUrl',
  /** 'This product cannot be published without an attached Series' */
  seriesId: 'seriesId',
  /** 'Comic has not been ingested' (the product's; a Digital variant's is on `variants.{n}`). */
  ingestCompleted: 'downloadable.ingestCompleted',
  /** 'A product needs at least one variant to be published.' */
  variants: 'variants',
  /** 'Variation … has missing data. …', and a Digital variant's 'Comic has not been ingested'. */
  variant: (n: number) => `variants.${n}`,
  /** 'Price (Either set or use the default)' */
  variantPrice: (n: number) => `variants.${n}.price`,
  /** 'Weight', 'Height', 'Length', 'Width' */
  variantDimension: (n: number, dimension: 'weight' | 'height' | 'length' | 'width') => `variants.${n}.stockInfo.${dimension}`,
  /** 'If delay expected, Delay Date must be set.' / '… must be a future date.' */
  variantDelayDate: (n: number) => `variants.${n}.stockInfo.delayedUntilDate`,
  /** 'If delay expected, message must be set' */
  variantDelayMessage: (n: number) => `variants.${n}.stockInfo.delayMessage`,
} as const;

/**
 * When publishing is refused the envelope's status carries `problems` and `warnings`: problems are
 * the spec §5 messages word for word, each with its field (PUBLISH_PROBLEM_FIELDS); warnings are the
 * book-density advice (they never refuse), text without a field, as the save and status answers
 * carry them.
 */
export const PublishProblemsSchema = Type.Object({ problems: Type.Array(ProblemSchema), warnings: Type.Array(Type.String()) });
export type PublishProblems = Static<typeof PublishProblemsSchema>;

/**
 * One id's outcome in a batch publish/unpublish. Both calls are API version 4 (spec §7): send the
 * header `api-version: 4` or the query `api-version=4`; any other or none answers 400. A batch is
 * per item: each id is its own transaction, so one refused id leaves the others done; the answer
 * lists every id's outcome (HTTP 200 even when some failed).
 */
export const BatchItemResultSchema = Type.Object({
  id: Type.Integer(),
  ok: Type.Boolean(),
  status: Nullable(ProductStatusSchema),
  /**
   * Why it failed: the §5 messages with their fields (PUBLISH_PROBLEM_FIELDS), or the id not found
   * or the transition refused, on the whole item (field '').
   */
  problems: Type.Array(ProblemSchema),
});
export const BatchResultSchema = Type.Object({ results: Type.Array(BatchItemResultSchema), succeeded: Type.Integer(), failed: Type.Integer() });
export type BatchResult = Static<typeof BatchResultSchema>;

/** Apple in-app-purchase submissions (spec §7 …/iaps/add). */
export const IAP_STATES = ['Submitted', 'InReview', 'Approved', 'Rejected'] as const;
export const IapSubmissionSchema = Type.Object({
  id: Id,
  itemKind: Type.Union([Type.Literal('product'), Type.Literal('bundle')]),
  itemId: Id,
  /** The store's product identifier, e.g. 'com.inkwell.product.42'. */
  productIdentifier: Type.String(),
  state: Type.Union([Type.Literal('Submitted'), Type.Literal('InReview'), Type.Literal('Approved'), Type.Literal('Rejected')]),
  /** Which store driver took it ('embedded' is the only one). */
  driver: Type.String(),
  submittedAt: Instant,
  submittedBy: Type.String(),
});
export type IapSubmission = Static<typeof IapSubmissionSchema>;

/**
 * Body of …/iaps/add. "Must save changes before submitting." is answered when `unsavedChanges` is
 * true, or when `updatedAt` (the value the editor last loaded) differs from the stored one.
 */
export const IapAddBodySchema = Type.Object({
  unsavedChanges: Type.Optional(Type.Boolean()),
  updatedAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type IapAddBody = Static<typeof IapAddBodySchema>;
