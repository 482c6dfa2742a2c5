import type { Queryable } from '@inkwell/platform';
import { PRODUCT_TYPE_CODES, PUBLISH_STATUS_CODES, type PriceType, type ProductTypeName, type PublishStatusName } from '../src/domain';

let sequence = 0;
const next = () => ++sequence;

export interface SeriesInput {
  title?: string;
  readableUrl?: string;
  status?: PublishStatusName;
  unlisted?: boolean;
  ageRating?: string;
  restrictedTerritories?: string[];
  genres?: string[];
  description?: string;
}

/** Inserts a series (published by default) with the genres named, creating them as needed. */
export async function createSeries(db: Queryable, input: SeriesInput = {}): Promise<number> {
  const n = next();
  const title = input.title ?? `Series ${n}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO series (title, readable_url, status, unlisted, age_rating, restricted_territories, description, completion_status, popularity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'Ongoing', $8) RETURNING id`,
    [title, input.readableUrl ?? `series-${n}`, PUBLISH_STATUS_CODES[input.status ?? 'Published'], input.unlisted ?? false, input.ageRating ?? 'e', input.restrictedTerritories ?? [], input.description ?? `About ${title}.`, n],
  );
  const id = rows[0]!.id;
  for (const genre of input.genres ?? []) {
    const slug = genre.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const found = await db.query<{ id: number }>(
      'INSERT INTO genres (name, readable_url) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id',
      [genre, slug],
    );
    await db.query('INSERT INTO series_genres (series_id, genre_id) VALUES ($1, $2)', [id, found.rows[0]!.id]);
  }
  return id;
}

export interface VariantInput {
  type?: 'Digital' | 'Print';
  priceType?: PriceType;
  priceCents?: number;
  cartLimit?: number;
  enabled?: boolean;
  isPreOrder?: boolean;
  scheduleDate?: Date;
  /** Print: weight in pounds, dimensions in inches (and the rest of stockInfo). */
  stock?: { weight?: number; height?: number; width?: number; length?: number; inventoryId?: string };
}

export interface ProductInput {
  name?: string;
  readableUrl?: string;
  seriesId?: number | null;
  type?: ProductTypeName;
  volumeNumber?: number;
  chapterNumber?: number;
  status?: PublishStatusName;
  publishDate?: Date;
  unlisted?: boolean;
  ageRating?: string;
  restrictedTerritories?: string[];
  description?: string;
  popularity?: number;
  /** Whether its pages are in the reader (dashboard spec §5: needed to publish). */
  ingestCompleted?: boolean;
  issueNumber?: number;
  variants?: VariantInput[];
}

/** Inserts a product (a published Volume with one Paid digital variant by default). */
export async function createProduct(db: Queryable, input: ProductInput = {}): Promise<number> {
  const n = next();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO products (name, readable_url, series_id, sub_category, volume_number, chapter_number, status, publish_date, unlisted, age_rating,
                           restricted_territories, description, popularity, page_count, ingest_completed, issue_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 32, $14, $15) RETURNING id`,
    [
      input.name ?? `Product ${n}`,
      input.readableUrl ?? `product-${n}`,
      input.seriesId ?? null,
      PRODUCT_TYPE_CODES[input.type ?? 'Volume'],
      input.volumeNumber ?? null,
      input.chapterNumber ?? null,
      PUBLISH_STATUS_CODES[input.status ?? 'Published'],
      input.publishDate ?? new Date(Date.now() - 60 * 86_400_000),
      input.unlisted ?? false,
      input.ageRating ?? 'e',
      input.restrictedTerritories ?? [],
      input.description ?? 'A story.',
      input.popularity ?? n,
      input.ingestCompleted ?? false,
      input.issueNumber ?? null,
    ],
  );
  const id = rows[0]!.id;
  for (const variant of input.variants ?? [{}]) {
    await db.query(
      `INSERT INTO variants (product_id, type, enabled, price_type, price_cents, cart_limit, is_pre_order, schedule_date, stock_info) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        variant.type ?? 'Digital',
        variant.enabled ?? true,
        variant.priceType ?? 'Paid',
        variant.priceCents ?? 799,
        variant.cartLimit ?? null,
        variant.isPreOrder ?? false,
        variant.scheduleDate ?? null,
        variant.stock ? JSON.stringify(variant.stock) : null,
      ],
    );
  }
  return id;
}

/** A published campaign running now that puts `productId`'s variant on sale. */
export async function putOnSale(db: Queryable, productId: number, discountCents: number, variantType: 'Digital' | 'Print' = 'Digital'): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO sales_campaigns (name, start_date, end_date, status) VALUES ('Test sale', now() - interval '1 day', now() + interval '1 day', ${PUBLISH_STATUS_CODES.Published}) RETURNING id`,
  );
  await db.query('INSERT INTO sales_products (campaign_id, product_id, variant_type, discount_price_cents) VALUES ($1, $2, $3, $4)', [rows[0]!.id, productId, variantType, discountCents]);
}
