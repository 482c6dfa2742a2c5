/**
 * The demo catalogue as plain data: what `generateDemoCatalogue(seed)` produces and the seeder loads
 * into the catalog database. Everything is made up by the project (names, stories, art). Keys are
 * stable strings that tie records together; database ids are assigned when seeding.
 */
import type { AgeRating, PriceType, ProductTypeName, PublishStatusName } from '@inkwell/contracts/catalog-rules';

/** Spec brand colours. */
export type BrandColor = 'blue' | 'green' | 'navy' | 'orange' | 'pink' | 'purple' | 'red' | 'yellow';

export interface DemoVariant {
  type: 'Digital' | 'Print';
  priceType: PriceType;
  /** Full price in cents (0 for free types). */
  priceCents: number;
  currency: 'USD';
  isPreOrder: boolean;
  /** ISO date the variant becomes available (pre-orders and scheduled releases). */
  scheduleDate?: string;
  /** Most units of this variant one cart may hold (Print only); absent = no limit. */
  cartLimit?: number;
  /** Print only. Dimensions in inches, weight in pounds. */
  stock?: { weight: number; height: number; width: number; length: number; inventoryId: string; delayExpected: boolean; delayMessage?: string; delayedUntilDate?: string };
}

export interface DemoCreatorCredit {
  creator: string;
  /** 'Story & Art', 'Writer', 'Artist', 'Translator', 'Letterer' */
  title: string;
}

export interface DemoProduct {
  key: string;
  name: string;
  /** Lower-case words joined by hyphens, never only digits, unique across all products. */
  readableUrl: string;
  subCategory: ProductTypeName;
  volumeNumber?: number;
  chapterNumber?: number;
  /** The sorting number (spec §5 "Sorting"): the release's place in its series, 1 for the first. */
  issueNumber: number;
  /** Optional display name of a chapter, e.g. "Part 1: The Lighthouse" (spec: relative name). */
  relativeName?: string;
  description: string;
  /** ISO timestamp. */
  publishDate: string;
  status: PublishStatusName;
  unlisted: boolean;
  ageRating: AgeRating;
  pageCount: number;
  restrictedTerritories: string[];
  reverseReadOrder: boolean;
  variants: DemoVariant[];
  /** Discounted price in cents for the Digital variant during the demo sale; absent = not on sale. */
  saleDigitalPriceCents?: number;
  /** Relative popularity 0..1000, drives "popular" sorting. */
  popularity: number;
}

export interface DemoSeries {
  key: string;
  title: string;
  readableUrl: string;
  description: string;
  color: BrandColor;
  genres: string[];
  publisher: string;
  imprint?: string;
  creators: DemoCreatorCredit[];
  ageRating: AgeRating;
  completionStatus: 'Ongoing' | 'Completed';
  restrictedTerritories: string[];
  ipTag?: string;
  originalLanguageTitle?: string;
  romanizedTitle?: string;
  altTitles: string[];
  status: PublishStatusName;
  unlisted: boolean;
  /** Manga series read right to left. */
  rightToLeft: boolean;
  products: DemoProduct[];
}

export interface DemoArticle {
  key: string;
  title: string;
  readableUrl: string;
  summary: string;
  /** Simple HTML: <p>, <h2>, <ul>, <a href="/series/...">. */
  bodyHtml: string;
  publishedAt: string;
  /** 'News', 'Announcement', 'Feature' */
  pageType: string;
  /** Series the article is about, if any (its cover is used as the article image). */
  series?: string;
}

export interface DemoCatalogue {
  publishers: Array<{ key: string; name: string; imprints: string[] }>;
  genres: Array<{ key: string; name: string }>;
  creators: Array<{ key: string; name: string }>;
  ipTags: Array<{ key: string; name: string }>;
  series: DemoSeries[];
  news: DemoArticle[];
}
