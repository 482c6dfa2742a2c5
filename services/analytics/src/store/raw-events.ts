import type { Queryable } from '@inkwell/platform';

/** One storefront or reader event as kept in raw_events (its day partition). */
export interface RawEvent {
  day: string;
  eventId: string;
  channel: 'store' | 'reader' | 'cart';
  eventName: string;
  sessionId: string;
  userProxy: string;
  visitorHash: string | null;
  /** The page's path (PAGE_VIEW), the landing path (landing_page), else the path the client sent. */
  path: string | null;
  payload: Record<string, unknown>;
  occurredAt: string;
  isBot: boolean;
}

/**
 * Stores a batch in one statement (a multi-row INSERT); an event already stored (same day and id: a
 * retry) is skipped. With `queueRollups`, the same statement queues the events stored now for the
 * rollup applier (rollup_queue), so an event is stored and queued, or neither, without a
 * transaction's round trips. Answers the events stored now.
 */
export async function insertRawEvents(db: Queryable, events: readonly RawEvent[], options: { queueRollups?: boolean } = {}): Promise<RawEvent[]> {
  if (events.length === 0) return [];
  const { rows } = await db.query<{ day: string; event_id: string }>(
    `WITH stored AS (
       INSERT INTO raw_events (day, event_id, channel, event_name, session_id, user_proxy, visitor_hash, path, payload, occurred_at, is_bot)
       SELECT * FROM unnest($1::date[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::jsonb[], $10::timestamptz[], $11::boolean[])
       ON CONFLICT (day, event_id) DO NOTHING
       RETURNING day, event_id)
     ${options.queueRollups ? 'INSERT INTO rollup_queue (day, event_id) SELECT day, event_id FROM stored RETURNING' : 'SELECT'} to_char(day, 'YYYY-MM-DD') AS day, event_id::text
     ${options.queueRollups ? '' : 'FROM stored'}`,
    [
      events.map((e) => e.day),
      events.map((e) => e.eventId),
      events.map((e) => e.channel),
      events.map((e) => e.eventName),
      events.map((e) => e.sessionId),
      events.map((e) => e.userProxy),
      events.map((e) => e.visitorHash),
      events.map((e) => e.path),
      events.map((e) => JSON.stringify(e.payload)),
      events.map((e) => e.occurredAt),
      events.map((e) => e.isBot),
    ],
  );
  const stored = new Set(rows.map((row) => `${row.day}|${row.event_id}`));
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = `${e.day}|${e.eventId.toLowerCase()}`;
    if (!stored.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
