import type { Queryable } from '@inkwell/platform';

/** A Digital item bought in an order that has not completed yet. */
export interface AwaitingItem {
  productId: string;
  variantId: string | null;
  orderId: string;
  /** The order's schedule date (a pre-order's release day), if it has one. */
  releaseDate: string | null;
  placedAt: string;
}

/** Whether order.completed or order.cancelled of the order has been seen. */
export async function isSettled(db: Queryable, orderId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM settled_orders WHERE order_id = $1', [orderId]);
  return (rowCount ?? 0) > 0;
}

export async function addAwaitingItem(db: Queryable, item: AwaitingItem & { userId: string }): Promise<void> {
  await db.query(
    `INSERT INTO awaiting_orders (order_id, product_id, user_id, variant_id, release_date, placed_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [item.orderId, item.productId, item.userId, item.variantId, item.releaseDate, item.placedAt],
  );
}

/** The order settled: its items no longer wait, and a late order.placed of it adds nothing. */
export async function settleOrder(db: Queryable, orderId: string, settledAt: string): Promise<void> {
  await db.query('INSERT INTO settled_orders (order_id, settled_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [orderId, settledAt]);
  await db.query('DELETE FROM awaiting_orders WHERE order_id = $1', [orderId]);
}

/** The reader's items of orders not completed yet, soonest release first. */
export async function awaitingItems(db: Queryable, userId: string): Promise<AwaitingItem[]> {
  const { rows } = await db.query<{ product_id: string; variant_id: string | null; order_id: string; release_date: Date | null; placed_at: Date }>(
    `SELECT product_id, variant_id, order_id, release_date, placed_at FROM awaiting_orders
      WHERE user_id = $1 ORDER BY release_date NULLS LAST, placed_at`,
    [userId],
  );
  return rows.map((row) => ({
    productId: String(row.product_id),
    variantId: row.variant_id,
    orderId: row.order_id,
    releaseDate: row.release_date?.toISOString() ?? null,
    placedAt: row.placed_at.toISOString(),
  }));
}
