import Stripe from 'stripe';
import { providerFailure, WEBHOOK_MESSAGES } from './messages';
import {
  PaymentNotFoundError,
  WebhookSignatureError,
  type CreatePaymentInput,
  type DeleteCustomerInput,
  type PaymentEvent,
  type PaymentFailure,
  type PaymentProcessor,
  type PaymentResult,
  type RefundInput,
  type RefundResult,
} from './port';

/** Signed events older than this are refused as replays (Stripe's default tolerance). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProcessorOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Resolves a relative returnUrl: Stripe redirects only to absolute addresses. */
  publicUrl?: string;
  /** Another API host, e.g. stripe-mock in tests: `http://127.0.0.1:12111`. */
  apiUrl?: string;
}

/** The SDK's error classes by their `type`, as the error types of Stripe's API name them. */
const API_TYPE_OF_ERROR: Readonly<Record<string, string>> = {
  StripeCardError: 'card_error',
  StripeInvalidRequestError: 'invalid_request_error',
  StripeIdempotencyError: 'idempotency_error',
  StripeAPIError: 'api_error',
  StripeConnectionError: 'api_connection_error',
  StripeAuthenticationError: 'authentication_error',
  StripePermissionError: 'permission_error',
  StripeRateLimitError: 'rate_limit_error',
};

function resultOf(intent: Stripe.PaymentIntent): PaymentResult {
  const base = { paymentId: intent.id, amount: intent.amount, currency: intent.currency.toUpperCase() };
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded' };
    case 'processing':
    case 'requires_capture':
      return { ...base, status: 'processing' };
    case 'canceled':
      return { ...base, status: 'canceled' };
    case 'requires_payment_method':
      // A declined attempt leaves the intent waiting for another payment method, with the reason.
      if (intent.last_payment_error) {
        const error = intent.last_payment_error;
        return { ...base, status: 'failed', failure: providerFailure(error.type, error.code, error.decline_code) };
      }
      break;
    default:
      break;
  }
  // requires_action, or not confirmed yet: the shopper acts next, on the redirect or in the
  // Payment Element with the client secret.
  const url = intent.next_action?.redirect_to_url?.url;
  return {
    ...base,
    status: 'requires_action',
    ...(url ? { nextAction: { type: 'redirect' as const, url } } : {}),
    ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
  };
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** An error of the SDK as the failure the shopper reads. */
export function failureOfStripeError(error: Stripe.errors.StripeError): PaymentFailure {
  return providerFailure(error.rawType ?? API_TYPE_OF_ERROR[error.type] ?? 'api_error', error.code, error.decline_code);
}

/**
 * Stripe: PaymentIntents created and confirmed on the server with the PaymentMethod the Payment
 * Element made in the browser (cards and wallets alike, automatic payment methods), or created
 * unconfirmed for the Payment Element to confirm with the client secret. Redirect next actions
 * (3-D Secure, PayPal) come back as a redirect URL, as from the simulated processor. Every call that
 * moves money carries the caller's idempotency key as Stripe's Idempotency-Key.
 *
 * Switched on by STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (index.ts).
 */
export class StripePaymentProcessor implements PaymentProcessor {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProcessorOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  publicConfig() {
    return { provider: 'stripe' as const, publishableKey: this.options.publishableKey };
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    const returnUrl = this.absolute(input.returnUrl);
    if (!returnUrl) {
      return { paymentId: '', status: 'failed', amount: input.amount, currency: input.currency, failure: providerFailure('invalid_request_error', 'url_invalid') };
    }
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      automatic_payment_methods: { enabled: true },
      metadata: { purchaseId: input.purchaseId },
      ...(input.email ? { receipt_email: input.email } : {}),
      ...(input.paymentMethodId
        ? // Redirect next actions instead of Stripe.js's in-page ones, so both drivers send the browser to a page.
          { payment_method: input.paymentMethodId, confirm: true, return_url: returnUrl, use_stripe_sdk: false }
        : {}),
    };
    try {
      return resultOf(await this.stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }));
    } catch (error) {
      if (!isStripeError(error)) throw error;
      const failure = failureOfStripeError(error);
      const intent = error.payment_intent;
      return {
        paymentId: intent?.id ?? '',
        status: 'failed',
        amount: intent?.amount ?? input.amount,
        currency: (intent?.currency ?? input.currency).toUpperCase(),
        failure,
      };
    }
  }

  async retrievePayment(paymentId: string): Promise<PaymentResult> {
    try {
      return resultOf(await this.stripe.paymentIntents.retrieve(paymentId));
    } catch (error) {
      if (isStripeError(error) && error.code === 'resource_missing') throw new PaymentNotFoundError(paymentId);
      throw error;
    }
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.paymentId, amount: input.amount, ...(input.reason ? { reason: input.reason } : {}) },
        { idempotencyKey: input.idempotencyKey },
      );
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return {
        refundId: refund.id,
        paymentId: input.paymentId,
        amount: refund.amount,
        status,
        ...(status === 'failed' ? { failure: providerFailure('card_error', 'refund_failed') } : {}),
      };
    } catch (error) {
      if (!isStripeError(error)) throw error;
      return { refundId: '', paymentId: input.paymentId, amount: input.amount, status: 'failed', failure: failureOfStripeError(error) };
    }
  }

  /**
   * Erasure: the Stripe customers of the person, found by email (`GET /v1/customers?email=`) and by
   * `metadata.userId` (the search API, where the account has it), each deleted
   * (`DELETE /v1/customers/{id}`). A customer already gone counts for nothing.
   */
  async deleteCustomer(input: DeleteCustomerInput): Promise<number> {
    const ids = new Set<string>();
    if (input.email) {
      for await (const customer of this.stripe.customers.list({ email: input.email, limit: 100 })) ids.add(customer.id);
    }
    const userId = input.userId.replace(/['\\]/g, '');
    try {
      for await (const customer of this.stripe.customers.search({ query: `metadata['userId']:'${userId}'`, limit: 100 })) ids.add(customer.id);
    } catch (error) {
      // Search is not offered to every account (nor by stripe-mock); the email finds what we made.
      if (!(isStripeError(error) && error.type === 'StripeInvalidRequestError')) throw error;
    }
    let deleted = 0;
    for (const id of ids) {
      try {
        if ((await this.stripe.customers.del(id)).deleted) deleted += 1;
      } catch (error) {
        if (!(isStripeError(error) && error.code === 'resource_missing')) throw error;
      }
    }
    return deleted;
  }

  parseWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent | undefined {
    if (!signature) throw new WebhookSignatureError(WEBHOOK_MESSAGES.noStripeSignature);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
      throw error;
    }
    const createdAt = new Date(event.created * 1000).toISOString();
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const failed = event.type === 'payment_intent.payment_failed';
        const error = intent.last_payment_error;
        return {
          id: event.id,
          type: failed ? 'payment.failed' : 'payment.succeeded',
          paymentId: intent.id,
          ...(intent.metadata?.purchaseId ? { purchaseId: intent.metadata.purchaseId } : {}),
          amount: intent.amount,
          currency: intent.currency.toUpperCase(),
          ...(failed ? { failure: providerFailure(error?.type ?? 'card_error', error?.code, error?.decline_code) } : {}),
          createdAt,
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        // A charge made outside a PaymentIntent is none of the order service's payments.
        if (!paymentId) return undefined;
        return {
          id: event.id,
          type: 'payment.refunded',
          paymentId,
          ...(charge.metadata?.purchaseId ? { purchaseId: charge.metadata.purchaseId } : {}),
          amount: charge.amount,
          currency: charge.currency.toUpperCase(),
          amountRefunded: charge.amount_refunded,
          createdAt,
        };
      }
      default:
        return undefined;
    }
  }

  private absolute(url: string): string | undefined {
    try {
      const resolved = this.options.publicUrl ? new URL(url, this.options.publicUrl) : new URL(url);
      return ['http:', 'https:'].includes(resolved.protocol) ? resolved.toString() : undefined;
    } catch {
      return undefined;
    }
  }
}
