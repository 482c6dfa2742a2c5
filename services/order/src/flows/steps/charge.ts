import { createHash } from 'node:crypto';
import { ORDER_MESSAGES } from '@inkwell/contracts/order';
import { DomainError } from '@inkwell/platform';
import type { CreatePaymentInput, PaymentProcessor, PaymentResult } from '../../drivers/payments';
import { findPurchase, movePurchase, type StoredPayment } from '../../store/purchases';
import { done, failed, waiting, type FlowStep } from '../flow';
import { isFree, type PlaceContext } from './context';

/** The processor's idempotency key for one attempt (one Idempotency-Key) at paying a purchase. */
export const paymentKeyOf = (purchaseId: string, key: string) => `purchase:${purchaseId}:${createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32)}`;

/** The processor could not be asked, or did not answer: the outcome is unknown, the sweeper asks again with the same key. */
export class ProviderUnreachableError extends DomainError {
  constructor() {
    super(502, 'ApiError', ORDER_MESSAGES.providerUnreachable);
  }
}

/**
 * The store path the provider sends the browser back to: the one asked for when it is a path of
 * this store, else the checkout. Relative, so the browser stays on the origin it paid from (the
 * Stripe driver makes it absolute with PUBLIC_URL, as Stripe wants).
 */
function returnPathFor(wanted: string | undefined, purchaseId: string): string {
  return wanted && wanted.startsWith('/') && !wanted.startsWith('//') && !wanted.includes('\\') ? wanted : `/checkout/?purchase=${purchaseId}`;
}

export function storedPayment(provider: PaymentProcessor['kind'], result: PaymentResult): StoredPayment {
  return {
    provider,
    paymentId: result.paymentId || null,
    status: result.status,
    redirectUrl: result.nextAction?.url ?? null,
    clientSecret: result.clientSecret ?? null,
    failure: result.failure ? { kind: result.failure.kind, code: result.failure.code, message: result.failure.message } : null,
  };
}

const NOT_REQUIRED: StoredPayment = { provider: 'none', paymentId: null, status: 'not_required', redirectUrl: null, clientSecret: null, failure: null };

export interface ChargeOutput {
  paymentId: string | null;
  payment: StoredPayment;
}

/**
 * Charges what is due, once: the request is stored before the processor is asked, so after a crash
 * it is asked again with the same key and answers the first payment. A payment the shopper must
 * authorise waits (RequiresAction); the processor's later word resumes the flow here. Nothing is
 * charged for a free purchase.
 */
export const charge: FlowStep<PlaceContext, ChargeOutput> = {
  name: 'charge',
  async run({ deps, purchase: quoted, attempt }) {
    if (isFree(quoted)) return done({ paymentId: null, payment: NOT_REQUIRED });
    // A shopper's new attempt starts with neither (the pay step cleared them); a resumed one reads what was stored.
    const stored = attempt
      ? undefined
      : (await deps.db.query<{ payment_id: string | null; payment_request: CreatePaymentInput | null }>('SELECT payment_id, payment_request FROM purchases WHERE id = $1', [quoted.id])).rows[0];
    let result: PaymentResult;
    try {
      if (stored?.payment_id) result = await deps.payments.retrievePayment(stored.payment_id);
      else {
        let request = stored?.payment_request ?? null;
        if (!request) {
          // Stopped before the processor was asked, and nobody is asking now: nothing was charged.
          if (!attempt) return failed({ reason: 'abandoned', message: 'stopped before payment' });
          request = {
            purchaseId: quoted.id,
            amount: quoted.amountDue,
            currency: quoted.currency,
            method: attempt.method ?? 'Card',
            ...(attempt.nonce ? { paymentMethodId: attempt.nonce } : {}),
            idempotencyKey: paymentKeyOf(quoted.id, attempt.key),
            returnUrl: returnPathFor(attempt.returnUrl, quoted.id),
            ...(quoted.email ? { email: quoted.email } : {}),
          };
          await deps.db.query('UPDATE purchases SET payment_request = $2 WHERE id = $1', [quoted.id, JSON.stringify(request)]);
        }
        result = await deps.payments.createPayment(request);
      }
    } catch (error) {
      deps.logger.warn({ err: error, purchaseId: quoted.id }, 'payment call failed; left for the sweeper');
      throw new ProviderUnreachableError();
    }
    const payment = storedPayment(deps.payments.kind, result);
    switch (result.status) {
      case 'succeeded':
        return done({ paymentId: payment.paymentId, payment });
      case 'requires_action':
      case 'processing':
        await movePurchase(deps.db, quoted.id, result.status === 'processing' ? 'processing' : 'actionRequired', { payment, paymentId: payment.paymentId });
        return waiting;
      default:
        return failed({ reason: 'paymentFailed', kind: result.failure?.kind ?? 'CardError', message: result.failure?.message ?? ORDER_MESSAGES.purchaseFailed, payment });
    }
  },
  /** Refunds the charge in full (once: the refund's key is the purchase's). */
  async undo({ deps, purchase }, output) {
    if (!output.paymentId) return;
    const current = await findPurchase(deps.db, purchase.id);
    const amount = current?.amountDue ?? purchase.amountDue;
    if (amount <= 0) return;
    const refund = await deps.payments.refund({ paymentId: output.paymentId, amount, idempotencyKey: `compensate:${purchase.id}`, reason: 'requested_by_customer' });
    if (refund.status === 'failed') throw new Error(`refund of ${purchase.id} failed: ${refund.failure?.message ?? 'unknown'}`);
  },
};
