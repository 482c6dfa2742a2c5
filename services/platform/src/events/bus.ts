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
 * Deliveries of one event to one group before it is set aside as a dead letter with its error, so
 * a poison event does not hold back its key for ever; both drivers default to it.
 */
export const DEFAULT_MAX_DELIVERY_ATTEMPTS = 5;

/**
 * The event bus port. Drivers: `InProcessEventBus` (default: per-group queues in a Postgres
 * database of its own) and `KafkaEventBus` (chosen when `KAFKA_BROKERS` is set). Publishing is only
 * ever done by the outbox relay, so a publish that throws leaves the event in the outbox to be
 * retried. Either way a publish only hands the event over: consumers run later, each group taking
 * its events in per-key order, at least once.
 */
export interface EventBus {
  readonly driver: string;
  /** Resolves once the event is durably accepted; never waits for a consumer. */
  publish(event: EventEnvelope): Promise<void>;
  /** Accepts several events at once, all or none, in their order (the relay uses it when present). */
  publishBatch?(events: readonly EventEnvelope[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /** Starts delivery to the subscriptions registered so far. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves once the subscribed groups have nothing left to handle soon (for tests and scripts
   * that need what was published to have been consumed); drivers that cannot tell leave it out.
   */
  idle?(): Promise<void>;
}

/** Kafka topic of an event type: one topic per type. */
export function topicFor(type: string): string {
  return `inkwell.${type}`;
}
