/**
 * The commerce facts and their rollups, written in the consumer's transaction (the inbox runs each
 * event once): orders and their lines, refunds, cart states, abandonments, sign-ups and the sets of
 * active signed-in customers. Every rollup is kept per day and per month (`grain` 'd' / 'm').
 */
import type { Queryable } from '@inkwell/platform';
import { customerToken, formatOf, monthRow } from '../domain/commerce';

type Counters = Record<string, number>;

const ROLLUP_COLUMNS: Record<string, readonly string[]> = {
  sales_rollups: ['orders', 'items', 'digital_items', 'print_items', 'revenue_cents', 'refunds', 'refunded_cents', 'cancelled_orders'],
  cart_rollups: ['carts_created', 'add_to_cart', 'remove_from_cart', 'orders_paid', 'abandoned_carts', 'abandoned_value_cents'],
  signup_rollups: ['signups'],
  active_customer_counts: ['customers'],
};

/** Adds to a rollup's day row and month row (creating them). Columns come from ROLLUP_COLUMNS only. */
export async function bumpRollup(db: Queryable, table: keyof typeof ROLLUP_COLUMNS, day: string, counters: Counters): Promise<void> {
  const allowed = ROLLUP_COLUMNS[table]!;
  const columns = Object.keys(counters).filter((column) => counters[column] !== 0);
  if (columns.length === 0) return;
  for (const column of columns) if (!allowed.includes(column)) throw new Error(`${table} has no column ${column}`);
  const values = columns.map((column) => counters[column]);
  await db.query(
    `INSERT INTO ${table} (grain, period, ${columns.join(', ')})
     VALUES ('d', $1::date, ${columns.map((_, i) => `$${i + 3}`).join(', ')}), ('m', $2::date, ${columns.map((_, i) => `$${i + 3}`).join(', ')})
     ON CONFLICT (grain, period) DO UPDATE SET ${columns.map((column) => `${column} = ${table}.${column} + EXCLUDED.${column}`).join(', ')}`,
    [day, monthRow(day), ...values],
  );
}

interface ProductCounters {
  units?: number;
  digital_units?: number;
  print_units?: number;
  orders?: number;
  revenue_cents?: number;
  refunded_units?: number;
  refunded_cents?: number;
}

async function bumpProduct(db: Queryable, day: string, productId: string, counters: ProductCounters): Promise<void> {
  const columns = Object.keys(counters) as Array<keyof ProductCounters>;
  await db.query(
    `INSERT INTO product_sales_rollups (grain, period, product_id, ${columns.join(', ')})
     VALUES ('d', $1::date, $3, ${columns.map((_, i) => `$${i + 4}`).join(', ')}), ('m', $2::date, $3, ${columns.map((_, i) => `$${i + 4}`).join(', ')})
     ON CONFLICT (grain, period, product_id) DO UPDATE SET ${columns.map((c) => `${c} = product_sales_rollups.${c} + EXCLUDED.${c}`).join(', ')}`,
    [day, monthRow(day), productId, ...columns.map((column) => counters[column])],
  );
}

/** Marks a signed-in customer active on a day (and its month): counted once per period. */
export async function markActiveCustomer(db: Queryable, userId: string, day: string): Promise<void> {
  const token = customerToken(userId);
  const { rows } = await db.query<{ grain: string; period: string }>(
    `INSERT INTO active_customers (grain, period, user_token) VALUES ('d', $1::date, $3), ('m', $2::date, $3)
     ON CONFLICT DO NOTHING RETURNING grain, to_char(period, 'YYYY-MM-DD') AS period`,
    [day, monthRow(day), token],
  );
  for (const row of rows) {
    await db.query(
      `INSERT INTO active_customer_counts (grain, period, customers) VALUES ($1, $2::date, 1)
       ON CONFLICT (grain, period) DO UPDATE SET customers = active_customer_counts.customers + 1`,
      [row.grain, row.period],
    );
  }
}

export interface PlacedOrder {
  orderId: string;
  userId?: string;
  placedAt: string;
  day: string;
  total: { cents: number; currency: string };
  items: Array<{ productId: string; variantId: string; name?: string; distributionType: string; quantity: number; price: { cents: number; currency: string } }>;
}

/** order.placed: the order, its lines, the sales, product and cart rollups of its day. Once per order. */
export async function recordOrderPlaced(db: Queryable, order: PlacedOrder): Promise<boolean> {
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const inserted = await db.query(
    `INSERT INTO commerce_orders (order_id, day, placed_at, user_token, currency, total_cents, items)
     VALUES ($1, $2::date, $3, $4, $5, $6, $7) ON CONFLICT (order_id) DO NOTHING`,
    [order.orderId, order.day, order.placedAt, order.userId ? customerToken(order.userId) : null, order.total.currency, order.total.cents, items],
  );
  if ((inserted.rowCount ?? 0) === 0) return false;
  // Rows are locked in one order everywhere (carts, then rollups, products by id) so concurrent
  // consumers and the abandoned-cart job never deadlock.
  if (order.userId) {
    // Their carts are not abandoned by what they left before this order.
    await db.query('UPDATE commerce_carts SET ordered_at = greatest(coalesce(ordered_at, $2::timestamptz), $2::timestamptz) WHERE user_token = $1', [customerToken(order.userId), order.placedAt]);
  }
  const lines = order.items.map((item, index) => ({ ...item, line: index + 1, format: formatOf(item.distributionType) }));
  if (lines.length > 0) {
    await db.query(
      `INSERT INTO order_lines (order_id, line, day, product_id, variant_id, format, quantity, unit_price_cents, currency)
       SELECT $1, l.line, $2::date, l.product_id, l.variant_id, l.format, l.quantity, l.price, l.currency
         FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::text[])
              AS l(line, product_id, variant_id, format, quantity, price, currency)`,
      [
        order.orderId,
        order.day,
        lines.map((l) => l.line),
        lines.map((l) => l.productId),
        lines.map((l) => l.variantId),
        lines.map((l) => l.format),
        lines.map((l) => l.quantity),
        lines.map((l) => l.price.cents),
        lines.map((l) => l.price.currency),
      ],
    );
  }
  const digital = lines.filter((l) => l.format === 'Digital').reduce((sum, l) => sum + l.quantity, 0);
  await bumpRollup(db, 'sales_rollups', order.day, { orders: 1, items, digital_items: digital, print_items: items - digital, revenue_cents: order.total.cents });
  await bumpRollup(db, 'cart_rollups', order.day, { orders_paid: 1 });
  const products = new Map<string, Required<Pick<ProductCounters, 'units' | 'digital_units' | 'print_units' | 'orders' | 'revenue_cents'>>>();
  for (const line of lines) {
    const sum = products.get(line.productId) ?? { units: 0, digital_units: 0, print_units: 0, orders: 1, revenue_cents: 0 };
    sum.units += line.quantity;
    if (line.format === 'Digital') sum.digital_units += line.quantity;
    else sum.print_units += line.quantity;
    sum.revenue_cents += line.quantity * line.price.cents;
    products.set(line.productId, sum);
  }
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const productId of [...products.keys()].sort(byId)) await bumpProduct(db, order.day, productId, products.get(productId)!);
  for (const line of [...lines].sort((a, b) => byId(a.productId, b.productId))) {
    await db.query(
      `INSERT INTO analytics_products (product_id, name) VALUES ($1, $2)
       ON CONFLICT (product_id) DO UPDATE SET name = EXCLUDED.name WHERE EXCLUDED.name <> '' AND analytics_products.name IS DISTINCT FROM EXCLUDED.name`,
      [line.productId, line.name ?? ''],
    );
  }
  if (order.userId) await markActiveCustomer(db, order.userId, order.day);
  return true;
}

export interface Refund {
  refundKey: string;
  orderId: string;
  refundedAt: string;
  day: string;
  amount: { cents: number; currency: string };
  productIds: readonly string[];
  full: boolean;
}

/**
 * order.refunded: on the refund's day, the amount (sales) and the lines of the products it refunded
 * fully (their remaining units and cents, per product). Once per refund (its id, else the event's).
 */
export async function recordRefund(db: Queryable, refund: Refund): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO order_refunds (refund_key, order_id, day, refunded_at, amount_cents, currency, product_ids, full_refund)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8) ON CONFLICT (refund_key) DO NOTHING`,
    [refund.refundKey, refund.orderId, refund.day, refund.refundedAt, refund.amount.cents, refund.amount.currency, refund.productIds, refund.full],
  );
  if ((inserted.rowCount ?? 0) === 0) return false;
  await bumpRollup(db, 'sales_rollups', refund.day, { refunds: 1, refunded_cents: refund.amount.cents });
  await db.query('UPDATE commerce_orders SET refunded_cents = refunded_cents + $2 WHERE order_id = $1', [refund.orderId, refund.amount.cents]);
  // The lines refunded now: what was left of them.
  const { rows } = await db.query<{ product_id: string; units: string; cents: string }>(
    `WITH old AS (
       SELECT order_id, line, quantity - refunded_quantity AS units, (quantity - refunded_quantity) * unit_price_cents AS cents
         FROM order_lines WHERE order_id = $1 AND refunded_quantity < quantity AND ($3 OR product_id = ANY($2::text[])) FOR UPDATE
     ), done AS (
       UPDATE order_lines l SET refunded_quantity = l.quantity, refunded_cents = l.quantity * l.unit_price_cents
         FROM old WHERE l.order_id = old.order_id AND l.line = old.line RETURNING l.product_id, old.units, old.cents
     )
     SELECT product_id, sum(units)::text AS units, sum(cents)::text AS cents FROM done GROUP BY product_id ORDER BY product_id`,
    [refund.orderId, refund.productIds, refund.full],
  );
  for (const row of rows) await bumpProduct(db, refund.day, row.product_id, { refunded_units: Number(row.units), refunded_cents: Number(row.cents) });
  return true;
}

/** order.cancelled: the order's state, and a cancellation on that day (once). */
export async function recordOrderCancelled(db: Queryable, orderId: string, at: string, day: string): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE commerce_orders SET status = 'Cancelled', cancelled_at = $2 WHERE order_id = $1 AND status <> 'Cancelled'`,
    [orderId, at],
  );
  if ((rowCount ?? 0) > 0) await bumpRollup(db, 'sales_rollups', day, { cancelled_orders: 1 });
}

/** order.completed: the order's state. */
export async function recordOrderCompleted(db: Queryable, orderId: string, at: string): Promise<void> {
  await db.query(`UPDATE commerce_orders SET status = 'Completed', completed_at = $2 WHERE order_id = $1 AND status = 'Placed'`, [orderId, at]);
}

export interface CartChange {
  cartId: string;
  userId?: string;
  at: string;
  day: string;
  units: number;
  total: { cents: number; currency: string };
  /** change.amount: + added, − taken away. */
  amount?: number;
}

/**
 * cart.updated v2: a cart that gets its first item is created on that day; a change adds to the
 * add or remove count (and the cart to the day's adders); the cart's state (its content version
 * bumped) unless a newer event was seen already.
 */
export async function recordCartChange(db: Queryable, change: CartChange): Promise<void> {
  const { rows } = await db.query<{ units: number; touched_at: Date }>('SELECT units, touched_at FROM commerce_carts WHERE cart_id = $1 FOR UPDATE', [change.cartId]);
  const previous = rows[0];
  const newer = !previous || previous.touched_at.getTime() <= new Date(change.at).getTime();
  const counters: Counters = {};
  if (newer && change.units > 0 && (!previous || previous.units === 0)) counters.carts_created = 1;
  if (change.amount && change.amount > 0) counters.add_to_cart = 1;
  if (change.amount && change.amount < 0) counters.remove_from_cart = 1;
  await bumpRollup(db, 'cart_rollups', change.day, counters);
  if (counters.add_to_cart) {
    await db.query(`INSERT INTO cart_adders (grain, period, cart_id) VALUES ('d', $1::date, $3), ('m', $2::date, $3) ON CONFLICT DO NOTHING`, [change.day, monthRow(change.day), change.cartId]);
  }
  const token = change.userId ? customerToken(change.userId) : null;
  if (!previous) {
    await db.query(
      `INSERT INTO commerce_carts (cart_id, user_token, units, total_cents, currency, version, touched_at) VALUES ($1, $2, $3, $4, $5, 1, $6)`,
      [change.cartId, token, change.units, change.total.cents, change.total.currency, change.at],
    );
  } else if (newer) {
    await db.query(
      `UPDATE commerce_carts SET user_token = coalesce($2, user_token), units = $3, total_cents = $4, currency = $5, version = version + 1, touched_at = $6 WHERE cart_id = $1`,
      [change.cartId, token, change.units, change.total.cents, change.total.currency, change.at],
    );
  }
  if (change.userId) await markActiveCustomer(db, change.userId, change.day);
}

/** account.created: a sign-up on its day. */
export async function recordSignup(db: Queryable, day: string): Promise<void> {
  await bumpRollup(db, 'signup_rollups', day, { signups: 1 });
}

/** A product's dimension row is asked of the catalog again (product.changed, series.changed). */
export async function markProductsStale(db: Queryable, by: { productId?: string; seriesId?: string }): Promise<void> {
  if (by.productId) await db.query('UPDATE analytics_products SET stale = true, attempts = 0, next_attempt_at = now() WHERE product_id = $1', [by.productId]);
  if (by.seriesId) await db.query('UPDATE analytics_products SET stale = true, attempts = 0, next_attempt_at = now() WHERE series_id = $1', [by.seriesId]);
}
