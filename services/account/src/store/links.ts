import type { Queryable } from '@inkwell/platform';
import { newOpaqueToken, tokenHash } from '../domain/credentials';
import type { LinkPurpose } from '../domain';

/** How long each emailed link works, counted from the request. */
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = {
  'verify-email': 7 * 86_400,
  'reset-password': 60 * 60,
  'change-email': 24 * 60 * 60,
};

/**
 * Records a requested link and returns its id for the event that asks for the mail; the token is
 * minted later by `issueLink`. A new reset or email-change link replaces earlier unused ones;
 * verification links all stay valid, because a reader may open an older mail after asking for another.
 */
export async function requestLink(db: Queryable, purpose: LinkPurpose, accountId: string, newEmail?: string): Promise<string> {
  if (purpose !== 'verify-email') {
    await db.query('UPDATE link_tokens SET used_at = now() WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL', [accountId, purpose]);
  }
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO link_tokens (purpose, account_id, new_email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     RETURNING id`,
    [purpose, accountId, newEmail ?? null, LINK_TTL_SECONDS[purpose]],
  );
  return rows[0]!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type IssuedLink = { purpose: LinkPurpose; token: string } | { refused: 'unknown' | 'spent' };

/**
 * Mints the token of a requested link, once: only its hash is kept, so the raw token exists only
 * in the mail. A link already issued, used, replaced or expired is `spent`.
 */
export async function issueLink(db: Queryable, linkId: string): Promise<IssuedLink> {
  if (!UUID.test(linkId)) return { refused: 'unknown' };
  const token = newOpaqueToken();
  const { rows } = await db.query<{ purpose: LinkPurpose }>(
    `UPDATE link_tokens SET token_hash = $2, issued_at = now()
     WHERE id = $1 AND issued_at IS NULL AND used_at IS NULL AND expires_at > now()
     RETURNING purpose`,
    [linkId, tokenHash(token)],
  );
  if (rows[0]) return { purpose: rows[0].purpose, token };
  const known = await db.query('SELECT 1 FROM link_tokens WHERE id = $1', [linkId]);
  return { refused: known.rowCount ? 'spent' : 'unknown' };
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
