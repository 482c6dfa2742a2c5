import type { Queryable } from '@inkwell/platform';
import { ownedProductIds } from './entitlements';

export interface ShelfRow {
  productId: string;
  variantId: string | null;
  addedAt: string;
  owned: boolean;
  /** Saved reading progress, if any. */
  page: number | null;
  lastReadAt: string | null;
}

/** Everything on a reader's shelf with ownership and progress; the catalog facts are joined by the caller. */
export async function shelfRows(db: Queryable, userId: string, productIds?: readonly string[]): Promise<ShelfRow[]> {
  const owned = await ownedProductIds(db, userId, productIds);
  const { rows } = await db.query<{ product_id: number; variant_id: string | null; added_at: Date; page: number | null; updated_at: Date | null }>(
    `SELECT s.product_id, s.variant_id, s.added_at, r.page, r.updated_at
       FROM shelf_items s
       LEFT JOIN reading_progress r ON r.user_id = s.user_id AND r.product_id = s.product_id
      WHERE s.user_id = $1 AND ($2::bigint[] IS NULL OR s.product_id = ANY($2::bigint[]))`,
    [userId, productIds ?? null],
  );
  return rows.map((row) => ({
    productId: String(row.product_id),
    variantId: row.variant_id,
    addedAt: row.added_at.toISOString(),
    owned: owned.has(String(row.product_id)),
    page: row.page,
    lastReadAt: row.updated_at?.toISOString() ?? null,
  }));
}

/**
 * Puts a comic on the shelf; one already there keeps the date it was first shelved, and takes the
 * variant when one is named (saving progress names none and so writes nothing on every page turn).
 */
export async function shelve(db: Queryable, userId: string, productId: string, variantId: string | null): Promise<void> {
  await db.query(
    `INSERT INTO shelf_items (user_id, product_id, variant_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, product_id) DO UPDATE SET variant_id = EXCLUDED.variant_id
       WHERE EXCLUDED.variant_id IS NOT NULL AND shelf_items.variant_id IS DISTINCT FROM EXCLUDED.variant_id`,
    [userId, productId, variantId],
  );
}

/** Takes a comic off the shelf; ownership and reading progress stay. */
export async function unshelve(db: Queryable, userId: string, productId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM shelf_items WHERE user_id = $1 AND product_id = $2', [userId, productId]);
  return (rowCount ?? 0) > 0;
}

export async function emptyShelf(db: Queryable, userId: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM shelf_items WHERE user_id = $1', [userId]);
  return rowCount ?? 0;
}
