import { EVENTS, type EventEffect } from '@inkwell/platform';

type CartUpdated = (typeof EVENTS.cartUpdated.schema)['static'];

/**
 * Keeps `carts` at the latest cart.updated of each cart. Events of one cart share a key and so a
 * partition, but a redelivery after a newer event must not roll the cart back: the newer one wins.
 */
export const recordCartUpdated: EventEffect = async (tx, event) => {
  if (event.type !== EVENTS.cartUpdated.type || event.version !== EVENTS.cartUpdated.version) return;
  const data = event.data as CartUpdated;
  await tx.query(
    `INSERT INTO carts (cart_id, user_id, units, total_cents, currency, items, last_reason, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (cart_id) DO UPDATE SET
       user_id = EXCLUDED.user_id, units = EXCLUDED.units, total_cents = EXCLUDED.total_cents, currency = EXCLUDED.currency,
       items = EXCLUDED.items, last_reason = EXCLUDED.last_reason, updated_at = EXCLUDED.updated_at, changes = carts.changes + 1
     WHERE carts.updated_at <= EXCLUDED.updated_at`,
    [data.cartId, data.userId ?? null, data.units, data.total.cents, data.total.currency, JSON.stringify(data.items), data.reason, event.occurredAt],
  );
};
