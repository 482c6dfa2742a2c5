import type { Queryable } from '@inkwell/platform';
import { newOpaqueToken, tokenHash } from '../credentials';

export type LinkPurpose = 'verify-email' | 'reset-password' | 'change-email';

/** How long each emailed link works. */
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = {
  'verify-email': 7 * 86_400,
  'reset-password': 60 * 60,
  'change-email': 24 * 60 * 60,
};

/**
 * Issues a one-time link token and returns the raw token for the email (only its hash is kept).
 * A new reset or email-change link replaces earlier unused ones; verification links all stay valid,
 * because a reader may open an older mail after asking for another.
 */
export async function createLinkToken(db: Queryable, purpose: LinkPurpose, accountId: string, newEmail?: string): Promise<string> {
  if (purpose !== 'verify-email') {
    await db.query('UPDATE link_tokens SET used_at = now() WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL', [accountId, purpose]);
  }
  const token = newOpaqueToken();
  await db.query(
    `INSERT INTO link_tokens (token_hash, purpose, account_id, new_email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [tokenHash(token), purpose, accountId, newEmail ?? null, LINK_TTL_SECONDS[purpose]],
  );
  return token;
}

/** Spends a link token; undefined when it is unknown, for another purpose, used or expired. */
export async function consumeLinkToken(db: Queryable, purpose: LinkPurpose, token: string): Promise<{ accountId: string; newEmail: string | null } | undefined> {
  const { rows } = await db.query<{ account_id: string; new_email: string | null }>(
    `UPDATE link_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING account_id, new_email`,
    [tokenHash(token), purpose],
  );
  const row = rows[0];
  return row ? { accountId: row.account_id, newEmail: row.new_email } : undefined;
}
