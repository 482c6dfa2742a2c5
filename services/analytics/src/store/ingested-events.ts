import type { Queryable } from '@inkwell/platform';

export interface IngestedEvent {
  channel: string;
  eventName: string;
  sessionId: string;
  userProxy: string;
  path: string | null;
  payload: string;
  clientTime: string | null;
}

export async function insertIngestedEvent(db: Queryable, event: IngestedEvent): Promise<void> {
  await db.query(
    `INSERT INTO ingested_events (channel, event_name, session_id, user_proxy, path, payload, client_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [event.channel, event.eventName, event.sessionId, event.userProxy, event.path, event.payload, event.clientTime],
  );
}
