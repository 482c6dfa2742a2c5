import { ORDER_STATUSES, type OrderStatus } from '@inkwell/contracts/order-rules';
/**
 * Order statuses (storefront spec §4) and the one function that moves an order between them.
 *
 * PendingPayment is where every order starts. The browser's soft confirmation makes it
 * ConfirmedByClient ('Payment TBC'); the processor's word that the money is taken (webhook or
 * reconciliation, before or after the browser) moves it on by what the order holds: Completed for
 * Digital items available now, Scheduled for an order whose release date is ahead, PendingProcessing
 * when Print items wait for the warehouse. A Scheduled order is released on its day. Staff may put
 * an order OnHold ('Blocked') and release it. A full refund or a cancellation ends in Cancelled.
 *
 * The whole table, status by event (→ new status; = unchanged, accepted so replays and late
 * duplicates are harmless; ✗ refused with a reason):
 *
 * |                    | PendingPayment | ConfirmedByClient | Scheduled | PendingProcessing | Processing | OnHold      | Completed | Cancelled |
 * |--------------------|----------------|-------------------|-----------|-------------------|------------|-------------|-----------|-----------|
 * | clientConfirmed    | ConfirmedBy…   | =                 | =         | =                 | =          | =           | =         | ✗         |
 * | paymentSucceeded   | by contents    | by contents       | =         | =                 | =          | =           | =         | ✗ refund  |
 * | paymentFailed      | =              | PendingPayment    | ✗         | ✗                 | ✗          | =           | ✗         | =         |
 * | released           | ✗              | ✗                 | by content| =                 | =          | =           | =         | ✗         |
 * | hold               | OnHold         | OnHold            | OnHold    | OnHold            | OnHold     | =           | ✗         | ✗         |
 * | holdReleased       | ✗              | ✗                 | ✗         | ✗                 | ✗          | by facts    | ✗         | ✗         |
 * | fulfilmentStarted  | ✗              | ✗                 | ✗         | Processing        | =          | ✗           | ✗         | ✗         |
 * | fulfilmentFinished | ✗              | ✗                 | ✗         | Completed         | Completed  | ✗           | =         | ✗         |
 * | cancelled          | Cancelled      | Cancelled         | Cancelled | Cancelled         | ✗          | Cancelled   | ✗         | =         |
 * | refunded (full)    | ✗              | ✗                 | Cancelled | Cancelled         | Cancelled  | Cancelled   | Cancelled | =         |
 * | refunded (partial) | ✗              | ✗                 | =         | =                 | =          | =           | =         | ✗         |
 *
 * "by contents": Scheduled when the release date is ahead, else PendingProcessing with Print items,
 * else Completed. "by facts" (leaving OnHold): PendingPayment when not paid, else by contents.
 * Cancelling a paid order (Scheduled, PendingProcessing, OnHold when paid) obliges the caller to
 * refund; a payment that succeeds for a Cancelled order is refused so the caller refunds it.
 * Processing cannot be cancelled (the parcel may be on its way): refund it instead.
 */

export { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@inkwell/contracts/order-rules';

export const DEFAULT_ORDER_STATUS: OrderStatus = 'PendingPayment';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** What an order holds, which decides where a paid order goes. */
export interface OrderContents {
  hasPrint: boolean;
  /** The order's release date is still ahead (a pre-order). */
  releaseAhead: boolean;
}

export type OrderEvent =
  | { type: 'clientConfirmed' }
  | ({ type: 'paymentSucceeded' } & OrderContents)
  | { type: 'paymentFailed' }
  | { type: 'released'; hasPrint: boolean }
  | { type: 'hold' }
  | ({ type: 'holdReleased'; paid: boolean } & OrderContents)
  | { type: 'fulfilmentStarted' }
  | { type: 'fulfilmentFinished' }
  | { type: 'cancelled' }
  | { type: 'refunded'; full: boolean };

export type OrderEventType = OrderEvent['type'];

export type Transition = { ok: true; status: OrderStatus; changed: boolean } | { ok: false; reason: string };

/** Where a paid order goes. */
export function paidStatus({ hasPrint, releaseAhead }: OrderContents): OrderStatus {
  if (releaseAhead) return 'Scheduled';
  return hasPrint ? 'PendingProcessing' : 'Completed';
}

const PAID: ReadonlySet<OrderStatus> = new Set(['Scheduled', 'PendingProcessing', 'Processing', 'Completed']);

export const TRANSITION_REASONS = {
  cancelledOrder: 'The order was cancelled.',
  paidForCancelled: 'The order was cancelled before the payment succeeded: refund the payment.',
  alreadyPaid: 'The order is paid already.',
  notPaid: 'The order is not paid.',
  notScheduled: 'The order is not waiting for a release date.',
  completed: 'The order is completed.',
  notOnHold: 'The order is not on hold.',
  onHold: 'The order is on hold.',
  notReleased: 'The order is not released yet.',
  nothingToFulfil: 'The order is not waiting for fulfilment.',
  inFulfilment: 'The order is being fulfilled and cannot be cancelled: refund it instead.',
  partialRefundCancelled: 'The order was cancelled; a partial refund does not apply.',
} as const;

const to = (status: OrderStatus, from: OrderStatus): Transition => ({ ok: true, status, changed: status !== from });
const refuse = (reason: string): Transition => ({ ok: false, reason });

/** The one place order statuses change: the status an event leads to from this status, or why not. */
export function nextOrderStatus(status: OrderStatus, event: OrderEvent): Transition {
  const same = to(status, status);
  switch (event.type) {
    case 'clientConfirmed':
      if (status === 'Cancelled') return refuse(TRANSITION_REASONS.cancelledOrder);
      return status === 'PendingPayment' ? to('ConfirmedByClient', status) : same;
    case 'paymentSucceeded':
      if (status === 'Cancelled') return refuse(TRANSITION_REASONS.paidForCancelled);
      return status === 'PendingPayment' || status === 'ConfirmedByClient' ? to(paidStatus(event), status) : same;
    case 'paymentFailed':
      if (status === 'ConfirmedByClient') return to('PendingPayment', status);
      if (status === 'PendingPayment' || status === 'OnHold' || status === 'Cancelled') return same;
      return refuse(TRANSITION_REASONS.alreadyPaid);
    case 'released':
      if (status === 'Scheduled') return to(event.hasPrint ? 'PendingProcessing' : 'Completed', status);
      if (status === 'PendingPayment' || status === 'ConfirmedByClient') return refuse(TRANSITION_REASONS.notPaid);
      if (status === 'Cancelled') return refuse(TRANSITION_REASONS.cancelledOrder);
      return same;
    case 'hold':
      if (status === 'Completed') return refuse(TRANSITION_REASONS.completed);
      if (status === 'Cancelled') return refuse(TRANSITION_REASONS.cancelledOrder);
      return to('OnHold', status);
    case 'holdReleased':
      if (status !== 'OnHold') return refuse(TRANSITION_REASONS.notOnHold);
      return to(event.paid ? paidStatus(event) : 'PendingPayment', status);
    case 'fulfilmentStarted':
      if (status === 'PendingProcessing') return to('Processing', status);
      if (status === 'Processing') return same;
      return refuse(fulfilmentRefusal(status));
    case 'fulfilmentFinished':
      if (status === 'PendingProcessing' || status === 'Processing') return to('Completed', status);
      if (status === 'Completed') return same;
      return refuse(fulfilmentRefusal(status));
    case 'cancelled':
      if (status === 'Processing') return refuse(TRANSITION_REASONS.inFulfilment);
      if (status === 'Completed') return refuse(TRANSITION_REASONS.completed);
      return to('Cancelled', status);
    case 'refunded':
      if (status === 'Cancelled') return event.full ? same : refuse(TRANSITION_REASONS.partialRefundCancelled);
      if (!PAID.has(status) && status !== 'OnHold') return refuse(TRANSITION_REASONS.notPaid);
      return event.full ? to('Cancelled', status) : same;
  }
}

function fulfilmentRefusal(status: OrderStatus): string {
  if (status === 'Scheduled') return TRANSITION_REASONS.notReleased;
  if (status === 'OnHold') return TRANSITION_REASONS.onHold;
  if (status === 'Cancelled') return TRANSITION_REASONS.cancelledOrder;
  if (status === 'PendingPayment' || status === 'ConfirmedByClient') return TRANSITION_REASONS.notPaid;
  return TRANSITION_REASONS.nothingToFulfil;
}
