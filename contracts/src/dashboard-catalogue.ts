/**
 * The staff dashboard's series, bundles, publishers, lookups and search maintenance (dashboard spec
 * §3 Series, Bundle, Stock record, Inventory-system product; §7 "Series and bundles", "Lookups",
 * "Publishers", the home-page lookups, cache invalidation and "Search maintenance"). The catalog's
 * staff routes declare these as their schemas and the dashboard codes against their types.
 *
 * Money is in cents with an ISO currency; ids are positive integers; instants are ISO 8601 strings.
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { ThumbnailSchema } from './catalog';
import { PaginatedOf } from './dashboard';
import { Nullable } from './nullable';

/** A row id: safe as a JavaScript number (and so within Postgres bigint). */
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** Largest Postgres integer (int4): cents, ordinals, counts. */
const INT4_MAX = 2_147_483_647;
const Instant = Type.String({ format: 'date-time' });
/** Cents, never negative. */
const Cents = Type.Integer({ minimum: 0, maximum: INT4_MAX });
/** ISO 3166-1 alpha-2 country code, upper case ('JP'). */
const CountryCode = Type.String({ pattern: '^[A-Z]{2}$' });

/** A union of string literals that keeps each literal in its static type (a mapped array would widen to never). */
const Literals = <const T extends readonly [string, ...string[]]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

/* ------------------------------------------------------------------ shared parts */

/** Publish statuses by name (dashboard spec §3); numeric codes are PUBLISH_STATUS_CODES in catalog-rules. */
export const PUBLISH_STATUS_NAMES = ['New', 'Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published', 'Removed', 'Ended'] as const;
export const PublishStatusNameSchema = Literals(PUBLISH_STATUS_NAMES);
export type DashboardPublishStatus = Static<typeof PublishStatusNameSchema>;

/** Dashboard spec §3 "Log level enumeration". */
export const LOG_LEVELS = ['Info', 'Success', 'Error'] as const;
export const LogLevelSchema = Literals(LOG_LEVELS);
export type LogLevel = Static<typeof LogLevelSchema>;

/** How a series' products name themselves relative to it; a series defaults to its publisher's choice. */
export const PUBLISHER_RELATIVE_NAME_SETTINGS = ['Volume', 'Chapter', 'Issue', 'Episode', 'None'] as const;
export const RELATIVE_NAME_SETTINGS = ['UsePublisherSetting', ...PUBLISHER_RELATIVE_NAME_SETTINGS] as const;
export const RelativeNameSettingSchema = Literals(RELATIVE_NAME_SETTINGS);
export type RelativeNameSetting = Static<typeof RelativeNameSettingSchema>;
/** A publisher's own setting: every value but UsePublisherSetting. */
export const PublisherRelativeNameSettingSchema = Literals(PUBLISHER_RELATIVE_NAME_SETTINGS);

export const COMPLETION_STATUSES = ['Ongoing', 'Completed', 'Hiatus', 'Cancelled'] as const;
export const CompletionStatusSchema = Literals(COMPLETION_STATUSES);

export const AGE_RATING_CODES = ['e', 'e7', 'pg', 't', 'm'] as const;
export const AgeRatingCodeSchema = Literals(AGE_RATING_CODES);

export const ExternalLinkSchema = Type.Object({ name: Type.String(), url: Type.String({ minLength: 1 }) });
export type ExternalLink = Static<typeof ExternalLinkSchema>;

/** A named group of links to source assets (print files, art, press kits). */
export const AssetLinkGroupSchema = Type.Object({ name: Type.String(), links: Type.Array(ExternalLinkSchema) });
export type AssetLinkGroup = Static<typeof AssetLinkGroupSchema>;

/** A creator credit as read: ordinal, hidden, title and the creator (dashboard spec §3 creators). */
export const DashboardCreditSchema = Type.Object({
  ordinal: Type.Integer({ minimum: 0 }),
  hidden: Type.Boolean(),
  /** 'Story & Art', 'Writer', 'Artist', … */
  title: Type.String({ minLength: 1 }),
  creator: Type.Object({ id: Id, name: Type.String() }),
});
export type DashboardCredit = Static<typeof DashboardCreditSchema>;

/** A creator credit as saved: the creator by id; ordinal is the list position when left out. */
export const CreditInputSchema = Type.Object({
  creatorId: Id,
  title: Type.String({ minLength: 1 }),
  ordinal: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  hidden: Type.Optional(Type.Boolean()),
});
export type CreditInput = Static<typeof CreditInputSchema>;

/** List query of the paginated dashboard lists (query string of GETs, body of the POST variants). */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const SortDirectionSchema = Literals(SORT_DIRECTIONS);
export type SortDirection = Static<typeof SortDirectionSchema>;

/* ------------------------------------------------------------------ series */

export const SeriesNoteSchema = Type.Object({
  id: Id,
  text: Type.String(),
  logLevel: LogLevelSchema,
  at: Instant,
  /** The staff member's email (or id when there is no email). */
  author: Type.String(),
});
export type SeriesNote = Static<typeof SeriesNoteSchema>;

/** A note staff add: with a series save (alter's `newNotes`) or alone (POST /dashboard/series/{id}/notes). */
export const SeriesNoteInputSchema = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 10000 }),
  logLevel: Type.Optional(LogLevelSchema),
});
export type SeriesNoteInput = Static<typeof SeriesNoteInputSchema>;

export const NamedRefSchema = Type.Object({ id: Id, name: Type.String() });
export type NamedRef = Static<typeof NamedRefSchema>;

/** Dashboard spec §3 Series: every field the series editor shows. */
export const DashboardSeriesSchema = Type.Object({
  id: Id,
  title: Type.String(),
  description: Type.String(),
  metaDescription: Nullable(Type.String()),
  genres: Type.Array(NamedRefSchema),
  thumbnails: Type.Array(ThumbnailSchema),
  /** Wide banner art. */
  heroThumbnails: Type.Array(ThumbnailSchema),
  readableUrl: Nullable(Type.String()),
  color: Nullable(Type.String()),
  externalLinks: Type.Array(ExternalLinkSchema),
  completionStatus: Nullable(Type.String()),
  originalLanguageTitle: Nullable(Type.String()),
  romanizedTitle: Nullable(Type.String()),
  altTitles: Type.Array(Type.String()),
  /** When true the storefront credits `overrideCreators` instead of `defaultCreators`. */
  isUsingOverrideCreators: Type.Boolean(),
  overrideCreators: Type.Array(DashboardCreditSchema),
  defaultCreators: Type.Array(DashboardCreditSchema),
  restrictedTerritories: Type.Array(Type.String()),
  unlisted: Type.Boolean(),
  relativeNameSetting: Type.String(),
  assetLinkGroups: Type.Array(AssetLinkGroupSchema),
  status: PublishStatusNameSchema,
  /** Notes newest first. */
  notes: Type.Array(SeriesNoteSchema),
  ageRating: Type.String(),
  rightToLeft: Type.Boolean(),
  publisher: Nullable(NamedRefSchema),
  imprint: Nullable(NamedRefSchema),
  ipTag: Nullable(NamedRefSchema),
  /** How many products (any status but Removed) belong to the series; the list is GET /dashboard/product/for/series/{id}. */
  productCount: Type.Integer({ minimum: 0 }),
  createdAt: Instant,
  updatedAt: Instant,
});
export type DashboardSeries = Static<typeof DashboardSeriesSchema>;

/**
 * The series editor's save (POST /dashboard/series/new). `status` may be Draft (the default),
 * Published (the publish rules apply) or Removed; publishing an existing series goes through /publish.
 * Unknown genre, publisher, imprint, IP tag or creator ids are refused naming the field.
 */
export const SeriesSaveBodySchema = Type.Object({
  title: Type.String({ maxLength: 500 }),
  description: Type.Optional(Type.String()),
  metaDescription: Type.Optional(Nullable(Type.String())),
  genreIds: Type.Optional(Type.Array(Id)),
  thumbnails: Type.Optional(Type.Array(ThumbnailSchema)),
  heroThumbnails: Type.Optional(Type.Array(ThumbnailSchema)),
  readableUrl: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  color: Type.Optional(Nullable(Type.String())),
  externalLinks: Type.Optional(Type.Array(ExternalLinkSchema)),
  completionStatus: Type.Optional(Nullable(CompletionStatusSchema)),
  originalLanguageTitle: Type.Optional(Nullable(Type.String())),
  romanizedTitle: Type.Optional(Nullable(Type.String())),
  altTitles: Type.Optional(Type.Array(Type.String())),
  isUsingOverrideCreators: Type.Optional(Type.Boolean()),
  overrideCreators: Type.Optional(Type.Array(CreditInputSchema)),
  defaultCreators: Type.Optional(Type.Array(CreditInputSchema)),
  restrictedTerritories: Type.Optional(Type.Array(CountryCode)),
  unlisted: Type.Optional(Type.Boolean()),
  relativeNameSetting: Type.Optional(RelativeNameSettingSchema),
  assetLinkGroups: Type.Optional(Type.Array(AssetLinkGroupSchema)),
  status: Type.Optional(Type.Union([Type.Literal('Draft'), Type.Literal('Published'), Type.Literal('Removed')])),
  ageRating: Type.Optional(AgeRatingCodeSchema),
  rightToLeft: Type.Optional(Type.Boolean()),
  publisherId: Type.Optional(Nullable(Id)),
  imprintId: Type.Optional(Nullable(Id)),
  ipTagId: Type.Optional(Nullable(Id)),
  /** Notes to add with this save (they are appended, never edited). */
  newNotes: Type.Optional(Type.Array(SeriesNoteInputSchema)),
});
export type SeriesSaveBody = Static<typeof SeriesSaveBodySchema>;

/**
 * One series in POST /dashboard/series/alter (a list, saved all or nothing). Fields left out keep
 * their value. A status change must be a move of spec §4; to Published the publish rules apply.
 */
export const SeriesAlterItemSchema = Type.Composite([
  Type.Object({ id: Id }),
  Type.Partial(Type.Omit(SeriesSaveBodySchema, ['status'])),
  Type.Object({ status: Type.Optional(PublishStatusNameSchema) }),
]);
export type SeriesAlterItem = Static<typeof SeriesAlterItemSchema>;
export const SeriesAlterBodySchema = Type.Array(SeriesAlterItemSchema, { minItems: 1, maxItems: 200 });
export type SeriesAlterBody = Static<typeof SeriesAlterBodySchema>;

export const SeriesListRowSchema = Type.Object({
  id: Id,
  title: Type.String(),
  readableUrl: Nullable(Type.String()),
  status: PublishStatusNameSchema,
  unlisted: Type.Boolean(),
  publisher: Nullable(NamedRefSchema),
  genres: Type.Array(NamedRefSchema),
  productCount: Type.Integer({ minimum: 0 }),
  thumbnail: Nullable(ThumbnailSchema),
  updatedAt: Instant,
});
export type SeriesListRow = Static<typeof SeriesListRowSchema>;
export const SeriesPageSchema = PaginatedOf(SeriesListRowSchema);

export const SERIES_SORTS = ['title', 'updatedAt', 'createdAt', 'status', 'id'] as const;
/**
 * GET /dashboard/series query (and POST /dashboard/series body). `publishStatus` is a status name
 * ('Published') or its numeric code ('4'); `start` is the row offset (beyond the spec, like sortBy
 * and sortDirection).
 */
export const SeriesListQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  publishStatus: Type.Optional(Type.String()),
  /** Removed series are left out unless asked for (or publishStatus asks for them). */
  includeRemoved: Type.Optional(Type.Boolean()),
  sortBy: Type.Optional(Literals(SERIES_SORTS)),
  sortDirection: Type.Optional(SortDirectionSchema),
});
export type SeriesListQuery = Static<typeof SeriesListQuerySchema>;

/* ------------------------------------------------------------------ bundles */

export const BundleItemSchema = Type.Object({
  productId: Id,
  name: Type.String(),
  /** This product's share of the bundle, in cents. */
  price: Cents,
  ordinal: Type.Integer({ minimum: 0 }),
});
export type BundleItem = Static<typeof BundleItemSchema>;

export const PriceableSchema = Type.Object({
  /** A price type of spec §3 (Paid, Free, NotForSale, …). */
  type: Type.String(),
  price: Cents,
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
});
export const GeoRestrictableSchema = Type.Object({ restrictedTerritories: Type.Array(CountryCode) });

/** Dashboard spec §3 Bundle. */
export const DashboardBundleSchema = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  readableUrl: Nullable(Type.String()),
  defaultThumbnail: Nullable(ThumbnailSchema),
  items: Type.Array(BundleItemSchema),
  priceable: Type.Object({ type: Type.String(), price: Cents, currency: Type.String() }),
  geoRestrictable: GeoRestrictableSchema,
  status: PublishStatusNameSchema,
  createdAt: Instant,
  updatedAt: Instant,
});
export type DashboardBundle = Static<typeof DashboardBundleSchema>;

export const BundleItemInputSchema = Type.Object({ productId: Id, price: Cents });
export type BundleItemInput = Static<typeof BundleItemInputSchema>;

/** POST /dashboard/bundles/new. Items name existing products (an unknown one is refused naming productId). */
export const BundleSaveBodySchema = Type.Object({
  name: Type.String({ maxLength: 500 }),
  description: Type.Optional(Type.String()),
  readableUrl: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  defaultThumbnail: Type.Optional(Nullable(ThumbnailSchema)),
  items: Type.Optional(Type.Array(BundleItemInputSchema, { maxItems: 500 })),
  priceable: Type.Optional(PriceableSchema),
  geoRestrictable: Type.Optional(GeoRestrictableSchema),
});
export type BundleSaveBody = Static<typeof BundleSaveBodySchema>;

/** POST /dashboard/bundles/alter: the bundle by id; fields left out keep their value, `items` replaces the list. */
export const BundleAlterBodySchema = Type.Composite([Type.Object({ id: Id }), Type.Partial(BundleSaveBodySchema)]);
export type BundleAlterBody = Static<typeof BundleAlterBodySchema>;

export const BundleListRowSchema = Type.Object({
  id: Id,
  name: Type.String(),
  status: PublishStatusNameSchema,
  itemCount: Type.Integer({ minimum: 0 }),
  price: Cents,
  currency: Type.String(),
  defaultThumbnail: Nullable(ThumbnailSchema),
  createdAt: Instant,
});
export type BundleListRow = Static<typeof BundleListRowSchema>;
export const BundlePageSchema = PaginatedOf(BundleListRowSchema);

/** GET /dashboard/bundles query; `includeRemoved` (beyond the spec) lists removed bundles too. */
export const BundleListQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  publishStatus: Type.Optional(Type.String()),
  includeRemoved: Type.Optional(Type.Boolean()),
});
export type BundleListQuery = Static<typeof BundleListQuerySchema>;

/** The answer of a /new call: the created item's id (the dashboard reads `response.id`). */
export const CreatedSchema = Type.Object({ id: Id });
export type Created = Static<typeof CreatedSchema>;

/** The answer of publish, unpublish and remove calls. */
export const StatusChangedSchema = Type.Object({ id: Id, status: PublishStatusNameSchema });
export type StatusChanged = Static<typeof StatusChangedSchema>;

/* ------------------------------------------------------------------ publishers */

export const ImprintSchema = Type.Object({ id: Id, name: Type.String(), publisherId: Id });
export type Imprint = Static<typeof ImprintSchema>;

export const DashboardPublisherSchema = Type.Object({
  id: Id,
  name: Type.String(),
  hidden: Type.Boolean(),
  relativeNameSetting: Type.String(),
  website: Nullable(Type.String()),
  imprints: Type.Array(ImprintSchema),
  seriesCount: Type.Integer({ minimum: 0 }),
  productCount: Type.Integer({ minimum: 0 }),
  createdAt: Instant,
});
export type DashboardPublisher = Static<typeof DashboardPublisherSchema>;
export const PublisherPageSchema = PaginatedOf(DashboardPublisherSchema);

export const PUBLISHER_SORTS = ['name', 'createdAt', 'id'] as const;
/** POST /dashboard/publisher/post-pagination body. */
export const PublisherListBodySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  hidden: Type.Optional(Type.Boolean()),
  sortBy: Type.Optional(Literals(PUBLISHER_SORTS)),
  sortDirection: Type.Optional(SortDirectionSchema),
});
export type PublisherListBody = Static<typeof PublisherListBodySchema>;

/** POST /dashboard/publisher/new. */
export const PublisherNewBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  hidden: Type.Optional(Type.Boolean()),
  relativeNameSetting: Type.Optional(PublisherRelativeNameSettingSchema),
  website: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  /** Imprint names. */
  imprints: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }))),
});
export type PublisherNewBody = Static<typeof PublisherNewBodySchema>;

/**
 * POST /dashboard/publisher/alter. `imprints`, when given, is the whole list: entries with an id are
 * renamed, entries without one are added, and imprints left out are removed (refused with 409 while a
 * series or product still names one).
 */
export const PublisherAlterBodySchema = Type.Object({
  id: Id,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  hidden: Type.Optional(Type.Boolean()),
  relativeNameSetting: Type.Optional(PublisherRelativeNameSettingSchema),
  website: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  imprints: Type.Optional(Type.Array(Type.Object({ id: Type.Optional(Id), name: Type.String({ minLength: 1, maxLength: 200 }) }))),
});
export type PublisherAlterBody = Static<typeof PublisherAlterBodySchema>;

/** POST /dashboard/publisher/batch-visibility?hidden=true|false, body: the publisher ids. */
export const PublisherVisibilityBodySchema = Type.Array(Id, { minItems: 1, maxItems: 1000 });
export const PublisherVisibilityAnswerSchema = Type.Object({ hidden: Type.Boolean(), ids: Type.Array(Id) });
export type PublisherVisibilityAnswer = Static<typeof PublisherVisibilityAnswerSchema>;

/* ------------------------------------------------------------------ lookups */

export const DashboardIpTagSchema = Type.Object({ id: Id, name: Type.String(), readableUrl: Type.String() });
export type DashboardIpTag = Static<typeof DashboardIpTagSchema>;

/** Dashboard spec §3 Stock record. */
export const StockRecordSchema = Type.Object({
  /** Where the stock is held (warehouse name). */
  location: Type.String(),
  lastUpdated: Instant,
  available: Type.Integer(),
});
export type StockRecord = Static<typeof StockRecordSchema>;

/** Dashboard spec §3 Inventory-system product: `totalStock` is the sum of `available` over `stocks`. */
export const ImsProductSchema = Type.Object({
  id: Id,
  sku: Type.String(),
  name: Type.String(),
  stocks: Type.Array(StockRecordSchema),
  totalStock: Type.Integer(),
});
export type ImsProduct = Static<typeof ImsProductSchema>;

export const RestrictedTerritorySchema = Type.Object({ code: Type.String(), name: Type.String() });
export type RestrictedTerritory = Static<typeof RestrictedTerritorySchema>;

export const PricingTierSchema = Type.Object({ id: Id, name: Type.String(), price: Cents, currency: Type.String() });
export type PricingTier = Static<typeof PricingTierSchema>;

/** GET /dashboard/home/imprints answers these: an imprint with its publisher's name. */
export const ImprintWithPublisherSchema = Type.Composite([ImprintSchema, Type.Object({ publisherName: Type.String() })]);
export type ImprintWithPublisher = Static<typeof ImprintWithPublisherSchema>;

/** Query of the lookup lists (ipTags, ims): a name search. */
export const LookupQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type LookupQuery = Static<typeof LookupQuerySchema>;

/* ------------------------------------------------------------------ cache and search maintenance */

/** POST /dashboard/cache/invalidateAll. */
export const CacheInvalidatedSchema = Type.Object({ invalidatedAt: Instant });
export type CacheInvalidated = Static<typeof CacheInvalidatedSchema>;

export const SearchKindSchema = Type.Union([Type.Literal('series'), Type.Literal('product')]);
export type SearchKind = Static<typeof SearchKindSchema>;

/**
 * A document in the search index whose item no longer exists ('missing') or is no longer listed on
 * the storefront ('not-listed': draft, removed, unlisted, not yet out).
 */
export const SearchOrphanSchema = Type.Object({
  kind: SearchKindSchema,
  id: Id,
  /** The item's title; null when the item no longer exists. */
  title: Nullable(Type.String()),
  reason: Type.Union([Type.Literal('missing'), Type.Literal('not-listed')]),
});
export type SearchOrphan = Static<typeof SearchOrphanSchema>;
export const SearchOrphansSchema = Type.Object({ items: Type.Array(SearchOrphanSchema), count: Type.Integer({ minimum: 0 }) });
export type SearchOrphans = Static<typeof SearchOrphansSchema>;

/** A listed series or product the search index lacks. */
export const SearchMissingSchema = Type.Object({ kind: SearchKindSchema, id: Id, title: Type.String() });
export type SearchMissing = Static<typeof SearchMissingSchema>;
export const SearchActiveNotUploadedSchema = Type.Object({ items: Type.Array(SearchMissingSchema), count: Type.Integer({ minimum: 0 }) });
export type SearchActiveNotUploaded = Static<typeof SearchActiveNotUploadedSchema>;

/** POST /dashboard/search/removeInactiveFromSearch: how many orphans were removed. */
export const SearchRemovedSchema = Type.Object({ removed: Type.Integer({ minimum: 0 }) });
export type SearchRemoved = Static<typeof SearchRemovedSchema>;

export const SEARCH_JOB_STATES = ['running', 'completed', 'failed'] as const;
/**
 * POST /dashboard/search/uploadAllToSearch starts a rebuild and answers this at once; poll
 * GET /dashboard/search/uploadAllToSearch/{jobId} (beyond the spec) for progress: `done` of `total`
 * items handled, `uploaded` of them written to the index (the rest were not listed).
 */
export const SearchUploadJobSchema = Type.Object({
  jobId: Type.String(),
  state: Literals(SEARCH_JOB_STATES),
  total: Type.Integer({ minimum: 0 }),
  done: Type.Integer({ minimum: 0 }),
  uploaded: Type.Integer({ minimum: 0 }),
  startedAt: Instant,
  finishedAt: Nullable(Instant),
  error: Nullable(Type.String()),
});
export type SearchUploadJob = Static<typeof SearchUploadJobSchema>;

/** Beyond the spec: the creators the product and series editors credit, found by name or added. */
export const CreatorSchema = NamedRefSchema;
export type Creator = NamedRef;
export const CreatorNewBodySchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) });
export type CreatorNewBody = Static<typeof CreatorNewBodySchema>;

/**
 * The fields a refused series or bundle publish (or a save into Published) names its problems by,
 * paths into SeriesSaveBodySchema and BundleSaveBodySchema, so the editors show each message beside
 * its input. 'Missing Series Information' is on the first of title and description that is empty.
 */
export const SERIES_PUBLISH_PROBLEM_FIELDS = {
  /** 'Missing Series Information' */
  information: (title: string) => (title.trim() ? 'description' : 'title'),
  /** 'No genres selected. …' */
  genres: 'genreIds',
  readableUrl: 'readableUrl',
} as const;

export const BUNDLE_PUBLISH_PROBLEM_FIELDS = {
  name: 'name',
  description: 'description',
  defaultThumbnail: 'defaultThumbnail',
  readableUrl: 'readableUrl',
} as const;
