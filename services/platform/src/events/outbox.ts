import { trace } from '@opentelemetry/api';
import type { Transaction } from '../db/database';
import { currentTraceparent } from '../observability/propagation';
import { assertEventData } from './catalogue';
import { createEnvelope, type EventEnvelope, type NewEvent } from './envelope';

/**
 * Writes a change's integration events into the outbox table inside the change's own transaction:
 * the events exist exactly when the change commits. After the commit the relay is nudged so
 * delivery does not wait for its next poll. Each row keeps the `traceparent` of the span active while
 * it was written (none with tracing off), so the relay's publish continues the same trace.
 */
export class Outbox {
  constructor(
    private readonly source: string,
    private readonly onCommitted: () => void = () => undefined,
  ) {}

  async add(tx: Transaction, ...events: NewEvent[]): Promise<EventEnvelope[]> {
    const envelopes = events.map((event) => {
      assertEventData(event.type, event.data);
      return createEnvelope(this.source, event);
    });
    // With tracing off no span is ever active: nothing to write down, nothing serialised.
    const traceparent = trace.getActiveSpan() ? (currentTraceparent() ?? null) : null;
    for (const envelope of envelopes) {
      await tx.query(
        `INSERT INTO outbox (id, type, version, occurred_at, source, key, data, trace_context)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [envelope.id, envelope.type, envelope.version, envelope.occurredAt, envelope.source, envelope.key, JSON.stringify(envelope.data), traceparent],
      );
    }
    tx.afterCommit(this.onCommitted);
    return envelopes;
  }
}
