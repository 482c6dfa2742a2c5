import { PUBLISH_PROBLEM_FIELDS } from '@inkwell/contracts/dashboard-products';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { EVENTS } from '@inkwell/platform';
import {
  PRODUCT_TYPE_CODES,
  PUBLISH_STATUS_CODES,
  contentKindCode,
  contentKindOfProductType,
  isPriceType,
  isPublishableStatus,
  parseAgeRating,
  productPublishProblems,
  type AgeRating,
  type PriceType,
  type ProductType,
  type PublishStatusName,
} from '../domain';
import { CART_LIMIT_MESSAGE, PRICE_IN_CENTS_MESSAGE, notAPriceTypeMessage, notAnAgeRatingMessage, oneVariantOfTypeMessage } from '../domain/messages';
import { checkReadableUrl, refuseProblems, type CatalogueChange } from './catalogue-change';

/** Print only. Dimensions in inches, weight in pounds. */
export interface StockInfo {
  weight: number;
  height: number;
  width: number;
  length: number;
  inventoryId?: string;
  delayExpected: boolean;
  /** ISO date the delayed stock is expected. */
  delayedUntilDate?: string;
  delayMessage?: string;
}

/** A variant as the product editor saves it (dashboard spec §3 Product variant). */
export interface NewVariant {
  type: 'Digital' | 'Print';
  enabled?: boolean;
  priceType: PriceType;
  /** Full price in minor units; absent when not set (free types need none). */
  priceCents?: number;
  currency?: string;
  scheduleDate?: Date;
  isPreOrder?: boolean;
  /** Most units one cart may hold; absent = no limit. */
  cartLimit?: number;
  stock?: StockInfo;
}

/** A product as the product editor saves it (dashboard spec §3 Dashboard product). */
export interface NewProduct {
  name: string;
  description: string;
  type: ProductType;
  readableUrl?: string;
  status: PublishStatusName;
  publishDate?: Date;
  unlisted?: boolean;
  seriesId?: number;
  volumeNumber?: number;
  chapterNumber?: number;
  /** The sorting number: a published Publication needs one above 0 (spec §5 "Sorting"). */
  issueNumber?: number;
  relativeName?: string;
  pageCount?: number;
  ageRating: AgeRating;
  restrictedTerritories?: readonly string[];
  reverseReadOrder?: boolean;
  /** Whether its pages are in the reader (uploaded, or drawn by a page source). */
  ingestCompleted?: boolean;
  publisherId?: number;
  imprintId?: number;
  popularity?: number;
  variants: readonly NewVariant[];
}

export function productEvent(type: typeof EVENTS.productCreated.type | typeof EVENTS.productChanged.type, id: number) {
  return { type, key: String(id), data: { productId: String(id) } };
}

function variantProblems(variants: readonly NewVariant[]): Problem[] {
  const problems: Problem[] = [];
  const types = new Set<string>();
  variants.forEach((variant, index) => {
    const field = PUBLISH_PROBLEM_FIELDS.variant(index);
    if (types.has(variant.type)) problems.push(problem(`${field}.type`, oneVariantOfTypeMessage(variant.type)));
    types.add(variant.type);
    if (!isPriceType(variant.priceType)) problems.push(problem(`${field}.priceType`, notAPriceTypeMessage(String(variant.priceType))));
    if (variant.priceCents !== undefined && !(Number.isSafeInteger(variant.priceCents) && variant.priceCents >= 0)) problems.push(problem(PUBLISH_PROBLEM_FIELDS.variantPrice(index), PRICE_IN_CENTS_MESSAGE));
    if (variant.cartLimit !== undefined && !(Number.isSafeInteger(variant.cartLimit) && variant.cartLimit > 0)) problems.push(problem(`${field}.cartLimit`, CART_LIMIT_MESSAGE));
  });
  return problems;
}

/**
 * Creates a product with its variants and writes product.created. A product saved in a publishable
 * status (published or scheduled) must meet the publish rules; a Draft may be incomplete.
 */
export async function createProduct({ tx, outbox }: CatalogueChange, input: NewProduct, now = new Date()): Promise<number> {
  checkReadableUrl('Product', input.readableUrl);
  const problems = variantProblems(input.variants);
  if (!parseAgeRating(input.ageRating)) problems.push(problem('ageRestrictable.ageRating', notAnAgeRatingMessage(input.ageRating)));
  if (isPublishableStatus(input.status)) {
    // The staff editor's rule, so what the demo seeds is what staff could have published.
    const category = contentKindOfProductType(input.type);
    problems.push(
      ...productPublishProblems(
        {
          name: input.name,
          description: input.description,
          category: category === 'Game' || category === 'Merchandise' ? category : 'Publication',
          type: input.type,
          readableUrl: input.readableUrl ?? null,
          hasSeries: input.seriesId !== undefined,
          ingestCompleted: input.ingestCompleted ?? false,
          issueNumber: input.issueNumber ?? null,
          variants: input.variants.map((variant) => ({
            type: variant.type,
            enabled: variant.enabled ?? true,
            priceType: variant.priceType,
            priceCents: variant.priceCents ?? null,
            usingDefaultPrice: false,
            stock: variant.stock,
          })),
        },
        now,
      ),
    );
  }
  refuseProblems('Product', problems);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO products (name, description, category, sub_category, readable_url, status, publish_date, unlisted, series_id, volume_number,
                           chapter_number, relative_name, page_count, age_rating, restricted_territories, reverse_read_order, ingest_completed,
                           publisher_id, imprint_id, popularity, issue_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING id`,
    [
      input.name, input.description, contentKindCode(contentKindOfProductType(input.type)), PRODUCT_TYPE_CODES[input.type], input.readableUrl ?? null,
      PUBLISH_STATUS_CODES[input.status], input.publishDate ?? null, input.unlisted ?? false, input.seriesId ?? null, input.volumeNumber ?? null,
      input.chapterNumber ?? null, input.relativeName ?? null, input.pageCount ?? 0, input.ageRating, input.restrictedTerritories ?? [],
      input.reverseReadOrder ?? false, input.ingestCompleted ?? false, input.publisherId ?? null, input.imprintId ?? null, input.popularity ?? 0,
      input.issueNumber ?? null,
    ],
  );
  const id = rows[0]!.id;
  const { variants } = input;
  if (variants.length > 0) {
    await tx.query(
      `INSERT INTO variants (product_id, type, enabled, price_type, price_cents, currency, schedule_date, is_pre_order, cart_limit, stock_info)
       SELECT $1, v.type, v.enabled, v.price_type, v.price_cents, v.currency, v.schedule_date, v.is_pre_order, v.cart_limit, v.stock_info
         FROM unnest($2::text[], $3::boolean[], $4::text[], $5::int[], $6::text[], $7::timestamptz[], $8::boolean[], $9::int[], $10::jsonb[])
              AS v(type, enabled, price_type, price_cents, currency, schedule_date, is_pre_order, cart_limit, stock_info)`,
      [
        id,
        variants.map((variant) => variant.type),
        variants.map((variant) => variant.enabled ?? true),
        variants.map((variant) => variant.priceType),
        variants.map((variant) => variant.priceCents ?? 0),
        variants.map((variant) => variant.currency ?? 'USD'),
        variants.map((variant) => variant.scheduleDate ?? null),
        variants.map((variant) => variant.isPreOrder ?? false),
        variants.map((variant) => variant.cartLimit ?? null),
        variants.map((variant) => (variant.stock ? JSON.stringify(variant.stock) : null)),
      ],
    );
  }
  await outbox.add(tx, productEvent(EVENTS.productCreated.type, id));
  return id;
}
