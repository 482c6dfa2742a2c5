/**
 * The staff dashboard's merchandising (issue 22): sales campaigns with their spreadsheets, and the
 * home page staff curate — the wheel, curated lists (carousels), HTML components, the top and
 * messaging settings (dashboard spec §3 Sales campaign, Sales product, Wheel group and item, Image
 * asset, Text block, Curated list; §4; §5; §7 "Sales campaigns" and "Home page"). The catalog's
 * staff routes declare these as their schemas and the dashboard codes against their types.
 *
 * Money is in cents with an ISO currency (a spreadsheet cell holds it as a decimal, 4.99); ids are
 * positive integers; instants are ISO 8601 strings in UTC.
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { ListItemSchema } from './catalog';
import { PaginatedOf } from './dashboard';
import { AgeRatingCodeSchema, PublishStatusNameSchema } from './dashboard-catalogue';
import { Nullable } from './nullable';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const INT4_MAX = 2_147_483_647;
const Cents = Type.Integer({ minimum: 0, maximum: INT4_MAX });
const Instant = Type.String({ format: 'date-time' });
const Ordinal = Type.Integer({ minimum: 0, maximum: INT4_MAX });
const Literals = <const T extends readonly [string, ...string[]]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

/* ================================================================== sales campaigns */

/** `variantId` of a sales product that is the product's Digital variant (dashboard spec §3); any other value is a Print variant's id. */
export const DIGITAL_VARIANT_ID = -1;

/** Dashboard spec §3 "Sales product". `id` is the row's own id (absent until saved). */
export const SalesProductSchema = Type.Object({
  id: Nullable(Id),
  productId: Id,
  name: Type.String(),
  /** The variant's own price, in cents. */
  fullPrice: Cents,
  /** The campaign's price while it runs, in cents. */
  discountPrice: Cents,
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  seriesId: Nullable(Id),
  /** -1 (DIGITAL_VARIANT_ID) for the Digital variant, otherwise the Print variant's id. */
  variantId: Type.Integer({ minimum: -1, maximum: Number.MAX_SAFE_INTEGER }),
  /** Whether the row is saved in the campaign (false in getSeriesInfo rows not yet added). */
  inCampaign: Type.Boolean(),
});
export type SalesProduct = Static<typeof SalesProductSchema>;

/** Where a campaign stands against the clock (beyond the spec: what the list shows). */
export const CAMPAIGN_PHASES = ['Upcoming', 'Running', 'Ended'] as const;
export const CampaignPhaseSchema = Literals(CAMPAIGN_PHASES);

/** Dashboard spec §3 "Sales campaign". A campaign is Draft (unpublished) or Published (spec §4). */
export const SalesCampaignSchema = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  startDate: Nullable(Instant),
  endDate: Nullable(Instant),
  status: PublishStatusNameSchema,
  phase: Nullable(CampaignPhaseSchema),
  salesProducts: Type.Array(SalesProductSchema),
  includedSeries: Type.Array(Type.Object({ id: Id, title: Type.String() })),
  updatedAt: Instant,
});
export type SalesCampaign = Static<typeof SalesCampaignSchema>;

/** A row of `GET /dashboard/sales/`. */
export const SalesCampaignRowSchema = Type.Object({
  id: Id,
  name: Type.String(),
  startDate: Nullable(Instant),
  endDate: Nullable(Instant),
  status: PublishStatusNameSchema,
  phase: Nullable(CampaignPhaseSchema),
  productCount: Type.Integer({ minimum: 0 }),
});
export type SalesCampaignRow = Static<typeof SalesCampaignRowSchema>;

/** `GET /dashboard/sales/?fromIndex&count&search`. */
export const SalesListQuerySchema = Type.Object({
  fromIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SalesListQuery = Static<typeof SalesListQuerySchema>;
export const SalesCampaignPageSchema = PaginatedOf(SalesCampaignRowSchema);

/** A sales product as saved: the variant by id (-1 Digital), its discount price in cents. */
export const SalesProductInputSchema = Type.Object({
  productId: Id,
  variantId: Type.Integer({ minimum: -1, maximum: Number.MAX_SAFE_INTEGER }),
  discountPrice: Cents,
});
export type SalesProductInput = Static<typeof SalesProductInputSchema>;

/**
 * `POST /dashboard/sales/create` (no id) and `/alter` (with id). A campaign is saved as Draft with
 * whatever it has; only publishing needs a name and both dates (§5 'Missing Sales Information').
 * An end before the start is refused at any save ('End Date is before Start Date'). Products whose
 * discount equals the full price are left out (§5). `includedSeries` are the series staff added
 * whole (their products arrive through getSeriesInfo as rows of `salesProducts`); adding a series
 * already included does nothing. `expectedUpdatedAt` (alter): 409 when someone saved it since.
 */
export const SalesCampaignInputSchema = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: 200 }),
  description: Type.String({ maxLength: 5000 }),
  startDate: Nullable(Instant),
  endDate: Nullable(Instant),
  salesProducts: Type.Array(SalesProductInputSchema, { maxItems: 20_000 }),
  includedSeries: Type.Array(Id, { maxItems: 1000 }),
  expectedUpdatedAt: Type.Optional(Instant),
});
export type SalesCampaignInput = Static<typeof SalesCampaignInputSchema>;

/** `GET /dashboard/sales/getSeriesInfo/{id}`: a series and its products' variants at full price, to add the whole series. */
export const SalesSeriesInfoSchema = Type.Object({ id: Id, title: Type.String(), products: Type.Array(SalesProductSchema) });
export type SalesSeriesInfo = Static<typeof SalesSeriesInfoSchema>;

/** Dashboard spec §5 and §8 messages, word for word. */
export const SALES_MESSAGES = {
  missing: 'Missing Sales Information',
  missingDetail: 'All the following fields must be filled in before you can publish this product',
  endBeforeStart: 'End Date is before Start Date',
  seriesAlreadyIncluded: 'Tried to add series that is already included.',
} as const;

/**
 * The columns of a campaign spreadsheet (`exportAsExcel`, `ValidateFromCsv`, `CreateFromCsv`), in
 * order: one row per sales product (§3), the campaign's own fields repeated on every row (one file
 * is one campaign; every row must agree). Prices are money (4.99); dates ISO 8601 in UTC; Variant Id
 * -1 is Digital. A header row names the columns; its order may differ, its names may not.
 */
export const SALES_SHEET_COLUMNS = [
  'Campaign',
  'Description',
  'Start Date (UTC)',
  'End Date (UTC)',
  'Product Id',
  'Product Name',
  'Series Id',
  'Variant Id',
  'Currency',
  'Full Price',
  'Discount Price',
] as const;
export type SalesSheetColumn = (typeof SALES_SHEET_COLUMNS)[number];

/** Limits of one `ValidateFromCsv` / `CreateFromCsv` call. */
export const SALES_SPREADSHEET_LIMITS = {
  /** Files per call (file1 … file5). */
  files: 5,
  /** Bytes per file, as uploaded. */
  fileBytes: 10 * 1024 * 1024,
  /** Data rows per file (the header not counted). */
  rows: 20_000,
  /** Bytes an .xlsx may unpack to (a zip bomb is refused, not inflated). */
  unpackedBytes: 100 * 1024 * 1024,
  /** Problems a report lists (its `problemLimit`); `problemCount` counts them all. */
  problems: 1000,
} as const;

/** One problem found in a spreadsheet: the file field, the sheet, the 1-based row as a spreadsheet shows it, the column's name. */
export const SpreadsheetProblemSchema = Type.Object({
  file: Type.String(),
  sheet: Type.String(),
  row: Nullable(Type.Integer({ minimum: 1 })),
  column: Nullable(Type.String()),
  message: Type.String(),
});
export type SpreadsheetProblem = Static<typeof SpreadsheetProblemSchema>;

/** What one valid file would create. */
export const SpreadsheetCampaignSchema = Type.Object({
  file: Type.String(),
  fileName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  startDate: Instant,
  endDate: Instant,
  /** Rows that become sales products. */
  productCount: Type.Integer({ minimum: 0 }),
  /** Rows left out because their discount equals the full price (§5). */
  unchangedCount: Type.Integer({ minimum: 0 }),
});
export type SpreadsheetCampaign = Static<typeof SpreadsheetCampaignSchema>;

/**
 * `POST /dashboard/sales/ValidateFromCsv`: 200 with every problem of every file (capped at
 * `problemLimit`, `problemCount` the full count) and what would be created; nothing is written.
 * `POST /dashboard/sales/CreateFromCsv` answers the same shape with `createdIds` when every file
 * is valid, or 422 with this shape in the envelope's response (and nothing created) when not.
 */
export const SpreadsheetReportSchema = Type.Object({
  valid: Type.Boolean(),
  campaigns: Type.Array(SpreadsheetCampaignSchema),
  problems: Type.Array(SpreadsheetProblemSchema),
  problemCount: Type.Integer({ minimum: 0 }),
  createdIds: Type.Array(Id),
});
export type SpreadsheetReport = Static<typeof SpreadsheetReportSchema>;

/* ================================================================== home page: the wheel */

export const WHEEL_GROUP_TYPES = ['Thumbnail', 'Banner'] as const;
export const WheelGroupTypeSchema = Literals(WHEEL_GROUP_TYPES);
export const WHEEL_ITEM_TYPES = ['Image', 'Video'] as const;
export const WheelItemTypeSchema = Literals(WHEEL_ITEM_TYPES);
export const WHEEL_ACTION_TYPES = ['Reader', 'Product', 'Series'] as const;
export const WheelActionTypeSchema = Literals(WHEEL_ACTION_TYPES);

/** Dashboard spec §3 "Image asset". `localPath` is the catalogue's own key of the image (a cover or an uploaded banner). */
export const ImageAssetSchema = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  width: Type.Integer({ minimum: 0, maximum: 100_000 }),
  height: Type.Integer({ minimum: 0, maximum: 100_000 }),
  localPath: Nullable(Type.String({ maxLength: 1000 })),
  color: Nullable(Type.String({ maxLength: 32 })),
});
export type ImageAsset = Static<typeof ImageAssetSchema>;

/** Dashboard spec §3 "Wheel item" as read; `metaData` is the catalog's view of the item it points at. */
export const WheelItemSchema = Type.Object({
  id: Id,
  type: WheelItemTypeSchema,
  enabled: Type.Boolean(),
  ordinal: Nullable(Ordinal),
  displayUpToAgeRating: Nullable(AgeRatingCodeSchema),
  subtitle: Nullable(Type.String()),
  thumbnail: Nullable(ImageAssetSchema),
  thumbnailFallback: Nullable(ImageAssetSchema),
  videoId: Nullable(Type.String()),
  autoPlay: Type.Boolean(),
  muted: Type.Boolean(),
  actionType: Nullable(WheelActionTypeSchema),
  buttonText: Nullable(Type.String()),
  tagline: Nullable(Type.String()),
  productId: Nullable(Id),
  productName: Nullable(Type.String()),
  seriesId: Nullable(Id),
  seriesName: Nullable(Type.String()),
  metaData: Type.Object({ ageRating: Nullable(AgeRatingCodeSchema), isGeoRestricted: Type.Boolean() }),
});
export type WheelItem = Static<typeof WheelItemSchema>;

/** Dashboard spec §3 "Wheel group" plus the publishable item's fields (§3: status, isForWeb, isForApp, isHeroBanner, order). */
export const WheelGroupSchema = Type.Object({
  id: Id,
  type: WheelGroupTypeSchema,
  name: Type.String(),
  isForSteam: Type.Boolean(),
  isForWebsite: Type.Boolean(),
  isForNintendoSwitch: Type.Boolean(),
  isForApp: Type.Boolean(),
  isHeroBanner: Type.Boolean(),
  status: PublishStatusNameSchema,
  /** Set while the group is Scheduled: when it publishes. */
  publishDate: Nullable(Instant),
  order: Ordinal,
  items: Type.Array(WheelItemSchema),
  updatedAt: Instant,
});
export type WheelGroup = Static<typeof WheelGroupSchema>;

/** A wheel item as saved: `id` for an item kept, none for a new one; items left out of a saved group are deleted. */
export const WheelItemInputSchema = Type.Object({
  id: Type.Optional(Id),
  type: WheelItemTypeSchema,
  enabled: Type.Boolean(),
  ordinal: Nullable(Ordinal),
  displayUpToAgeRating: Nullable(AgeRatingCodeSchema),
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  thumbnail: Type.Optional(Nullable(ImageAssetSchema)),
  thumbnailFallback: Type.Optional(Nullable(ImageAssetSchema)),
  videoId: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  autoPlay: Type.Optional(Type.Boolean()),
  muted: Type.Optional(Type.Boolean()),
  actionType: Type.Optional(Nullable(WheelActionTypeSchema)),
  buttonText: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  tagline: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  productId: Type.Optional(Nullable(Id)),
  seriesId: Type.Optional(Nullable(Id)),
});
export type WheelItemInput = Static<typeof WheelItemInputSchema>;

/** A wheel group as saved (`/home/entry/new` without id, `/home/entry/alter` changes with it). `type` may be null only to be refused by the §5 rule with its message. */
export const WheelGroupInputSchema = Type.Object({
  id: Type.Optional(Id),
  type: Nullable(WheelGroupTypeSchema),
  name: Type.String({ maxLength: 200 }),
  isForSteam: Type.Boolean(),
  isForWebsite: Type.Boolean(),
  isForNintendoSwitch: Type.Boolean(),
  isForApp: Type.Optional(Type.Boolean()),
  isHeroBanner: Type.Optional(Type.Boolean()),
  items: Type.Array(WheelItemInputSchema, { maxItems: 200 }),
  expectedUpdatedAt: Type.Optional(Instant),
});
export type WheelGroupInput = Static<typeof WheelGroupInputSchema>;

/**
 * `POST /dashboard/home/entry/alter`: the ordered save of §4, all in one transaction, applied as
 * adds, then removals, edits, publishes, unpublishes and restores, then schedules. Any failure
 * changes nothing (4xx naming the change, e.g. `edited[1].items[3].seriesId`).
 */
export const WheelSaveSchema = Type.Object({
  added: Type.Optional(Type.Array(WheelGroupInputSchema, { maxItems: 100 })),
  removed: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  edited: Type.Optional(Type.Array(WheelGroupInputSchema, { maxItems: 100 })),
  published: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  unpublished: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  restored: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  scheduled: Type.Optional(Type.Array(Type.Object({ id: Id, publishDate: Instant }), { maxItems: 100 })),
});
export type WheelSave = Static<typeof WheelSaveSchema>;

/**
 * `POST /dashboard/home/entry/reOrder` (§4: per item, id, oldOrder and newOrder). `groupId` null
 * moves groups; a group's id moves that group's items, and every id must be one of its items.
 * An `oldOrder` that is not the current order is refused with 409 (someone reordered since).
 */
export const WheelReorderSchema = Type.Object({
  groupId: Nullable(Id),
  moves: Type.Array(Type.Object({ id: Id, oldOrder: Ordinal, newOrder: Ordinal }), { minItems: 1, maxItems: 500 }),
});
export type WheelReorder = Static<typeof WheelReorderSchema>;

/** A §5 publish check that failed, per group; `bucket` names the age-rating bucket short of items. */
export const WheelProblemSchema = Type.Object({
  groupId: Nullable(Id),
  field: Type.String(),
  bucket: Nullable(AgeRatingCodeSchema),
  message: Type.String(),
});
export type WheelProblem = Static<typeof WheelProblemSchema>;

/** Items each age-rating bucket needs to publish a group (§5, §9). */
export const WHEEL_MIN_ITEMS_PER_BUCKET = 4;

/** `POST /dashboard/homepage/top?typeId`: which group type leads the storefront home (0 Thumbnail, 1 Banner). */
export const HOMEPAGE_TOP_TYPES = { 0: 'Thumbnail', 1: 'Banner' } as const;

/** `POST /dashboard/homepage/messaging/set`: the message bar above the storefront home. */
export const HomepageMessagingSchema = Type.Object({
  enabled: Type.Boolean(),
  text: Type.String({ maxLength: 280 }),
  linkText: Nullable(Type.String({ maxLength: 60 })),
  /** A storefront path ('/browse?...') or an https URL. */
  linkUrl: Nullable(Type.String({ maxLength: 2000 })),
});
export type HomepageMessaging = Static<typeof HomepageMessagingSchema>;

/** `GET /dashboard/home/entry`: the wheel's groups in order (removed ones last) and the home settings. */
export const HomeEntriesSchema = Type.Object({
  groups: Type.Array(WheelGroupSchema),
  topTypeId: Type.Integer({ minimum: 0, maximum: 1 }),
  messaging: HomepageMessagingSchema,
});
export type HomeEntries = Static<typeof HomeEntriesSchema>;

/** `GET /dashboard/home/images?query&count` (beyond the spec: the wheel editor's image picker): catalogue covers and uploaded banners. */
export const HomeImageChoiceSchema = Type.Object({
  source: Literals(['cover', 'banner'] as const),
  /** What staff read in the picker: the product or series name, or the banner's file name. */
  label: Type.String(),
  image: ImageAssetSchema,
});
export type HomeImageChoice = Static<typeof HomeImageChoiceSchema>;
export const HomeImagesQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/** `POST /dashboard/home/banners` (beyond the spec): multipart field `file`, a PNG, JPEG or WebP banner; answers its ImageAsset. */
export const BANNER_UPLOAD_LIMITS = { bytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] } as const;

/* ================================================================== curated lists (carousels) */

/** Dashboard spec §3 "List sort enumeration". */
export const LIST_SORTS = {
  NewAndPopular: 0,
  Recentlyadded: 1,
  RecommendedForYou: 2,
  DateAddedDescending: 3,
  DateAddedAscending: 4,
  PublishDateDescending: 5,
  PublishDateAscending: 6,
  AllTimePopular: 7,
  TitleDescending: 8,
  TitleAscending: 9,
  Trending: 10,
} as const;

/** `type`: a list of hand-picked items, or of what the filter finds (curated items first, then filtered ones). */
export const CURATED_LIST_TYPES = ['Curated', 'Filtered'] as const;
export const CuratedListTypeSchema = Literals(CURATED_LIST_TYPES);

/** Dashboard spec §3 "filterCriteria", field names as the spec spells them; evaluated by the catalog's discover query. */
export const FilterCriteriaSchema = Type.Object({
  typeIds: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 9999 }), { maxItems: 50 })),
  genres: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  ipTagId: Type.Optional(Nullable(Id)),
  imprintId: Type.Optional(Nullable(Id)),
  category: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 3 }))),
  subCategory: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 9999 }))),
  includeSeries: Type.Optional(Type.Boolean()),
  publishStatus: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7 })),
  scheduleStatus: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7 })),
  ageRatings: Type.Optional(Type.Array(AgeRatingCodeSchema, { maxItems: 5 })),
  hasDownloadablePriceTypeFlag: Type.Optional(Type.Boolean()),
  hasShippablePriceTypeFlag: Type.Optional(Type.Boolean()),
  isOnSale: Type.Optional(Type.Boolean()),
  SeriesStatus: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  MinPrice: Type.Optional(Nullable(Cents)),
  MaxPrice: Type.Optional(Nullable(Cents)),
  newOnly: Type.Optional(Type.Boolean()),
  /** Beyond the spec (kept from the demo's /discover/v2 carousels): free to read (for this visitor) or not. */
  isFree: Type.Optional(Type.Boolean()),
});
export type FilterCriteria = Static<typeof FilterCriteriaSchema>;

export const CuratedItemSchema = Type.Object({ kind: Literals(['product', 'series'] as const), id: Id, name: Type.String() });
export type CuratedItem = Static<typeof CuratedItemSchema>;

/** Dashboard spec §3 "Curated list", plus its status and place on the home page. */
export const CuratedListSchema = Type.Object({
  id: Id,
  title: Type.String(),
  type: CuratedListTypeSchema,
  customCallToActionText: Nullable(Type.String()),
  customCallToActionUrl: Nullable(Type.String()),
  curatedItems: Type.Array(CuratedItemSchema),
  filterCriteria: FilterCriteriaSchema,
  status: PublishStatusNameSchema,
  order: Ordinal,
  updatedAt: Instant,
});
export type CuratedList = Static<typeof CuratedListSchema>;

/** `/dashboard/carousels/new` (no id) and each entry of `/alter` (with id). Publishing needs a non-empty title (§5). */
export const CuratedListInputSchema = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ maxLength: 200 }),
  type: CuratedListTypeSchema,
  customCallToActionText: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  customCallToActionUrl: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  curatedItems: Type.Array(Type.Object({ kind: Literals(['product', 'series'] as const), id: Id }), { maxItems: 100 }),
  filterCriteria: FilterCriteriaSchema,
  status: Type.Optional(Literals(['Draft', 'Published'] as const)),
  order: Type.Optional(Ordinal),
  expectedUpdatedAt: Type.Optional(Instant),
});
export type CuratedListInput = Static<typeof CuratedListInputSchema>;

/** Dashboard spec §5: 'Curated list can publish only with a non-empty title'. */
export const CURATED_LIST_TITLE_MESSAGE = 'title: a curated list needs a title to be published.';

/** `POST /dashboard/carousels/preview` (beyond the spec: the editor's preview): what the list would show a visitor who may see every rating. */
export const CuratedListPreviewSchema = Type.Object({ items: Type.Array(ListItemSchema), fullCount: Type.Integer({ minimum: 0 }) });
export type CuratedListPreview = Static<typeof CuratedListPreviewSchema>;

/* ================================================================== HTML components */

/** Dashboard spec §3 "Text block" (id, name, style, content): `content` is HTML, sanitised by the catalog when saved. */
export const HTML_COMPONENT_STYLES = ['Plain', 'Callout', 'Banner'] as const;
export const HtmlComponentStyleSchema = Literals(HTML_COMPONENT_STYLES);

export const HtmlComponentSchema = Type.Object({
  id: Id,
  name: Type.String(),
  style: HtmlComponentStyleSchema,
  /** Sanitised HTML, as stored and as the storefront renders it. */
  content: Type.String(),
  status: PublishStatusNameSchema,
  order: Ordinal,
  updatedAt: Instant,
});
export type HtmlComponent = Static<typeof HtmlComponentSchema>;

export const HtmlComponentInputSchema = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  style: HtmlComponentStyleSchema,
  content: Type.String({ maxLength: 100_000 }),
  status: Type.Optional(Literals(['Draft', 'Published'] as const)),
  order: Type.Optional(Ordinal),
  expectedUpdatedAt: Type.Optional(Instant),
});
export type HtmlComponentInput = Static<typeof HtmlComponentInputSchema>;

/** `POST /dashboard/html-components/preview` (beyond the spec): the content as it would be stored, and what the sanitiser took out. */
export const HtmlSanitisedSchema = Type.Object({ content: Type.String(), removed: Type.Array(Type.String()) });
export type HtmlSanitised = Static<typeof HtmlSanitisedSchema>;
