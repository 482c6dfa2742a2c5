import type { EventEnvelope, Queryable } from '@inkwell/platform';
import { storableEvent } from './erasure';

/** Keeps a copy of the event; one about an erased person is kept without them (store/erasure.ts). */
export async function insertDomainEvent(db: Queryable, received: EventEnvelope): Promise<void> {
  const event = await storableEvent(db, received);
  await db.query(
    `INSERT INTO domain_events (event_id, type, source, key, occurred_at, data) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (event_id) DO NOTHING`,
    [event.id, event.type, event.source, event.key, event.occurredAt, JSON.stringify(event.data)],
  );
}
