/**
 * How the storefront describes catalog items in words: card titles and subtitles, price lines,
 * badges, age ratings, credits, series colours and what a visitor must do to read. Pure functions
 * of the catalog's views, so every page says the same thing the same way.
 */
import { productTypeLabel } from '@inkwell/contracts/labels';
import type { BadgeTone } from '@/components/ui/badge';
import type { CreatorCreditView, ProductCardView, SeriesCardView, VariantView } from './types';

/** Storefront spec §3, lowest to highest. */
export const AGE_RATINGS = {
  e: { label: 'E', short: 'All ages', description: 'Everyone' },
  e7: { label: 'E7', short: 'Ages 7+', description: 'Ages 7 and up' },
  pg: { label: 'PG', short: 'Ages 12+', description: 'Ages 12 and up' },
  t: { label: 'T', short: 'Teen 15+', description: 'Teen, ages 15 and up' },
  m: { label: 'M', short: 'Mature 18+', description: 'Mature, ages 18 and up' },
} as const;
export type AgeRating = keyof typeof AGE_RATINGS;

export const MATURE_RATING: AgeRating = 'm';

export function ageRatingOf(value: string): (typeof AGE_RATINGS)[AgeRating] | null {
  return AGE_RATINGS[value.toLowerCase() as AgeRating] ?? null;
}

export function isMature(ageRating: string): boolean {
  return ageRating.toLowerCase() === MATURE_RATING;
}

/** 'Vol. 3', 'Ch. 12', or null for a book outside any numbering. */
export function sequenceLabel(product: Pick<ProductCardView, 'volumeNumber' | 'chapterNumber'>): string | null {
  if (product.chapterNumber !== null) return `Ch. ${product.chapterNumber}`;
  if (product.volumeNumber !== null) return `Vol. ${product.volumeNumber}`;
  return null;
}

function productName(product: ProductCardView): string {
  return product.displayName?.trim() || product.name;
}

/** Cards lead with the series, the way a shelf is read; a book outside a series leads with its own name. */
export function productCardTitle(product: ProductCardView): string {
  return product.series?.title ?? productName(product);
}

/** 'Vol. 3', 'Ch. 12 · The Lighthouse', or the product's own name under its series. */
export function productSubtitle(product: ProductCardView): string {
  const numbered = [sequenceLabel(product), product.relativeName?.trim()].filter(Boolean).join(' · ');
  if (numbered) return numbered;
  const name = productName(product);
  return name !== productCardTitle(product) ? name : productTypeLabel(product.subCategory);
}

export function enabledVariants(variants: readonly VariantView[]): VariantView[] {
  return variants.filter((variant) => variant.enabled);
}

export type PriceSummary =
  | { kind: 'free' }
  | { kind: 'price'; amount: number; fullAmount: number; currency: string; from: boolean }
  | { kind: 'unavailable' };

/** The price line of a card: 'Free', '$7.99', 'From $7.99' or a sale price beside the full one. */
export function priceSummary(product: ProductCardView): PriceSummary {
  if (product.isFree) return { kind: 'free' };
  if (product.fromPrice === null) return { kind: 'unavailable' };
  const variants = enabledVariants(product.variants);
  const cheapest = variants.filter((variant) => variant.price === product.fromPrice).sort((a, b) => Number(b.isOnSale) - Number(a.isOnSale))[0];
  const prices = new Set(variants.map((variant) => variant.price));
  return {
    kind: 'price',
    amount: product.fromPrice,
    fullAmount: cheapest?.fullPrice ?? product.fromPrice,
    currency: cheapest?.currency ?? 'USD',
    from: prices.size > 1,
  };
}

/** Percentage off, rounded down so the store never promises more than it gives. */
export function percentOff(price: number, fullPrice: number): number {
  if (fullPrice <= 0 || price >= fullPrice) return 0;
  return Math.floor(((fullPrice - price) / fullPrice) * 100);
}

export interface ItemBadge {
  label: string;
  tone: BadgeTone;
}

/** Sale, Pre-order and Free badges; chapters in a series list say 'Read free'. */
export function productBadges(product: ProductCardView, freeLabel = 'Free'): ItemBadge[] {
  const badges: ItemBadge[] = [];
  if (product.isFree) badges.push({ label: freeLabel, tone: 'free' });
  if (product.isOnSale && !product.isFree) badges.push({ label: 'Sale', tone: 'sale' });
  if (product.isPreOrder) badges.push({ label: 'Pre-order', tone: 'preorder' });
  return badges;
}

/** '12 volumes · 48 chapters', or the first genre when nothing is out yet. */
export function seriesSubtitle(series: SeriesCardView): string {
  const parts = [
    series.volumeCount > 0 ? `${series.volumeCount} ${series.volumeCount === 1 ? 'volume' : 'volumes'}` : null,
    series.chapterCount > 0 ? `${series.chapterCount} ${series.chapterCount === 1 ? 'chapter' : 'chapters'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : series.genres[0] ? genreLabel(series.genres[0].name) : 'Series';
}

/** Storefront spec §9 brand colours by name, as the catalog stores them; hex colours pass through. */
const BRAND_COLORS: Record<string, string> = {
  blue: '#2e63e6',
  green: '#138a5e',
  navy: '#151936',
  orange: '#ff7a2f',
  pink: '#ff4f8e',
  purple: '#6e56f5',
  red: '#e03b3b',
  yellow: '#ffc73a',
  grayscale: '#6b6f80',
};

/** A CSS colour for a series' colour name, or null ('none', missing, unknown). */
export function seriesColor(color: string | null | undefined): string | null {
  if (!color) return null;
  if (/^#[0-9a-f]{3,8}$/i.test(color)) return color;
  return BRAND_COLORS[color.toLowerCase()] ?? null;
}

/** Visible credits in the publisher's order, grouped by role: 'Story & Art' → ['Aiko Tan']. */
export function groupCredits(credits: readonly CreatorCreditView[]): Array<{ title: string; names: string[] }> {
  const groups = new Map<string, string[]>();
  for (const credit of [...credits].filter((c) => !c.hidden).sort((a, b) => a.ordinal - b.ordinal)) {
    const names = groups.get(credit.title) ?? [];
    if (!names.includes(credit.creator.name)) names.push(credit.creator.name);
    groups.set(credit.title, names);
  }
  return [...groups].map(([title, names]) => ({ title, names }));
}

const LOWERCASE_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'for', 'in', 'into', 'of', 'on', 'or', 'the', 'to']);

/**
 * A genre name for reading: the catalog keeps labels in capitals ('ACTION & ADVENTURE',
 * 'SLICE OF LIFE'); shown in title case ('Action & Adventure', 'Slice of Life'). Names already
 * in mixed case are left as staff wrote them.
 */
export function genreLabel(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((word, index) => (index > 0 && LOWERCASE_WORDS.has(word) ? word : word.replace(/(^|-)(\p{L})/gu, (_, dash: string, letter: string) => dash + letter.toUpperCase())))
    .join(' ');
}

/** A series' products split the way its page lists them: chapters by number, everything else by publish date. */
export function splitVolumesAndChapters(products: readonly ProductCardView[]): { volumes: ProductCardView[]; chapters: ProductCardView[] } {
  const isChapter = (product: ProductCardView) => product.chapterNumber !== null || product.subCategory === 'Chapter';
  const byDate = (a: ProductCardView, b: ProductCardView) => (a.volumeNumber ?? Infinity) - (b.volumeNumber ?? Infinity) || (a.publishDate ?? '').localeCompare(b.publishDate ?? '');
  const byNumber = (a: ProductCardView, b: ProductCardView) => (a.chapterNumber ?? Infinity) - (b.chapterNumber ?? Infinity);
  return {
    volumes: products.filter((product) => !isChapter(product)).sort(byDate),
    chapters: products.filter(isChapter).sort(byNumber),
  };
}

export const READ_PROMPTS = {
  logIn: 'Log in to read',
  buy: 'Buy to read',
  unavailable: 'Not available to read here',
} as const;

/**
 * What stands between the visitor and reading, from the catalog's reason for refusing
 * (`readingAccess.reason`, storefront spec §5: non-free comics need a login; paid ones need
 * buying). A reason this storefront does not know yet falls back on the login state.
 */
export function readPrompt(reason: string, loggedIn: boolean): string {
  if (reason === 'login-required') return READ_PROMPTS.logIn;
  if (reason === 'purchase-required') return READ_PROMPTS.buy;
  if (reason === 'not-available') return READ_PROMPTS.unavailable;
  return loggedIn ? READ_PROMPTS.buy : READ_PROMPTS.logIn;
}
