import type { Queryable } from '@inkwell/platform';

export interface CartSnapshot {
  cartId: string;
  userId: string | null;
  units: number;
  totalCents: number;
  currency: string;
  items: unknown[];
  reason: string;
  updatedAt: string;
}

/** Writes a cart's snapshot unless a newer one is stored already (the newer one wins). */
export async function upsertCart(db: Queryable, cart: CartSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO carts (cart_id, user_id, units, total_cents, currency, items, last_reason, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (cart_id) DO UPDATE SET
       user_id = EXCLUDED.user_id, units = EXCLUDED.units, total_cents = EXCLUDED.total_cents, currency = EXCLUDED.currency,
       items = EXCLUDED.items, last_reason = EXCLUDED.last_reason, updated_at = EXCLUDED.updated_at, changes = carts.changes + 1
     WHERE carts.updated_at <= EXCLUDED.updated_at`,
    [cart.cartId, cart.userId, cart.units, cart.totalCents, cart.currency, JSON.stringify(cart.items), cart.reason, cart.updatedAt],
  );
}
