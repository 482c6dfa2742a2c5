import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '@inkwell/platform';
import type { IdentityStatus, IdentityType } from '@inkwell/contracts/support-rules';
import type { MailQueue } from './mail-queue';

/**
 * Sending identities of the embedded and SMTP drivers (SES keeps its own): the configured sender
 * addresses (EMAIL_FROM, SUPPORT_ADDRESS) and their domains are listed from the start; an address is
 * verified by following the link mailed to it; a domain stays Pending (its DNS is not checked here).
 * These drivers do not gate sending on identities, so every one is `sendingEnabled`.
 */
export interface StoredIdentity {
  id: string;
  identityType: IdentityType;
  verificationStatus: IdentityStatus;
  sendingEnabled: boolean;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The identity an `{id}` names (lower-cased), with its type, or null when it is neither an address nor a domain. */
export function identityOf(raw: string): { id: string; identityType: IdentityType } | null {
  const id = raw.trim().toLowerCase();
  if (EMAIL.test(id)) return { id, identityType: 'EmailAddress' };
  if (DOMAIN.test(id)) return { id, identityType: 'Domain' };
  return null;
}

/** The bare address of `Name <a@b>` or `a@b`. */
const bareAddress = (value: string) => (/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value).trim().toLowerCase();

/** Lists the configured senders and their domains (once; staff may delete them, a restart lists them again). */
export async function listConfiguredIdentities(db: Queryable, senders: string[]): Promise<void> {
  const identities = new Map<string, IdentityType>();
  for (const sender of senders) {
    const parsed = identityOf(bareAddress(sender));
    if (!parsed || parsed.identityType !== 'EmailAddress') continue;
    identities.set(parsed.id, 'EmailAddress');
    identities.set(parsed.id.split('@')[1]!, 'Domain');
  }
  for (const [identity, type] of identities) {
    await db.query(`INSERT INTO email_identities (identity, identity_type) VALUES ($1, $2) ON CONFLICT (identity) DO NOTHING`, [identity, type]);
  }
}

const row = (r: { identity: string; identity_type: IdentityType; status: IdentityStatus }): StoredIdentity => ({
  id: r.identity,
  identityType: r.identity_type,
  verificationStatus: r.status,
  sendingEnabled: true,
});

/**
 * A page of identities in name order. `nextToken` is the last identity of the previous page (opaque
 * to the dashboard: base64url), so paging stays right while identities are added or removed.
 */
export async function pageIdentities(
  q: Queryable,
  request: { identityType?: IdentityType | null; nextToken?: string | null; pageSize?: number },
): Promise<{ identities: StoredIdentity[]; nextToken: string | null }> {
  const pageSize = request.pageSize ?? 50;
  const after = request.nextToken ? Buffer.from(request.nextToken, 'base64url').toString('utf8') : '';
  const { rows } = await q.query<{ identity: string; identity_type: IdentityType; status: IdentityStatus }>(
    `SELECT identity, identity_type, status FROM email_identities
      WHERE identity > $1 AND ($2::text IS NULL OR identity_type = $2)
      ORDER BY identity LIMIT $3`,
    [after, request.identityType ?? null, pageSize + 1],
  );
  const page = rows.slice(0, pageSize);
  const nextToken = rows.length > pageSize ? Buffer.from(page[page.length - 1]!.identity, 'utf8').toString('base64url') : null;
  return { identities: page.map(row), nextToken };
}

export async function getIdentity(q: Queryable, id: string): Promise<StoredIdentity | null> {
  const { rows } = await q.query<{ identity: string; identity_type: IdentityType; status: IdentityStatus }>(
    'SELECT identity, identity_type, status FROM email_identities WHERE identity = $1',
    [id],
  );
  return rows[0] ? row(rows[0]) : null;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Adds the identity (or asks again): an address gets a fresh verification link by mail (the previous
 * link stops working; a verified address is verified again by following it), a domain stays Pending.
 * Mail and identity commit together.
 */
export async function requestVerification(
  db: Database,
  queue: MailQueue,
  identity: { id: string; identityType: IdentityType },
  verifyUrl: (token: string) => string,
): Promise<StoredIdentity> {
  return db.transaction(async (tx) => {
    if (identity.identityType === 'Domain') {
      await tx.query(`INSERT INTO email_identities (identity, identity_type) VALUES ($1, 'Domain') ON CONFLICT (identity) DO NOTHING`, [identity.id]);
    } else {
      const token = randomBytes(32).toString('base64url');
      await tx.query(
        `INSERT INTO email_identities (identity, identity_type, status, token_hash) VALUES ($1, 'EmailAddress', 'Pending', $2)
         ON CONFLICT (identity) DO UPDATE SET token_hash = EXCLUDED.token_hash,
           status = CASE WHEN email_identities.status = 'Success' THEN 'Success' ELSE 'Pending' END`,
        [identity.id, hash(token)],
      );
      const link = verifyUrl(token);
      await queue.add(tx, {
        to: identity.id,
        templateName: null,
        category: 'transactional',
        content: {
          subject: 'Verify this address for sending Inkwell email',
          html: `<p>Inkwell's staff asked to send email from <b>${identity.id}</b>.</p><p><a href="${link}">Verify this address</a></p><p>If you did not expect this, ignore this email.</p>`,
          text: `Inkwell's staff asked to send email from ${identity.id}.\n\nVerify this address: ${link}\n\nIf you did not expect this, ignore this email.`,
        },
      });
    }
    const { rows } = await tx.query<{ identity: string; identity_type: IdentityType; status: IdentityStatus }>(
      'SELECT identity, identity_type, status FROM email_identities WHERE identity = $1',
      [identity.id],
    );
    return row(rows[0]!);
  });
}

/** Follows a verification link: the identity it names, now verified, or null for an unknown or used token. */
export async function confirmVerification(q: Queryable, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const { rows } = await q.query<{ identity: string }>(
    `UPDATE email_identities SET status = 'Success', verified_at = now(), token_hash = NULL
      WHERE token_hash = $1 AND identity_type = 'EmailAddress' RETURNING identity`,
    [hash(token)],
  );
  return rows[0]?.identity ?? null;
}

/** False when there was no such identity. */
export async function deleteIdentity(q: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM email_identities WHERE identity = $1', [id]);
  return (rowCount ?? 0) > 0;
}
