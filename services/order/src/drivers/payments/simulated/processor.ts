import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { backoffMs, type Database, type Logger, type Queryable } from '@inkwell/platform';
import { paymentFailure } from '../messages';
import {
  PAYMENT_METHODS,
  PaymentNotFoundError,
  WebhookSignatureError,
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentFailure,
  type PaymentProcessor,
  type PaymentResult,
  type PaymentStatus,
  type RefundInput,
  type RefundResult,
} from '../port';
import { resolveCard, type Decline } from './test-cards';

/** Where `simulated-pages.ts` is mounted, as the browser reaches it through the gateway. */
export const SIMULATED_PAGES_PATH = '/api/order/simulated-provider';

/** Stripe's limit: amounts of at most eight digits. */
const MAX_AMOUNT = 99_999_999;
/** Signed events older than this are refused as replays (Stripe's default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export type EventHandler = (event: PaymentEvent) => Promise<void>;

export interface SimulatedProcessorOptions {
  db: Database;
  logger: Logger;
  /** Base of the provider pages' URL (default SIMULATED_PAGES_PATH). */
  pagesUrl?: string;
  /** Signs the events `signEvent` hands out; random per process when not given. */
  webhookSecret?: string;
  delivery?: { pollIntervalMs?: number; batchSize?: number; baseBackoffMs?: number; maxBackoffMs?: number };
}

interface PaymentRow {
  id: string;
  request_hash: string;
  first_result: PaymentResult;
  purchase_id: string;
  amount: number;
  currency: string;
  method: string;
  status: PaymentStatus;
  decline_after_action: Decline | null;
  refund_fails: boolean;
  failure: PaymentFailure | null;
  return_url: string;
  amount_refunded: number;
}

interface RefundRow {
  id: string;
  request_hash: string;
  payment_id: string;
  amount: number;
  status: 'succeeded' | 'failed';
}

const PAYMENT_COLUMNS =
  'id, request_hash, first_result, purchase_id, amount, currency, method, status, decline_after_action, refund_fails, failure, return_url, amount_refunded';

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Nothing is recorded for a request the processor refuses outright, as with Stripe's 400s. */
function refused(input: { amount: number; currency: string }, kind: 'InvalidRequestError' | 'IdempotencyError', code: string): PaymentResult {
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

/**
 * The embedded card processor: Stripe's test mode, kept in the order database (002_payments.sql).
 * Test cards and Stripe's test PaymentMethod ids behave as in Stripe (test-cards.ts); the extra
 * authentication step and wallets answer requires_action with a redirect to the local provider page
 * (simulated-pages.ts).
 *
 * Events: each change writes its event in the same transaction, and the processor delivers it to
 * the one handler set with `onEvent` at least once, retrying with backoff until the handler
 * succeeds (as Stripe retries a webhook): after each change at once, every `pollIntervalMs` while
 * started, and whenever `deliverPendingEvents` is called (the order service's sweeper). Events of
 * one payment may arrive out of order, as Stripe's do; payment.refunded carries the running total.
 */
export class SimulatedPaymentProcessor implements PaymentProcessor {
  readonly kind = 'simulated' as const;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly pagesUrl: string;
  private readonly webhookSecret: string;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;
  private handler: EventHandler | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<number> | undefined;
  private again = false;

  constructor(options: SimulatedProcessorOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.pagesUrl = (options.pagesUrl ?? SIMULATED_PAGES_PATH).replace(/\/$/, '');
    this.webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex');
    this.pollIntervalMs = options.delivery?.pollIntervalMs ?? 1000;
    this.batchSize = options.delivery?.batchSize ?? 100;
    this.baseBackoffMs = options.delivery?.baseBackoffMs ?? 500;
    this.maxBackoffMs = options.delivery?.maxBackoffMs ?? 60_000;
  }

  publicConfig() {
    return { provider: 'simulated' as const };
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    const problem = createPaymentProblem(input);
    if (problem) return refused(input, 'InvalidRequestError', problem);
    const currency = input.currency.toUpperCase();
    const requestHash = sha256([input.purchaseId, input.amount, currency, input.method, input.paymentMethodId ?? null, input.returnUrl, input.email ?? null]);

    const earlier = await this.findByKey(this.db, input.idempotencyKey);
    if (earlier) return this.replay(earlier, requestHash, input);

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
    const event = eventType && this.eventOf(eventType, { id, purchaseId: input.purchaseId, amount: input.amount, currency, failure });

    // One statement: the payment and its event are written together, or not at all when another
    // call with the same key got there first (the unique key makes it wait for that one's commit).
    const { rows } = await this.db.query<{ inserted: number }>(
      `WITH payment AS (
         INSERT INTO simulated_payments (id, idempotency_key, request_hash, first_result, purchase_id, amount, currency, method,
                                         card_brand, card_last4, status, decline_after_action, refund_fails, failure, return_url, email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id
       ), event AS (
         INSERT INTO simulated_payment_events (id, payment_id, event)
         SELECT $17, id, $18 FROM payment WHERE $18::jsonb IS NOT NULL
       )
       SELECT count(*)::int AS inserted FROM payment`,
      [
        id,
        input.idempotencyKey,
        requestHash,
        JSON.stringify(result),
        input.purchaseId,
        input.amount,
        currency,
        input.method,
        card?.brand ?? null,
        card?.last4 ?? null,
        status,
        declineAfterAction && JSON.stringify(declineAfterAction),
        refundFails,
        failure ? JSON.stringify(failure) : null,
        input.returnUrl,
        input.email ?? null,
        event?.id ?? null,
        event ? JSON.stringify(event) : null,
      ],
    );
    if (rows[0]!.inserted === 0) {
      const winner = await this.findByKey(this.db, input.idempotencyKey);
      return this.replay(winner!, requestHash, input);
    }
    if (event) this.nudge();
    return result;
  }

  async retrievePayment(paymentId: string): Promise<PaymentResult> {
    const row = await this.findById(this.db, paymentId);
    if (!row) throw new PaymentNotFoundError(paymentId);
    return this.resultOf(row);
  }

  /** What the provider page shows of a payment; undefined for an unknown id. */
  async describe(paymentId: string): Promise<{ payment: PaymentResult; method: string; returnUrl: string } | undefined> {
    const row = await this.findById(this.db, paymentId);
    if (!row) return undefined;
    const payment = this.resultOf(row);
    return { payment, method: row.method, returnUrl: returnUrlFor(row.return_url, row.id, payment.status) };
  }

  /**
   * The shopper's answer on the provider page (simulated-pages.ts): authorise or fail a payment
   * waiting for it. A payment no longer waiting is left as it is, so a second click or a reload of
   * the form changes nothing. Answers the payment and where to send the browser back.
   */
  async completeAction(paymentId: string, decision: 'authorise' | 'fail'): Promise<{ payment: PaymentResult; returnUrl: string }> {
    let changed = false;
    const row = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM simulated_payments WHERE id = $1 FOR UPDATE`, [paymentId]);
      const payment = rows[0];
      if (!payment) throw new PaymentNotFoundError(paymentId);
      if (payment.status !== 'requires_action') return payment;
      let failure: PaymentFailure | null = null;
      if (decision === 'fail') {
        failure = paymentFailure('CardError', payment.method === 'Card' ? 'payment_intent_authentication_failure' : 'payment_method_provider_decline');
      } else if (payment.decline_after_action) {
        failure = paymentFailure('CardError', payment.decline_after_action.code, payment.decline_after_action.declineCode);
      }
      const status: PaymentStatus = failure ? 'failed' : 'succeeded';
      const event = this.eventOf(failure ? 'payment.failed' : 'payment.succeeded', {
        id: payment.id,
        purchaseId: payment.purchase_id,
        amount: payment.amount,
        currency: payment.currency,
        failure: failure ?? undefined,
      });
      await tx.query('UPDATE simulated_payments SET status = $2, failure = $3, updated_at = now() WHERE id = $1', [paymentId, status, failure && JSON.stringify(failure)]);
      await this.insertEvent(tx, payment.id, event);
      changed = true;
      return { ...payment, status, failure };
    });
    if (changed) this.nudge();
    const payment = this.resultOf(row);
    return { payment, returnUrl: returnUrlFor(row.return_url, row.id, payment.status) };
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
    const requestHash = sha256([input.paymentId, input.amount, input.reason ?? null]);

    const attempt = () =>
      this.db.transaction(async (tx): Promise<{ result: RefundResult; event: boolean }> => {
        // The payment's lock orders every refund of it, so two never pass the limit together.
        const { rows } = await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM simulated_payments WHERE id = $1 FOR UPDATE`, [input.paymentId]);
        const earlier = await tx.query<RefundRow>('SELECT id, request_hash, payment_id, amount, status FROM simulated_refunds WHERE idempotency_key = $1', [
          input.idempotencyKey,
        ]);
        if (earlier.rows[0]) {
          const refund = earlier.rows[0];
          if (refund.request_hash !== requestHash) return { result: refusal('IdempotencyError', 'idempotency_error'), event: false };
          return { result: this.refundResultOf(refund), event: false };
        }
        const payment = rows[0];
        if (!payment) return { result: refusal('InvalidRequestError', 'resource_missing'), event: false };
        if (payment.status !== 'succeeded') return { result: refusal('InvalidRequestError', 'payment_intent_unexpected_state'), event: false };
        const left = payment.amount - payment.amount_refunded;
        if (left === 0) return { result: refusal('InvalidRequestError', 'charge_already_refunded'), event: false };
        if (input.amount > left) return { result: refusal('InvalidRequestError', 'amount_too_large'), event: false };

        const refund: RefundRow = {
          id: `re_sim_${randomBytes(18).toString('base64url')}`,
          request_hash: requestHash,
          payment_id: payment.id,
          amount: input.amount,
          status: payment.refund_fails ? 'failed' : 'succeeded',
        };
        await tx.query('INSERT INTO simulated_refunds (id, idempotency_key, request_hash, payment_id, amount, reason, status) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          refund.id,
          input.idempotencyKey,
          requestHash,
          payment.id,
          refund.amount,
          input.reason ?? null,
          refund.status,
        ]);
        if (refund.status === 'failed') return { result: this.refundResultOf(refund), event: false };
        const amountRefunded = payment.amount_refunded + refund.amount;
        await tx.query('UPDATE simulated_payments SET amount_refunded = $2, updated_at = now() WHERE id = $1', [payment.id, amountRefunded]);
        await this.insertEvent(
          tx,
          payment.id,
          this.eventOf('payment.refunded', { id: payment.id, purchaseId: payment.purchase_id, amount: payment.amount, currency: payment.currency, amountRefunded }),
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
    if (outcome.event) this.nudge();
    return outcome.result;
  }

  /** The signed body and `inkwell-signature` header of an event, as a webhook would carry them. */
  signEvent(event: PaymentEvent, timestamp = Math.floor(Date.now() / 1000)): { body: string; signature: string } {
    const body = JSON.stringify(event);
    return { body, signature: `t=${timestamp},v1=${this.hmac(`${timestamp}.${body}`)}` };
  }

  parseWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent {
    if (!signature) throw new WebhookSignatureError('The event carries no signature.');
    const parts = new Map(signature.split(',').map((part) => part.split('=', 2) as [string, string]));
    const timestamp = Number(parts.get('t'));
    const given = parts.get('v1');
    if (!Number.isSafeInteger(timestamp) || !given) throw new WebhookSignatureError('The event signature is malformed.');
    const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    const expected = Buffer.from(this.hmac(`${timestamp}.${body}`), 'hex');
    const actual = Buffer.from(given, 'hex');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new WebhookSignatureError('The event signature does not match.');
    if (Math.abs(Date.now() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('The event is older than the tolerance: a replay.');
    return JSON.parse(body) as PaymentEvent;
  }

  /** Sets the one subscriber to payment events and delivers what is waiting. */
  onEvent(handler: EventHandler): void {
    this.handler = handler;
    this.nudge();
  }

  /** Retries failed deliveries every `pollIntervalMs` until `stop`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.nudge(), this.pollIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.draining;
  }

  /**
   * Delivers due events to the handler, oldest first; answers how many were delivered. One drain
   * runs at a time per process; rows are claimed with SKIP LOCKED so replicas share the work.
   */
  deliverPendingEvents(): Promise<number> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private nudge(): void {
    if (!this.handler) return;
    this.deliverPendingEvents().catch((error: unknown) => this.logger.warn({ err: error }, 'delivering simulated payment events failed'));
  }

  private async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      this.again = false;
      const handler = this.handler;
      if (!handler) return delivered;
      const batch = await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ seq: number; event: PaymentEvent; attempts: number }>(
          `SELECT seq, event, attempts FROM simulated_payment_events
           WHERE delivered_at IS NULL AND next_attempt_at <= now()
           ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.batchSize],
        );
        for (const row of rows) {
          try {
            await handler(row.event);
            await tx.query('UPDATE simulated_payment_events SET delivered_at = now(), attempts = attempts + 1, last_error = NULL WHERE seq = $1', [row.seq]);
            delivered += 1;
          } catch (error) {
            const delay = backoffMs(row.attempts + 1, this.baseBackoffMs, this.maxBackoffMs);
            this.logger.warn({ err: error, eventId: row.event.id, attempts: row.attempts + 1 }, 'payment event handler failed; retrying later');
            await tx.query(
              `UPDATE simulated_payment_events SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + $3 * interval '1 millisecond' WHERE seq = $1`,
              [row.seq, String(error instanceof Error ? error.message : error), delay],
            );
          }
        }
        return rows.length;
      });
      if (batch < this.batchSize && !this.again) return delivered;
    }
  }

  private hmac(payload: string): string {
    return createHmac('sha256', this.webhookSecret).update(payload).digest('hex');
  }

  private replay(row: PaymentRow, requestHash: string, input: CreatePaymentInput): PaymentResult {
    if (row.request_hash !== requestHash) return refused(input, 'IdempotencyError', 'idempotency_error');
    return row.first_result;
  }

  private async findByKey(db: Queryable, key: string): Promise<PaymentRow | undefined> {
    const { rows } = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM simulated_payments WHERE idempotency_key = $1`, [key]);
    return rows[0];
  }

  private async findById(db: Queryable, id: string): Promise<PaymentRow | undefined> {
    const { rows } = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM simulated_payments WHERE id = $1`, [id]);
    return rows[0];
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

  private eventOf(
    type: PaymentEventType,
    payment: { id: string; purchaseId: string; amount: number; currency: string; failure?: PaymentFailure; amountRefunded?: number },
  ): PaymentEvent {
    return {
      id: `evt_sim_${randomUUID()}`,
      type,
      paymentId: payment.id,
      purchaseId: payment.purchaseId,
      amount: payment.amount,
      currency: payment.currency,
      ...(payment.amountRefunded !== undefined ? { amountRefunded: payment.amountRefunded } : {}),
      ...(payment.failure ? { failure: payment.failure } : {}),
      createdAt: new Date().toISOString(),
    };
  }

  private async insertEvent(db: Queryable, paymentId: string, event: PaymentEvent): Promise<void> {
    await db.query('INSERT INTO simulated_payment_events (id, payment_id, event) VALUES ($1, $2, $3)', [event.id, paymentId, JSON.stringify(event)]);
  }
}
