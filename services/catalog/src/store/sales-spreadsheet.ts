import type { Queryable } from '@inkwell/platform';

/*
 * The SQL behind campaign spreadsheets: the catalogue's products and variants looked up a batch of
 * ids at a time (one query per batch, never one per row), and a campaign's rows read a page at a
 * time for an export that streams.
 */

export interface CatalogueVariant {
  id: number;
  type: 'Digital' | 'Print';
  priceCents: number;
  currency: string;
}

export interface CatalogueProduct {
  id: number;
  name: string;
  seriesId: number | null;
  variants: CatalogueVariant[];
}

/** The products of `ids` that exist, with their variants; one query for the whole batch. */
export async function productsWithVariants(db: Queryable, ids: readonly number[]): Promise<Map<number, CatalogueProduct>> {
  const found = new Map<number, CatalogueProduct>();
  if (ids.length === 0) return found;
  const { rows } = await db.query<{ id: string; name: string; series_id: string | null; variant_id: string | null; type: 'Digital' | 'Print' | null; price_cents: number | null; currency: string | null }>(
    `SELECT p.id, p.name, p.series_id, v.id AS variant_id, v.type, v.price_cents, v.currency
       FROM products p LEFT JOIN variants v ON v.product_id = p.id
      WHERE p.id = ANY($1::bigint[])
      ORDER BY p.id, v.type`,
    [[...new Set(ids)]],
  );
  for (const row of rows) {
    const id = Number(row.id);
    let product = found.get(id);
    if (!product) {
      product = { id, name: row.name, seriesId: row.series_id === null ? null : Number(row.series_id), variants: [] };
      found.set(id, product);
    }
    if (row.variant_id !== null && row.type !== null) product.variants.push({ id: Number(row.variant_id), type: row.type, priceCents: row.price_cents ?? 0, currency: (row.currency ?? 'USD').trim() });
  }
  return found;
}

export interface ExportedCampaign {
  id: number;
  name: string;
  description: string;
  startDate: Date | null;
  endDate: Date | null;
}

export async function campaignToExport(db: Queryable, id: number): Promise<ExportedCampaign | null> {
  const { rows } = await db.query<{ id: string; name: string; description: string; start_date: Date | null; end_date: Date | null }>(
    'SELECT id, name, description, start_date, end_date FROM sales_campaigns WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), name: row.name, description: row.description, startDate: row.start_date, endDate: row.end_date } : null;
}

export interface ExportedProductRow {
  productId: number;
  productName: string;
  seriesId: number | null;
  variantType: 'Digital' | 'Print';
  /** The Print variant's id; null when the product has no such variant any more. */
  variantId: number | null;
  currency: string;
  fullPriceCents: number | null;
  discountPriceCents: number;
}

/** A campaign's sales products in product order, `pageSize` rows per query (keyset pages: memory stays flat). */
export async function* campaignProductRows(db: Queryable, campaignId: number, pageSize = 1000): AsyncGenerator<ExportedProductRow> {
  let after: [number, string] = [0, ''];
  for (;;) {
    const { rows } = await db.query<{ product_id: string; name: string; series_id: string | null; variant_type: 'Digital' | 'Print'; discount_price_cents: number; variant_id: string | null; price_cents: number | null; currency: string | null }>(
      `SELECT sp.product_id, p.name, p.series_id, sp.variant_type, sp.discount_price_cents, v.id AS variant_id, v.price_cents, v.currency
         FROM sales_products sp
         JOIN products p ON p.id = sp.product_id
         LEFT JOIN variants v ON v.product_id = sp.product_id AND v.type = sp.variant_type
        WHERE sp.campaign_id = $1 AND (sp.product_id, sp.variant_type) > ($2::bigint, $3::text)
        ORDER BY sp.product_id, sp.variant_type
        LIMIT $4`,
      [campaignId, after[0], after[1], pageSize],
    );
    for (const row of rows) {
      yield {
        productId: Number(row.product_id),
        productName: row.name,
        seriesId: row.series_id === null ? null : Number(row.series_id),
        variantType: row.variant_type,
        variantId: row.variant_id === null ? null : Number(row.variant_id),
        currency: (row.currency ?? 'USD').trim(),
        fullPriceCents: row.price_cents,
        discountPriceCents: row.discount_price_cents,
      };
    }
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = [Number(last.product_id), last.variant_type];
  }
}
