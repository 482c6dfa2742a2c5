import type { OrderListQuery, OrderListRow, OrderRefundRecord, StaffOrder, UserTransaction } from '@inkwell/contracts/dashboard-customers';
import { ORDER_STATUS_GROUPS, ORDER_TAGS } from '@inkwell/contracts/dashboard-customers';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { AddressInput as ApiAddress } from '@inkwell/contracts/order';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@inkwell/contracts/order-rules';
import { BadRequestError, type Queryable } from '@inkwell/platform';
import { allowedStaffStatuses, normalizeAddress, type OrderFacts } from '../domain';
import { notesOfOrder } from './order-notes';
import { accountingIdOf, findOrder, findPurchase, type OrderRecord, type PurchaseRecord } from './purchases';

/**
 * What staff read of orders (dashboard spec §7 Orders, issue 23): the filtered, sorted list; one
 * order with everything about it (items and what of them is refunded, prices, addresses, payment,
 * shipments, refunds, notes and the timeline); a user's charges and refunds; the addresses a user
 * used. Only placed orders count (their purchase was paid or tried: not a quote, not a failed one).
 */

/** Words of the list's query refusals (each names its field). */
export const ORDER_LIST_MESSAGES = {
  date: (field: string) => `${field} must be a date (YYYY-MM-DD) or an instant (ISO 8601, e.g. 2025-01-31T12:00:00Z).`,
  range: 'filterFromDate must not be after filterToDate.',
  status: (value: string) => `Unknown order status: ${value}. Statuses are ${ORDER_STATUSES.join(', ')}, or the groups ${Object.keys(ORDER_STATUS_GROUPS).join(', ')}.`,
  tag: (value: string) => `Unknown order tag: ${value}. Tags are ${ORDER_TAGS.map((tag, index) => `${tag} (${index + 1})`).join(', ')}.`,
} as const;

const DEFAULT_COUNT = 20;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** A placed order: its purchase was paid, is being paid, or was undone (never a bare quote or a failed try). */
const PLACED = `p.state NOT IN ('Quoted', 'Failed')`;
const BILLING = `coalesce(o.billing_address, p.billing_address)`;
const CUSTOMER_NAME = `coalesce(o.customer_name, nullif(btrim(concat_ws(' ', ${BILLING}->>'firstName', ${BILLING}->>'surName')), ''))`;
const EMAIL = `coalesce(o.email, nullif(btrim(${BILLING}->>'email'), ''))`;
const REFUNDED_AMOUNT = `greatest(
    coalesce((SELECT sum(r.amount) FROM order_refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'), 0),
    coalesce((o.refund->>'amount')::numeric, 0))`;

const TAG_CONDITIONS: Record<(typeof ORDER_TAGS)[number], string> = {
  print: 'o.has_print',
  digital: `EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.distribution_type = 'Digital')`,
  'pre-order': 'o.is_pre_order',
  refunded: `(o.refund IS NOT NULL OR EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'))`,
  shipped: 'EXISTS (SELECT 1 FROM order_shipments s WHERE s.order_id = o.id)',
  noted: 'EXISTS (SELECT 1 FROM order_notes n WHERE n.order_id = o.id)',
};

const SORT_COLUMNS: Record<NonNullable<OrderListQuery['sortBy']>, string> = {
  orderDate: 'o.order_date',
  totalPrice: 'o.total_price',
  status: 'o.status',
  accountingId: 'o.accounting_id',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A list bound: a day (YYYY-MM-DD, UTC; `to` takes the whole day) or an instant. Anything else is a
 * 400 naming the field.
 */
export function parseListDate(value: string, field: 'filterFromDate' | 'filterToDate'): { at: Date; day: boolean } {
  const text = value.trim();
  const day = DAY.exec(text);
  if (day) {
    const at = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    if (at.getUTCFullYear() === Number(day[1]) && at.getUTCMonth() === Number(day[2]) - 1 && at.getUTCDate() === Number(day[3])) return { at, day: true };
  } else if (INSTANT.test(text)) {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime())) return { at, day: false };
  }
  throw new BadRequestError(ORDER_LIST_MESSAGES.date(field), { field });
}

/** A comma-separated list's values, trimmed, blanks dropped, each checked (in any case: `completed` is Completed). */
function listOf<T extends string>(value: string | undefined, known: readonly T[], field: string, message: (value: string) => string, alias: (item: string) => readonly T[] | undefined = () => undefined): T[] {
  if (value === undefined) return [];
  const values = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  return [
    ...new Set(
      values.flatMap((item) => {
        const match = known.find((name) => name.toLowerCase() === item.toLowerCase());
        if (match !== undefined) return [match];
        const named = alias(item);
        if (named === undefined) throw new BadRequestError(message(item), { field });
        return named;
      }),
    ),
  ];
}

/** A status group of `filterStatus` (paid, unpaid, fulfilment), any case. */
const statusGroup = (item: string) => Object.entries(ORDER_STATUS_GROUPS).find(([group]) => group === item.toLowerCase())?.[1];
/** A tag's id in `filterTagIds`: its 1-based position in ORDER_TAGS. */
const tagById = (item: string) => (/^\d{1,2}$/.test(item) && Number(item) >= 1 && Number(item) <= ORDER_TAGS.length ? [ORDER_TAGS[Number(item) - 1]!] : undefined);

/** The accounting number a search names (INK-000123, ink123, 123), if it is one. */
function accountingNumber(text: string): number | null {
  const match = /^(?:INK-?)?0*(\d{1,15})$/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) ? value : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name and email of a billing address as the trigram indexes of migration 007 hold them (lowercased, nulls blank). */
const nameOf = (column: string) => `lower(coalesce(${column}->>'firstName', '') || ' ' || coalesce(${column}->>'surName', ''))`;
const emailOf = (column: string) => `lower(coalesce(${column}->>'email', ''))`;

/**
 * The ids of the orders a search names, each way by an index: an accounting number (INK-000123,
 * 123) by its number alone; a UUID as an order, purchase or user id; other text as a part of the
 * email or customer name (the order's, staff's copy of the billing address, or the purchase's
 * billing address: trigram indexes) or a user id.
 */
function searchedOrders(search: string, param: (value: unknown) => string): string {
  const number = accountingNumber(search);
  if (number !== null) return `SELECT id FROM orders WHERE accounting_id = ${param(number)}`;
  if (UUID.test(search)) {
    const id = param(search.toLowerCase());
    return `SELECT id FROM orders WHERE id = ${id}::uuid UNION SELECT id FROM orders WHERE purchase_id = ${id}::uuid UNION SELECT id FROM orders WHERE user_id = ${param(search.toLowerCase())}`;
  }
  const like = param(`%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  return [
    `SELECT id FROM orders WHERE user_id = ${param(search)}`,
    `SELECT id FROM orders WHERE lower(coalesce(email, '')) LIKE ${like}`,
    `SELECT id FROM orders WHERE customer_name IS NOT NULL AND lower(coalesce(customer_name, '')) LIKE ${like}`,
    `SELECT id FROM orders WHERE billing_address IS NOT NULL AND (${nameOf('billing_address')} LIKE ${like} OR ${emailOf('billing_address')} LIKE ${like})`,
    `SELECT o2.id FROM purchases p2 JOIN orders o2 ON o2.purchase_id = p2.id WHERE ${nameOf('p2.billing_address')} LIKE ${like} OR ${emailOf('p2.billing_address')} LIKE ${like}`,
  ].join(' UNION ');
}

interface RawListRow {
  id: string;
  accounting_id: string;
  status: OrderStatus;
  order_date: Date;
  user_id: string | null;
  email: string | null;
  customer_name: string | null;
  item_count: string;
  has_print: boolean;
  has_digital: boolean;
  is_pre_order: boolean;
  total_price: string;
  currency: string;
  refunded_amount: string;
  shipped: boolean;
  noted: boolean;
}

const listRowOf = (row: RawListRow): OrderListRow => {
  const refundedAmount = round4(Number(row.refunded_amount));
  const tags: string[] = [];
  if (row.has_print) tags.push('print');
  if (row.has_digital) tags.push('digital');
  if (row.is_pre_order) tags.push('pre-order');
  if (refundedAmount > 0) tags.push('refunded');
  if (row.shipped) tags.push('shipped');
  if (row.noted) tags.push('noted');
  return {
    id: row.id,
    accountingId: accountingIdOf({ accountingId: Number(row.accounting_id) }),
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    orderDate: row.order_date.toISOString(),
    userId: row.user_id,
    email: row.email,
    customerName: row.customer_name,
    itemCount: Number(row.item_count),
    hasPrint: row.has_print,
    hasDigital: row.has_digital,
    totalPrice: round4(Number(row.total_price)),
    isoCurrency: row.currency,
    refundedAmount,
    tags,
  };
};

export interface StaffOrderListOptions extends OrderListQuery {
  /** Only this user's orders (the customer page's orders tab). */
  userId?: string;
}

/**
 * GET /dashboard/orders: placed orders by status, date, tags and a search over the accounting id,
 * order id, email, customer name and user id; sorted (newest first by default) and paged by row
 * offset. `unfilteredTotalRows` counts every placed order (of the user, for a user's list).
 */
export async function listStaffOrders(db: Queryable, query: StaffOrderListOptions): Promise<Paginated<OrderListRow>> {
  const statuses = listOf(query.filterStatus, ORDER_STATUSES, 'filterStatus', ORDER_LIST_MESSAGES.status, statusGroup);
  const tags = listOf(query.filterTagIds, ORDER_TAGS, 'filterTagIds', ORDER_LIST_MESSAGES.tag, tagById);
  const from = query.filterFromDate === undefined || query.filterFromDate.trim() === '' ? null : parseListDate(query.filterFromDate, 'filterFromDate');
  const to = query.filterToDate === undefined || query.filterToDate.trim() === '' ? null : parseListDate(query.filterToDate, 'filterToDate');
  if (from && to && from.at > to.at) throw new BadRequestError(ORDER_LIST_MESSAGES.range, { field: 'filterFromDate' });

  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const base = [PLACED];
  if (query.userId !== undefined) base.push(`o.user_id = ${param(query.userId)}`);
  const baseValues = values.length;
  const where = [...base];
  if (statuses.length > 0) where.push(`o.status = ANY(${param(statuses)}::text[])`);
  if (from) where.push(`o.order_date >= ${param(from.at)}`);
  if (to) where.push(to.day ? `o.order_date < ${param(new Date(to.at.getTime() + 86_400_000))}` : `o.order_date <= ${param(to.at)}`);
  for (const tag of tags) where.push(TAG_CONDITIONS[tag]);
  const search = query.searchText?.trim() ?? '';
  if (search !== '') where.push(`o.id IN (${searchedOrders(search, param)})`);
  const filterValues = [...values];
  const count = query.count ?? DEFAULT_COUNT;
  const start = query.start ?? 0;
  const direction = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const sort = SORT_COLUMNS[query.sortBy ?? 'orderDate'];
  const { rows } = await db.query<RawListRow>(
    `SELECT o.id, o.accounting_id, o.status, o.order_date, o.user_id, ${EMAIL} AS email, ${CUSTOMER_NAME} AS customer_name,
            (SELECT coalesce(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id) AS item_count,
            o.has_print, ${TAG_CONDITIONS.digital} AS has_digital, o.is_pre_order, o.total_price, o.currency,
            ${REFUNDED_AMOUNT} AS refunded_amount, ${TAG_CONDITIONS.shipped} AS shipped, ${TAG_CONDITIONS.noted} AS noted
       FROM orders o JOIN purchases p ON p.id = o.purchase_id
      WHERE ${where.join(' AND ')}
      ORDER BY ${sort} ${direction}, o.id ${direction}
      LIMIT ${param(count)} OFFSET ${param(start)}`,
    values,
  );
  const counted = async (conditions: string[], given: unknown[]) => {
    const { rows: total } = await db.query<{ count: string }>(`SELECT count(*) FROM orders o JOIN purchases p ON p.id = o.purchase_id WHERE ${conditions.join(' AND ')}`, given);
    return Number(total[0]?.count ?? 0);
  };
  const filteredTotalRows = await counted(where, filterValues);
  // The base conditions' parameters come first.
  const unfilteredTotalRows = where.length === base.length ? filteredTotalRows : await counted(base, filterValues.slice(0, baseValues));
  return {
    items: rows.map(listRowOf),
    thisPageNumber: Math.floor(start / count) + 1,
    thisPageSize: rows.length,
    totalPageNumber: Math.ceil(filteredTotalRows / count),
    filteredTotalRows,
    unfilteredTotalRows,
  };
}

// ---------------------------------------------------------------------------------------------
// One order

/** The order's own columns staff edit (migration 006). */
export interface StaffOrderColumns {
  customerName: string | null;
  invoiceStatusId: number;
  invoicePrinted: boolean;
  billingAddress: ApiAddress | null;
  shippingAddress: ApiAddress | null;
  anonymisedAt: Date | null;
  completedAt: Date | null;
}

export async function staffColumnsOf(db: Queryable, orderId: string, { lock = false } = {}): Promise<StaffOrderColumns | undefined> {
  const { rows } = await db.query<{ customer_name: string | null; invoice_status_id: number; invoice_printed: boolean; billing_address: ApiAddress | null; shipping_address: ApiAddress | null; anonymised_at: Date | null; completed_at: Date | null }>(
    `SELECT customer_name, invoice_status_id, invoice_printed, billing_address, shipping_address, anonymised_at, completed_at FROM orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  const row = rows[0];
  return (
    row && {
      customerName: row.customer_name,
      invoiceStatusId: row.invoice_status_id,
      invoicePrinted: row.invoice_printed,
      billingAddress: row.billing_address,
      shippingAddress: row.shipping_address,
      anonymisedAt: row.anonymised_at,
      completedAt: row.completed_at,
    }
  );
}

/** An order with its purchase and staff columns, as the staff flows work on it. */
export interface StaffOrderState {
  order: OrderRecord;
  purchase: PurchaseRecord;
  columns: StaffOrderColumns;
}

/** The order (locked for the caller's transaction when asked), its purchase and its staff columns; undefined when unknown. */
export async function loadOrderState(db: Queryable, orderId: string, { lock = false } = {}): Promise<StaffOrderState | undefined> {
  const columns = await staffColumnsOf(db, orderId, { lock });
  if (!columns) return undefined;
  const order = (await findOrder(db, orderId))!;
  const purchase = (await findPurchase(db, order.purchaseId))!;
  return { order, purchase, columns };
}

/** The addresses the order uses now: its own copy once staff edited them, else the purchase's (shipping only with Print items). */
export function addressesOf({ order, purchase, columns }: StaffOrderState): { billingAddress: ApiAddress | null; shippingAddress: ApiAddress | null } {
  const purchaseShipping = order.hasPrint && purchase.shippingAddress ? normalizeAddress(purchase.shippingAddress) : null;
  return {
    billingAddress: columns.billingAddress ?? normalizeAddress(purchase.billingAddress),
    shippingAddress: columns.shippingAddress ?? purchaseShipping,
  };
}

/** The customer's name: staff's, else the billing address's first and last name. */
export function customerNameOf(state: StaffOrderState): string | null {
  if (state.columns.customerName) return state.columns.customerName;
  const billing = addressesOf(state).billingAddress;
  const name = billing ? `${billing.firstName} ${billing.surName}`.trim() : '';
  return name === '' ? null : name;
}

/** What the order-status rule needs to know to move the order for staff. */
export function factsOf({ order, purchase }: StaffOrderState, now: Date): OrderFacts {
  const paid = purchase.state === 'Paid' || purchase.state === 'Completed';
  return {
    status: order.status,
    paid,
    charged: paid && order.totalPrice > 0 && purchase.amountDue > 0,
    hasPrint: order.items.some((item) => item.distributionType === 'Print'),
    releaseAhead: order.scheduleDate !== null && order.scheduleDate > now,
  };
}

interface RawRefund {
  id: string;
  reason: string;
  shipping_amount: string;
  amount: string;
  status: 'pending' | 'succeeded' | 'failed';
  processor_refund_id: string | null;
  actor_id: string;
  actor_email: string | null;
  created_at: Date;
  items: Array<{ position: number; productId: string; variantId: string; quantity: number; amount: string }>;
}

async function refundsOf(db: Queryable, order: OrderRecord): Promise<OrderRefundRecord[]> {
  const { rows } = await db.query<RawRefund>(
    `SELECT r.id, r.reason, r.shipping_amount, r.amount, r.status, r.processor_refund_id, r.actor_id, r.actor_email, r.created_at,
            coalesce((SELECT json_agg(json_build_object('position', i.position, 'productId', i.product_id, 'variantId', i.variant_id, 'quantity', i.quantity, 'amount', i.amount) ORDER BY i.position)
                        FROM order_refund_items i WHERE i.refund_id = r.id), '[]') AS items
       FROM order_refunds r WHERE r.order_id = $1 ORDER BY r.created_at, r.id`,
    [order.id],
  );
  const refunds: OrderRefundRecord[] = rows.map((row) => ({
    id: row.id,
    refundReason: row.reason,
    orderRefundItems: row.items.map((item) => ({ position: item.position, productId: Number(item.productId), variantId: Number(item.variantId), quantity: item.quantity, amount: round4(Number(item.amount)) })),
    shippingAmount: round4(Number(row.shipping_amount)),
    amount: round4(Number(row.amount)),
    status: row.status,
    processorRefundId: row.processor_refund_id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    at: row.created_at.toISOString(),
  }));
  // The checkout's own full refund (a compensation, or one made at the processor) is kept on the order.
  if (refunds.length === 0 && order.refund) refunds.push(checkoutRefundOf(order));
  return refunds;
}

type CheckoutRefund = NonNullable<OrderRecord['refund']> & { refundedAt?: string };

function checkoutRefundOf(order: OrderRecord): OrderRefundRecord {
  const refund = order.refund as CheckoutRefund;
  return {
    id: `${order.id}:checkout`,
    refundReason: refund.refundReason ?? '',
    orderRefundItems: order.items.map((item, position) => ({ position, productId: item.productId, variantId: item.variantId, quantity: item.quantity, amount: round4(item.price * item.quantity) })),
    shippingAmount: round4(Number(refund.shippingAmount ?? 0)),
    amount: round4(Number(refund.amount ?? order.totalPrice)),
    status: 'succeeded',
    processorRefundId: null,
    actorId: null,
    actorEmail: null,
    at: refund.refundedAt ?? order.orderDate.toISOString(),
  };
}

type Shipment = StaffOrder['shipments'][number] & { actorId: string; actorEmail: string | null };

export async function shipmentsOf(db: Queryable, orderId: string): Promise<Shipment[]> {
  const { rows } = await db.query<{ id: string; carrier: string; tracking_number: string; tracking_url: string | null; shipped_at: Date; delivered_at: Date | null; actor_id: string; actor_email: string | null }>(
    'SELECT id, carrier, tracking_number, tracking_url, shipped_at, delivered_at, actor_id, actor_email FROM order_shipments WHERE order_id = $1 ORDER BY shipped_at, id',
    [orderId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    shippedAt: row.shipped_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
  }));
}

type TimelineEntry = StaffOrder['timeline'][number];

const money = (cents: number, currency: string) => `${currency === 'USD' ? '$' : `${currency} `}${(cents / 100).toFixed(2)}`;

const FIELD_NAMES: Record<string, string> = {
  customerName: 'customer name',
  invoiceStatusId: 'invoice status',
  invoicePrinted: 'invoice printed',
  billingAddress: 'billing address',
  shippingAddress: 'shipping address',
  orderStatus: 'status',
};

async function timelineOf(db: Queryable, order: OrderRecord, parts: { shipments: Shipment[]; refunds: OrderRefundRecord[]; notes: StaffOrder['notes'] }): Promise<TimelineEntry[]> {
  const entries: TimelineEntry[] = [
    { kind: 'placed', at: order.orderDate.toISOString(), summary: `Order ${accountingIdOf(order)} placed`, fromStatus: null, toStatus: null, actorId: null, actorEmail: null },
  ];
  const { rows: moves } = await db.query<{ from_status: OrderStatus | null; to_status: OrderStatus; cause: string; actor_id: string | null; actor_email: string | null; at: Date }>(
    'SELECT from_status, to_status, cause, actor_id, actor_email, at FROM order_status_history WHERE order_id = $1 ORDER BY at, id',
    [order.id],
  );
  for (const move of moves) {
    const label = ORDER_STATUS_LABELS[move.to_status];
    entries.push({
      kind: move.cause === 'paid' ? 'payment' : 'status',
      at: move.at.toISOString(),
      summary: move.from_status ? `${ORDER_STATUS_LABELS[move.from_status]} → ${label} (${move.cause})` : `${label} (${move.cause})`,
      fromStatus: move.from_status,
      toStatus: move.to_status,
      actorId: move.actor_id,
      actorEmail: move.actor_email,
    });
  }
  for (const shipment of parts.shipments) {
    entries.push({ kind: 'shipment', at: shipment.shippedAt, summary: `Shipped with ${shipment.carrier} ${shipment.trackingNumber}`, fromStatus: null, toStatus: null, actorId: shipment.actorId, actorEmail: shipment.actorEmail });
    if (shipment.deliveredAt) entries.push({ kind: 'shipment', at: shipment.deliveredAt, summary: `Delivered (${shipment.carrier} ${shipment.trackingNumber})`, fromStatus: null, toStatus: null, actorId: null, actorEmail: null });
  }
  for (const refund of parts.refunds) {
    const amount = money(refund.amount, order.currency);
    const outcome = refund.status === 'succeeded' ? `Refunded ${amount}` : `Refund of ${amount} ${refund.status}`;
    entries.push({ kind: 'refund', at: refund.at, summary: `${outcome}${refund.refundReason ? `: ${refund.refundReason}` : ''}`, fromStatus: null, toStatus: null, actorId: refund.actorId, actorEmail: refund.actorEmail });
  }
  for (const note of parts.notes) {
    entries.push({ kind: 'note', at: note.at, summary: `Note (${note.logLevel}): ${note.message}`, fromStatus: null, toStatus: null, actorId: note.authorId, actorEmail: note.authorEmail });
  }
  const { rows: edits } = await db.query<{ changes: Record<string, unknown>; actor_id: string; actor_email: string | null; at: Date }>(
    `SELECT changes, actor_id, actor_email, at FROM staff_audit WHERE entity = 'order' AND entity_id = $1 AND action = 'edit' ORDER BY at, id`,
    [order.id],
  );
  for (const edit of edits) {
    const fields = Object.keys(edit.changes).map((field) => FIELD_NAMES[field] ?? field);
    entries.push({ kind: 'edit', at: edit.at.toISOString(), summary: `Changed ${fields.join(', ') || 'nothing'}`, fromStatus: null, toStatus: null, actorId: edit.actor_id, actorEmail: edit.actor_email });
  }
  // Oldest first; the order's placing leads whatever shares its instant.
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index).map(({ entry }) => entry);
}

/** GET /dashboard/orders/{id}: everything about one order; undefined when unknown. */
export async function loadStaffOrder(db: Queryable, orderId: string, now: Date): Promise<StaffOrder | undefined> {
  const state = await loadOrderState(db, orderId);
  if (!state) return undefined;
  const { order, purchase, columns } = state;
  const [refunds, shipments, notes] = await Promise.all([refundsOf(db, order), shipmentsOf(db, order.id), notesOfOrder(db, order.id)]);
  const counted = refunds.filter((refund) => refund.status !== 'failed');
  const succeeded = refunds.filter((refund) => refund.status === 'succeeded');
  const refundedQuantity = new Map<number, number>();
  for (const refund of counted) for (const item of refund.orderRefundItems) refundedQuantity.set(item.position, (refundedQuantity.get(item.position) ?? 0) + item.quantity);
  const sum = (values: number[]) => round4(values.reduce((total, value) => total + value, 0));
  const refundedAmount = sum(succeeded.map((refund) => refund.amount));
  const promised = sum(counted.map((refund) => refund.amount));
  const addresses = addressesOf(state);
  const timeline = await timelineOf(db, order, { shipments, refunds, notes });
  return {
    id: order.id,
    purchaseId: order.purchaseId,
    accountingId: accountingIdOf(order),
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    allowedStatuses: allowedStaffStatuses(factsOf(state, now)),
    orderDate: order.orderDate.toISOString(),
    scheduleDate: order.scheduleDate?.toISOString() ?? null,
    userId: order.userId,
    email: order.email ?? (addresses.billingAddress?.email || null),
    customerName: customerNameOf(state),
    orderItems: order.items.map((item, position) => ({ ...item, position, refundedQuantity: Math.min(item.quantity, refundedQuantity.get(position) ?? 0) })),
    isoCurrency: order.currency,
    priceDetails: {
      netPrice: order.netPrice,
      fullPrice: order.fullPrice,
      shippingCost: round4(order.shippingCost),
      taxes: round4(order.taxes),
      couponSaveAmount: round4(order.couponSaveAmount),
      totalPrice: round4(order.totalPrice),
      refundedAmount,
      refundableAmount: order.status === 'Cancelled' || !factsOf(state, now).charged ? 0 : Math.max(0, round4(order.totalPrice - promised)),
      refundedShipping: sum(succeeded.map((refund) => refund.shippingAmount)),
    },
    shippingMethod: order.hasPrint ? purchase.shippingMethod : null,
    shippingRates: order.hasPrint ? purchase.shippingRates : [],
    ...addresses,
    payment: {
      provider: purchase.payment?.provider ?? 'none',
      method: purchase.paymentMethod,
      paymentId: purchase.paymentId,
      status: purchase.payment?.status ?? null,
      amount: purchase.amountDue,
    },
    invoiceStatusId: columns.invoiceStatusId,
    invoicePrinted: columns.invoicePrinted,
    shipments: shipments.map(({ actorId: _actorId, actorEmail: _actorEmail, ...shipment }) => shipment),
    refunds,
    notes,
    timeline,
    anonymised: columns.anonymisedAt !== null,
  };
}

/** Whether an order with this id exists (any state). */
export async function orderExists(db: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM orders WHERE id = $1', [orderId]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// A user's money and addresses

/** GET /dashboard/users/transactions/{id}: the user's charges (purchases with a payment) and refunds, newest first. */
export async function userTransactions(db: Queryable, userId: string): Promise<UserTransaction[]> {
  const { rows: charges } = await db.query<{ id: string; amount_due: string; currency: string; provider: string | null; status: string | null; payment_method: string | null; created_at: Date; orders: Array<{ id: string; accountingId: string }> }>(
    `SELECT p.id, p.amount_due, p.currency, p.payment->>'provider' AS provider, p.payment->>'status' AS status, p.payment_method, p.created_at,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'accountingId', o.accounting_id) ORDER BY o.accounting_id) FROM orders o WHERE o.purchase_id = p.id), '[]') AS orders
       FROM purchases p
      WHERE p.user_id = $1 AND p.payment_id IS NOT NULL`,
    [userId],
  );
  const { rows: refunds } = await db.query<{ id: string; order_id: string; purchase_id: string; accounting_id: string; amount: string; currency: string; status: string; reason: string | null; provider: string | null; payment_method: string | null; at: Date }>(
    `SELECT r.id::text, o.id AS order_id, o.purchase_id, o.accounting_id, r.amount, o.currency, r.status, r.reason, p.payment->>'provider' AS provider, p.payment_method, r.created_at AS at
       FROM order_refunds r JOIN orders o ON o.id = r.order_id JOIN purchases p ON p.id = o.purchase_id
      WHERE o.user_id = $1
     UNION ALL
     SELECT 'refund:' || o.id, o.id, o.purchase_id, o.accounting_id, (o.refund->>'amount')::numeric, o.currency, 'succeeded', o.refund->>'refundReason',
            p.payment->>'provider', p.payment_method, coalesce((o.refund->>'refundedAt')::timestamptz, o.updated_at)
       FROM orders o JOIN purchases p ON p.id = o.purchase_id
      WHERE o.user_id = $1 AND o.refund IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id)`,
    [userId],
  );
  const transactions: UserTransaction[] = [
    ...charges.map((row) => {
      const only = row.orders.length === 1 ? row.orders[0]! : null;
      return {
        id: `charge:${row.id}`,
        kind: 'charge' as const,
        orderId: only?.id ?? null,
        purchaseId: row.id,
        accountingId: only ? accountingIdOf({ accountingId: Number(only.accountingId) }) : null,
        amount: Number(row.amount_due),
        currency: row.currency,
        status: row.status ?? 'unknown',
        provider: row.provider ?? 'none',
        method: row.payment_method,
        reason: null,
        at: row.created_at.toISOString(),
      };
    }),
    ...refunds.map((row) => ({
      id: row.id,
      kind: 'refund' as const,
      orderId: row.order_id,
      purchaseId: row.purchase_id,
      accountingId: accountingIdOf({ accountingId: Number(row.accounting_id) }),
      amount: round4(Number(row.amount)),
      currency: row.currency,
      status: row.status,
      provider: row.provider ?? 'none',
      method: row.payment_method,
      reason: row.reason,
      at: row.at.toISOString(),
    })),
  ];
  return transactions.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}

export interface UsedAddress extends ApiAddress {
  isShippingAddress: boolean;
  isBillingAddress: boolean;
  lastUsedAt: string;
}

/** The distinct billing and shipping addresses of the user's placed orders, most recently used first, at most `limit`. */
export async function addressesOfUser(db: Queryable, userId: string, limit: number): Promise<UsedAddress[]> {
  const { rows } = await db.query<{ billing: ApiAddress; shipping: ApiAddress | null; order_date: Date }>(
    `SELECT ${BILLING} AS billing, CASE WHEN o.has_print THEN coalesce(o.shipping_address, p.shipping_address) END AS shipping, o.order_date
       FROM orders o JOIN purchases p ON p.id = o.purchase_id
      WHERE o.user_id = $1 AND ${PLACED} AND o.anonymised_at IS NULL
      ORDER BY o.order_date DESC, o.id LIMIT 500`,
    [userId],
  );
  const byKey = new Map<string, UsedAddress>();
  const use = (raw: ApiAddress | null, kind: 'isShippingAddress' | 'isBillingAddress', at: Date) => {
    if (!raw) return;
    const address = normalizeAddress(raw);
    const key = JSON.stringify(Object.values(address).map((value) => (typeof value === 'string' ? value.toUpperCase() : value)));
    const known = byKey.get(key);
    if (known) known[kind] = true;
    else byKey.set(key, { ...address, isShippingAddress: kind === 'isShippingAddress', isBillingAddress: kind === 'isBillingAddress', lastUsedAt: at.toISOString() });
  };
  for (const row of rows) {
    use(row.billing, 'isBillingAddress', row.order_date);
    use(row.shipping, 'isShippingAddress', row.order_date);
  }
  return [...byKey.values()].slice(0, limit);
}
