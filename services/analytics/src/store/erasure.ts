import { erasedUserToken, redactPersonal, type ErasedPerson, type EventEnvelope, type Queryable } from '@inkwell/platform';

/**
 * Serialises storing an event about a person with their erasure (both take it first in their
 * transaction): whichever commits second sees the other, so no copy in clear slips in beside it.
 */
export async function lockPerson(db: Queryable, userId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('analytics.person:' || $1, 0))", [erasedUserToken(userId)]);
}

/** Records that the person was erased (by token), so later events about them are stored without them. */
export async function recordErasedUser(db: Queryable, userId: string): Promise<void> {
  await db.query('INSERT INTO erased_users (user_token) VALUES ($1) ON CONFLICT DO NOTHING', [erasedUserToken(userId)]);
}

export async function isErasedUser(db: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM erased_users WHERE user_token = $1', [erasedUserToken(userId)]);
  return (rowCount ?? 0) > 0;
}

/**
 * An event as the analytics service may keep it: `account.deleted` and any event naming an erased
 * user (its `userId`) with the person taken out (the id replaced by its token, emails, names and
 * addresses removed).
 */
export async function storableEvent(db: Queryable, event: EventEnvelope): Promise<EventEnvelope> {
  const data = event.data as { userId?: unknown; email?: unknown };
  if (typeof data?.userId !== 'string') return event;
  await lockPerson(db, data.userId);
  if (event.type !== 'account.deleted' && !(await isErasedUser(db, data.userId))) return event;
  const person: ErasedPerson = { userId: data.userId, emails: typeof data.email === 'string' ? [data.email] : [] };
  return { ...event, key: redactPersonal(event.key, person) as string, data: redactPersonal(event.data, person) as EventEnvelope['data'] };
}
