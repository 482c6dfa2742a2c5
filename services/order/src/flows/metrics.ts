import { defineCounter, metricsEnabled } from '@inkwell/platform';

/**
 * The checkout's instruments (issue 21), in prom-client's process-wide default registry that the
 * platform serves on the metrics port; nothing is recorded when METRICS_ENABLED is off. Every
 * label value comes from the code — a step's name from the flows' fixed step lists, an outcome
 * from the few below, the payments driver's kind — never from a purchase, a shopper or an
 * error's text, so the series stay few.
 */

/** How one run of a step ended: done, refused (a card declined, a cart that changed, a coupon gone), or it threw (left for the sweeper). */
export type StepOutcome = 'ok' | 'refused' | 'failed';

const checkoutSteps = defineCounter({
  name: 'inkwell_checkout_steps_total',
  help: 'Runs of a persisted checkout step (placing or refunding a purchase), by step and outcome (ok, refused, failed)',
  labelNames: ['step', 'outcome'] as const,
});

const ordersCompleted = defineCounter({
  name: 'inkwell_orders_completed_total',
  help: 'Purchases whose checkout completed, by payments driver (simulated, stripe; none for a free purchase)',
  labelNames: ['provider'] as const,
});

const checkoutCompensations = defineCounter({
  name: 'inkwell_checkout_compensations_total',
  help: 'Undos of checkout steps, by step and outcome (ok; failed: owed and retried by the sweeper)',
  labelNames: ['step', 'outcome'] as const,
});

const checkoutSweeps = defineCounter({
  name: 'inkwell_checkout_sweeps_total',
  help: 'Purchases the order sweeper resumed, by outcome (settled, pending: still waiting on the processor, failed)',
  labelNames: ['outcome'] as const,
});

/**
 * The step's name as a label: a staff refund's steps are named by the refund (`staff-refund:<id>:record`,
 * so one purchase may hold several refunds' records), counted under one name per step (`staff-refund:record`).
 */
const stepLabel = (step: string): string => step.replace(/^staff-refund:[^:]+:/, 'staff-refund:');

export function countStep(step: string, outcome: StepOutcome): void {
  if (metricsEnabled()) checkoutSteps.inc({ step: stepLabel(step), outcome });
}

/** One per purchase that reached Completed. */
export function countCompleted(provider: 'simulated' | 'stripe' | 'none'): void {
  if (metricsEnabled()) ordersCompleted.inc({ provider });
}

/** An undo of a done step (the cart given back, the charge refunded, the orders cancelled): ok, or failed and owed. */
export function countCompensation(step: string, outcome: 'ok' | 'failed'): void {
  if (metricsEnabled()) checkoutCompensations.inc({ step: stepLabel(step), outcome });
}

/** The sweeper's resume of a purchase left between states. */
export function countSweep(outcome: 'settled' | 'pending' | 'failed'): void {
  if (metricsEnabled()) checkoutSweeps.inc({ outcome });
}
