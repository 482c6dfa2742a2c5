import type { Queryable } from '@inkwell/platform';

/** The desktop build's rows in the account database (migration 007_desktop.sql). */

export async function insertEncryptionEntry(db: Queryable, entry: { platform: string; identity: string; aesKey: Buffer; userId: string | null }): Promise<string> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO desktop_encryption_entries (platform, identity, aes_key, user_id) VALUES ($1, $2, $3, $4) RETURNING id', [
    entry.platform,
    entry.identity,
    entry.aesKey,
    entry.userId,
  ]);
  return rows[0]!.id;
}

/** The key of the entry, only when it was stored for this identity (and marks it used). */
export async function useEncryptionEntry(db: Queryable, entry: { id: string; platform: string; identity: string }): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ aes_key: Buffer }>(
    'UPDATE desktop_encryption_entries SET last_used_at = now() WHERE id = $1 AND platform = $2 AND identity = $3 RETURNING aes_key',
    [entry.id, entry.platform, entry.identity],
  );
  return rows[0]?.aes_key;
}

/** The platform user now belongs to this account (the latest sign-in in the app wins). */
export async function linkPlatformUser(db: Queryable, link: { platform: string; platformUserId: string; userId: string }): Promise<void> {
  await db.query(
    `INSERT INTO desktop_links (platform, platform_user_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (platform, platform_user_id) DO UPDATE SET user_id = EXCLUDED.user_id, linked_at = now()`,
    [link.platform, link.platformUserId, link.userId],
  );
}

export async function accountOfPlatformUser(db: Queryable, platform: string, platformUserId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM desktop_links WHERE platform = $1 AND platform_user_id = $2', [platform, platformUserId]);
  return rows[0]?.user_id;
}

/** The platform user the account used the app as most recently. */
export async function platformUserOfAccount(db: Queryable, platform: string, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ platform_user_id: string }>('SELECT platform_user_id FROM desktop_links WHERE platform = $1 AND user_id = $2 ORDER BY linked_at DESC LIMIT 1', [
    platform,
    userId,
  ]);
  return rows[0]?.platform_user_id;
}
