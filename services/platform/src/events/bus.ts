import type { EventEnvelope } from './envelope';
import type { TraceCarrier } from './tracing';

/** Handles one delivered event. Throwing asks the bus to deliver it again later. */
export type EventHandler = (event: EventEnvelope) => Promise<void>;

/** An event a group's handler failed on `attempts` times, the last time with `error`. */
export interface DeadLetter {
  event: EventEnvelope;
  /** `<error class>: <message>`, at most 2000 characters. */
  error: string;
  attempts: number;
}

export interface Subscription {
  /**
   * Consumer group, e.g. `support.account-emails`. Every group receives each event once;
   * replicas of the same service share a group and split the work (Kafka consumer groups).
   */
  group: string;
  /** Event types this group wants. */
  types: readonly string[];
  handler: EventHandler;
  /**
   * Takes an event the bus gives up on (after its delivery attempts) into the group's own keeping,
   * e.g. the service's `dead_letters` table; once it resolves the bus moves on. Without it, or when
   * it throws, the bus keeps its own dead letter (`npm run events:redrive` brings those back).
   */
  deadLetter?(letter: DeadLetter): Promise<void>;
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
  /**
   * Resolves once the event is durably accepted; never waits for a consumer. `trace` is the W3C
   * trace context of its publish span, handed to consumers beside the event (events/tracing.ts).
   */
  publish(event: EventEnvelope, trace?: TraceCarrier): Promise<void>;
  /**
   * Accepts several events at once, all or none, in their order (the relay uses it when present);
   * `traces[i]` is the trace context of `events[i]`, if any.
   */
  publishBatch?(events: readonly EventEnvelope[], traces?: readonly (TraceCarrier | undefined)[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /** Starts delivery to the subscriptions registered so far. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves once the subscribed groups have nothing left to handle soon (for tests and scripts
   * that need what was published to have been consumed); drivers that cannot tell leave it out.
   */
  idle?(): Promise<void>;
  /**
   * Events published and not yet handled, per group asked for: null for a group the driver cannot
   * tell about right now. For the consumer-lag metric and the System area.
   */
  lag?(groups: readonly string[]): Promise<Map<string, number | null>>;
  /** Throws when the bus cannot reach its store or broker (the System area's health check). */
  ping?(): Promise<void>;
}

/** Kafka topic of an event type: one topic per type. */
export function topicFor(type: string): string {
  return `inkwell.${type}`;
}

/** How a handler's failure is written down with a dead letter: class and message, never a stack. */
export function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
}

/**
 * Gives a dead letter to the subscription's own keeping; false when it has none or that failed (the
 * bus then keeps the dead letter itself).
 */
export async function handedOver(subscription: Subscription, letter: DeadLetter, logger: { error(fields: object, message?: string): void }): Promise<boolean> {
  if (!subscription.deadLetter) return false;
  try {
    await subscription.deadLetter(letter);
    return true;
  } catch (error) {
    logger.error({ group: subscription.group, eventId: letter.event.id, type: letter.event.type, err: error }, "Keeping a dead letter in the group's store failed; the bus keeps it instead");
    return false;
  }
}
