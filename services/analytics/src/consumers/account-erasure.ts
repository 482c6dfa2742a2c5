import { erasedUserToken, erasePersonFromPlatformTables, redactPersonal, type ErasedPerson, type EventData, type EventEnvelope, type Transaction } from '@inkwell/platform';
import { lockPerson, recordErasedUser } from '../store/erasure';

/**
 * `account.deleted`: the analytics service keeps its counts and forgets the person, in the event's
 * transaction. The copies of domain events that name them (by user id, or by an email those events
 * gave them: `order.placed` carries the buyer's email) keep their type, time and amounts with the
 * user id replaced by its anonymous token (platform `erasedUserToken`) and emails, names and
 * addresses removed; cart snapshots take the token; the erasure is remembered by token so events
 * arriving later are stored the same way (store/erasure.ts). Page views (`ingested_events`) carry
 * only the browser's random proxy and session, never the account. A repeat finds nothing left.
 */
export async function eraseAnalyticsUser(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  const token = erasedUserToken(userId);
  await lockPerson(tx, userId);
  await recordErasedUser(tx, userId);
  const emails = await tx.query<{ email: string }>(
    `SELECT DISTINCT lower(e) AS email FROM domain_events d,
            LATERAL (VALUES (d.data->>'email'), (d.data->>'oldEmail'), (d.data->>'newEmail')) v(e)
      WHERE d.data->>'userId' = $1 AND e IS NOT NULL`,
    [userId],
  );
  const person: ErasedPerson = { userId, emails: emails.rows.map((row) => row.email) };
  const needles = [userId, ...person.emails].map((needle) => needle.toLowerCase());
  const rows = await tx.query<{ event_id: string; key: string; data: unknown }>(
    `SELECT event_id, key, data FROM domain_events
      WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE position(n IN lower(data::text || key)) > 0) FOR UPDATE`,
    [needles],
  );
  for (const row of rows.rows) {
    await tx.query('UPDATE domain_events SET key = $2, data = $3 WHERE event_id = $1', [row.event_id, redactPersonal(row.key, person), JSON.stringify(redactPersonal(row.data, person))]);
  }
  await tx.query('UPDATE carts SET user_id = $2 WHERE user_id = $1', [userId, token]);
  await erasePersonFromPlatformTables(tx, person);
}
