/**
 * The order service's payments port. Two drivers: the embedded simulated processor (the default,
 * `simulated/`) and Stripe (`stripe.ts`), picked by `createPaymentProcessor` in `index.ts` from
 * STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.
 *
 * Amounts are integers in minor units (cents). Every call that moves money carries an idempotency
 * key: a repeat with the same key and the same request answers the first result and never moves
 * money again; the same key with a different request is refused with an IdempotencyError failure.
 */

export type PaymentMethod = 'Card' | 'PayPal' | 'GooglePay' | 'ApplePay';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['Card', 'PayPal', 'GooglePay', 'ApplePay'];

export type PaymentStatus = 'succeeded' | 'requires_action' | 'processing' | 'failed' | 'canceled';

/**
 * Why a payment did not go through, by the spec's payment flow states (§4): CardError (declined,
 * expired, wrong CVC, failed authentication), ApiError (the processor could not be reached or
 * failed: the outcome is unknown, so retry with the same key or retrieve), InvalidRequestError (the
 * request was wrong: nothing was charged) and IdempotencyError (the key was used for another request).
 */
export type PaymentFailureKind = 'CardError' | 'ApiError' | 'InvalidRequestError' | 'IdempotencyError';

export interface PaymentFailure {
  kind: PaymentFailureKind;
  /** The processor's code, Stripe's names: card_declined, expired_card, incorrect_cvc, amount_too_large … */
  code: string;
  /** For card_declined: insufficient_funds, lost_card, generic_decline … */
  declineCode?: string;
  /** Shown to the shopper as it is (payments/messages.ts). */
  message: string;
}

export interface PaymentResult {
  /** The processor's payment id; '' when the processor refused the request before creating one. */
  paymentId: string;
  status: PaymentStatus;
  /** With requires_action: where the shopper's browser goes to authorise (3-D Secure, a wallet). */
  nextAction?: { type: 'redirect'; url: string };
  /**
   * Stripe only: the PaymentIntent's client secret, for a payment created without a payment method
   * that the Payment Element then confirms in the browser.
   */
  clientSecret?: string;
  amount: number;
  currency: string;
  failure?: PaymentFailure;
}

export interface CreatePaymentInput {
  /** The order service's purchase, kept with the payment (Stripe: metadata.purchaseId). */
  purchaseId: string;
  /** Minor units, more than zero: free orders need no payment. */
  amount: number;
  /** ISO 4217, e.g. USD. */
  currency: string;
  method: PaymentMethod;
  /**
   * The card nonce: a Stripe PaymentMethod id (pm_…; the simulated processor knows Stripe's test ids
   * such as pm_card_visa) or, for the simulated processor, a test card number.
   */
  paymentMethodId?: string;
  idempotencyKey: string;
  /** Where the provider sends the browser back after a redirect, with `payment_intent=<paymentId>`. */
  returnUrl: string;
  email?: string;
}

export interface RefundInput {
  paymentId: string;
  /** Minor units; at most what is left unrefunded of the payment. */
  amount: number;
  idempotencyKey: string;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
}

export interface RefundResult {
  /** '' when the processor refused the request before creating a refund. */
  refundId: string;
  paymentId: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed';
  failure?: PaymentFailure;
}

export interface DeleteCustomerInput {
  userId: string;
  email: string | null;
}

export type PaymentEventType = 'payment.succeeded' | 'payment.failed' | 'payment.refunded';

/**
 * What the processor tells the order service happened, whichever way the browser went. Delivered at
 * least once: the order service de-duplicates by `id`. A payment's events may arrive before or after
 * the browser comes back; `retrievePayment` answers the current state either way.
 */
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  paymentId: string;
  /** The order service's purchase id, when the payment carries one. */
  purchaseId?: string;
  /** The payment's amount (minor units). */
  amount: number;
  currency: string;
  /** payment.refunded: everything refunded of the payment so far (minor units). */
  amountRefunded?: number;
  /** payment.failed: why. */
  failure?: PaymentFailure;
  createdAt: string;
}

/** A webhook whose signature is missing, wrong, or older than the tolerance (a replay). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** retrievePayment of an id the processor does not know. */
export class PaymentNotFoundError extends Error {
  constructor(readonly paymentId: string) {
    super(`The payment processor knows no payment ${paymentId}.`);
    this.name = 'PaymentNotFoundError';
  }
}

export interface PaymentProcessor {
  kind: 'simulated' | 'stripe';
  /** What the storefront needs to load the provider's script (Stripe's publishable key). */
  publicConfig(): { provider: 'simulated' | 'stripe'; publishableKey?: string };
  createPayment(input: CreatePaymentInput): Promise<PaymentResult>;
  /** Throws PaymentNotFoundError for an unknown id. */
  retrievePayment(paymentId: string): Promise<PaymentResult>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Erasure (issue 23): deletes the provider's customer records of a person — found by `email` and
   * by `metadata.userId` — and answers how many went. Deleting what is already gone answers 0.
   * The simulated processor keeps no customers: it anonymises the email on its payments instead.
   */
  deleteCustomer(input: DeleteCustomerInput): Promise<number>;
  /**
   * A webhook's event, after checking its signature (throws WebhookSignatureError). Undefined for a
   * correctly signed event of a type the order service does not act on: answer it with a 2xx so the
   * processor does not send it again.
   */
  parseWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent | undefined;
}
