import { createHash } from 'node:crypto';
import { paymentFailure } from '../messages';
import { PAYMENT_METHODS, type CreatePaymentInput, type PaymentResult, type PaymentStatus } from '../port';

/** Stripe's limit: amounts of at most eight digits. */
const MAX_AMOUNT = 99_999_999;

/** The fingerprint of a request, without its idempotency key: the same key with another request is refused. */
export const requestHash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Nothing is recorded for a request the processor refuses outright, as with Stripe's 400s. */
export function refused(input: { amount: number; currency: string }, kind: 'InvalidRequestError' | 'IdempotencyError', code: string): PaymentResult {
  return { paymentId: '', status: 'failed', amount: input.amount, currency: input.currency, failure: paymentFailure(kind, code) };
}

function validUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('\\');
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** What is wrong with a payment request, as Stripe's error code; undefined when nothing is. */
export function createPaymentProblem(input: CreatePaymentInput): string | undefined {
  if (typeof input.purchaseId !== 'string' || input.purchaseId.length === 0 || input.purchaseId.length > 200) return 'parameter_invalid_string';
  if (!Number.isSafeInteger(input.amount)) return 'parameter_invalid_integer';
  if (input.amount <= 0) return 'amount_too_small';
  if (input.amount > MAX_AMOUNT) return 'amount_too_large';
  if (typeof input.currency !== 'string' || !/^[A-Za-z]{3}$/.test(input.currency)) return 'parameter_invalid_string';
  if (!PAYMENT_METHODS.includes(input.method)) return 'payment_method_invalid_parameter';
  if (input.method === 'Card' && !input.paymentMethodId) return 'parameter_missing';
  if (input.paymentMethodId !== undefined && (typeof input.paymentMethodId !== 'string' || input.paymentMethodId.length > 255)) return 'parameter_invalid_string';
  if (typeof input.idempotencyKey !== 'string' || input.idempotencyKey.length === 0 || input.idempotencyKey.length > 255) return 'idempotency_key_invalid';
  if (typeof input.returnUrl !== 'string' || input.returnUrl.length > 2048 || !validUrl(input.returnUrl)) return 'url_invalid';
  // Stripe's own loose check of a receipt address, not the storefront's account rule.
  if (input.email !== undefined && (typeof input.email !== 'string' || input.email.length > 320 || !/^[^\s@]+@[^\s@]+$/.test(input.email))) return 'email_invalid';
  return undefined;
}

/** `returnUrl` with the payment's id and outcome added, as Stripe's return redirect does. */
export function returnUrlFor(returnUrl: string, paymentId: string, status: PaymentStatus): string {
  const url = new URL(returnUrl, 'http://relative.invalid');
  url.searchParams.set('payment_intent', paymentId);
  url.searchParams.set('redirect_status', status === 'succeeded' ? 'succeeded' : 'failed');
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
