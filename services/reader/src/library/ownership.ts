import type { EventData, EventEnvelope, Queryable, Transaction } from '@inkwell/platform';

/**
 * Ownership, projected from order events: a completed order grants its digital items (print copies
 * give no reading rights) and puts them on the buyer's shelf; a refund takes the refunded products
 * back. Redelivered events are stopped by the inbox; the upserts make a repeat harmless anyway.
 */
export async function grantOrder(tx: Transaction, event: EventEnvelope): Promise<void> {
  const order = event.data as EventData<'orderCompleted'>;
  if (!order.userId) return;
  const digital = order.items.filter((item) => item.distributionType === 'Digital' && isProductId(item.productId));
  const productIds = [...new Set(digital.map((item) => item.productId))];
  for (const productId of productIds) {
    const variantId = digital.find((item) => item.productId === productId)?.variantId ?? null;
    await tx.query(
      'INSERT INTO owned_publications (user_id, product_id, order_id, acquired_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [order.userId, productId, order.orderId, event.occurredAt],
    );
    await tx.query('INSERT INTO shelf_items (user_id, product_id, variant_id, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      order.userId,
      productId,
      variantId,
      event.occurredAt,
    ]);
  }
}

/** The shelf keeps a refunded comic (and its progress); only the right to read it goes. */
export async function revokeRefund(tx: Transaction, event: EventEnvelope): Promise<void> {
  const refund = event.data as EventData<'orderRefunded'>;
  const productIds = refund.productIds.filter(isProductId);
  if (!refund.userId || productIds.length === 0) return;
  await tx.query('DELETE FROM owned_publications WHERE user_id = $1 AND order_id = $2 AND product_id = ANY($3::bigint[])', [refund.userId, refund.orderId, productIds]);
}

/** Catalog ids are numbers; anything else is skipped, so one odd item cannot stall the stream with retries. */
function isProductId(value: string): boolean {
  return /^\d{1,18}$/.test(value);
}

/** A deleted account's library goes with it. */
export async function forgetReader(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  for (const table of ['owned_publications', 'shelf_items', 'reading_progress']) {
    await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  }
}

export async function ownsPublication(db: Queryable, userId: string, productId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM owned_publications WHERE user_id = $1 AND product_id = $2', [userId, productId]);
  return (rowCount ?? 0) > 0;
}
