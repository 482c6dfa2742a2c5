import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, type PaymentMethodName, type Purchase, type PurchaseSubmit } from '@inkwell/contracts/order';
import { nextOrderStatus } from '../domain';
import { clearSteps, loadSteps, saveDoneSteps } from '../store/purchase-steps';
import { findPurchase, movePurchase, ordersOfPurchase, setOrderStatus, type PurchaseRecord, type StoredPayment } from '../store/purchases';
import { purchaseFor, viewPurchase, type Buyer, type CheckoutDeps } from './deps';
import { compensate, doneRecord, runFlow, type FlowFailure, type FlowResult, type FlowRun } from './flow';
import { charge, paymentKeyOf } from './steps/charge';
import { checkCart } from './steps/check-cart';
import { closeCart } from './steps/close-cart';
import { completePurchase } from './steps/complete';
import { isFree, type PayAttempt, type PlaceContext } from './steps/context';
import { holdCart } from './steps/hold-cart';
import { recordPaid } from './steps/record-paid';
import { redeemCoupon } from './steps/redeem-coupon';

/**
 * Placing a purchase, as steps (each in `steps/`, each recorded in `purchase_steps` before the next
 * starts): hold the cart, check it is what was quoted, charge, record the purchase paid (orders
 * and their events), close the cart, redeem the coupon, complete. A step that fails undoes the
 * done ones, last first: the cart given back, the charge refunded, the orders cancelled.
 */
export const PLACE_PURCHASE_STEPS = [holdCart, checkCart, charge, recordPaid, closeCart, redeemCoupon, completePurchase] as const;

/** How paying ended, for the caller to answer. */
export type PayOutcome =
  | { type: 'purchase' }
  | { type: 'refused'; reason: 'totalChanged' | 'noPaymentMethod' | 'alreadyCompleted' | 'inProgress' | 'cartChanged' }
  | { type: 'paymentFailed'; kind: string; message: string };

const flowOf = (deps: CheckoutDeps, purchase: PurchaseRecord, attempt?: PayAttempt): FlowRun<PlaceContext> => ({
  db: deps.db,
  logger: deps.logger,
  purchaseId: purchase.id,
  context: { deps, purchase, ...(attempt ? { attempt } : {}) },
  steps: PLACE_PURCHASE_STEPS,
});

/**
 * `POST /order/purchase` after its Idempotency-Key is claimed: checks the request against the
 * quote, moves the purchase Quoted/Failed → Paying in one conditional update (so two keys cannot
 * pay it twice) and runs the flow. The same attempt again, after an answer that decided nothing,
 * resumes the payment it started (the processor is asked with the same key: never a second charge).
 */
export async function payPurchase(deps: CheckoutDeps, purchase: PurchaseRecord, key: string, body: PurchaseSubmit): Promise<PayOutcome> {
  const method: PaymentMethodName | null = body.paymentMethod ?? purchase.paymentMethod;
  if (body.totalPrice !== undefined && Math.round(body.totalPrice * 100) !== Math.round(purchase.totalPrice * 100)) return { type: 'refused', reason: 'totalChanged' };
  const free = isFree(purchase);
  if (!free && !method) return { type: 'refused', reason: 'noPaymentMethod' };
  const attempt: PayAttempt = { key, method, ...(body.StripeNonce ? { nonce: body.StripeNonce } : {}), ...(body.returnUrl ? { returnUrl: body.returnUrl } : {}) };
  // A first attempt starts with one conditional update; a new attempt after a failure also forgets the last one's steps.
  // Each attempt holds the cart under its own id, so a hold of an attempt given back cannot land later.
  const holdId = randomUUID();
  const startChanges = { paymentMethod: free ? null : method, payment: null, paymentId: null, paymentRequest: null, holdId };
  const started =
    purchase.state === 'Failed'
      ? await deps.db.transaction(async (tx) => {
          if (!(await movePurchase(tx, purchase.id, 'pay', startChanges))) return false;
          await clearSteps(tx, purchase.id);
          return true;
        })
      : await movePurchase(deps.db, purchase.id, 'pay', startChanges);
  if (!started) {
    const now = await findPurchase(deps.db, purchase.id);
    if (now?.state === 'Completed' || now?.state === 'Paid') return { type: 'refused', reason: 'alreadyCompleted' };
    const { rows } = await deps.db.query<{ key: string | null }>("SELECT payment_request->>'idempotencyKey' AS key FROM purchases WHERE id = $1", [purchase.id]);
    if ((now?.state === 'Paying' || now?.state === 'RequiresAction') && rows[0]?.key === paymentKeyOf(purchase.id, key)) {
      await reconcile(deps, purchase.id);
      const settled = await findPurchase(deps.db, purchase.id);
      if (settled?.state === 'Failed') {
        const lastFailure = settled.payment?.failure;
        return { type: 'paymentFailed', kind: lastFailure?.kind ?? 'CardError', message: lastFailure?.message ?? ORDER_MESSAGES.purchaseFailed };
      }
      if (settled && settled.state !== 'Paying') return { type: 'purchase' };
    }
    return { type: 'refused', reason: 'inProgress' };
  }
  let result: FlowResult;
  deps.active.add(purchase.id);
  try {
    result = await runFlow(flowOf(deps, { ...purchase, state: 'Paying', holdId }, attempt), new Map());
  } catch (error) {
    // Before the processor was asked nothing was charged: give the cart back and let the shopper try again.
    const { rows } = await deps.db.query<{ asked: boolean }>('SELECT payment_request IS NOT NULL AS asked FROM purchases WHERE id = $1', [purchase.id]);
    if (!rows[0]?.asked) await abandon(deps, purchase.id, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    deps.active.delete(purchase.id);
  }
  await settleFailure(deps, purchase.id, result);
  return outcomeOf(result);
}

function outcomeOf(result: FlowResult): PayOutcome {
  if (result.status !== 'failed') return { type: 'purchase' };
  const { failure } = result;
  if (failure.reason === 'paymentFailed') return { type: 'paymentFailed', kind: failure.kind ?? 'CardError', message: failure.message };
  if (failure.reason === 'cartChanged') return { type: 'refused', reason: 'cartChanged' };
  // After the charge (a coupon gone): refunded and cancelled, shown as the purchase it became.
  return { type: 'purchase' };
}

/**
 * A flow that failed before the money was taken leaves the purchase Failed (the orders back to
 * awaiting payment), with the processor's answer kept; the cart was given back by the flow's undo.
 * One that failed after the purchase was recorded paid was compensated by the flow itself
 * (record-paid's undo makes it Compensated).
 */
export async function settleFailure(deps: CheckoutDeps, purchaseId: string, result: FlowResult): Promise<void> {
  if (result.status === 'failed' && !result.log.has(recordPaid.name)) await failPurchase(deps, purchaseId, result.failure);
}

async function failPurchase(deps: CheckoutDeps, purchaseId: string, failure: FlowFailure): Promise<void> {
  const payment: StoredPayment | undefined = failure.payment;
  await deps.db.transaction(async (tx) => {
    const event = failure.reason === 'paymentFailed' ? 'paymentFailed' : 'abandoned';
    if (!(await movePurchase(tx, purchaseId, event, { lastError: failure.message, ...(payment ? { payment, paymentId: payment.paymentId } : {}) }))) return;
    for (const order of await ordersOfPurchase(tx, purchaseId, { lock: true })) {
      const next = nextOrderStatus(order.status, { type: 'paymentFailed' });
      if (next.ok && next.changed) await setOrderStatus(tx, order.id, next.status, { history: { from: order.status, cause: 'payment-failed' } });
    }
  });
}

/**
 * Gives up on a payment that was never made (the process stopped before the processor was asked,
 * the cart could not be held, the shopper's browser says it failed before paying): the cart is
 * given back — presumed held, since a hold whose answer was lost is held all the same — and the
 * purchase is Failed, payable again.
 */
export async function abandon(deps: CheckoutDeps, purchaseId: string, reason: string): Promise<void> {
  const purchase = await findPurchase(deps.db, purchaseId);
  if (!purchase || purchase.state !== 'Paying') return;
  const run = flowOf(deps, purchase);
  const log = await loadSteps(deps.db, purchaseId);
  if (!log.has(holdCart.name)) {
    const held = doneRecord(holdCart.name, { cartId: purchase.cartId });
    await saveDoneSteps(deps.db, purchaseId, [held]);
    log.set(held.step, held);
  }
  await compensate(run, log);
  await failPurchase(deps, purchaseId, { reason: 'abandoned', message: reason });
}

/**
 * Resumes a purchase from its last recorded step (after the provider page, a webhook, the browser's
 * confirmation, or the sweeper after a crash). The processor's word is retrieved from the
 * processor, never taken from the caller. Safe to call any number of times, in any order; one
 * this process is paying now is left to that run.
 */
export async function reconcile(deps: CheckoutDeps, purchaseId: string): Promise<void> {
  if (deps.active.has(purchaseId)) return;
  const purchase = await findPurchase(deps.db, purchaseId);
  if (!purchase || !['Paying', 'RequiresAction', 'Paid'].includes(purchase.state)) return;
  await settleFailure(deps, purchase.id, await runFlow(flowOf(deps, purchase)));
}

/**
 * Retries the undos a purchase still owes (a cart that could not be given back, a refund the
 * processor refused): each is tried again, and recorded done or owed again with its error.
 * Returns the undos still owed.
 */
export async function retryUndos(deps: CheckoutDeps, purchaseId: string): Promise<string[]> {
  const purchase = await findPurchase(deps.db, purchaseId);
  if (!purchase) return [];
  return compensate(flowOf(deps, purchase));
}

/** `purchase-soft-confirmed` / `payment-soft-confirmed`: the browser says it paid; the orders show 'Payment TBC' until the processor confirms. */
export async function softConfirm(deps: CheckoutDeps, purchaseId: string, buyer: Buyer): Promise<Purchase> {
  const purchase = await purchaseFor(deps.db, purchaseId, buyer);
  if (purchase.state === 'Paying' || purchase.state === 'RequiresAction') {
    await deps.db.transaction(async (tx) => {
      for (const order of await ordersOfPurchase(tx, purchase.id, { lock: true })) {
        const next = nextOrderStatus(order.status, { type: 'clientConfirmed' });
        if (next.ok && next.changed) await setOrderStatus(tx, order.id, next.status, { history: { from: order.status, cause: 'client-confirmed' } });
      }
    });
    await reconcile(deps, purchase.id);
  }
  return viewPurchase(deps, purchase.id, buyer);
}

/** `purchase-failed`: the browser reports a failure; the processor's state decides what it means. */
export async function reportFailure(deps: CheckoutDeps, purchaseId: string, buyer: Buyer, message: string | null): Promise<Purchase> {
  const purchase = await purchaseFor(deps.db, purchaseId, buyer);
  deps.logger.info({ purchaseId, message }, 'the storefront reported a failed payment');
  if (purchase.paymentId) await reconcile(deps, purchase.id);
  else if (purchase.state === 'Paying') await abandon(deps, purchase.id, message ?? 'reported by the storefront');
  return viewPurchase(deps, purchase.id, buyer);
}
