/**
 * Shapes of the catalog's storefront answers (inside the envelope's `response`), copied from the
 * catalog service's contract (`services/catalog/src/views/types.ts`): the storefront is built on
 * its own and must not import service code. Keep the two in step. Money is in cents with an ISO
 * currency.
 *
 * The search and news features read their parts of this contract too, with type-only imports: one
 * copy of the contract is easier to keep in step than three.
 */
export interface ThumbnailView {
  url: string;
  /** JPEG fallback of the same image. */
  fallbackUrl?: string;
  width: number;
  height: number;
  color?: string;
}

export interface CreatorCreditView {
  ordinal: number;
  hidden: boolean;
  /** 'Story & Art', 'Writer', 'Artist', … */
  title: string;
  creator: { id: number; name: string };
}

export interface VariantView {
  id: number;
  type: 'Digital' | 'Print';
  enabled: boolean;
  priceType: string;
  /** What the visitor pays now, in cents (the sale price while on sale). */
  price: number;
  /** Price before any sale, in cents. */
  fullPrice: number;
  isOnSale: boolean;
  currency: string;
  scheduleDate: string | null;
  isPreOrder: boolean;
  cartLimit: number | null;
  /** Whether this visitor may buy it now (price type, login, ownership, Japan rule, pre-order). */
  purchasable: boolean;
  stockInfo: { delayExpected: boolean; delayMessage?: string; delayedUntilDate?: string } | null;
}

export interface SeriesRefView {
  id: number;
  title: string;
  readableUrl: string | null;
  color: string | null;
}

/** A product in a list (browse, carousels, series pages, search pages). */
export interface ProductCardView {
  id: number;
  /** 'product' — lists mixing series and products tell them apart by this. */
  kind: 'product';
  name: string;
  displayName: string | null;
  readableUrl: string | null;
  category: string;
  subCategory: string;
  subCategoryId: number;
  volumeNumber: number | null;
  chapterNumber: number | null;
  relativeName: string | null;
  publishDate: string | null;
  ageRating: string;
  thumbnails: ThumbnailView[];
  series: SeriesRefView | null;
  variants: VariantView[];
  /** Lowest current price among enabled variants, in cents; null when nothing is for sale. */
  fromPrice: number | null;
  isOnSale: boolean;
  isFree: boolean;
  isPreOrder: boolean;
}

export interface ProductView extends ProductCardView {
  description: string;
  metaDescription: string | null;
  status: string;
  unlisted: boolean;
  creators: CreatorCreditView[];
  ipTags: Array<{ id: number; name: string; readableUrl: string }>;
  externalLinks: unknown[];
  readable: {
    series: SeriesRefView | null;
    issueNumber: number | null;
    pageCount: number;
    readingProgress: number | null;
    isOwned: boolean;
    releaseDate: string | null;
    seriesReadableUrl: string | null;
  };
  priceable: { type: string; price: number };
  ageRestrictable: { ageRating: string };
  geoRestrictable: { restrictedTerritories: string[] };
  downloadable: { ingestCompleted: boolean; reverseReadOrder: boolean };
  /** Reading access for this visitor (storefront spec §5). */
  readingAccess: { canRead: boolean; reason: string };
}

export interface GenreView {
  id: number;
  name: string;
  readableUrl: string;
}

export interface SeriesCardView {
  id: number;
  kind: 'series';
  title: string;
  readableUrl: string | null;
  color: string | null;
  ageRating: string;
  completionStatus: string | null;
  thumbnails: ThumbnailView[];
  genres: GenreView[];
  volumeCount: number;
  chapterCount: number;
}

export interface SeriesView extends SeriesCardView {
  description: string;
  metaDescription: string | null;
  originalLanguageTitle: string | null;
  romanizedTitle: string | null;
  altTitles: string[];
  defaultCreators: CreatorCreditView[];
  restrictedTerritories: string[];
  unlisted: boolean;
  relativeNameSetting: string;
  rightToLeft: boolean;
  publisher: { id: number; name: string } | null;
  /** Wide banner art. */
  heroThumbnails: ThumbnailView[];
  externalLinks: unknown[];
}

/** One entry of `/search/V3` (storefront spec §2: type, displayType, content). */
export interface SearchResultView {
  type: 'series' | 'product';
  displayType: string;
  content: { id: number; title: string; readableUrl: string | null; thumbnails: Array<{ url: string; color?: string }> };
}

export interface CarouselView {
  id: string;
  title: string;
  /** Where "See all" leads, e.g. '/browse/?st=3&is=false'. */
  link: string | null;
  items: Array<ProductCardView | SeriesCardView>;
}

/** `/home/V2`: the spotlight wheel (hero series) and the carousels below it. */
export interface HomeView {
  spotlight: Array<SeriesCardView & { tagline: string; heroThumbnails: ThumbnailView[] }>;
  carousels: CarouselView[];
}

export interface NewsArticleCardView {
  id: number;
  title: string;
  readableUrl: string;
  summary: string;
  pageType: string;
  publishedAt: string;
  thumbnails: ThumbnailView[];
}

export interface NewsArticleView extends NewsArticleCardView {
  /** Sanitised HTML written by staff. */
  bodyHtml: string;
  series: SeriesRefView | null;
}

/** `/product/ReleaseCalendar`: upcoming and recent releases grouped by day (YYYY-MM-DD). */
export interface ReleaseDayView {
  date: string;
  products: ProductCardView[];
}
