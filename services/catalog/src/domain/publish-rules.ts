/**
 * What a product or series needs before the storefront may show it (dashboard spec §5). A record
 * saved straight into a publishable status (published or scheduled) must meet them as a publish
 * would; a Draft may be incomplete.
 */
import { SERIES_PUBLISH_PROBLEM_FIELDS } from '@inkwell/contracts/dashboard-catalogue';
import { PUBLISH_PROBLEM_FIELDS } from '@inkwell/contracts/dashboard-products';
import { WHOLE_REQUEST, problem, type Problem } from '@inkwell/contracts/problems';
import {
  READABLE_URL_DIGITS_ONLY_MESSAGE,
  isValidReadableUrl,
  type PriceType,
  type ProductType,
  type PublishStatusName,
} from '@inkwell/contracts/catalog-rules';

export const SERIES_MISSING_INFORMATION_MESSAGE = 'Missing Series Information';
export const SERIES_NO_GENRES_MESSAGE = 'No genres selected. A published series must belong to at least one genre';
export const PRODUCT_NEEDS_SERIES_MESSAGE = 'This product cannot be published without an attached Series';
export const PRODUCT_NEEDS_VARIANT_MESSAGE = 'A product needs at least one variant to be published.';
export const PRODUCT_NOT_INGESTED_MESSAGE = 'Comic has not been ingested';
export const DELAY_DATE_MISSING_MESSAGE = 'If delay expected, Delay Date must be set.';
export const DELAY_DATE_PAST_MESSAGE = 'If delay expected, Delay Date must be a future date.';
export const DELAY_MESSAGE_MISSING_MESSAGE = 'If delay expected, message must be set';

/** Names of the missing fields, as the dashboard lists them. */
export const MISSING_FIELD = { title: 'Product Title', description: 'Description', productType: 'Product Type', price: 'Price (Either set or use the default)' } as const;

/** Dashboard spec §5: "Variation {description or type} has missing data. Either disable this or fill in the missing fields." */
export function variantMissingDataMessage(variant: string): string {
  return `Variation ${variant} has missing data. Either disable this or fill in the missing fields.`;
}

/** Statuses in which the storefront shows, or will show on its date, what is saved. */
export function isPublishableStatus(status: PublishStatusName): boolean {
  return status !== 'Draft' && status !== 'Removed';
}

export interface SeriesToPublish {
  title: string;
  description: string;
  genreCount: number;
  readableUrl?: string | undefined;
}

export function seriesPublishProblems(series: SeriesToPublish): Problem[] {
  const problems: Problem[] = [];
  const fields = SERIES_PUBLISH_PROBLEM_FIELDS;
  if (!series.title.trim() || !series.description.trim()) problems.push(problem(fields.information(series.title), SERIES_MISSING_INFORMATION_MESSAGE));
  if (series.genreCount === 0) problems.push(problem(fields.genres, SERIES_NO_GENRES_MESSAGE));
  if (series.readableUrl !== undefined && !isValidReadableUrl(series.readableUrl)) problems.push(problem(fields.readableUrl, READABLE_URL_DIGITS_ONLY_MESSAGE));
  return problems;
}

/** Missing-field names of spec §5 beyond those above: the product's category, and its sorting number. */
export const MISSING_FIELD_TYPE = 'Type';
export const MISSING_FIELD_SORTING = 'Sorting (must be non-zero)';
/** Print dimensions a variant must have (spec §5), named as the editor labels them. */
export const PRINT_DIMENSION_NAMES = { weight: 'Weight', height: 'Height', length: 'Length', width: 'Width' } as const;

export interface VariantToPublish {
  type: 'Digital' | 'Print';
  enabled: boolean;
  priceType: PriceType;
  priceCents: number | null;
  /** The tier's (or product's) price stands in for a price of its own. */
  usingDefaultPrice: boolean;
  /** stockInfo.description, which names the variation in its message when set. */
  description?: string | null | undefined;
  stock?: { weight?: number; height?: number; width?: number; length?: number; delayExpected?: boolean; delayedUntilDate?: string; delayMessage?: string } | undefined;
}

/** A product as the staff editor has it (or the demo seed writes it), every field a §5 rule reads. */
export interface ProductToPublish {
  name: string;
  description: string;
  category: 'Publication' | 'Game' | 'Merchandise' | null;
  type: ProductType | null;
  readableUrl: string | null;
  hasSeries: boolean;
  ingestCompleted: boolean;
  issueNumber: number | null;
  variants: readonly VariantToPublish[];
}

/**
 * Every §5 reason the product cannot be published, in the spec's words, once each, with the field
 * it is about (PUBLISH_PROBLEM_FIELDS; a variant by its index in `variants`); empty when it can.
 * A variation with missing data is named by its message, followed by what it lacks. The one rule
 * for staff publishing and saving, and for the demo seed.
 */
export function productPublishProblems(product: ProductToPublish, today: Date): Problem[] {
  const problems: Problem[] = [];
  const fields = PUBLISH_PROBLEM_FIELDS;
  const chapter = product.type === 'Chapter';
  if (!product.name.trim()) problems.push(problem(fields.name, MISSING_FIELD.title));
  if (!chapter && !product.description.trim()) problems.push(problem(fields.description, MISSING_FIELD.description));
  if (product.type === null) problems.push(problem(fields.subCategory, MISSING_FIELD.productType));
  if (product.category === null) problems.push(problem(fields.category, MISSING_FIELD_TYPE));
  if (product.category === 'Publication' && !(product.issueNumber !== null && product.issueNumber > 0)) problems.push(problem(fields.issueNumber, MISSING_FIELD_SORTING));
  if (product.readableUrl !== null && !isValidReadableUrl(product.readableUrl)) problems.push(problem(fields.readableUrl, READABLE_URL_DIGITS_ONLY_MESSAGE));
  if (product.category === 'Publication' && product.type !== 'Book' && !product.hasSeries) problems.push(problem(fields.seriesId, PRODUCT_NEEDS_SERIES_MESSAGE));
  if (!chapter && !product.ingestCompleted) problems.push(problem(fields.ingestCompleted, PRODUCT_NOT_INGESTED_MESSAGE));
  if (product.variants.length === 0) problems.push(problem(fields.variants, PRODUCT_NEEDS_VARIANT_MESSAGE));
  product.variants.forEach((variant, index) => {
    if (!variant.enabled) return;
    const missing = variantProblems(variant, index, product.ingestCompleted, today);
    if (missing.length === 0) return;
    // Each variation's title is followed by what it lacks, so the same missing field may appear
    // under both variations (and "Comic has not been ingested" for the product and its Digital one).
    problems.push(problem(fields.variant(index), variantMissingDataMessage(variant.description?.trim() || variant.type)), ...missing);
  });
  return problems;
}

function variantProblems(variant: VariantToPublish, index: number, ingestCompleted: boolean, today: Date): Problem[] {
  const problems: Problem[] = [];
  const fields = PUBLISH_PROBLEM_FIELDS;
  if (variant.priceType === 'Paid' && variant.priceCents === null && !variant.usingDefaultPrice) problems.push(problem(fields.variantPrice(index), MISSING_FIELD.price));
  if (variant.type === 'Digital' && !ingestCompleted) problems.push(problem(fields.variant(index), PRODUCT_NOT_INGESTED_MESSAGE));
  if (variant.type === 'Print') {
    const stock = variant.stock ?? {};
    for (const name of ['weight', 'height', 'length', 'width'] as const) {
      const value = stock[name];
      if (!(typeof value === 'number' && value > 0)) problems.push(problem(fields.variantDimension(index, name), PRINT_DIMENSION_NAMES[name]));
    }
    if (stock.delayExpected) {
      const delayDate = fields.variantDelayDate(index);
      if (!stock.delayedUntilDate || Number.isNaN(Date.parse(stock.delayedUntilDate))) problems.push(problem(delayDate, DELAY_DATE_MISSING_MESSAGE));
      else if (startOfDay(new Date(stock.delayedUntilDate)) < startOfDay(today)) problems.push(problem(delayDate, DELAY_DATE_PAST_MESSAGE));
      if (!stock.delayMessage?.trim()) problems.push(problem(fields.variantDelayMessage(index), DELAY_MESSAGE_MISSING_MESSAGE));
    }
  }
  return problems;
}

function startOfDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Dashboard spec §5/§9: weight per unit volume of a typical book (pounds per cubic inch). */
export const BOOK_DENSITY_REFERENCE = 0.043;
export const BOOK_TOO_HEAVY_PREFIX = "Book is too heavy for it's size";
export const BOOK_TOO_LIGHT_PREFIX = "Book is too light for it's size";

export interface PrintDimensions {
  weight?: number | null | undefined;
  height?: number | null | undefined;
  width?: number | null | undefined;
  length?: number | null | undefined;
}

/**
 * Spec §5 book-density warnings: over 4 times the reference is too heavy, under 0.25 times too
 * light. Advice only (a save or publish goes ahead); none until all four measures are positive.
 */
export function bookDensityWarning(stock: PrintDimensions | null | undefined): string | undefined {
  const { weight, height, width, length } = stock ?? {};
  if (![weight, height, width, length].every((value) => typeof value === 'number' && value > 0)) return undefined;
  const density = weight! / (height! * width! * length!);
  const ratio = density / BOOK_DENSITY_REFERENCE;
  const shown = density.toPrecision(3);
  if (ratio > 4) return `${BOOK_TOO_HEAVY_PREFIX}: ${shown} per unit volume is over 4 times the usual ${BOOK_DENSITY_REFERENCE}. Check the weight and dimensions.`;
  if (ratio < 0.25) return `${BOOK_TOO_LIGHT_PREFIX}: ${shown} per unit volume is under a quarter of the usual ${BOOK_DENSITY_REFERENCE}. Check the weight and dimensions.`;
  return undefined;
}

/** Apple in-app-purchase submission rules (spec §5), word for word. */
export const IAP_UNSAVED_MESSAGE = 'Must save changes before submitting.';
export const IAP_NO_TITLE_MESSAGE = 'Must have a title.';
export const IAP_NO_DESCRIPTION_MESSAGE = 'Must have a description.';
export const IAP_NO_COVER_MESSAGE = 'Must have a Cover photo (please ingest).';

export interface IapCandidate {
  unsavedChanges: boolean;
  title: string;
  description: string;
  hasCover: boolean;
}

export function iapSubmissionProblems(item: IapCandidate): Problem[] {
  const problems: Problem[] = [];
  if (item.unsavedChanges) problems.push(problem(WHOLE_REQUEST, IAP_UNSAVED_MESSAGE));
  if (!item.title.trim()) problems.push(problem('name', IAP_NO_TITLE_MESSAGE));
  if (!item.description.trim()) problems.push(problem('description', IAP_NO_DESCRIPTION_MESSAGE));
  if (!item.hasCover) problems.push(problem('defaultThumbnail', IAP_NO_COVER_MESSAGE));
  return problems;
}
