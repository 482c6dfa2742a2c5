/**
 * The catalog's storefront answers (inside the envelope's `response`). Field names follow storefront
 * spec §3; money is in cents with an ISO currency. The catalog's routes declare these as their
 * response schemas and the storefront codes against their types.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

const Id = Type.Integer({ minimum: 1 });
/** ISO 8601 date and time. */
const Instant = Type.String({ format: 'date-time' });

export const ThumbnailSchema = Type.Object({
  url: Type.String(),
  /** JPEG fallback of the same image. */
  fallbackUrl: Type.Optional(Type.String()),
  // Bounded because staff send thumbnails in save bodies (no image is 100,000 pixels a side).
  width: Type.Integer({ minimum: 0, maximum: 100_000 }),
  height: Type.Integer({ minimum: 0, maximum: 100_000 }),
  color: Type.Optional(Type.String()),
});
export type ThumbnailView = Static<typeof ThumbnailSchema>;

export const CreatorCreditSchema = Type.Object({
  ordinal: Type.Integer(),
  hidden: Type.Boolean(),
  /** 'Story & Art', 'Writer', 'Artist', … */
  title: Type.String(),
  creator: Type.Object({ id: Id, name: Type.String() }),
});
export type CreatorCreditView = Static<typeof CreatorCreditSchema>;

export const VariantSchema = Type.Object({
  id: Id,
  type: Type.Union([Type.Literal('Digital'), Type.Literal('Print')]),
  enabled: Type.Boolean(),
  priceType: Type.String(),
  /** What the visitor pays now, in cents (the sale price while on sale). */
  price: Type.Integer(),
  /** Price before any sale, in cents. */
  fullPrice: Type.Integer(),
  isOnSale: Type.Boolean(),
  currency: Type.String(),
  scheduleDate: Nullable(Type.String()),
  isPreOrder: Type.Boolean(),
  cartLimit: Nullable(Type.Integer()),
  /** Whether this visitor may buy it now (price type, login, ownership, Japan rule, pre-order). */
  purchasable: Type.Boolean(),
  stockInfo: Nullable(Type.Object({ delayExpected: Type.Boolean(), delayMessage: Type.Optional(Type.String()), delayedUntilDate: Type.Optional(Type.String()) })),
});
export type VariantView = Static<typeof VariantSchema>;

export const SeriesRefSchema = Type.Object({
  id: Id,
  title: Type.String(),
  readableUrl: Nullable(Type.String()),
  color: Nullable(Type.String()),
});
export type SeriesRefView = Static<typeof SeriesRefSchema>;

/** A product in a list (browse, carousels, series pages, search pages). */
export const ProductCardSchema = Type.Object({
  id: Id,
  /** 'product': lists mixing series and products tell them apart by this. */
  kind: Type.Literal('product'),
  name: Type.String(),
  displayName: Nullable(Type.String()),
  readableUrl: Nullable(Type.String()),
  category: Type.String(),
  subCategory: Type.String(),
  subCategoryId: Type.Integer(),
  volumeNumber: Nullable(Type.Number()),
  chapterNumber: Nullable(Type.Number()),
  relativeName: Nullable(Type.String()),
  publishDate: Nullable(Instant),
  ageRating: Type.String(),
  thumbnails: Type.Array(ThumbnailSchema),
  series: Nullable(SeriesRefSchema),
  variants: Type.Array(VariantSchema),
  /** Lowest current price among enabled variants, in cents; null when nothing is for sale. */
  fromPrice: Nullable(Type.Integer()),
  isOnSale: Type.Boolean(),
  isFree: Type.Boolean(),
  isPreOrder: Type.Boolean(),
});
export type ProductCardView = Static<typeof ProductCardSchema>;

export const ProductSchema = Type.Composite([
  ProductCardSchema,
  Type.Object({
    description: Type.String(),
    metaDescription: Nullable(Type.String()),
    status: Type.String(),
    unlisted: Type.Boolean(),
    creators: Type.Array(CreatorCreditSchema),
    ipTags: Type.Array(Type.Object({ id: Id, name: Type.String(), readableUrl: Type.String() })),
    externalLinks: Type.Array(Type.Unknown()),
    readable: Type.Object({
      series: Nullable(SeriesRefSchema),
      issueNumber: Nullable(Type.Number()),
      pageCount: Type.Integer(),
      readingProgress: Nullable(Type.Integer()),
      isOwned: Type.Boolean(),
      releaseDate: Nullable(Instant),
      seriesReadableUrl: Nullable(Type.String()),
    }),
    priceable: Type.Object({ type: Type.String(), price: Type.Integer() }),
    ageRestrictable: Type.Object({ ageRating: Type.String() }),
    geoRestrictable: Type.Object({ restrictedTerritories: Type.Array(Type.String()) }),
    downloadable: Type.Object({ ingestCompleted: Type.Boolean(), reverseReadOrder: Type.Boolean() }),
    /** Reading access for this visitor (storefront spec §5). */
    readingAccess: Type.Object({ canRead: Type.Boolean(), reason: Type.String() }),
  }),
]);
export type ProductView = Static<typeof ProductSchema>;

export const GenreSchema = Type.Object({ id: Id, name: Type.String(), readableUrl: Type.String() });
export type GenreView = Static<typeof GenreSchema>;

export const SeriesCardSchema = Type.Object({
  id: Id,
  kind: Type.Literal('series'),
  title: Type.String(),
  readableUrl: Nullable(Type.String()),
  color: Nullable(Type.String()),
  ageRating: Type.String(),
  completionStatus: Nullable(Type.String()),
  thumbnails: Type.Array(ThumbnailSchema),
  genres: Type.Array(GenreSchema),
  volumeCount: Type.Integer(),
  chapterCount: Type.Integer(),
});
export type SeriesCardView = Static<typeof SeriesCardSchema>;

export const SeriesSchema = Type.Composite([
  SeriesCardSchema,
  Type.Object({
    description: Type.String(),
    metaDescription: Nullable(Type.String()),
    originalLanguageTitle: Nullable(Type.String()),
    romanizedTitle: Nullable(Type.String()),
    altTitles: Type.Array(Type.String()),
    defaultCreators: Type.Array(CreatorCreditSchema),
    restrictedTerritories: Type.Array(Type.String()),
    unlisted: Type.Boolean(),
    relativeNameSetting: Type.String(),
    rightToLeft: Type.Boolean(),
    publisher: Nullable(Type.Object({ id: Id, name: Type.String() })),
    /** Wide banner art. */
    heroThumbnails: Type.Array(ThumbnailSchema),
    externalLinks: Type.Array(Type.Unknown()),
  }),
]);
export type SeriesView = Static<typeof SeriesSchema>;

/** A series or a product, told apart by `kind`. */
export const ListItemSchema = Type.Union([ProductCardSchema, SeriesCardSchema]);

export const CarouselSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** Where "See all" leads, e.g. '/browse/?st=3&is=false'. */
  link: Nullable(Type.String()),
  /** The curated list's own call-to-action text for `link` (issue 22); absent or null: the storefront's own words. */
  linkText: Type.Optional(Nullable(Type.String())),
  items: Type.Array(ListItemSchema),
});
export type CarouselView = Static<typeof CarouselSchema>;

/** A series of the spotlight wheel on the home page. */
export const SpotlightSchema = Type.Composite([SeriesCardSchema, Type.Object({ tagline: Type.String(), heroThumbnails: Type.Array(ThumbnailSchema) })]);
export type SpotlightView = Static<typeof SpotlightSchema>;

/** A slide of a wheel group as the storefront shows it: where it leads is a storefront path. */
export const WheelSlideSchema = Type.Object({
  id: Id,
  type: Type.Union([Type.Literal('Image'), Type.Literal('Video')]),
  title: Nullable(Type.String()),
  tagline: Nullable(Type.String()),
  buttonText: Nullable(Type.String()),
  image: Nullable(ThumbnailSchema),
  videoId: Nullable(Type.String()),
  autoPlay: Type.Boolean(),
  muted: Type.Boolean(),
  /** '/series/harbor-lights', '/product/…', '/reader/…'. */
  href: Type.String(),
  ageRating: Nullable(Type.String()),
  /** The cover of the series or product the slide leads to: a phone shows it over the wide banner (issue 26). */
  cover: Type.Optional(Type.Array(ThumbnailSchema)),
});
export type WheelSlideView = Static<typeof WheelSlideSchema>;

export const WheelViewSchema = Type.Object({ id: Id, type: Type.Union([Type.Literal('Thumbnail'), Type.Literal('Banner')]), name: Type.String(), slides: Type.Array(WheelSlideSchema) });
export type WheelView = Static<typeof WheelViewSchema>;

/** `/home/V2`: the spotlight wheel (hero series) and the carousels below it. */
export const HomeSchema = Type.Object({
  spotlight: Type.Array(SpotlightSchema),
  carousels: Type.Array(CarouselSchema),
  /** The published wheel groups staff curate (issue 22), in order, items already filtered for the visitor and platform. */
  wheel: Type.Optional(Type.Array(WheelViewSchema)),
  /** Which group type leads the page (dashboard homepage/top). */
  topType: Type.Optional(Type.Union([Type.Literal('Thumbnail'), Type.Literal('Banner')])),
  /** The message bar above the page, when staff switched it on. */
  messaging: Type.Optional(Nullable(Type.Object({ text: Type.String(), linkText: Nullable(Type.String()), linkUrl: Nullable(Type.String()) }))),
  /** Published HTML components (sanitised when saved), in order, shown between the wheel and the carousels. */
  htmlComponents: Type.Optional(Type.Array(Type.Object({ id: Id, name: Type.String(), style: Type.String(), content: Type.String() }))),
});
export type HomeView = Static<typeof HomeSchema>;

export const NewsArticleCardSchema = Type.Object({
  id: Id,
  title: Type.String(),
  readableUrl: Type.String(),
  summary: Type.String(),
  pageType: Type.String(),
  publishedAt: Instant,
  thumbnails: Type.Array(ThumbnailSchema),
});
export type NewsArticleCardView = Static<typeof NewsArticleCardSchema>;

export const NewsArticleSchema = Type.Composite([
  NewsArticleCardSchema,
  Type.Object({
    /** Sanitised HTML written by staff. */
    bodyHtml: Type.String(),
    series: Nullable(SeriesRefSchema),
  }),
]);
export type NewsArticleView = Static<typeof NewsArticleSchema>;

/** `/product/ReleaseCalendar`: upcoming and recent releases grouped by day (YYYY-MM-DD). */
export const ReleaseDaySchema = Type.Object({ date: Type.String(), products: Type.Array(ProductCardSchema) });
export type ReleaseDayView = Static<typeof ReleaseDaySchema>;

/** `/discover/sortorder`: the sort orders lists take. */
export const SortOrderSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type SortOrderView = Static<typeof SortOrderSchema>;

/** `/type`: a product type with its numeric code and content kind. */
export const ProductTypeSchema = Type.Object({ id: Type.Integer(), name: Type.String(), category: Type.String(), categoryId: Type.Integer() });
export type ProductTypeView = Static<typeof ProductTypeSchema>;

export const PublisherSchema = Type.Object({ id: Id, name: Type.String(), imprints: Type.Array(Type.Object({ id: Id, name: Type.String() })) });
export type PublisherView = Static<typeof PublisherSchema>;

export const IpTagSchema = Type.Object({ id: Id, name: Type.String(), readableUrl: Type.String() });
export type IpTagView = Static<typeof IpTagSchema>;

export const BundleCardSchema = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  readableUrl: Nullable(Type.String()),
  /** In cents. */
  price: Type.Integer(),
  defaultThumbnail: Nullable(Type.Unknown()),
  itemCount: Type.Integer(),
});
export type BundleCardView = Static<typeof BundleCardSchema>;

/** `/dashboard/product/publish` and `/unpublish`: the product and the status it now has. */
export const PublishStatusChangeSchema = Type.Object({ id: Id, status: Type.String() });
export type PublishStatusChange = Static<typeof PublishStatusChangeSchema>;
