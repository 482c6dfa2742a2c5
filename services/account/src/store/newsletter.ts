import type { Queryable } from '@inkwell/platform';

export interface NewsletterListRow {
  id: string;
  name: string;
  description: string;
}

export type StoredStatus = 'unconfirmed' | 'confirmed' | 'unsubscribed';

export interface SubscriptionRow {
  list_id: string;
  status: StoredStatus;
  confirmed_at: Date | null;
}

export async function listNewsletterLists(db: Queryable): Promise<NewsletterListRow[]> {
  const { rows } = await db.query<NewsletterListRow>('SELECT id, name, description FROM newsletter_lists ORDER BY position, name');
  return rows;
}

export async function subscriptionsOf(db: Queryable, email: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>('SELECT list_id, status, confirmed_at FROM newsletter_subscriptions WHERE email = $1', [email]);
  return rows;
}

/**
 * Puts the address on the lists as `unconfirmed` (keeping those already confirmed as they are) and
 * merges the attributes into each row's. Answers the lists now awaiting confirmation.
 */
export async function addUnconfirmed(db: Queryable, email: string, listIds: string[], attributes: Record<string, unknown>): Promise<string[]> {
  const { rows } = await db.query<{ list_id: string; status: string }>(
    `INSERT INTO newsletter_subscriptions (email, list_id, status, attributes)
     SELECT $1, id, 'unconfirmed', $3::jsonb FROM unnest($2::text[]) AS id
     ON CONFLICT (email, list_id) DO UPDATE
       SET status = CASE WHEN newsletter_subscriptions.status = 'confirmed' THEN 'confirmed' ELSE 'unconfirmed' END,
           attributes = newsletter_subscriptions.attributes || EXCLUDED.attributes,
           unsubscribed_at = CASE WHEN newsletter_subscriptions.status = 'confirmed' THEN newsletter_subscriptions.unsubscribed_at ELSE NULL END,
           updated_at = now()
     RETURNING list_id, status`,
    [email, listIds, JSON.stringify(attributes)],
  );
  return rows.filter((row) => row.status === 'unconfirmed').map((row) => row.list_id);
}

/** Confirms the lists the address is awaiting confirmation on (not those it left since). */
export async function confirmLists(db: Queryable, email: string, listIds: string[]): Promise<{ listIds: string[]; confirmedAt: Date | null }> {
  const { rows } = await db.query<{ list_id: string; confirmed_at: Date }>(
    `UPDATE newsletter_subscriptions SET status = 'confirmed', confirmed_at = now(), updated_at = now()
     WHERE email = $1 AND list_id = ANY($2::text[]) AND status = 'unconfirmed'
     RETURNING list_id, confirmed_at`,
    [email, listIds],
  );
  return { listIds: rows.map((row) => row.list_id), confirmedAt: rows[0]?.confirmed_at ?? null };
}

/** Unsubscribes the address from the lists (all of them when `listIds` is null); answers those it was on. */
export async function unsubscribeLists(db: Queryable, email: string, listIds: string[] | null): Promise<string[]> {
  const { rows } = await db.query<{ list_id: string }>(
    `UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = now(), updated_at = now()
     WHERE email = $1 AND status <> 'unsubscribed' AND ($2::text[] IS NULL OR list_id = ANY($2::text[]))
     RETURNING list_id`,
    [email, listIds],
  );
  return rows.map((row) => row.list_id);
}

/** An erased account's address leaves every list, rows and all. */
export async function forgetNewsletterAddress(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM newsletter_subscriptions WHERE email = $1', [email.toLowerCase()]);
}
