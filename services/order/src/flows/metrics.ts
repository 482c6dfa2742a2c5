import { Counter, register } from 'prom-client';

/**
 * The checkout's instruments (issue 21), in prom-client's process-wide default registry that the
 * platform serves on the metrics port. Every label value comes from the code — a step's name from
 * the flows' fixed step lists, an outcome from the few below, the payments driver's kind — never
 * from a purchase, a shopper or an error's text, so the series stay few.
 */

/** A counter made once per process: the order service is set up once per test file or `npm start`, its module loaded once. */
function counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Counter<Label> {
  return (register.getSingleMetric(name) as Counter<Label> | undefined) ?? new Counter({ name, help, labelNames });
}

/** How one run of a step ended: done, refused (a card declined, a cart that changed), or it threw (left for the sweeper). */
export type StepOutcome = 'ok' | 'refused' | 'failed';

export const checkoutSteps = counter('inkwell_checkout_steps_total', 'Runs of a persisted checkout step (placing or refunding a purchase), by step and outcome', ['step', 'outcome']);

/** One per purchase that reached Completed; `provider` is the payments driver (simulated, stripe) or none for a free purchase. */
export const ordersCompleted = counter('inkwell_orders_completed_total', 'Purchases whose checkout completed, by payments driver', ['provider']);

/** An undo of a done step (the cart given back, the charge refunded, the orders cancelled): ok, or failed and owed to the sweeper. */
export const checkoutCompensations = counter('inkwell_checkout_compensations_total', 'Undos of checkout steps, by step and outcome (ok, failed: owed and retried)', ['step', 'outcome']);

/** The sweeper's resumes of a purchase left between states: settled, still pending (waiting on the processor), or failed again. */
export const checkoutSweeps = counter('inkwell_checkout_sweeps_total', 'Purchases the order sweeper resumed, by outcome (settled, pending, failed)', ['outcome']);
