import type { EventEnvelope } from './envelope';

/** Handles one delivered event. Throwing asks the bus to deliver it again later. */
export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface Subscription {
  /**
   * Consumer group, e.g. `support.account-emails`. Every group receives each event once;
   * replicas of the same service share a group and split the work (Kafka consumer groups).
   */
  group: string;
  /** Event types this group wants. */
  types: readonly string[];
  handler: EventHandler;
}

/**
 * The event bus port. Drivers: `InProcessEventBus` (default, no settings) and `KafkaEventBus`
 * (chosen when `KAFKA_BROKERS` is set). Publishing is only ever done by the outbox relay, so a
 * publish that throws leaves the event in the outbox to be retried.
 */
export interface EventBus {
  readonly driver: string;
  /** Resolves once the event is durably accepted (in-process: handled by every subscribed group). */
  publish(event: EventEnvelope): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /** Starts delivery to the subscriptions registered so far. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Kafka topic of an event type: one topic per type. */
export function topicFor(type: string): string {
  return `inkwell.${type}`;
}
