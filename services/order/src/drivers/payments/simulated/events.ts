import { randomUUID } from 'node:crypto';
import { PolledQueue, claimDue, retryLater, type Logger } from '@inkwell/platform';
import type { PaymentEvent, PaymentEventType, PaymentFailure } from '../port';
import { PAYMENT_EVENTS, type EventRow, type SimulatedStore } from './store';

export type EventHandler = (event: PaymentEvent) => Promise<void>;

export interface DeliveryOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

/** A payment event as Stripe would send it about the payment's current state. */
export function paymentEvent(
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

/**
 * Delivers the processor's written events to the one handler set with `onEvent`, oldest first, at
 * least once: a handler that throws gets the event again later, with backoff (as Stripe retries a
 * webhook). Rows are claimed with SKIP LOCKED (the platform's polled queue), so replicas share the work.
 */
export class EventDelivery {
  private handler: EventHandler | undefined;
  private readonly queue: PolledQueue<EventRow>;

  constructor(
    private readonly store: SimulatedStore,
    private readonly logger: Logger,
    options: DeliveryOptions = {},
  ) {
    this.queue = new PolledQueue<EventRow>({
      db: store.db,
      logger,
      failureMessage: 'delivering simulated payment events failed',
      failureLevel: 'warn',
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      batchSize: options.batchSize ?? 100,
      backoff: { baseMs: options.baseBackoffMs ?? 500, maxMs: options.maxBackoffMs ?? 60_000 },
      claim: (tx, limit) => (this.handler ? claimDue<EventRow>(tx, PAYMENT_EVENTS, limit) : Promise.resolve([])),
      work: async (tx, rows) => {
        let delivered = 0;
        for (const row of rows) {
          try {
            await this.handler!(row.event);
            await this.store.markDelivered(tx, row.seq);
            delivered += 1;
          } catch (error) {
            const attempts = row.attempts + 1;
            const delayMs = this.queue.retryDelayMs(attempts);
            this.logger.warn({ err: error, eventId: row.event.id, attempts }, 'payment event handler failed; retrying later');
            await retryLater(tx, { table: PAYMENT_EVENTS.table, keyColumn: 'seq', key: row.seq, attempts, error, delayMs });
          }
        }
        return delivered;
      },
      unref: true,
    });
  }

  /** Sets the one subscriber and delivers what is waiting. */
  onEvent(handler: EventHandler): void {
    this.handler = handler;
    this.nudge();
  }

  /** Retries failed deliveries every `pollIntervalMs` until `stop`. */
  start(): void {
    this.queue.start();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Delivers due events now; answers how many were delivered. */
  async deliverPending(): Promise<number> {
    await this.store.ready();
    return this.queue.drain();
  }

  /** An event was written: deliver it now, started or not, once there is a handler. */
  nudge(): void {
    if (!this.handler) return;
    this.deliverPending().catch((error: unknown) => this.logger.warn({ err: error }, 'delivering simulated payment events failed'));
  }
}
