import { Poller } from '@inkwell/platform';
import { nextOrderStatus } from '../domain';
import { duePendingUndos } from '../store/purchase-steps';
import { deferPurchase, duePurchases, findPurchase, ordersOfPurchase, releasedOrders, setOrderStatus } from '../store/purchases';
import type { CheckoutDeps } from './deps';
import { countSweep } from './metrics';
import { completed } from './order-events';
import { reconcile, retryUndos } from './place-purchase';
import { resumeStaleRefunds } from './staff-refund';

export interface SweeperOptions {
  /** How often it looks (ms). */
  intervalMs: number;
  /** A purchase untouched this long (ms) between states is resumed. */
  staleAfterMs: number;
  batchSize: number;
}

export const DEFAULT_SWEEPER: SweeperOptions = { intervalMs: 5_000, staleAfterMs: 60_000, batchSize: 50 };

/**
 * Resumes purchases left between states (a crash, a processor or cart that did not answer) from
 * their last recorded step, later each time it fails. Returns how many it looked at.
 */
export async function sweepPurchases(deps: CheckoutDeps, options: Pick<SweeperOptions, 'staleAfterMs' | 'batchSize'>): Promise<number> {
  const due = await duePurchases(deps.db, options.staleAfterMs, options.batchSize);
  for (const id of due) {
    try {
      await reconcile(deps, id);
      const after = await findPurchase(deps.db, id);
      const pending = after !== undefined && ['Paying', 'RequiresAction', 'Paid'].includes(after.state);
      if (pending) await deferPurchase(deps.db, id, null);
      countSweep(pending ? 'pending' : 'settled');
    } catch (error) {
      countSweep('failed');
      deps.logger.warn({ err: error, purchaseId: id }, 'purchase not settled yet; will look again');
      await deferPurchase(deps.db, id, (error as Error).message);
    }
  }
  return due.length;
}

/**
 * Undos a purchase still owes (a cart the cart service could not give back when the payment failed,
 * a refund the processor refused): each is tried again, later each time (1 s doubling, at most 5
 * minutes) until it is done; one still owed after ten tries is logged as an error every time it
 * fails. Returns how many purchases it looked at.
 */
export async function retryOwedUndos(deps: CheckoutDeps, batchSize: number): Promise<number> {
  const due = await duePendingUndos(deps.db, batchSize);
  for (const id of due) {
    try {
      await retryUndos(deps, id);
    } catch (error) {
      deps.logger.warn({ err: error, purchaseId: id }, 'owed undo not retried; will look again');
    }
  }
  return due.length;
}

/**
 * Pre-orders whose release day has come: each Scheduled order moves on by the status rule
 * (Completed, or PendingProcessing with Print) and `order.completed` unlocks its items.
 */
export async function releaseDueOrders(deps: CheckoutDeps, batchSize: number): Promise<number> {
  const now = deps.now();
  const purchases = await releasedOrders(deps.db, now, batchSize);
  for (const purchaseId of purchases) {
    await deps.db.transaction(async (tx) => {
      const purchase = await findPurchase(tx, purchaseId, { lock: true });
      if (!purchase) return;
      for (const order of await ordersOfPurchase(tx, purchaseId, { lock: true })) {
        if (order.status !== 'Scheduled' || order.scheduleDate === null || order.scheduleDate > now) continue;
        const next = nextOrderStatus(order.status, { type: 'released', hasPrint: order.hasPrint });
        if (!next.ok) continue;
        await setOrderStatus(tx, order.id, next.status, { completed: next.status === 'Completed', history: { from: order.status, cause: 'released' } });
        await completed(deps.outbox, tx, purchase, order, { preOrderReleased: true });
      }
    });
  }
  return purchases.length;
}

export interface RunningSweeper {
  stop(): Promise<void>;
  /** When its last round ended (done or failed), for the operations console; null before the first. */
  lastSweepAt(): Date | null;
}

/** Runs them (releases, purchases, pending staff refunds, owed undos) on the platform's poller until stopped; one round at a time. */
export function startSweeper(deps: CheckoutDeps, options: SweeperOptions = DEFAULT_SWEEPER): RunningSweeper {
  let lastSweepAt: Date | null = null;
  const poller = new Poller({
    run: async () => {
      try {
        const released = await releaseDueOrders(deps, options.batchSize);
        const swept = await sweepPurchases(deps, options);
        const refunds = await resumeStaleRefunds(deps, options);
        return released + swept + refunds + (await retryOwedUndos(deps, options.batchSize));
      } finally {
        lastSweepAt = new Date();
      }
    },
    intervalMs: options.intervalMs,
    logger: deps.logger,
    failureMessage: 'order sweeper round failed',
    failureLevel: 'warn',
    unref: true,
  });
  poller.start();
  return { stop: () => poller.stop(), lastSweepAt: () => lastSweepAt };
}
