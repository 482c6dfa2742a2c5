import { createHash } from 'node:crypto';
import type { Transaction } from '@inkwell/platform';

/** The window submitted forms are counted over. */
export const FORM_LIMIT_WINDOW_MS = 3_600_000;

/** The keys a submission counts against: its sender address and its client address. */
export function formLimitKeys(email: string, ip: string | null): string[] {
  const keys = [`email:${email.trim().toLowerCase()}`];
  if (ip) keys.push(`ip:${ip}`);
  return keys;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Counts a submission against every key in the caller's transaction, when each key has had fewer
 * than `perHour` accepted in the last hour. The keys are locked (transaction advisory locks, in a
 * fixed order) so concurrent submissions of one address count one by one; the hits are written
 * with the ticket, so a refused or failed submission counts nothing.
 *
 * Returns 0 when the submission was counted, else the seconds until the fullest key has room again.
 */
export async function takeFormAllowance(tx: Transaction, keys: readonly string[], perHour: number, now = new Date()): Promise<number> {
  const hashes = [...new Set(keys.map(hashOf))].sort();
  const since = new Date(now.getTime() - FORM_LIMIT_WINDOW_MS);
  let waitMs = 0;
  for (const hash of hashes) {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 24))', [`form-limit:${hash}`]);
    await tx.query('DELETE FROM form_submission_hits WHERE key_hash = $1 AND submitted_at <= $2', [hash, since]);
    // The oldest hit that must leave the window before one more fits.
    const { rows } = await tx.query<{ count: number; oldest: Date | null }>(
      `SELECT count(*)::int AS count,
              (SELECT submitted_at FROM form_submission_hits WHERE key_hash = $1 AND submitted_at > $2
                ORDER BY submitted_at DESC OFFSET $3::int - 1 LIMIT 1) AS oldest
         FROM form_submission_hits WHERE key_hash = $1 AND submitted_at > $2`,
      [hash, since, perHour],
    );
    const row = rows[0];
    if (row && row.count >= perHour && row.oldest) {
      waitMs = Math.max(waitMs, row.oldest.getTime() + FORM_LIMIT_WINDOW_MS - now.getTime());
    }
  }
  if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
  for (const hash of hashes) {
    await tx.query('INSERT INTO form_submission_hits (key_hash, submitted_at) VALUES ($1, $2)', [hash, now]);
  }
  return 0;
}
