import { useReducer, useRef } from 'react';
import { reportPurchaseFailed } from './api/report-purchase-failed';
import { submitPurchase } from './api/submit-purchase';
import { cardProblems, type CardFields } from './card-rules';
import { isPaid, paymentProblem, type PaymentProblem } from './checkout-rules';
import type { CheckoutValues } from './components/checkout-values';
import type { NonceSource } from './components/stripe-payment-fields';
import { answerLost, NONCE_FAILED, outcomeOf, paymentFlow, payingWith, purchaseSubmit, READY, unpaidProblem, type ProviderStatus } from './payment-flow';
import type { PaymentMethodName, Purchase, PurchaseRequest } from './types';
import type { Quote } from './use-purchase-quote';

const PROCESSING_POLL_MS = 1_000;
const PROCESSING_POLL_LIMIT = 30;
/** A lost answer is asked again once, after this long. */
const RESEND_AFTER_MS = 1_000;

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PaymentInputs {
  /** The purchase as last priced, with what it was priced for. */
  quote: Quote | null;
  provider: ProviderStatus;
  nonceSource: NonceSource;
  /** The purchase request the form's values describe now (with the coupon and shipping method chosen). */
  requestFor: (current: CheckoutValues) => PurchaseRequest;
  /** The quote key of that request. */
  quoteKey: () => string;
  /** Prices a request again; the answer becomes the quote. */
  refresh: (request: PurchaseRequest, key: string) => Promise<Purchase>;
  /** The simulated card form's fields that are not what a card has, each with its problem. */
  onCardProblem: (problems: Array<{ field: keyof CardFields; message: string }>) => void;
  /** The browser leaves for the provider's page: what to keep of the form for the way back. */
  onLeave: (current: CheckoutValues) => void;
  onPaid: (purchase: Purchase) => void;
}

/**
 * A press of Pay, run against the order service (storefront spec §4): the flow state it shows, and
 * `pay`. The Idempotency-Key is new for each attempt and the same for the retry of one whose answer
 * never came, so the service charges once whatever reaches it twice.
 */
export function usePayment({ quote, provider, nonceSource, requestFor, quoteKey, refresh, onCardProblem, onLeave, onPaid }: PaymentInputs) {
  const [flow, dispatch] = useReducer(paymentFlow, READY);
  const retryKey = useRef<string | null>(null);

  const failed = (problem: PaymentProblem, purchaseId: string) => {
    dispatch({ type: 'failed', problem });
    reportPurchaseFailed(purchaseId, problem.message);
  };

  const pay = async (current: CheckoutValues) => {
    const purchase = quote?.purchase;
    if (!quote || !purchase) return;
    let stripeNonce: { nonce: string; method: PaymentMethodName } | null = null;
    switch (payingWith(purchase.isFree, provider, current.paymentMethod)) {
      case 'nonce': {
        // Stripe: the Payment Element's details become a PaymentMethod first, while the press is fresh (wallets need it).
        const made = nonceSource.current ? await nonceSource.current() : null;
        if (!made || 'problem' in made) {
          failed(made?.problem ?? NONCE_FAILED, purchase.id);
          return;
        }
        stripeNonce = made;
        break;
      }
      case 'unavailable':
        dispatch({ type: 'providerNotReady' });
        return;
      case 'card': {
        const problems = cardProblems(current);
        if (problems.length > 0) {
          onCardProblem(problems);
          return;
        }
        break;
      }
      default:
        break;
    }
    dispatch({ type: 'processing' });
    let toPay = purchase;
    const latest = requestFor(current);
    try {
      // The purchase carries the addresses: any field changed since it was priced, it is priced again.
      if (JSON.stringify(latest) !== JSON.stringify(quote.body)) {
        toPay = await refresh(latest, quoteKey());
        if (toPay.totalPrice !== purchase.totalPrice) {
          dispatch({ type: 'totalChanged', amountDue: toPay.amountDue, currency: toPay.totalPriceDetails.currency });
          return;
        }
        retryKey.current = null;
      }
    } catch (error) {
      dispatch({ type: 'requoteFailed', error });
      return;
    }
    const idempotencyKey = retryKey.current ?? newIdempotencyKey();
    retryKey.current = idempotencyKey;
    const body = purchaseSubmit({ purchase: toPay, stripeNonce, method: current.paymentMethod, cardNumber: current.cardNumber });
    const submit = () => submitPurchase(body, idempotencyKey);
    let result: Purchase;
    try {
      result = await submit().catch(async (error: unknown) => {
        if (!answerLost(error)) throw error;
        await pause(RESEND_AFTER_MS);
        return submit();
      });
    } catch (error) {
      const problem = paymentProblem(error);
      if (!problem.retrySameKey) retryKey.current = null;
      failed(problem, toPay.id);
      if (problem.requote) void refresh(latest, quoteKey()).catch(() => undefined);
      return;
    }
    retryKey.current = null;
    const outcome = outcomeOf(result);
    if (outcome.next === 'paid') {
      dispatch({ type: 'paid' });
      onPaid(result);
      return;
    }
    if (outcome.next === 'redirect') {
      // The provider's page (3-D Secure, a wallet) sends the browser back to /checkout/ with the payment's id.
      onLeave(current);
      window.location.assign(outcome.url);
      return;
    }
    if (outcome.next === 'wait') {
      const { getPurchase } = await import('./api/get-purchase');
      for (let attempt = 0; attempt < PROCESSING_POLL_LIMIT; attempt += 1) {
        await pause(PROCESSING_POLL_MS);
        const now = await getPurchase(result.id).catch(() => null);
        if (now && isPaid(now)) {
          dispatch({ type: 'paid' });
          onPaid(now);
          return;
        }
        if (now && now.state !== 'Paying') {
          result = now;
          break;
        }
      }
    }
    failed(unpaidProblem(result), result.id);
  };

  return { flow, pay };
}
