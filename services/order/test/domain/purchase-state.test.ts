import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { PURCHASE_EVENTS, PURCHASE_STATES, PURCHASE_TRANSITION_REASONS, nextPurchaseState, statesMovedBy, type PurchaseEvent, type PurchaseState } from '../../src/domain';

const R = PURCHASE_TRANSITION_REASONS;

/** '=' unchanged; a state: moves there; anything else: refused with that reason. */
type Cell = '=' | PurchaseState | { refused: string };
const no = (refused: string) => ({ refused });

/** The whole table of domain/purchase-state.ts, cell by cell. */
const TABLE: Record<PurchaseState, Record<PurchaseEvent, Cell>> = {
  Quoted: { pay: 'Paying', actionRequired: no(R.notPaying), processing: no(R.notPaying), paymentSucceeded: no(R.notPaying), paymentFailed: no(R.notPaying), abandoned: no(R.notPaying), completed: no(R.notPaid), compensated: no(R.notPaid) },
  Paying: { pay: no(R.inProgress), actionRequired: 'RequiresAction', processing: '=', paymentSucceeded: 'Paid', paymentFailed: 'Failed', abandoned: 'Failed', completed: no(R.notPaid), compensated: no(R.notPaid) },
  RequiresAction: { pay: no(R.inProgress), actionRequired: '=', processing: 'Paying', paymentSucceeded: 'Paid', paymentFailed: 'Failed', abandoned: 'Failed', completed: no(R.notPaid), compensated: no(R.notPaid) },
  Paid: { pay: no(R.completed), actionRequired: no(R.notPaying), processing: no(R.notPaying), paymentSucceeded: '=', paymentFailed: no(R.completed), abandoned: no(R.completed), completed: 'Completed', compensated: 'Compensated' },
  Completed: { pay: no(R.completed), actionRequired: no(R.notPaying), processing: no(R.notPaying), paymentSucceeded: '=', paymentFailed: no(R.completed), abandoned: no(R.completed), completed: '=', compensated: 'Compensated' },
  Failed: { pay: 'Paying', actionRequired: no(R.notPaying), processing: no(R.notPaying), paymentSucceeded: 'Paid', paymentFailed: '=', abandoned: '=', completed: no(R.notPaid), compensated: no(R.notPaid) },
  Compensated: { pay: no(R.compensated), actionRequired: no(R.notPaying), processing: no(R.notPaying), paymentSucceeded: no(R.refundIt), paymentFailed: '=', abandoned: no(R.completed), completed: no(R.notPaid), compensated: '=' },
};

describe('purchase states: the transition table', () => {
  for (const state of PURCHASE_STATES) {
    for (const event of PURCHASE_EVENTS) {
      const cell = TABLE[state][event];
      it(`${state} + ${event} → ${typeof cell === 'string' ? cell : `refused (${cell.refused})`}`, () => {
        const next = nextPurchaseState(state, event);
        if (cell === '=') assert.deepEqual(next, { ok: true, state, changed: false });
        else if (typeof cell === 'string') assert.deepEqual(next, { ok: true, state: cell, changed: true });
        else assert.deepEqual(next, { ok: false, reason: cell.refused });
      });
    }
  }

  it('guards each conditional update with exactly the states the event moves', () => {
    for (const event of PURCHASE_EVENTS) {
      const expected = PURCHASE_STATES.filter((state) => {
        const cell = TABLE[state][event];
        return typeof cell === 'string' && cell !== '=';
      });
      assert.deepEqual(statesMovedBy(event), expected, event);
    }
  });

  it('never leaves a paid purchase for an unpaid state: money taken is Completed or Compensated', () => {
    for (const state of ['Paid', 'Completed', 'Compensated'] as const) {
      for (const event of PURCHASE_EVENTS) {
        const next = nextPurchaseState(state, event);
        if (next.ok) assert.ok(['Paid', 'Completed', 'Compensated'].includes(next.state), `${state} + ${event}`);
      }
    }
  });
});
