import { EVENTS, type EventEnvelope, type EventData, type Transaction } from '@inkwell/platform';
import { addAwaitingItem, isSettled, settleOrder } from '../store/awaiting';

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
      if (await isSettled(tx, data.orderId)) return;
      for (const item of data.items) {
        if (item.distributionType !== 'Digital' || !/^\d+$/.test(item.productId)) continue;
        await addAwaitingItem(tx, { orderId: data.orderId, productId: item.productId, userId: data.userId, variantId: item.variantId, releaseDate: data.scheduleDate ?? null, placedAt: event.occurredAt });
      }
      return;
    }
    case EVENTS.orderCompleted.type:
    case EVENTS.orderCancelled.type: {
      const { orderId } = event.data as { orderId: string };
      await settleOrder(tx, orderId, event.occurredAt);
      return;
    }
    default:
      return;
  }
}
