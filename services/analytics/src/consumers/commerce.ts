import { EVENTS, type EventData, type EventEffect } from '@inkwell/platform';
import { reportingDay } from '../domain/commerce';
import { lockPerson } from '../store/erasure';
import {
  markActiveCustomer,
  markProductsStale,
  recordCartChange,
  recordOrderCancelled,
  recordOrderCompleted,
  recordOrderPlaced,
  recordRefund,
  recordSignup,
} from '../store/commerce-facts';

/** The domain events the commerce rollups are kept from. */
export const COMMERCE_EVENT_TYPES = [
  EVENTS.orderPlaced.type,
  EVENTS.orderCancelled.type,
  EVENTS.orderRefunded.type,
  EVENTS.orderCompleted.type,
  EVENTS.cartUpdated.type,
  EVENTS.accountCreated.type,
  EVENTS.readingSessionRecorded.type,
  EVENTS.readingProgressUpdated.type,
  EVENTS.productChanged.type,
  EVENTS.seriesChanged.type,
];

/**
 * Keeps the commerce facts and rollups (store/commerce-facts.ts) in the event's transaction; the
 * inbox runs it once per event id, so every increment happens exactly once. Days are those of the
 * event's time in the reporting zone. A person's events take the erasure lock first, like every
 * other write about them here (store/erasure.ts); only their anonymous token is kept.
 */
export function commerceEffect(timeZone: string): EventEffect {
  return async (tx, event) => {
    const day = reportingDay(event.occurredAt, timeZone);
    const userId = (event.data as { userId?: unknown }).userId;
    if (typeof userId === 'string') await lockPerson(tx, userId);
    switch (event.type) {
      case EVENTS.orderPlaced.type: {
        const data = event.data as EventData<'orderPlaced'>;
        await recordOrderPlaced(tx, { orderId: data.orderId, userId: data.userId, placedAt: event.occurredAt, day, total: data.total, items: data.items });
        return;
      }
      case EVENTS.orderRefunded.type: {
        const data = event.data as EventData<'orderRefunded'>;
        await recordRefund(tx, {
          refundKey: data.refundId ?? event.id,
          orderId: data.orderId,
          refundedAt: event.occurredAt,
          day,
          amount: data.amount,
          productIds: data.productIds,
          full: data.full === true,
        });
        return;
      }
      case EVENTS.orderCancelled.type:
        await recordOrderCancelled(tx, (event.data as EventData<'orderCancelled'>).orderId, event.occurredAt, day);
        return;
      case EVENTS.orderCompleted.type:
        await recordOrderCompleted(tx, (event.data as EventData<'orderCompleted'>).orderId, event.occurredAt);
        return;
      case EVENTS.cartUpdated.type: {
        if (event.version !== EVENTS.cartUpdated.version) return;
        const data = event.data as EventData<'cartUpdated'>;
        await recordCartChange(tx, { cartId: data.cartId, userId: data.userId, at: event.occurredAt, day, units: data.units, total: data.total, amount: data.change?.amount });
        return;
      }
      case EVENTS.accountCreated.type:
        await recordSignup(tx, day);
        return;
      case EVENTS.readingSessionRecorded.type:
      case EVENTS.readingProgressUpdated.type:
        if (typeof userId === 'string') await markActiveCustomer(tx, userId, day);
        return;
      case EVENTS.productChanged.type:
        await markProductsStale(tx, { productId: (event.data as EventData<'productChanged'>).productId });
        return;
      case EVENTS.seriesChanged.type:
        await markProductsStale(tx, { seriesId: (event.data as EventData<'seriesChanged'>).seriesId });
        return;
      default:
        return;
    }
  };
}
