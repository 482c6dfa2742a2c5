import { EVENTS, type EventEnvelope, type EventData, type Queryable, type Transaction } from '@inkwell/platform';

/** A Digital item bought in an order that has not completed yet. */
export interface AwaitingItem {
  productId: string;
  variantId: string | null;
  orderId: string;
  /** The order's schedule date (a pre-order's release day), if it has one. */
  releaseDate: string | null;
  placedAt: string;
}

/**
 * Keeps the Digital items of placed, not yet completed orders (order.placed, order.completed,
 * order.cancelled). Redelivery is stopped by the inbox; each write is also harmless repeated, and a
 * placed event that comes after its order settled adds nothing.
 */
export async function recordOrderProgress(tx: Transaction, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case EVENTS.orderPlaced.type: {
      const data = event.data as EventData<'orderPlaced'>;
      if (!data.userId || data.status === 'Completed' || data.status === 'Cancelled') return;
      const { rowCount } = await tx.query('SELECT 1 FROM settled_orders WHERE order_id = $1', [data.orderId]);
      if ((rowCount ?? 0) > 0) return;
      for (const item of data.items) {
        if (item.distributionType !== 'Digital' || !/^\d+$/.test(item.productId)) continue;
        await tx.query(
          `INSERT INTO awaiting_orders (order_id, product_id, user_id, variant_id, release_date, placed_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [data.orderId, item.productId, data.userId, item.variantId, data.scheduleDate ?? null, event.occurredAt],
        );
      }
      return;
    }
    case EVENTS.orderCompleted.type:
    case EVENTS.orderCancelled.type: {
      const { orderId } = event.data as { orderId: string };
      await tx.query('INSERT INTO settled_orders (order_id, settled_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [orderId, event.occurredAt]);
      await tx.query('DELETE FROM awaiting_orders WHERE order_id = $1', [orderId]);
      return;
    }
    default:
      return;
  }
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
