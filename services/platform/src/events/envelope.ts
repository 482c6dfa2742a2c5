import { randomUUID } from 'node:crypto';

/**
 * An integration event as it travels between services: written to the outbox, published on the
 * bus (one Kafka topic per `type`, keyed by `key`) and recorded by each consumer's inbox.
 */
export interface EventEnvelope<TData = unknown> {
  /** uuid, unique per event; consumers de-duplicate on it. */
  id: string;
  /** Dotted and past tense: `order.completed`, `product.published`. */
  type: string;
  /** Schema version of `data` for this type. */
  version: number;
  /** ISO-8601 time the change happened. */
  occurredAt: string;
  /** The service that owns the change. */
  source: string;
  /** The aggregate id: Kafka partition key, so one aggregate's events stay in order. */
  key: string;
  data: TData;
}

export interface NewEvent<TData = unknown> {
  type: string;
  key: string;
  data: TData;
  version?: number;
}

export function createEnvelope<TData>(source: string, event: NewEvent<TData>, now: Date = new Date()): EventEnvelope<TData> {
  return {
    id: randomUUID(),
    type: event.type,
    version: event.version ?? 1,
    occurredAt: now.toISOString(),
    source,
    key: event.key,
    data: event.data,
  };
}
