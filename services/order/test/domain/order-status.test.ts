import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { DEFAULT_ORDER_STATUS, ORDER_STATUSES, ORDER_STATUS_LABELS, TRANSITION_REASONS, isOrderStatus, nextOrderStatus, type OrderEvent, type OrderStatus } from '../../src/domain';

const R = TRANSITION_REASONS;

/** The events, with each variant of what they carry. */
const EVENTS: Record<string, OrderEvent> = {
  clientConfirmed: { type: 'clientConfirmed' },
  'paid: digital now': { type: 'paymentSucceeded', hasPrint: false, releaseAhead: false },
  'paid: print now': { type: 'paymentSucceeded', hasPrint: true, releaseAhead: false },
  'paid: pre-order': { type: 'paymentSucceeded', hasPrint: true, releaseAhead: true },
  paymentFailed: { type: 'paymentFailed' },
  'released: digital': { type: 'released', hasPrint: false },
  'released: print': { type: 'released', hasPrint: true },
  hold: { type: 'hold' },
  'hold released: unpaid': { type: 'holdReleased', paid: false, hasPrint: true, releaseAhead: false },
  'hold released: paid digital': { type: 'holdReleased', paid: true, hasPrint: false, releaseAhead: false },
  'hold released: paid print': { type: 'holdReleased', paid: true, hasPrint: true, releaseAhead: false },
  'hold released: paid pre-order': { type: 'holdReleased', paid: true, hasPrint: false, releaseAhead: true },
  fulfilmentStarted: { type: 'fulfilmentStarted' },
  fulfilmentFinished: { type: 'fulfilmentFinished' },
  cancelled: { type: 'cancelled' },
  'refunded: full': { type: 'refunded', full: true },
  'refunded: partial': { type: 'refunded', full: false },
};

/** '=' unchanged; a status: moves there; anything else: refused with that reason. */
type Cell = '=' | OrderStatus | { refused: string };
const no = (refused: string) => ({ refused });

const TABLE: Record<OrderStatus, Record<keyof typeof EVENTS, Cell>> = {
  PendingPayment: {
    clientConfirmed: 'ConfirmedByClient', 'paid: digital now': 'Completed', 'paid: print now': 'PendingProcessing', 'paid: pre-order': 'Scheduled',
    paymentFailed: '=', 'released: digital': no(R.notPaid), 'released: print': no(R.notPaid), hold: 'OnHold',
    'hold released: unpaid': no(R.notOnHold), 'hold released: paid digital': no(R.notOnHold), 'hold released: paid print': no(R.notOnHold), 'hold released: paid pre-order': no(R.notOnHold),
    fulfilmentStarted: no(R.notPaid), fulfilmentFinished: no(R.notPaid), cancelled: 'Cancelled', 'refunded: full': no(R.notPaid), 'refunded: partial': no(R.notPaid),
  },
  ConfirmedByClient: {
    clientConfirmed: '=', 'paid: digital now': 'Completed', 'paid: print now': 'PendingProcessing', 'paid: pre-order': 'Scheduled',
    paymentFailed: 'PendingPayment', 'released: digital': no(R.notPaid), 'released: print': no(R.notPaid), hold: 'OnHold',
    'hold released: unpaid': no(R.notOnHold), 'hold released: paid digital': no(R.notOnHold), 'hold released: paid print': no(R.notOnHold), 'hold released: paid pre-order': no(R.notOnHold),
    fulfilmentStarted: no(R.notPaid), fulfilmentFinished: no(R.notPaid), cancelled: 'Cancelled', 'refunded: full': no(R.notPaid), 'refunded: partial': no(R.notPaid),
  },
  Scheduled: {
    clientConfirmed: '=', 'paid: digital now': '=', 'paid: print now': '=', 'paid: pre-order': '=',
    paymentFailed: no(R.alreadyPaid), 'released: digital': 'Completed', 'released: print': 'PendingProcessing', hold: 'OnHold',
    'hold released: unpaid': no(R.notOnHold), 'hold released: paid digital': no(R.notOnHold), 'hold released: paid print': no(R.notOnHold), 'hold released: paid pre-order': no(R.notOnHold),
    fulfilmentStarted: no(R.notReleased), fulfilmentFinished: no(R.notReleased), cancelled: 'Cancelled', 'refunded: full': 'Cancelled', 'refunded: partial': '=',
  },
  PendingProcessing: {
    clientConfirmed: '=', 'paid: digital now': '=', 'paid: print now': '=', 'paid: pre-order': '=',
    paymentFailed: no(R.alreadyPaid), 'released: digital': '=', 'released: print': '=', hold: 'OnHold',
    'hold released: unpaid': no(R.notOnHold), 'hold released: paid digital': no(R.notOnHold), 'hold released: paid print': no(R.notOnHold), 'hold released: paid pre-order': no(R.notOnHold),
    fulfilmentStarted: 'Processing', fulfilmentFinished: 'Completed', cancelled: 'Cancelled', 'refunded: full': 'Cancelled', 'refunded: partial': '=',
  },
  Processing: {
    clientConfirmed: '=', 'paid: digital now': '=', 'paid: print now': '=', 'paid: pre-order': '=',
    paymentFailed: no(R.alreadyPaid), 'released: digital': '=', 'released: print': '=', hold: 'OnHold',
    'hold released: unpaid': no(R.notOnHold), 'hold released: paid digital': no(R.notOnHold), 'hold released: paid print': no(R.notOnHold), 'hold released: paid pre-order': no(R.notOnHold),
    fulfilmentStarted: '=', fulfilmentFinished: 'Completed', cancelled: no(R.inFulfilment), 'refunded: full': 'Cancelled', 'refunded: partial': '=',
  },
  OnHold: {
    clientConfirmed: '=', 'paid: digital now': '=', 'paid: print now': '=', 'paid: pre-order': '=',
    paymentFailed: '=', 'released: digital': '=', 'released: print': '=', hold: '=',
    'hold released: unpaid': 'PendingPayment', 'hold released: paid digital': 'Completed', 'hold released: paid print': 'PendingProcessing', 'hold released: paid pre-order': 'Scheduled',
    fulfilmentStarted: no(R.onHold), fulfilmentFinished: no(R.onHold), cancelled: 'Cancelled', 'refunded: full': 'Cancelled', 'refunded: partial': '=',
  },
  Completed: {
    clientConfirmed: '=', 'paid: digital now': '=', 'paid: print now': '=', 'paid: pre-order': '=',
    paymentFailed: no(R.alreadyPaid), 'released: digital': '=', 'released: print': '=', hold: no(R.completed),
    'hold released: unpaid': no(R.notOnHold), 'hold released: paid digital': no(R.notOnHold), 'hold released: paid print': no(R.notOnHold), 'hold released: paid pre-order': no(R.notOnHold),
    fulfilmentStarted: no(R.nothingToFulfil), fulfilmentFinished: '=', cancelled: no(R.completed), 'refunded: full': 'Cancelled', 'refunded: partial': '=',
  },
  Cancelled: {
    clientConfirmed: no(R.cancelledOrder), 'paid: digital now': no(R.paidForCancelled), 'paid: print now': no(R.paidForCancelled), 'paid: pre-order': no(R.paidForCancelled),
    paymentFailed: '=', 'released: digital': no(R.cancelledOrder), 'released: print': no(R.cancelledOrder), hold: no(R.cancelledOrder),
    'hold released: unpaid': no(R.notOnHold), 'hold released: paid digital': no(R.notOnHold), 'hold released: paid print': no(R.notOnHold), 'hold released: paid pre-order': no(R.notOnHold),
    fulfilmentStarted: no(R.cancelledOrder), fulfilmentFinished: no(R.cancelledOrder), cancelled: '=', 'refunded: full': '=', 'refunded: partial': no(R.partialRefundCancelled),
  },
};

describe('nextOrderStatus: every status × every event', () => {
  it('the table covers every status and every event', () => {
    assert.deepEqual(Object.keys(TABLE).sort(), [...ORDER_STATUSES].sort());
    for (const row of Object.values(TABLE)) assert.deepEqual(Object.keys(row).sort(), Object.keys(EVENTS).sort());
  });
  for (const status of ORDER_STATUSES) {
    for (const [name, event] of Object.entries(EVENTS)) {
      const cell = TABLE[status][name] as Cell;
      const expected = cell === '=' ? { ok: true, status, changed: false } : typeof cell === 'string' ? { ok: true, status: cell, changed: cell !== status } : { ok: false, reason: cell.refused };
      it(`${status} + ${name} → ${cell === '=' ? 'unchanged' : typeof cell === 'string' ? cell : 'refused'}`, () => assert.deepEqual(nextOrderStatus(status, event), expected));
    }
  }
});

describe('order statuses (spec §4)', () => {
  it('PendingPayment is the default', () => assert.equal(DEFAULT_ORDER_STATUS, 'PendingPayment'));
  it('labels: Payment TBC and Blocked as the spec says', () => {
    assert.equal(ORDER_STATUS_LABELS.ConfirmedByClient, 'Payment TBC');
    assert.equal(ORDER_STATUS_LABELS.OnHold, 'Blocked');
    assert.deepEqual(Object.keys(ORDER_STATUS_LABELS), [...ORDER_STATUSES]);
  });
  it('tells a status from anything else', () => {
    assert.equal(isOrderStatus('Scheduled'), true);
    for (const bad of ['scheduled', 'Refunded', '', null, 3]) assert.equal(isOrderStatus(bad), false, String(bad));
  });
  it('a purchase from start to finish: confirmed, paid (webhook after the browser), fulfilled', () => {
    const steps: OrderEvent[] = [{ type: 'clientConfirmed' }, { type: 'paymentSucceeded', hasPrint: true, releaseAhead: false }, { type: 'paymentSucceeded', hasPrint: true, releaseAhead: false }, { type: 'fulfilmentStarted' }, { type: 'fulfilmentFinished' }];
    let status: OrderStatus = DEFAULT_ORDER_STATUS;
    const seen: OrderStatus[] = [];
    for (const event of steps) {
      const next = nextOrderStatus(status, event);
      assert.ok(next.ok);
      status = next.status;
      seen.push(status);
    }
    assert.deepEqual(seen, ['ConfirmedByClient', 'PendingProcessing', 'PendingProcessing', 'Processing', 'Completed']);
  });
});
