import type { OrderRefundRecord } from '@inkwell/contracts/dashboard-customers';
import type { Order } from '@inkwell/contracts/order';
import type { Queryable } from '@inkwell/platform';
import { couponShares, fromGrains, toGrains, type RefundableOrder, type RefundedLine, type RefundPlan } from '../domain';
import type { OrderActor } from './order-history';
import type { OrderRecord } from './purchases';

/** Staff refunds as stored (order_refunds, order_refund_items; migration 006). Amounts: cents at 4 decimals. */
export interface StoredRefund {
  id: string;
  orderId: string;
  idempotencyKey: string;
  requestHash: string;
  reason: string;
  shippingAmount: number;
  amount: number;
  full: boolean;
  status: 'pending' | 'succeeded' | 'failed';
  processorRefundId: string | null;
  error: string | null;
  actorId: string;
  actorEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
  items: Array<{ position: number; productId: number; variantId: number; quantity: number; amount: number; tax: number }>;
}

interface RawRefund {
  id: string;
  order_id: string;
  idempotency_key: string;
  request_hash: string;
  reason: string;
  shipping_amount: string;
  amount: string;
  full_refund: boolean;
  status: StoredRefund['status'];
  processor_refund_id: string | null;
  error: string | null;
  actor_id: string;
  actor_email: string | null;
  created_at: Date;
  updated_at: Date;
  items: Array<{ position: number; productId: string; variantId: string; quantity: number; amount: string; tax: string }>;
}

const REFUND_COLUMNS = `r.*, COALESCE((SELECT json_agg(json_build_object('position', i.position, 'productId', i.product_id, 'variantId', i.variant_id,
    'quantity', i.quantity, 'amount', i.amount, 'tax', i.tax) ORDER BY i.position) FROM order_refund_items i WHERE i.refund_id = r.id), '[]') AS items`;

const refundOf = (row: RawRefund): StoredRefund => ({
  id: row.id,
  orderId: row.order_id,
  idempotencyKey: row.idempotency_key,
  requestHash: row.request_hash,
  reason: row.reason,
  shippingAmount: Number(row.shipping_amount),
  amount: Number(row.amount),
  full: row.full_refund,
  status: row.status,
  processorRefundId: row.processor_refund_id,
  error: row.error,
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  items: row.items.map((item) => ({ position: item.position, productId: Number(item.productId), variantId: Number(item.variantId), quantity: item.quantity, amount: Number(item.amount), tax: Number(item.tax) })),
});

export async function findRefund(db: Queryable, id: string): Promise<StoredRefund | undefined> {
  const { rows } = await db.query<RawRefund>(`SELECT ${REFUND_COLUMNS} FROM order_refunds r WHERE r.id = $1`, [id]);
  return rows[0] && refundOf(rows[0]);
}

export async function findRefundByKey(db: Queryable, key: string): Promise<StoredRefund | undefined> {
  const { rows } = await db.query<RawRefund>(`SELECT ${REFUND_COLUMNS} FROM order_refunds r WHERE r.idempotency_key = $1`, [key]);
  return rows[0] && refundOf(rows[0]);
}

/** The order's refunds, oldest first. */
export async function refundsOfOrder(db: Queryable, orderId: string): Promise<StoredRefund[]> {
  const { rows } = await db.query<RawRefund>(`SELECT ${REFUND_COLUMNS} FROM order_refunds r WHERE r.order_id = $1 ORDER BY r.created_at, r.id`, [orderId]);
  return rows.map(refundOf);
}

/** A refund as the dashboard shows it (OrderRefundRecordSchema). */
export function refundRecordView(refund: StoredRefund): OrderRefundRecord {
  return {
    id: refund.id,
    refundReason: refund.reason,
    orderRefundItems: refund.items.map((item) => ({ position: item.position, productId: item.productId, variantId: item.variantId, quantity: item.quantity, amount: item.amount })),
    shippingAmount: refund.shippingAmount,
    amount: refund.amount,
    status: refund.status,
    processorRefundId: refund.processorRefundId,
    actorId: refund.actorId,
    actorEmail: refund.actorEmail,
    at: refund.createdAt.toISOString(),
  };
}

/** The order's lines and what its pending and succeeded refunds took, for the refund rules. */
export async function refundableOrder(db: Queryable, order: OrderRecord): Promise<RefundableOrder> {
  const { rows: lines } = await db.query<{ position: number; product_id: string; variant_id: string; name: string; distribution_type: 'Digital' | 'Print'; quantity: number; price: string; tax: string }>(
    'SELECT position, product_id, variant_id, name, distribution_type, quantity, price, tax FROM order_items WHERE order_id = $1 ORDER BY position',
    [order.id],
  );
  const { rows: refunded } = await db.query<{ position: number; quantity: string; amount: string; tax: string }>(
    `SELECT i.position, sum(i.quantity) AS quantity, sum(i.amount) AS amount, sum(i.tax) AS tax
     FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id
     WHERE i.order_id = $1 AND r.status IN ('pending', 'succeeded') GROUP BY i.position`,
    [order.id],
  );
  const { rows: totals } = await db.query<{ shipping: string | null; amount: string | null }>(
    `SELECT sum(shipping_amount) AS shipping, sum(amount) AS amount FROM order_refunds WHERE order_id = $1 AND status IN ('pending', 'succeeded')`,
    [order.id],
  );
  const shares = couponShares(order.couponSaveAmount, lines.map((line) => ({ price: Number(line.price), quantity: line.quantity })));
  return {
    lines: lines.map((line, index) => ({
      position: line.position,
      productId: Number(line.product_id),
      variantId: Number(line.variant_id),
      name: line.name,
      distributionType: line.distribution_type,
      quantity: line.quantity,
      price: Number(line.price),
      tax: Number(line.tax),
      couponShare: shares[index] ?? 0,
    })),
    refunded: new Map<number, RefundedLine>(refunded.map((row) => [row.position, { quantity: Number(row.quantity), amount: Number(row.amount), tax: Number(row.tax) }])),
    shippingCost: order.shippingCost,
    refundedShipping: Number(totals[0]?.shipping ?? 0),
    totalPrice: order.totalPrice,
    refundedTotal: Number(totals[0]?.amount ?? 0),
  };
}

/** Whether a refund of any order of the purchase is still pending (other than `except`). */
export async function pendingRefundOfPurchase(db: Queryable, purchaseId: string, except?: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT r.id FROM order_refunds r JOIN orders o ON o.id = r.order_id WHERE o.purchase_id = $1 AND r.status = 'pending' AND r.id <> $2 LIMIT 1`,
    [purchaseId, except ?? '00000000-0000-0000-0000-000000000000'],
  );
  return rows[0]?.id;
}

/** What the purchase's pending and succeeded refunds made before this one came to (cents at 4 decimals). */
export async function purchaseRefundedBefore(db: Queryable, purchaseId: string, refund: Pick<StoredRefund, 'id' | 'createdAt'>): Promise<number> {
  const { rows } = await db.query<{ amount: string | null }>(
    `SELECT sum(r.amount) AS amount FROM order_refunds r JOIN orders o ON o.id = r.order_id
     WHERE o.purchase_id = $1 AND r.status IN ('pending', 'succeeded') AND (r.created_at, r.id) < ($2, $3)`,
    [purchaseId, refund.createdAt, refund.id],
  );
  return Number(rows[0]?.amount ?? 0);
}

export interface NewRefund {
  id: string;
  orderId: string;
  idempotencyKey: string;
  requestHash: string;
  reason: string;
  plan: RefundPlan;
  actor: OrderActor;
}

/** Records a refund 'pending' with its items (the caller's transaction). */
export async function insertRefund(tx: Queryable, refund: NewRefund): Promise<void> {
  // clock_timestamp: refunds of a purchase are made one at a time, and their order is their creation's.
  await tx.query(
    `INSERT INTO order_refunds (id, order_id, idempotency_key, request_hash, reason, shipping_amount, amount, full_refund, actor_id, actor_email, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp(), clock_timestamp())`,
    [refund.id, refund.orderId, refund.idempotencyKey, refund.requestHash, refund.reason, refund.plan.shippingAmount, refund.plan.amount, refund.plan.full, refund.actor.id, refund.actor.email],
  );
  for (const item of refund.plan.items) {
    await tx.query('INSERT INTO order_refund_items (refund_id, order_id, position, product_id, variant_id, quantity, amount, tax) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      refund.id,
      refund.orderId,
      item.position,
      item.productId,
      item.variantId,
      item.quantity,
      item.amount,
      item.tax,
    ]);
  }
}

/** A pending refund the processor refused (or that could not be made): failed, with why. */
export async function markRefundFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`UPDATE order_refunds SET status = 'failed', error = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`, [id, error.slice(0, 2000)]);
}

export async function markRefundSucceeded(db: Queryable, id: string, processorRefundId: string | null): Promise<void> {
  await db.query(`UPDATE order_refunds SET status = 'succeeded', processor_refund_id = $2, error = NULL, updated_at = now() WHERE id = $1`, [id, processorRefundId]);
}

/** Pending refunds untouched this long (a crash between the flow's steps), oldest first. */
export async function stalePendingRefunds(db: Queryable, olderThanMs: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM order_refunds WHERE status = 'pending' AND updated_at <= now() - make_interval(secs => $1::double precision / 1000) ORDER BY updated_at LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((row) => row.id);
}

/** The sweeper's next look at a pending refund: later. */
export async function touchRefund(db: Queryable, id: string, error: string | null): Promise<void> {
  await db.query(`UPDATE order_refunds SET updated_at = now(), error = $2 WHERE id = $1 AND status = 'pending'`, [id, error?.slice(0, 2000) ?? null]);
}

/**
 * The storefront's `orderRefund` of the order: everything refunded so far by staff (succeeded
 * refunds), the last reason and when.
 */
export async function succeededRefundSummary(db: Queryable, order: Pick<OrderRecord, 'id' | 'items'>): Promise<NonNullable<Order['orderRefund']> | null> {
  const refunds = (await refundsOfOrder(db, order.id)).filter((refund) => refund.status === 'succeeded');
  const last = refunds.at(-1);
  if (!last) return null;
  const byLine = new Map<string, { productId: number; variantId: number; amount: number }>();
  for (const item of refunds.flatMap((refund) => refund.items)) {
    const key = `${item.productId}:${item.variantId}`;
    const known = byLine.get(key) ?? { productId: item.productId, variantId: item.variantId, amount: 0 };
    known.amount = fromGrains(toGrains(known.amount) + toGrains(item.amount));
    byLine.set(key, known);
  }
  const sum = (values: number[]) => fromGrains(values.reduce((total, value) => total + toGrains(value), 0));
  return {
    refundReason: last.reason,
    orderRefundItems: [...byLine.values()],
    shippingAmount: sum(refunds.map((refund) => refund.shippingAmount)),
    amount: sum(refunds.map((refund) => refund.amount)),
    refundedAt: last.updatedAt.toISOString(),
  };
}
