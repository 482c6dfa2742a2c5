import { PURCHASE_STATES, type PurchaseState } from '@inkwell/contracts/order-rules';

/**
 * Where a purchase is in its checkout flow, and the one function that moves it (the flow's steps
 * in `flows/place-purchase.ts` and `flows/refund-purchase.ts` ask here, never write a state
 * themselves).
 *
 * | event            | Quoted  | Paying         | RequiresAction | Paid        | Completed   | Failed  | Compensated |
 * |------------------|---------|----------------|----------------|-------------|-------------|---------|-------------|
 * | pay              | Paying  | ✗ in progress  | ✗ in progress  | ✗ completed | ✗ completed | Paying  | ✗ refunded  |
 * | actionRequired   | ✗       | RequiresAction | =              | ✗           | ✗           | ✗       | ✗           |
 * | processing       | ✗       | =              | Paying         | ✗           | ✗           | ✗       | ✗           |
 * | paymentSucceeded | ✗       | Paid           | Paid           | =           | =           | Paid    | ✗ refund it |
 * | paymentFailed    | ✗       | Failed         | Failed         | ✗           | ✗           | =       | =           |
 * | abandoned        | ✗       | Failed         | Failed         | ✗           | ✗           | =       | ✗           |
 * | completed        | ✗       | ✗              | ✗              | Completed   | =           | ✗       | ✗           |
 * | compensated      | ✗       | ✗              | ✗              | Compensated | Compensated | ✗       | =           |
 *
 * "abandoned": the payment was never made (the cart changed or could not be held, or the process
 * stopped before the processor was asked). A late success for a Failed purchase is taken (the
 * money is real); one for a Compensated purchase is refused so the caller refunds it.
 */

export { PURCHASE_STATES, type PurchaseState };

export type PurchaseEvent = 'pay' | 'actionRequired' | 'processing' | 'paymentSucceeded' | 'paymentFailed' | 'abandoned' | 'completed' | 'compensated';

export const PURCHASE_EVENTS: readonly PurchaseEvent[] = ['pay', 'actionRequired', 'processing', 'paymentSucceeded', 'paymentFailed', 'abandoned', 'completed', 'compensated'];

export const PURCHASE_TRANSITION_REASONS = {
  inProgress: 'The purchase is being paid.',
  completed: 'The purchase is paid already.',
  compensated: 'The purchase was refunded.',
  notPaying: 'The purchase is not being paid.',
  notPaid: 'The purchase is not paid.',
  refundIt: 'The purchase was refunded before the payment succeeded: refund the payment.',
} as const;

export type PurchaseTransition = { ok: true; state: PurchaseState; changed: boolean } | { ok: false; reason: string };

const R = PURCHASE_TRANSITION_REASONS;
const PAYING: ReadonlySet<PurchaseState> = new Set(['Paying', 'RequiresAction']);

const to = (state: PurchaseState, from: PurchaseState): PurchaseTransition => ({ ok: true, state, changed: state !== from });
const refuse = (reason: string): PurchaseTransition => ({ ok: false, reason });

/** The state an event leads to from this state, or why not. */
export function nextPurchaseState(state: PurchaseState, event: PurchaseEvent): PurchaseTransition {
  switch (event) {
    case 'pay':
      if (state === 'Quoted' || state === 'Failed') return to('Paying', state);
      if (PAYING.has(state)) return refuse(R.inProgress);
      return refuse(state === 'Compensated' ? R.compensated : R.completed);
    case 'actionRequired':
      return PAYING.has(state) ? to('RequiresAction', state) : refuse(R.notPaying);
    case 'processing':
      return PAYING.has(state) ? to('Paying', state) : refuse(R.notPaying);
    case 'paymentSucceeded':
      if (PAYING.has(state) || state === 'Failed') return to('Paid', state);
      if (state === 'Paid' || state === 'Completed') return to(state, state);
      return refuse(state === 'Compensated' ? R.refundIt : R.notPaying);
    case 'paymentFailed':
    case 'abandoned':
      if (PAYING.has(state)) return to('Failed', state);
      if (state === 'Failed' || (event === 'paymentFailed' && state === 'Compensated')) return to(state, state);
      return refuse(state === 'Quoted' ? R.notPaying : R.completed);
    case 'completed':
      if (state === 'Paid' || state === 'Completed') return to('Completed', state);
      return refuse(R.notPaid);
    case 'compensated':
      if (state === 'Paid' || state === 'Completed' || state === 'Compensated') return to('Compensated', state);
      return refuse(R.notPaid);
  }
}

/** The states from which `event` moves a purchase somewhere new: the guard of a conditional update. */
export function statesMovedBy(event: PurchaseEvent): PurchaseState[] {
  return PURCHASE_STATES.filter((state) => {
    const next = nextPurchaseState(state, event);
    return next.ok && next.changed;
  });
}
