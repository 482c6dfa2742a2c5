import type { CartStatus } from '@inkwell/contracts/cart';
import { ConflictError, NotFoundError, type Database, type Queryable, type Transaction } from '@inkwell/platform';
import { CART_MESSAGES, canMoveCart, type CartLine } from '../domain';

export interface CartRow {
  id: string;
  accountId: string | null;
  status: CartStatus;
  /** The purchase holding the cart ('' when none does). */
  heldBy: string;
  /** The payment attempt holding it ('' when none does, or the hold named no attempt). */
  holdId: string;
}

interface RawCart {
  id: string;
  account_id: string | null;
  status: CartStatus;
  held_by?: string | null;
  hold_id?: string | null;
}

const cartOf = (row: RawCart): CartRow => ({ id: row.id, accountId: row.account_id, status: row.status, heldBy: row.held_by ?? '', holdId: row.hold_id ?? '' });

/** The cart, or undefined when no change was ever made to it. */
export async function findCart(db: Queryable, id: string): Promise<CartRow | undefined> {
  const { rows } = await db.query<RawCart>('SELECT id, account_id, status FROM carts WHERE id = $1', [id]);
  return rows[0] && cartOf(rows[0]);
}

/**
 * The cart row, created Open when missing, locked until the transaction ends: every change to one
 * cart runs one at a time, so concurrent additions neither lose an update nor pass a limit.
 */
export async function lockCart(tx: Transaction, id: string): Promise<CartRow> {
  await tx.query('INSERT INTO carts (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [id]);
  const { rows } = await tx.query<RawCart>('SELECT id, account_id, status, held_by, hold_id FROM carts WHERE id = $1 FOR UPDATE', [id]);
  return cartOf(rows[0]!);
}

/** The account's other open carts, locked (oldest first, so two sign-ins lock in the same order). */
export async function lockOtherOpenCarts(tx: Transaction, accountId: string, except: string): Promise<CartRow[]> {
  const { rows } = await tx.query<RawCart>(
    `SELECT id, account_id, status FROM carts WHERE account_id = $1 AND status = 'Open' AND id <> $2 ORDER BY created_at, id FOR UPDATE`,
    [accountId, except],
  );
  return rows.map(cartOf);
}

export async function attachCart(tx: Transaction, id: string, accountId: string): Promise<void> {
  await tx.query('UPDATE carts SET account_id = $2, updated_at = now() WHERE id = $1', [id, accountId]);
}

/** A cart whose lines moved into another at sign-in: closed, with a pointer to where they went. */
export async function closeMergedCart(tx: Transaction, id: string, into: string): Promise<void> {
  await tx.query(`UPDATE carts SET status = 'Closed', merged_into = $2, updated_at = now() WHERE id = $1`, [id, into]);
  await tx.query('DELETE FROM cart_lines WHERE cart_id = $1', [id]);
}

/**
 * Checkout's moves of a cart (spec §4: Open → Purchasing → Closed, or back to Open when a payment
 * fails): refused with a 409 when the cart is not where the move starts, under a lock on the cart.
 */
export async function setCartStatus(db: Database, id: string, status: CartStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: CartStatus }>('SELECT status FROM carts WHERE id = $1 FOR UPDATE', [id]);
    const from = rows[0]?.status;
    if (from === undefined) throw new NotFoundError(CART_MESSAGES.noCart(id));
    if (!canMoveCart(from, status)) throw new ConflictError(CART_MESSAGES.cannotMove(from, status));
    await tx.query('UPDATE carts SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
  });
}

/**
 * Moves a locked cart for checkout and records the purchase and payment attempt holding it (both
 * null once it is given back; the attempt is null when the hold named none).
 */
export async function moveHeldCart(tx: Transaction, id: string, status: CartStatus, purchaseId: string | null, holdId: string | null = null): Promise<void> {
  await tx.query('UPDATE carts SET status = $2, held_by = $3, hold_id = $4, updated_at = now() WHERE id = $1', [id, status, purchaseId, holdId]);
}

/** How long a released attempt is remembered: far longer than any hold can be in flight. */
const RELEASED_HOLDS_KEPT = '7 days';

/** Records a payment attempt's hold as given back (under the cart's lock), forgetting long-past ones. */
export async function recordReleasedHold(tx: Transaction, cartId: string, holdId: string): Promise<void> {
  await tx.query('INSERT INTO released_holds (hold_id, cart_id) VALUES ($1, $2) ON CONFLICT (hold_id) DO NOTHING', [holdId, cartId]);
  await tx.query(
    `DELETE FROM released_holds WHERE hold_id IN (SELECT hold_id FROM released_holds WHERE released_at < now() - interval '${RELEASED_HOLDS_KEPT}' LIMIT 100)`,
  );
}

/** Whether a payment attempt's hold was given back already. */
export async function holdReleased(db: Queryable, holdId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM released_holds WHERE hold_id = $1', [holdId]);
  return rows.length > 0;
}

/** Lines in the order they first entered the cart. */
export async function readLines(db: Queryable, cartId: string): Promise<CartLine[]> {
  const { rows } = await db.query<{ product_id: string; variant_id: string; quantity: number }>(
    'SELECT product_id, variant_id, quantity FROM cart_lines WHERE cart_id = $1 ORDER BY added_seq',
    [cartId],
  );
  return rows.map((row) => ({ productId: Number(row.product_id), variantId: Number(row.variant_id), quantity: row.quantity }));
}

/** Stores `lines` as the cart's lines; lines that stay keep their place. */
export async function writeLines(tx: Transaction, cartId: string, lines: readonly CartLine[]): Promise<void> {
  await tx.query(
    `DELETE FROM cart_lines WHERE cart_id = $1
       AND (product_id, variant_id) NOT IN (SELECT * FROM unnest($2::bigint[], $3::bigint[]))`,
    [cartId, lines.map((line) => line.productId), lines.map((line) => line.variantId)],
  );
  for (const line of lines) {
    await tx.query(
      `INSERT INTO cart_lines (cart_id, product_id, variant_id, quantity) VALUES ($1, $2, $3, $4)
       ON CONFLICT (cart_id, product_id, variant_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
      [cartId, line.productId, line.variantId, line.quantity],
    );
  }
  await tx.query('UPDATE carts SET updated_at = now() WHERE id = $1', [cartId]);
}
