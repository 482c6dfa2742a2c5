import type { Database } from '../db/database';
import { instrumentConsumer } from '../observability/events';
import type { Subscription } from './bus';
import { keepDeadLetter } from './dead-letters';
import { handleOnce, type EventEffect } from './inbox';

/** A service's consumer group: `<service>.<subscription>`, e.g. `support.account-emails`. */
export function consumerGroup(service: string, subscription: string): string {
  return `${service}.${subscription}`;
}

/**
 * The bus subscription of one of a service's consumer groups: the effect runs once per event id
 * (inbox), measured (observability/events.ts), each failure told to `onFailure`; an event the bus
 * gives up on is kept in the service's own `dead_letters`.
 */
export function serviceConsumer(
  service: string,
  db: Database,
  { group, types, effect }: { group: string; types: readonly string[]; effect: EventEffect },
  onFailure: (group: string, error: unknown) => void,
): Subscription {
  const consumer = consumerGroup(service, group);
  return {
    group: consumer,
    types,
    handler: instrumentConsumer(consumer, handleOnce(db, consumer, effect), (error) => onFailure(consumer, error)),
    deadLetter: (letter) => keepDeadLetter(db, consumer, letter),
  };
}
