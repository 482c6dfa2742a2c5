/**
 * What a product or series needs before the storefront may show it (dashboard spec §5). A record
 * saved straight into a publishable status (published or scheduled) must meet them as a publish
 * would; a Draft may be incomplete.
 */
import {
  READABLE_URL_DIGITS_ONLY_MESSAGE,
  isReadablePublicationType,
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

export function seriesPublishProblems(series: SeriesToPublish): string[] {
  const problems: string[] = [];
  if (!series.title.trim() || !series.description.trim()) problems.push(SERIES_MISSING_INFORMATION_MESSAGE);
  if (series.genreCount === 0) problems.push(SERIES_NO_GENRES_MESSAGE);
  if (series.readableUrl !== undefined && !isValidReadableUrl(series.readableUrl)) problems.push(READABLE_URL_DIGITS_ONLY_MESSAGE);
  return problems;
}

export interface VariantToPublish {
  type: 'Digital' | 'Print';
  enabled: boolean;
  priceType: PriceType;
  priceCents: number | null;
  stock?: { weight?: number; height?: number; width?: number; length?: number; delayExpected?: boolean; delayedUntilDate?: string; delayMessage?: string } | undefined;
}

export interface ProductToPublish {
  name: string;
  description: string;
  type: ProductType;
  readableUrl?: string | undefined;
  hasSeries: boolean;
  ingestCompleted: boolean;
  variants: readonly VariantToPublish[];
}

/** Every reason the product cannot be published; empty when it can. `today` judges delay dates. */
export function productPublishProblems(product: ProductToPublish, today: Date): string[] {
  const problems: string[] = [];
  const chapter = product.type === 'Chapter';
  if (!product.name.trim()) problems.push(MISSING_FIELD.title);
  if (!chapter && !product.description.trim()) problems.push(MISSING_FIELD.description);
  if (product.readableUrl !== undefined && !isValidReadableUrl(product.readableUrl)) problems.push(READABLE_URL_DIGITS_ONLY_MESSAGE);
  if (isReadablePublicationType(product.type) && product.type !== 'Book' && !product.hasSeries) problems.push(PRODUCT_NEEDS_SERIES_MESSAGE);
  if (!chapter && !product.ingestCompleted) problems.push(PRODUCT_NOT_INGESTED_MESSAGE);
  if (product.variants.length === 0) problems.push(PRODUCT_NEEDS_VARIANT_MESSAGE);
  for (const variant of product.variants) {
    if (!variant.enabled) continue;
    const missing = variantProblems(variant, product.ingestCompleted, today);
    if (missing.length > 0) problems.push(`${variantMissingDataMessage(variant.type)} ${missing.join('; ')}`);
  }
  return problems;
}

function variantProblems(variant: VariantToPublish, ingestCompleted: boolean, today: Date): string[] {
  const problems: string[] = [];
  if (variant.priceType === 'Paid' && variant.priceCents === null) problems.push(MISSING_FIELD.price);
  if (variant.type === 'Digital' && !ingestCompleted) problems.push(PRODUCT_NOT_INGESTED_MESSAGE);
  if (variant.type === 'Print') {
    const stock = variant.stock ?? {};
    const dimensions = [['weight', stock.weight], ['height', stock.height], ['length', stock.length], ['width', stock.width]] as const;
    for (const [name, value] of dimensions) if (!(typeof value === 'number' && value > 0)) problems.push(name);
    if (stock.delayExpected) {
      if (!stock.delayedUntilDate || Number.isNaN(Date.parse(stock.delayedUntilDate))) problems.push(DELAY_DATE_MISSING_MESSAGE);
      else if (startOfDay(new Date(stock.delayedUntilDate)) < startOfDay(today)) problems.push(DELAY_DATE_PAST_MESSAGE);
      if (!stock.delayMessage?.trim()) problems.push(DELAY_MESSAGE_MISSING_MESSAGE);
    }
  }
  return problems;
}

function startOfDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}
