import { erasedUserToken, EVENTS, type EventEffect } from '@inkwell/platform';
import { isErasedUser, lockPerson } from '../store/erasure';
import { upsertCart } from '../store/carts';

type CartUpdated = (typeof EVENTS.cartUpdated.schema)['static'];

/**
 * Keeps `carts` at the latest cart.updated of each cart. Events of one cart share a key and so a
 * partition, but a redelivery after a newer event must not roll the cart back: the newer one wins.
 */
export const recordCartUpdated: EventEffect = async (tx, event) => {
  if (event.type !== EVENTS.cartUpdated.type || event.version !== EVENTS.cartUpdated.version) return;
  const data = event.data as CartUpdated;
  if (data.userId) await lockPerson(tx, data.userId);
  await upsertCart(tx, {
    cartId: data.cartId,
    // A late event of an erased person's cart keeps the cart, not them.
    userId: data.userId && (await isErasedUser(tx, data.userId)) ? erasedUserToken(data.userId) : (data.userId ?? null),
    units: data.units,
    totalCents: data.total.cents,
    currency: data.total.currency,
    items: data.items,
    reason: data.reason,
    updatedAt: event.occurredAt,
  });
};
