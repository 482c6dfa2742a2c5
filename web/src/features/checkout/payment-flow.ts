import { ApiError } from '@inkwell/ui-kit/api-client';
import { formatMoney } from '@/lib/format';
import { cardNonce, isPaid, paymentProblem, PaymentFlow, PURCHASE_FAILED, type PaymentProblem } from './checkout-rules';
import type { PaymentMethodName, Purchase, PurchaseSubmit } from './types';
import type { ProviderState } from './use-payment-provider';

/**
 * Storefront spec §4's payment flow as the checkout shows it: a pure reducer over what happened to
 * a press of Pay, and the decisions taken on the way (how this purchase is paid, whether a lost
 * answer is asked again, what an answer means next). `use-payment.ts` runs it against the service.
 */

export interface FlowState {
  state: PaymentFlow;
  problem?: PaymentProblem;
  /** Something to read before paying (the total changed). */
  notice?: string;
}

export const READY: FlowState = { state: PaymentFlow.Ready };

export const PROVIDER_NOT_READY = 'The payment form could not be loaded. Check your connection and try again.';

export type FlowEvent =
  /** Pay was pressed and the purchase is on its way to the service. */
  | { type: 'processing' }
  /** Priced again before paying, the total came out different: nothing was paid. */
  | { type: 'totalChanged'; amountDue: number; currency: string }
  /** Pricing again before paying was refused. */
  | { type: 'requoteFailed'; error: unknown }
  /** Pay was pressed while the payment provider was not there to take it. */
  | { type: 'providerNotReady' }
  | { type: 'failed'; problem: PaymentProblem }
  | { type: 'paid' };

const problemOf = (state: PaymentFlow, message: string): PaymentProblem => ({ state, message, retrySameKey: false, requote: false });

export function paymentFlow(_flow: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'processing':
      return { state: PaymentFlow.Processing };
    case 'totalChanged':
      return { state: PaymentFlow.Ready, notice: `The total is now ${formatMoney(event.amountDue, event.currency)}. Check it and press Pay again.` };
    case 'requoteFailed':
      return { state: PaymentFlow.InvalidRequestError, problem: paymentProblem(event.error) };
    case 'providerNotReady':
      return { state: PaymentFlow.InternalError, problem: problemOf(PaymentFlow.InternalError, PROVIDER_NOT_READY) };
    case 'failed':
      return { state: event.problem.state, problem: event.problem };
    case 'paid':
      return { state: PaymentFlow.Successful };
  }
}

/** Pay is pressed and not yet answered, or answered paid: the form waits. */
export function isBusy(flow: FlowState): boolean {
  return flow.state === PaymentFlow.Processing || flow.state === PaymentFlow.Successful;
}

const FLOW_TEXT: Partial<Record<PaymentFlow, string>> = {
  [PaymentFlow.Processing]: 'Processing your payment…',
  [PaymentFlow.Successful]: 'Payment successful.',
};

/** What the status line under the totals says while there is no problem to show. */
export function flowText(flow: FlowState): string | undefined {
  return flow.notice ?? FLOW_TEXT[flow.state];
}

/** The payment provider as far as paying needs it. */
export type ProviderStatus = ProviderState['status'];

/**
 * How a press of Pay pays: 'nothing' for a free purchase, 'nonce' to have Stripe's Payment Element
 * turn the details into a PaymentMethod first, 'card' for the simulated processor's card number,
 * 'method' for its wallets (their page confirms), 'unavailable' when there is no provider to pay with.
 */
export type PayingWith = 'nothing' | 'nonce' | 'card' | 'method' | 'unavailable';

export function payingWith(isFree: boolean, provider: ProviderStatus, method: PaymentMethodName): PayingWith {
  if (isFree) return 'nothing';
  if (provider === 'ready') return 'nonce';
  if (provider !== 'simulated') return 'unavailable';
  return method === 'Card' ? 'card' : 'method';
}

/** Pay can be pressed: a priced purchase, not being priced again, and a provider if it costs anything. */
export function canPay(purchase: Pick<Purchase, 'isFree'> | null, quoting: boolean, provider: ProviderStatus): boolean {
  return !!purchase && !quoting && (purchase.isFree || provider === 'ready' || provider === 'simulated');
}

/** When Stripe could not make a PaymentMethod and said nothing of its own. */
export const NONCE_FAILED: PaymentProblem = problemOf(PaymentFlow.InternalError, PURCHASE_FAILED);

export interface PayWith {
  purchase: Pick<Purchase, 'id' | 'isFree' | 'totalPrice'>;
  /** The PaymentMethod Stripe made, when it did. */
  stripeNonce: { nonce: string; method: PaymentMethodName } | null;
  /** The method chosen in the form (the simulated processor's). */
  method: PaymentMethodName;
  cardNumber: string;
}

/** `POST /order/purchase`'s body: a free purchase names no method; the simulated card goes as its number (or test PaymentMethod). */
export function purchaseSubmit({ purchase, stripeNonce, method: chosen, cardNumber }: PayWith): PurchaseSubmit {
  const method = purchase.isFree ? null : (stripeNonce?.method ?? chosen);
  return {
    purchaseId: purchase.id,
    paymentMethod: method,
    ...(stripeNonce ? { StripeNonce: stripeNonce.nonce } : method === 'Card' ? { StripeNonce: cardNonce(cardNumber) ?? null } : {}),
    totalPrice: purchase.totalPrice,
    returnUrl: '/checkout/',
  };
}

/** The answer never came (no HTTP status at all): the same attempt is sent once more, with the same key. */
export function answerLost(error: unknown): boolean {
  return paymentProblem(error).retrySameKey && !(error instanceof ApiError && error.httpStatus !== 0);
}

/** What an accepted purchase means next: paid, off to the provider's page, still being paid, or not paid. */
export type Outcome = { next: 'paid' } | { next: 'redirect'; url: string } | { next: 'wait' } | { next: 'failed'; problem: PaymentProblem };

export function outcomeOf(result: Purchase): Outcome {
  if (isPaid(result)) return { next: 'paid' };
  if (result.state === 'RequiresAction' && result.payment?.redirectUrl) return { next: 'redirect', url: result.payment.redirectUrl };
  if (result.state === 'Paying') return { next: 'wait' };
  return { next: 'failed', problem: unpaidProblem(result) };
}

/** A purchase that ended unpaid, in the provider's words when it gave some. */
export function unpaidProblem(result: Purchase): PaymentProblem {
  const message = result.payment?.failure?.message ?? PURCHASE_FAILED;
  return problemOf(result.payment?.failure?.kind === 'CardError' ? PaymentFlow.CardError : PaymentFlow.ApiError, message);
}
