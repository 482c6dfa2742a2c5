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
 * Stores a batch in one multi-row INSERT; an event already stored (same day and id: a retry) is
 * skipped. Answers the events stored now, for the rollups.
 */
export async function insertRawEvents(db: Queryable, events: readonly RawEvent[]): Promise<RawEvent[]> {
  if (events.length === 0) return [];
  const { rows } = await db.query<{ day: string; event_id: string }>(
    `INSERT INTO raw_events (day, event_id, channel, event_name, session_id, user_proxy, visitor_hash, path, payload, occurred_at, is_bot)
     SELECT * FROM unnest($1::date[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::jsonb[], $10::timestamptz[], $11::boolean[])
     ON CONFLICT (day, event_id) DO NOTHING
     RETURNING to_char(day, 'YYYY-MM-DD') AS day, event_id::text`,
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
