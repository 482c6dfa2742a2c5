import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, type Database, type Logger, type Queryable, type Transaction } from '@inkwell/platform';
import type { PaymentEvent, PaymentFailure, PaymentResult, PaymentStatus } from '../port';
import type { Decline } from './test-cards';

/** The processor's own tables, in their own schema: applied only when the simulated driver is picked. */
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../simulated-processor-migrations');

export interface PaymentRow {
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

export interface RefundRow {
  id: string;
  request_hash: string;
  payment_id: string;
  amount: number;
  status: 'succeeded' | 'failed';
}

export interface EventRow {
  seq: number;
  event: PaymentEvent;
  attempts: number;
}

export interface NewPayment {
  id: string;
  idempotencyKey: string;
  requestHash: string;
  result: PaymentResult;
  purchaseId: string;
  amount: number;
  currency: string;
  method: string;
  card: { brand: string; last4: string } | undefined;
  status: PaymentStatus;
  declineAfterAction: Decline | null;
  refundFails: boolean;
  failure: PaymentFailure | undefined;
  returnUrl: string;
  email: string | undefined;
}

export interface NewRefund extends RefundRow {
  idempotencyKey: string;
  reason: string | undefined;
}

const PAYMENT_COLUMNS =
  'id, request_hash, first_result, purchase_id, amount, currency, method, status, decline_after_action, refund_fails, failure, return_url, amount_refunded';

/** The simulated processor's SQL: its payments, refunds and the events it owes the order service. */
export class SimulatedStore {
  private prepared: Promise<void> | undefined;

  constructor(
    readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /** Creates the processor's schema on first use; every other call waits for it. */
  ready(): Promise<void> {
    this.prepared ??= migrate(this.db, 'simulated-processor', MIGRATIONS, this.logger).then(
      () => undefined,
      (error: unknown) => {
        this.prepared = undefined;
        throw error;
      },
    );
    return this.prepared;
  }

  async findByKey(key: string): Promise<PaymentRow | undefined> {
    const { rows } = await this.db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM simulated_processor.payments WHERE idempotency_key = $1`, [key]);
    return rows[0];
  }

  async findById(id: string): Promise<PaymentRow | undefined> {
    const { rows } = await this.db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM simulated_processor.payments WHERE id = $1`, [id]);
    return rows[0];
  }

  /** The payment, locked until the transaction ends: its lock orders every change of it. */
  async lockPayment(tx: Transaction, id: string): Promise<PaymentRow | undefined> {
    const { rows } = await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM simulated_processor.payments WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0];
  }

  /**
   * One statement: the payment and its event are written together, or not at all when another
   * call with the same key got there first (the unique key makes it wait for that one's commit).
   * Answers whether this call's payment was written.
   */
  async insertPayment(payment: NewPayment, event: PaymentEvent | undefined): Promise<boolean> {
    const { rows } = await this.db.query<{ inserted: number }>(
      `WITH payment AS (
         INSERT INTO simulated_processor.payments (id, idempotency_key, request_hash, first_result, purchase_id, amount, currency, method,
                                         card_brand, card_last4, status, decline_after_action, refund_fails, failure, return_url, email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id
       ), event AS (
         INSERT INTO simulated_processor.payment_events (id, payment_id, event)
         SELECT $17, id, $18 FROM payment WHERE $18::jsonb IS NOT NULL
       )
       SELECT count(*)::int AS inserted FROM payment`,
      [
        payment.id,
        payment.idempotencyKey,
        payment.requestHash,
        JSON.stringify(payment.result),
        payment.purchaseId,
        payment.amount,
        payment.currency,
        payment.method,
        payment.card?.brand ?? null,
        payment.card?.last4 ?? null,
        payment.status,
        payment.declineAfterAction && JSON.stringify(payment.declineAfterAction),
        payment.refundFails,
        payment.failure ? JSON.stringify(payment.failure) : null,
        payment.returnUrl,
        payment.email ?? null,
        event?.id ?? null,
        event ? JSON.stringify(event) : null,
      ],
    );
    return rows[0]!.inserted > 0;
  }

  async setStatus(tx: Transaction, id: string, status: PaymentStatus, failure: PaymentFailure | null): Promise<void> {
    await tx.query('UPDATE simulated_processor.payments SET status = $2, failure = $3, updated_at = now() WHERE id = $1', [id, status, failure && JSON.stringify(failure)]);
  }

  async setRefunded(tx: Transaction, id: string, amountRefunded: number): Promise<void> {
    await tx.query('UPDATE simulated_processor.payments SET amount_refunded = $2, updated_at = now() WHERE id = $1', [id, amountRefunded]);
  }

  async findRefundByKey(tx: Transaction, key: string): Promise<RefundRow | undefined> {
    const { rows } = await tx.query<RefundRow>('SELECT id, request_hash, payment_id, amount, status FROM simulated_processor.refunds WHERE idempotency_key = $1', [key]);
    return rows[0];
  }

  async insertRefund(tx: Transaction, refund: NewRefund): Promise<void> {
    await tx.query('INSERT INTO simulated_processor.refunds (id, idempotency_key, request_hash, payment_id, amount, reason, status) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      refund.id,
      refund.idempotencyKey,
      refund.request_hash,
      refund.payment_id,
      refund.amount,
      refund.reason ?? null,
      refund.status,
    ]);
  }

  async insertEvent(db: Queryable, paymentId: string, event: PaymentEvent): Promise<void> {
    await db.query('INSERT INTO simulated_processor.payment_events (id, payment_id, event) VALUES ($1, $2, $3)', [event.id, paymentId, JSON.stringify(event)]);
  }

  async markDelivered(tx: Transaction, seq: number): Promise<void> {
    await tx.query('UPDATE simulated_processor.payment_events SET delivered_at = now(), attempts = attempts + 1, last_error = NULL WHERE seq = $1', [seq]);
  }
}

/** Where the event queue's rows are, for the platform's polled queue. */
export const PAYMENT_EVENTS = {
  table: 'simulated_processor.payment_events',
  columns: 'seq, event, attempts',
  where: 'delivered_at IS NULL',
  orderBy: 'seq',
} as const;
