import { randomUUID } from 'node:crypto';
import type { AddressInput, Order, OrderStatus, PaymentMethodName, Purchase, PurchaseState, ShippingRate } from '@inkwell/contracts/order';
import { ORDER_STATUS_LABELS } from '@inkwell/contracts/order';
import type { Queryable, Transaction } from '@inkwell/platform';
import { nextPurchaseState, statesMovedBy, type Address, type PurchaseEvent } from '../domain';
import type { Quote, QuotedLine } from '../flows/quote';
import { recordStatusMove, type StatusCause } from './order-history';

/** What the purchase row keeps of the processor's last answer. */
export interface StoredPayment {
  provider: 'simulated' | 'stripe' | 'none';
  paymentId: string | null;
  status: 'succeeded' | 'requires_action' | 'processing' | 'failed' | 'canceled' | 'not_required';
  redirectUrl: string | null;
  clientSecret: string | null;
  failure: { kind: string; code: string; message: string } | null;
}

export interface PurchaseRecord {
  id: string;
  cartId: string;
  userId: string | null;
  email: string | null;
  state: PurchaseState;
  billingAddress: AddressInput;
  shippingAddress: AddressInput | null;
  couponCode: string | null;
  couponSaveAmount: number;
  paymentMethod: PaymentMethodName | null;
  shippingRates: ShippingRate[];
  shippingMethod: ShippingRate | null;
  currency: string;
  netPrice: number;
  fullPrice: number;
  shippingCost: number;
  taxes: number;
  totalPrice: number;
  amountDue: number;
  lines: QuotedLine[];
  notices: string[];
  paymentId: string | null;
  payment: StoredPayment | null;
  /** The current payment attempt's hold on the cart (null before the first, or for a purchase older than attempts' holds). */
  holdId: string | null;
  attempts: number;
  createdAt: Date;
}

interface RawPurchase {
  id: string;
  cart_id: string;
  user_id: string | null;
  email: string | null;
  state: PurchaseState;
  billing_address: AddressInput;
  shipping_address: AddressInput | null;
  coupon_code: string | null;
  coupon_save_amount: string;
  payment_method: PaymentMethodName | null;
  shipping_rates: ShippingRate[];
  shipping_method: ShippingRate | null;
  currency: string;
  net_price: string;
  full_price: string;
  shipping_cost: string;
  taxes: string;
  total_price: string;
  amount_due: string;
  lines: QuotedLine[];
  notices: string[];
  payment_id: string | null;
  payment: StoredPayment | null;
  hold_id: string | null;
  attempts: number;
  created_at: Date;
}

const purchaseOf = (row: RawPurchase): PurchaseRecord => ({
  id: row.id,
  cartId: row.cart_id,
  userId: row.user_id,
  email: row.email,
  state: row.state,
  billingAddress: row.billing_address,
  shippingAddress: row.shipping_address,
  couponCode: row.coupon_code,
  couponSaveAmount: Number(row.coupon_save_amount),
  paymentMethod: row.payment_method,
  shippingRates: row.shipping_rates,
  shippingMethod: row.shipping_method,
  currency: row.currency,
  netPrice: Number(row.net_price),
  fullPrice: Number(row.full_price),
  shippingCost: Number(row.shipping_cost),
  taxes: Number(row.taxes),
  totalPrice: Number(row.total_price),
  amountDue: Number(row.amount_due),
  lines: row.lines,
  notices: row.notices,
  paymentId: row.payment_id,
  payment: row.payment,
  holdId: row.hold_id,
  attempts: row.attempts,
  createdAt: row.created_at,
});

export interface NewPurchase {
  cartId: string;
  userId: string | null;
  email: string | null;
  billing: Address;
  shipping: Address | null;
  couponCode: string | null;
  paymentMethod: PaymentMethodName | null;
  quote: Quote;
  notices: readonly string[];
}

/** Stores a quote as a purchase (Quoted) with its orders (PendingPayment); nothing is charged. */
export async function insertPurchase(tx: Transaction, input: NewPurchase): Promise<string> {
  const id = randomUUID();
  const { quote } = input;
  await tx.query(
    `INSERT INTO purchases (id, cart_id, user_id, email, billing_address, shipping_address, coupon_code, coupon_save_amount, payment_method,
                            shipping_rates, shipping_method, currency, net_price, full_price, shipping_cost, taxes, total_price, amount_due, lines, notices)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
    [
      id,
      input.cartId,
      input.userId,
      input.email,
      JSON.stringify(input.billing),
      input.shipping ? JSON.stringify(input.shipping) : null,
      input.couponCode,
      quote.couponSaveAmount,
      input.paymentMethod,
      JSON.stringify(quote.shippingRates),
      quote.shippingMethod ? JSON.stringify(quote.shippingMethod) : null,
      quote.currency,
      quote.netPrice,
      quote.fullPrice,
      quote.shippingCost,
      quote.taxes,
      quote.totalPrice,
      quote.amountDue,
      JSON.stringify(quote.orders.flatMap((order) => order.lines)),
      JSON.stringify(input.notices),
    ],
  );
  for (const order of quote.orders) {
    const orderId = randomUUID();
    await tx.query(
      `INSERT INTO orders (id, purchase_id, user_id, email, schedule_date, is_pre_order, has_print, currency, net_price, full_price,
                           coupon_save_amount, shipping_cost, taxes, total_price)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [orderId, id, input.userId, input.email, order.releaseAt, order.isPreOrder, order.hasPrint, quote.currency, order.netPrice, order.fullPrice, order.couponSaveAmount, order.shippingCost, order.taxes, order.totalPrice],
    );
    for (const [position, line] of order.lines.entries()) {
      await tx.query(
        `INSERT INTO order_items (order_id, position, product_id, variant_id, name, thumbnail_url, distribution_type, quantity, price, tax, currency, cart_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [orderId, position, line.productId, line.variantId, line.name, line.thumbnailUrl, line.distributionType, line.quantity, line.price, line.tax, line.currency, input.cartId],
      );
    }
  }
  return id;
}

export async function findPurchase(db: Queryable, id: string, { lock = false } = {}): Promise<PurchaseRecord | undefined> {
  const { rows } = await db.query<RawPurchase>(`SELECT * FROM purchases WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && purchaseOf(rows[0]);
}

export async function findPurchaseByPayment(db: Queryable, paymentId: string): Promise<PurchaseRecord | undefined> {
  const { rows } = await db.query<RawPurchase>('SELECT * FROM purchases WHERE payment_id = $1', [paymentId]);
  return rows[0] && purchaseOf(rows[0]);
}

/**
 * Moves a purchase by the state table (`domain/purchase-state.ts`) in one conditional update; false
 * when it was in a state the event does not move (another request moved it first).
 */
export async function movePurchase(db: Queryable, id: string, event: PurchaseEvent, changes: { payment?: StoredPayment | null; paymentId?: string | null; lastError?: string | null; paymentMethod?: PaymentMethodName | null; paymentRequest?: null; holdId?: string } = {}): Promise<boolean> {
  const from = statesMovedBy(event);
  const sets = ['state = CASE state ' + from.map((state) => `WHEN '${state}' THEN '${nextState(state, event)}'`).join(' ') + ' END', 'updated_at = now()'];
  const values: unknown[] = [id, from];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.payment !== undefined) set('payment', changes.payment === null ? null : JSON.stringify(changes.payment));
  if (changes.paymentId !== undefined) set('payment_id', changes.paymentId);
  if (changes.lastError !== undefined) set('last_error', changes.lastError);
  if (changes.paymentMethod !== undefined) set('payment_method', changes.paymentMethod);
  if (changes.paymentRequest !== undefined) set('payment_request', changes.paymentRequest);
  if (changes.holdId !== undefined) set('hold_id', changes.holdId);
  const { rowCount } = await db.query(`UPDATE purchases SET ${sets.join(', ')} WHERE id = $1 AND state = ANY($2::text[])`, values);
  return (rowCount ?? 0) > 0;
}

function nextState(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  const next = nextPurchaseState(state, event);
  if (!next.ok) throw new Error(`${event} does not move a ${state} purchase`);
  return next.state;
}

/** The sweeper's next look at a purchase left between states: later each time. */
export async function deferPurchase(db: Queryable, id: string, error: string | null): Promise<void> {
  await db.query(
    `UPDATE purchases SET attempts = attempts + 1, last_error = $2,
            next_attempt_at = now() + least(interval '5 minutes', interval '1 second' * power(2, attempts)), updated_at = now()
     WHERE id = $1`,
    [id, error],
  );
}

/** Purchases left between states whose next look is due, oldest first. */
export async function duePurchases(db: Queryable, olderThanMs: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM purchases
     WHERE state IN ('Paying', 'RequiresAction', 'Paid')
       AND next_attempt_at <= now() AND updated_at <= now() - make_interval(secs => $1::double precision / 1000)
     ORDER BY next_attempt_at LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Orders

export interface OrderRecord {
  id: string;
  purchaseId: string;
  userId: string | null;
  email: string | null;
  status: OrderStatus;
  scheduleDate: Date | null;
  isPreOrder: boolean;
  hasPrint: boolean;
  currency: string;
  netPrice: number;
  fullPrice: number;
  couponSaveAmount: number;
  shippingCost: number;
  taxes: number;
  totalPrice: number;
  accountingId: number;
  refund: Order['orderRefund'];
  orderDate: Date;
  items: Array<Order['orderItems'][number]>;
}

interface RawOrder {
  id: string;
  purchase_id: string;
  user_id: string | null;
  email: string | null;
  status: OrderStatus;
  schedule_date: Date | null;
  is_pre_order: boolean;
  has_print: boolean;
  currency: string;
  net_price: string;
  full_price: string;
  coupon_save_amount: string;
  shipping_cost: string;
  taxes: string;
  total_price: string;
  accounting_id: string;
  refund: Order['orderRefund'];
  order_date: Date;
  items: Array<{ productId: string; variantId: string; name: string; thumbnailUrl: string | null; distributionType: 'Digital' | 'Print'; quantity: number; price: string; tax: string; currency: string; cartId: string }>;
}

const ORDER_COLUMNS = `o.*, COALESCE((SELECT json_agg(json_build_object(
    'productId', i.product_id, 'variantId', i.variant_id, 'name', i.name, 'thumbnailUrl', i.thumbnail_url, 'distributionType', i.distribution_type,
    'quantity', i.quantity, 'price', i.price, 'tax', i.tax, 'currency', i.currency, 'cartId', i.cart_id) ORDER BY i.position)
  FROM order_items i WHERE i.order_id = o.id), '[]') AS items`;

const orderOf = (row: RawOrder): OrderRecord => ({
  id: row.id,
  purchaseId: row.purchase_id,
  userId: row.user_id,
  email: row.email,
  status: row.status,
  scheduleDate: row.schedule_date,
  isPreOrder: row.is_pre_order,
  hasPrint: row.has_print,
  currency: row.currency,
  netPrice: Number(row.net_price),
  fullPrice: Number(row.full_price),
  couponSaveAmount: Number(row.coupon_save_amount),
  shippingCost: Number(row.shipping_cost),
  taxes: Number(row.taxes),
  totalPrice: Number(row.total_price),
  accountingId: Number(row.accounting_id),
  refund: row.refund,
  orderDate: row.order_date,
  items: row.items.map((item) => ({
    productId: Number(item.productId),
    variantId: Number(item.variantId),
    name: item.name,
    thumbnailUrl: item.thumbnailUrl,
    distributionType: item.distributionType,
    quantity: item.quantity,
    price: Number(item.price),
    tax: Number(item.tax),
    currency: item.currency,
    cartId: item.cartId,
    orderId: row.id,
  })),
});

export async function ordersOfPurchase(db: Queryable, purchaseId: string, { lock = false } = {}): Promise<OrderRecord[]> {
  if (lock) await db.query('SELECT id FROM orders WHERE purchase_id = $1 ORDER BY id FOR UPDATE', [purchaseId]);
  const { rows } = await db.query<RawOrder>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.purchase_id = $1 ORDER BY o.schedule_date NULLS FIRST, o.id`, [purchaseId]);
  return rows.map(orderOf);
}

export async function findOrder(db: Queryable, id: string): Promise<OrderRecord | undefined> {
  const { rows } = await db.query<RawOrder>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1`, [id]);
  return rows[0] && orderOf(rows[0]);
}

/** An account's orders that were placed (paid or free), newest first, and how many there are. */
export async function ordersOfUser(db: Queryable, userId: string, page: { offset: number; limit: number }): Promise<{ orders: OrderRecord[]; count: number }> {
  const placed = `o.user_id = $1 AND EXISTS (SELECT 1 FROM purchases p WHERE p.id = o.purchase_id AND p.state NOT IN ('Quoted', 'Failed'))`;
  const { rows } = await db.query<RawOrder>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${placed} ORDER BY o.order_date DESC, o.id LIMIT $2 OFFSET $3`, [userId, page.limit, page.offset]);
  const { rows: counted } = await db.query<{ count: string }>(`SELECT count(*) FROM orders o WHERE ${placed}`, [userId]);
  return { orders: rows.map(orderOf), count: Number(counted[0]?.count ?? 0) };
}

/**
 * Sets an order's status; with `history`, the move is also put on the order's timeline
 * (order_status_history) in the same transaction. Staff flows record their own moves (with the actor).
 */
export async function setOrderStatus(
  tx: Transaction,
  id: string,
  status: OrderStatus,
  { completed = false, history }: { completed?: boolean; history?: { from: OrderStatus; cause: StatusCause } } = {},
): Promise<void> {
  await tx.query(`UPDATE orders SET status = $2, updated_at = now()${completed ? ', completed_at = coalesce(completed_at, now())' : ''} WHERE id = $1`, [id, status]);
  if (history && history.from !== status) await recordStatusMove(tx, { orderId: id, from: history.from, to: status, cause: history.cause, actor: null });
}

/** Scheduled orders whose release day has come. */
export async function releasedOrders(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ purchase_id: string }>(
    `SELECT DISTINCT purchase_id FROM orders WHERE status = 'Scheduled' AND schedule_date <= $1 LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.purchase_id);
}

/** The order's short number for receipts and support: INK-001234. */
export const accountingIdOf = (order: Pick<OrderRecord, 'accountingId'>): string => `INK-${String(order.accountingId).padStart(6, '0')}`;

export function orderView(order: OrderRecord, purchase: Pick<PurchaseRecord, 'shippingRates' | 'shippingMethod' | 'shippingAddress'>): Order {
  return {
    id: order.id,
    purchaseId: order.purchaseId,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    orderItems: order.items,
    totalPrice: order.totalPrice,
    isoCurrency: order.currency,
    priceDetails: {
      netPrice: order.netPrice,
      fullPrice: order.fullPrice,
      shippingCost: order.shippingCost,
      taxes: order.taxes,
      couponSaveAmount: order.couponSaveAmount,
      currency: order.currency,
    },
    shippingRates: order.hasPrint ? purchase.shippingRates : [],
    shippingMethod: order.hasPrint ? purchase.shippingMethod : null,
    shippingAddress: order.hasPrint ? purchase.shippingAddress : null,
    userId: order.userId,
    orderDate: order.orderDate.toISOString(),
    scheduleDate: order.scheduleDate ? order.scheduleDate.toISOString() : null,
    accountingId: accountingIdOf(order),
    orderRefund: order.refund,
    couponSaveAmount: order.couponSaveAmount,
  };
}

export function purchaseView(purchase: PurchaseRecord, orders: readonly OrderRecord[]): Purchase {
  return {
    id: purchase.id,
    cartId: purchase.cartId,
    guestId: purchase.userId ? null : purchase.cartId,
    userId: purchase.userId,
    email: purchase.email,
    state: purchase.state,
    billingAddress: purchase.billingAddress,
    shippingAddress: purchase.shippingAddress,
    orders: orders.map((order) => orderView(order, purchase)),
    couponCode: purchase.couponCode,
    couponSaveAmount: purchase.couponSaveAmount,
    paymentMethod: purchase.paymentMethod,
    shippingRates: purchase.shippingRates,
    shippingMethod: purchase.shippingMethod,
    totalPrice: purchase.totalPrice,
    amountDue: purchase.amountDue,
    totalPriceDetails: {
      netPrice: purchase.netPrice,
      fullPrice: purchase.fullPrice,
      shippingCost: purchase.shippingCost,
      taxes: purchase.taxes,
      couponSaveAmount: purchase.couponSaveAmount,
      currency: purchase.currency,
    },
    isFree: purchase.amountDue === 0 && !purchase.lines.some((line) => line.distributionType === 'Print'),
    payment: purchase.payment,
    notices: purchase.notices,
  };
}
