/**
 * Human labels for every code the storefront and the dashboard show to people: product types
 * ('BoxSet' → 'Box set'), content kinds, formats and distribution types, publish statuses
 * ('ScheduledPreOrder' → 'Pre-order'), price types, age ratings, completion statuses, relative-name
 * settings, order statuses and list sorts. Codes stay codes on the wire and in the database; only
 * what a person reads goes through here. Constants and pure functions only, so a frontend importing
 * this pulls in no schema code.
 *
 * Each `…Label` function takes the code by name or by its numeric code where the spec gives one,
 * and never answers with a raw code: a code it does not know (a newer server) is spelled out in
 * words by `humanizeCode` ('NewThing' → 'New thing').
 */
import { type AgeRating } from './catalog-rules/age-rating';
import { type PriceType } from './catalog-rules/price-types';
import { type ContentKind, type ProductType, contentKindFromCode, productTypeFromCode } from './catalog-rules/product-types';
import { type PublishStatus, publishStatusFromCode } from './catalog-rules/publish-status';
import { ORDER_STATUS_LABELS, type OrderStatus } from './order-rules';

/* ------------------------------------------------------------------ the fallback */

/**
 * A code in words, for a code no table knows: CamelCase and snake_case split into words, the first
 * capitalised and the rest lower case ('ScheduledPreOrder' → 'Scheduled pre order', 'e7' → 'E7').
 * Runs of capitals stay together ('DLCPack' → 'DLC pack').
 */
export function humanizeCode(code: string | number | null | undefined): string {
  if (code === null || code === undefined) return '';
  const text = String(code).trim();
  if (text === '') return '';
  const words = text
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word, index) => (/^[A-Z0-9]{2,}$/.test(word) ? word : index === 0 ? word : word.toLowerCase()));
  const first = words[0]!;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

function lookup<Code extends string>(table: Readonly<Record<Code, string>>, code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  return Object.prototype.hasOwnProperty.call(table, code) ? table[code as Code] : humanizeCode(code);
}

/* ------------------------------------------------------------------ product types and kinds */

/** Dashboard spec §3 product types (subCategory), one item. */
export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  Volume: 'Volume',
  SingleIssue: 'Single issue',
  Annual: 'Annual',
  BoxSet: 'Box set',
  Omnibus: 'Omnibus',
  OneShot: 'One-shot',
  Book: 'Book',
  Chapter: 'Chapter',
  Episode: 'Episode',
  BoardGame: 'Board game',
  Puzzle: 'Puzzle',
  TradingCard: 'Trading cards',
  TarotCard: 'Tarot cards',
  Litho: 'Lithograph',
  Print: 'Art print',
  Pin: 'Pin',
  Key: 'Keychain',
  Apparel: 'Apparel',
  FunPack: 'Fun pack',
  Other: 'Other',
  DigitalBundle: 'Digital bundle',
};

/** The same types as a filter or a heading names several of them. */
export const PRODUCT_TYPE_PLURAL_LABELS: Readonly<Record<ProductType, string>> = {
  Volume: 'Volumes',
  SingleIssue: 'Single issues',
  Annual: 'Annuals',
  BoxSet: 'Box sets',
  Omnibus: 'Omnibuses',
  OneShot: 'One-shots',
  Book: 'Books',
  Chapter: 'Chapters',
  Episode: 'Episodes',
  BoardGame: 'Board games',
  Puzzle: 'Puzzles',
  TradingCard: 'Trading cards',
  TarotCard: 'Tarot cards',
  Litho: 'Lithographs',
  Print: 'Art prints',
  Pin: 'Pins',
  Key: 'Keychains',
  Apparel: 'Apparel',
  FunPack: 'Fun packs',
  Other: 'Other',
  DigitalBundle: 'Digital bundles',
};

/** 'BoxSet' or its code 3 → 'Box set'. The storefront's display type 'Series' is a type too. */
export function productTypeLabel(type: string | number | null | undefined): string {
  if (typeof type === 'number') {
    const name = productTypeFromCode(type);
    return name ? PRODUCT_TYPE_LABELS[name] : `Type ${type}`;
  }
  if (type === 'Series') return 'Series';
  return lookup(PRODUCT_TYPE_LABELS, type);
}

export function productTypePluralLabel(type: string | number | null | undefined): string {
  const name = typeof type === 'number' ? productTypeFromCode(type) : type;
  if (name === undefined || name === null) return typeof type === 'number' ? `Type ${type}` : '';
  return lookup(PRODUCT_TYPE_PLURAL_LABELS, name);
}

/** Content categories (spec §3), and Bundle, the kind of its own. */
export const CONTENT_KIND_LABELS: Readonly<Record<ContentKind, string>> = {
  Publication: 'Comics and books',
  Game: 'Games',
  Merchandise: 'Merchandise',
  Bundle: 'Bundles',
};

export function contentKindLabel(kind: string | number | null | undefined): string {
  if (typeof kind === 'number') {
    const name = contentKindFromCode(kind);
    return name ? CONTENT_KIND_LABELS[name] : `Category ${kind}`;
  }
  return lookup(CONTENT_KIND_LABELS, kind);
}

/* ------------------------------------------------------------------ formats */

/** A variant's type, a cart or order item's distribution type: the format a shopper buys. */
export const FORMATS = ['Digital', 'Print'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_LABELS: Readonly<Record<Format, string>> = {
  Digital: 'Digital',
  Print: 'Print',
};

/** What each format is, in a sentence fragment for filters and notes. */
export const FORMAT_DESCRIPTIONS: Readonly<Record<Format, string>> = {
  Digital: 'Read in the browser and the apps',
  Print: 'A physical copy, shipped to you',
};

/** 'Digital' | 'Print' (also the distribution type of a cart or order item; 0 Digital, 1 Print). */
export function formatLabel(format: string | number | null | undefined): string {
  if (typeof format === 'number') return FORMATS[format] ? FORMAT_LABELS[FORMATS[format]!] : `Format ${format}`;
  return lookup(FORMAT_LABELS, format);
}

export const distributionTypeLabel = formatLabel;

/* ------------------------------------------------------------------ publish statuses */

/** Dashboard spec §3 publish statuses; OnGoing is treated as published, so it reads as Published. */
export const PUBLISH_STATUS_LABELS: Readonly<Record<PublishStatus, string>> = {
  New: 'New',
  Draft: 'Draft',
  Scheduled: 'Scheduled',
  ScheduledPreOrder: 'Pre-order',
  ScheduledComingSoon: 'Coming soon',
  Published: 'Published',
  OnGoing: 'Published',
  Removed: 'Removed',
  Ended: 'Ended',
};

/** 'ScheduledPreOrder' or its code 2 → 'Pre-order'. */
export function publishStatusLabel(status: string | number | null | undefined): string {
  if (typeof status === 'number') {
    const name = publishStatusFromCode(status);
    return name ? PUBLISH_STATUS_LABELS[name] : `Status ${status}`;
  }
  return lookup(PUBLISH_STATUS_LABELS, status);
}

/* ------------------------------------------------------------------ price types */

/** Price types (spec §3), spelled as the spec spells the codes ('Purchaseble'), said plainly. */
export const PRICE_TYPE_LABELS: Readonly<Record<PriceType, string>> = {
  Print: 'Print price',
  Free: 'Free',
  FreeForRegistered: 'Free with a Reader account',
  Paid: 'Paid',
  NotForSale: 'Not for sale',
  SubscriptionOnly: 'Subscription only',
  PaidOrSubscription: 'Paid or subscription',
  FreeToReadAndPurchaseble: 'Free to read, also for sale',
  FreeToReadForRegisteredAndPurchaseble: 'Free to read with an account, also for sale',
};

export function priceTypeLabel(type: string | null | undefined): string {
  return lookup(PRICE_TYPE_LABELS, type);
}

/* ------------------------------------------------------------------ age ratings */

export interface AgeRatingLabel {
  /** The letters on the badge: 'T'. */
  label: string;
  /** Beside the badge: 'Teen 15+'. */
  short: string;
  /** In full: 'Teen, ages 15 and up'. */
  description: string;
}

/** Spec §3 ratings, lowest to highest (under 7 e, under 12 e7, under 15 pg, under 18 t, otherwise m). */
export const AGE_RATING_LABELS: Readonly<Record<AgeRating, AgeRatingLabel>> = {
  e: { label: 'E', short: 'All ages', description: 'Everyone' },
  e7: { label: 'E7', short: 'Ages 7+', description: 'Ages 7 and up' },
  pg: { label: 'PG', short: 'Ages 12+', description: 'Ages 12 and up' },
  t: { label: 'T', short: 'Teen 15+', description: 'Teen, ages 15 and up' },
  m: { label: 'M', short: 'Mature 18+', description: 'Mature, ages 18 and up' },
};

/** 'pg' or 'PG' → 'Ages 12+' (the short form); an unknown rating → its letters in capitals. */
export function ageRatingLabel(rating: string | null | undefined): string {
  if (rating === null || rating === undefined || rating.trim() === '') return '';
  const known = AGE_RATING_LABELS[rating.trim().toLowerCase() as AgeRating] as AgeRatingLabel | undefined;
  return known ? known.short : rating.trim().toUpperCase();
}

/* ------------------------------------------------------------------ series */

export const COMPLETION_STATUS_LABELS: Readonly<Record<'Ongoing' | 'Completed' | 'Hiatus' | 'Cancelled', string>> = {
  Ongoing: 'Ongoing',
  Completed: 'Completed',
  Hiatus: 'On hiatus',
  Cancelled: 'Cancelled',
};

export function completionStatusLabel(status: string | null | undefined): string {
  return lookup(COMPLETION_STATUS_LABELS, status);
}

/** How a series' products name themselves relative to it. */
export const RELATIVE_NAME_SETTING_LABELS: Readonly<Record<'UsePublisherSetting' | 'Volume' | 'Chapter' | 'Issue' | 'Episode' | 'None', string>> = {
  UsePublisherSetting: "The publisher's setting",
  Volume: 'Volume',
  Chapter: 'Chapter',
  Issue: 'Issue',
  Episode: 'Episode',
  None: 'None',
};

export function relativeNameSettingLabel(setting: string | null | undefined): string {
  return lookup(RELATIVE_NAME_SETTING_LABELS, setting);
}

/* ------------------------------------------------------------------ orders */

/** Order statuses as the spec labels them (order-rules keeps the table; here for one import). */
export { ORDER_STATUS_LABELS };

export function orderStatusLabel(status: string | null | undefined): string {
  return lookup<OrderStatus>(ORDER_STATUS_LABELS, status);
}

/* ------------------------------------------------------------------ list sorts */

/** Dashboard spec §3 "List sort enumeration", by name. */
export const LIST_SORT_LABELS: Readonly<Record<string, string>> = {
  NewAndPopular: 'New and popular',
  Recentlyadded: 'Recently added',
  RecommendedForYou: 'Recommended for you',
  DateAddedDescending: 'Date added, newest first',
  DateAddedAscending: 'Date added, oldest first',
  PublishDateDescending: 'Publish date, newest first',
  PublishDateAscending: 'Publish date, oldest first',
  AllTimePopular: 'All-time popular',
  TitleDescending: 'Title, Z to A',
  TitleAscending: 'Title, A to Z',
  Trending: 'Trending',
};

/** By name or by the spec's code (0 NewAndPopular … 10 Trending). */
export function listSortLabel(sort: string | number | null | undefined): string {
  if (typeof sort === 'number') {
    const name = Object.keys(LIST_SORT_LABELS)[sort];
    return name ? LIST_SORT_LABELS[name]! : `Sort ${sort}`;
  }
  return lookup(LIST_SORT_LABELS, sort);
}
