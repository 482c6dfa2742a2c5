import { randomBytes } from 'node:crypto';
import type { Database, Logger } from '@inkwell/platform';
import { paymentFailure } from '../messages';
import {
  PaymentNotFoundError,
  type CreatePaymentInput,
  type DeleteCustomerInput,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentFailure,
  type PaymentProcessor,
  type PaymentResult,
  type PaymentStatus,
  type RefundInput,
  type RefundResult,
} from '../port';
import { EventDelivery, paymentEvent, type DeliveryOptions, type EventHandler } from './events';
import { createPaymentProblem, refused, requestHash, returnUrlFor } from './requests';
import { SimulatedStore, type PaymentRow, type RefundRow } from './store';
import { resolveCard, type Decline } from './test-cards';
import { signEvent, verifiedEvent } from './webhook-signature';

export type { EventHandler } from './events';

/** Where the provider pages (pages.ts) are mounted, as the browser reaches them through the gateway. */
export const SIMULATED_PAGES_PATH = '/api/order/simulated-provider';

export interface SimulatedProcessorOptions {
  db: Database;
  logger: Logger;
  /** Base of the provider pages' URL (default SIMULATED_PAGES_PATH). */
  pagesUrl?: string;
  /** Signs the events `signEvent` hands out; random per process when not given. */
  webhookSecret?: string;
  delivery?: DeliveryOptions;
}

/**
 * The embedded card processor: Stripe's test mode, kept in the order database in a schema of its
 * own (store.ts), created on first use. Test cards and Stripe's test PaymentMethod ids behave as in
 * Stripe (test-cards.ts); the extra authentication step and wallets answer requires_action with a
 * redirect to the local provider page (pages.ts).
 *
 * Events: each change writes its event in the same transaction, and the processor delivers it to
 * the one handler set with `onEvent` at least once, retrying with backoff until the handler
 * succeeds (events.ts, as Stripe retries a webhook): after each change at once, every
 * `pollIntervalMs` while started, and whenever `deliverPendingEvents` is called (the order
 * service's sweeper). Events of one payment may arrive out of order, as Stripe's do;
 * payment.refunded carries the running total.
 */
export class SimulatedPaymentProcessor implements PaymentProcessor {
  readonly kind = 'simulated' as const;
  private readonly store: SimulatedStore;
  private readonly events: EventDelivery;
  private readonly pagesUrl: string;
  private readonly webhookSecret: string;

  constructor(options: SimulatedProcessorOptions) {
    this.store = new SimulatedStore(options.db, options.logger);
    this.events = new EventDelivery(this.store, options.logger, options.delivery);
    this.pagesUrl = (options.pagesUrl ?? SIMULATED_PAGES_PATH).replace(/\/$/, '');
    this.webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex');
  }

  /** Creates the processor's tables when they are missing (every call also waits for this). */
  prepare(): Promise<void> {
    return this.store.ready();
  }

  publicConfig() {
    return { provider: 'simulated' as const };
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    const problem = createPaymentProblem(input);
    if (problem) return refused(input, 'InvalidRequestError', problem);
    await this.store.ready();
    const currency = input.currency.toUpperCase();
    const hash = requestHash([input.purchaseId, input.amount, currency, input.method, input.paymentMethodId ?? null, input.returnUrl, input.email ?? null]);

    const earlier = await this.store.findByKey(input.idempotencyKey);
    if (earlier) return this.replay(earlier, hash, input);

    let card: { brand: string; last4: string } | undefined;
    let status: PaymentStatus;
    let failure: PaymentFailure | undefined;
    let declineAfterAction: Decline | null = null;
    let refundFails = false;
    if (input.method === 'Card') {
      const resolved = resolveCard(input.paymentMethodId!);
      if (!resolved.found) return refused(input, 'InvalidRequestError', 'resource_missing');
      card = { brand: resolved.brand, last4: resolved.last4 };
      const { outcome } = resolved;
      if (outcome.kind === 'succeed') {
        status = 'succeeded';
        refundFails = outcome.refundFails === true;
      } else if (outcome.kind === 'decline') {
        status = 'failed';
        failure = paymentFailure('CardError', outcome.decline.code, outcome.decline.declineCode);
      } else {
        status = 'requires_action';
        if (outcome.then.kind === 'decline') declineAfterAction = outcome.then.decline;
      }
    } else {
      // Wallets: the shopper approves the payment on the provider's page.
      status = 'requires_action';
    }

    const id = `pi_sim_${randomBytes(18).toString('base64url')}`;
    const result: PaymentResult = {
      paymentId: id,
      status,
      amount: input.amount,
      currency,
      ...(status === 'requires_action' ? { nextAction: { type: 'redirect' as const, url: `${this.pagesUrl}/${id}` } } : {}),
      ...(failure ? { failure } : {}),
    };
    const eventType: PaymentEventType | undefined = status === 'succeeded' ? 'payment.succeeded' : status === 'failed' ? 'payment.failed' : undefined;
    const event = eventType && paymentEvent(eventType, { id, purchaseId: input.purchaseId, amount: input.amount, currency, failure });

    const inserted = await this.store.insertPayment(
      {
        id,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        result,
        purchaseId: input.purchaseId,
        amount: input.amount,
        currency,
        method: input.method,
        card,
        status,
        declineAfterAction,
        refundFails,
        failure,
        returnUrl: input.returnUrl,
        email: input.email,
      },
      event,
    );
    if (!inserted) {
      const winner = await this.store.findByKey(input.idempotencyKey);
      return this.replay(winner!, hash, input);
    }
    if (event) this.events.nudge();
    return result;
  }

  async retrievePayment(paymentId: string): Promise<PaymentResult> {
    await this.store.ready();
    const row = await this.store.findById(paymentId);
    if (!row) throw new PaymentNotFoundError(paymentId);
    return this.resultOf(row);
  }

  /** What the provider page shows of a payment; undefined for an unknown id. */
  async describe(paymentId: string): Promise<{ payment: PaymentResult; method: string; returnUrl: string } | undefined> {
    await this.store.ready();
    const row = await this.store.findById(paymentId);
    if (!row) return undefined;
    const payment = this.resultOf(row);
    return { payment, method: row.method, returnUrl: returnUrlFor(row.return_url, row.id, payment.status) };
  }

  /**
   * The shopper's answer on the provider page (pages.ts): authorise or fail a payment waiting for
   * it. A payment no longer waiting is left as it is, so a second click or a reload of the form
   * changes nothing. Answers the payment and where to send the browser back.
   */
  async completeAction(paymentId: string, decision: 'authorise' | 'fail'): Promise<{ payment: PaymentResult; returnUrl: string }> {
    await this.store.ready();
    let changed = false;
    const row = await this.store.db.transaction(async (tx) => {
      const payment = await this.store.lockPayment(tx, paymentId);
      if (!payment) throw new PaymentNotFoundError(paymentId);
      if (payment.status !== 'requires_action') return payment;
      let failure: PaymentFailure | null = null;
      if (decision === 'fail') {
        failure = paymentFailure('CardError', payment.method === 'Card' ? 'payment_intent_authentication_failure' : 'payment_method_provider_decline');
      } else if (payment.decline_after_action) {
        failure = paymentFailure('CardError', payment.decline_after_action.code, payment.decline_after_action.declineCode);
      }
      const status: PaymentStatus = failure ? 'failed' : 'succeeded';
      const event = paymentEvent(failure ? 'payment.failed' : 'payment.succeeded', {
        id: payment.id,
        purchaseId: payment.purchase_id,
        amount: payment.amount,
        currency: payment.currency,
        failure: failure ?? undefined,
      });
      await this.store.setStatus(tx, paymentId, status, failure);
      await this.store.insertEvent(tx, payment.id, event);
      changed = true;
      return { ...payment, status, failure };
    });
    if (changed) this.events.nudge();
    const payment = this.resultOf(row);
    return { payment, returnUrl: returnUrlFor(row.return_url, row.id, payment.status) };
  }

  /**
   * Erasure: the simulated processor keeps no customers, only the email given with each payment;
   * those of `email` are anonymised (null). Answers how many payments it changed.
   */
  async deleteCustomer(input: DeleteCustomerInput): Promise<number> {
    if (!input.email) return 0;
    await this.store.ready();
    const { rowCount } = await this.store.db.query('UPDATE simulated_processor.payments SET email = NULL, updated_at = now() WHERE lower(email) = lower($1)', [input.email]);
    return rowCount ?? 0;
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const refusal = (kind: 'InvalidRequestError' | 'IdempotencyError', code: string): RefundResult => ({
      refundId: '',
      paymentId: input.paymentId,
      amount: input.amount,
      status: 'failed',
      failure: paymentFailure(kind, code),
    });
    if (!Number.isSafeInteger(input.amount)) return refusal('InvalidRequestError', 'parameter_invalid_integer');
    if (input.amount <= 0) return refusal('InvalidRequestError', 'amount_too_small');
    if (typeof input.idempotencyKey !== 'string' || input.idempotencyKey.length === 0 || input.idempotencyKey.length > 255) {
      return refusal('InvalidRequestError', 'idempotency_key_invalid');
    }
    await this.store.ready();
    const hash = requestHash([input.paymentId, input.amount, input.reason ?? null]);

    const attempt = () =>
      this.store.db.transaction(async (tx): Promise<{ result: RefundResult; event: boolean }> => {
        // The payment's lock orders every refund of it, so two never pass the limit together.
        const payment = await this.store.lockPayment(tx, input.paymentId);
        const earlier = await this.store.findRefundByKey(tx, input.idempotencyKey);
        if (earlier) {
          if (earlier.request_hash !== hash) return { result: refusal('IdempotencyError', 'idempotency_error'), event: false };
          return { result: this.refundResultOf(earlier), event: false };
        }
        if (!payment) return { result: refusal('InvalidRequestError', 'resource_missing'), event: false };
        if (payment.status !== 'succeeded') return { result: refusal('InvalidRequestError', 'payment_intent_unexpected_state'), event: false };
        const left = payment.amount - payment.amount_refunded;
        if (left === 0) return { result: refusal('InvalidRequestError', 'charge_already_refunded'), event: false };
        if (input.amount > left) return { result: refusal('InvalidRequestError', 'amount_too_large'), event: false };

        const refund: RefundRow = {
          id: `re_sim_${randomBytes(18).toString('base64url')}`,
          request_hash: hash,
          payment_id: payment.id,
          amount: input.amount,
          status: payment.refund_fails ? 'failed' : 'succeeded',
        };
        await this.store.insertRefund(tx, { ...refund, idempotencyKey: input.idempotencyKey, reason: input.reason });
        if (refund.status === 'failed') return { result: this.refundResultOf(refund), event: false };
        const amountRefunded = payment.amount_refunded + refund.amount;
        await this.store.setRefunded(tx, payment.id, amountRefunded);
        await this.store.insertEvent(
          tx,
          payment.id,
          paymentEvent('payment.refunded', { id: payment.id, purchaseId: payment.purchase_id, amount: payment.amount, currency: payment.currency, amountRefunded }),
        );
        return { result: this.refundResultOf(refund), event: true };
      });

    let outcome: { result: RefundResult; event: boolean };
    try {
      outcome = await attempt();
    } catch (error) {
      // The same key, used at the same moment for a refund of another payment: that one is
      // committed now, and the repeat finds it (and refuses, as its request differs).
      if ((error as { code?: string }).code !== '23505') throw error;
      outcome = await attempt();
    }
    if (outcome.event) this.events.nudge();
    return outcome.result;
  }

  /** The signed body and `inkwell-signature` header of an event, as a webhook would carry them. */
  signEvent(event: PaymentEvent, timestamp = Math.floor(Date.now() / 1000)): { body: string; signature: string } {
    return signEvent(this.webhookSecret, event, timestamp);
  }

  parseWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent {
    return verifiedEvent(this.webhookSecret, rawBody, signature);
  }

  /** Sets the one subscriber to payment events and delivers what is waiting. */
  onEvent(handler: EventHandler): void {
    this.events.onEvent(handler);
  }

  /** Retries failed deliveries every `pollIntervalMs` until `stop`. */
  start(): void {
    this.events.start();
  }

  stop(): Promise<void> {
    return this.events.stop();
  }

  /**
   * Delivers due events to the handler, oldest first; answers how many were delivered. One drain
   * runs at a time per process; rows are claimed with SKIP LOCKED so replicas share the work.
   */
  deliverPendingEvents(): Promise<number> {
    return this.events.deliverPending();
  }

  private replay(row: PaymentRow, hash: string, input: CreatePaymentInput): PaymentResult {
    if (row.request_hash !== hash) return refused(input, 'IdempotencyError', 'idempotency_error');
    return row.first_result;
  }

  private resultOf(row: PaymentRow): PaymentResult {
    return {
      paymentId: row.id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      ...(row.status === 'requires_action' ? { nextAction: { type: 'redirect' as const, url: `${this.pagesUrl}/${row.id}` } } : {}),
      ...(row.failure ? { failure: row.failure } : {}),
    };
  }

  private refundResultOf(row: RefundRow): RefundResult {
    return {
      refundId: row.id,
      paymentId: row.payment_id,
      amount: row.amount,
      status: row.status,
      ...(row.status === 'failed' ? { failure: paymentFailure('CardError', 'refund_failed') } : {}),
    };
  }
}
