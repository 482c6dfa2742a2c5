import type { Database, Transaction } from '../db/database';
import type { EventHandler } from './bus';
import type { EventEnvelope } from './envelope';

/** The effect of an event on a consumer's own data, run inside the consumer's transaction. */
export type EventEffect = (tx: Transaction, event: EventEnvelope) => Promise<void>;

/**
 * Wraps an effect so it happens once per event id for `consumer`: the inbox row and the effect
 * commit together, and a redelivered event finds its row and does nothing. Two deliveries racing
 * each other serialise on the inbox primary key.
 */
export function handleOnce(db: Database, consumer: string, effect: EventEffect): EventHandler {
  return async (event) => {
    await db.transaction(async (tx) => {
      const recorded = await tx.query('INSERT INTO inbox (consumer, event_id, event_type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        consumer,
        event.id,
        event.type,
      ]);
      if (recorded.rowCount === 0) return;
      await effect(tx, event);
    });
  };
}
