import type { EventData, EventEnvelope, Outbox, Transaction } from '@inkwell/platform';
import { findPurchase, ordersOfPurchase } from '../store/purchases';
import { completed } from '../flows/order-events';

/** Order statuses whose items are already owned (paid and released). */
const OWNED = new Set(['Completed', 'PendingProcessing', 'Processing']);

/**
 * A guest's purchases join the account when that email signs up and is verified (`account.verified`):
 * the purchases and their orders take the account's id, and each order whose items are owned
 * already goes out again as `order.completed` with the account, so the reader grants its Digital
 * items. Orders still Scheduled are granted on their release day as any account's.
 */
export function attachGuestPurchases(outbox: Outbox) {
  return async (tx: Transaction, event: EventEnvelope): Promise<void> => {
    const { userId, email } = event.data as EventData<'accountVerified'>;
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE purchases SET user_id = $1, updated_at = now()
       WHERE user_id IS NULL AND lower(email) = lower($2) AND state IN ('Paid', 'Completed')
       RETURNING id`,
      [userId, email],
    );
    for (const { id } of rows) {
      await tx.query('UPDATE orders SET user_id = $1, updated_at = now() WHERE purchase_id = $2', [userId, id]);
      const purchase = await findPurchase(tx, id);
      if (!purchase) continue;
      for (const order of await ordersOfPurchase(tx, id)) {
        if (OWNED.has(order.status)) await completed(outbox, tx, purchase, order);
      }
    }
  };
}
