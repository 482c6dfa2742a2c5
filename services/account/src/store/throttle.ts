import type { Database } from '@inkwell/platform';
import { lockRemaining, recordFailure, type ThrottlePolicy, type ThrottleState } from '../domain';

interface ThrottleRow {
  key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

function stateOf(row: ThrottleRow): ThrottleState {
  return { failures: row.failures, windowStartedAt: row.window_started_at, lockedUntil: row.locked_until };
}

/** Failed sign-ins kept in the account database, so every replica sees the same counts. */
export class LoginThrottle {
  constructor(private readonly db: Database) {}

  /** Seconds until the longest lock among `keys` ends; 0 when none is locked. */
  async lockedFor(keys: string[], now = new Date()): Promise<number> {
    const { rows } = await this.db.query<ThrottleRow>('SELECT key, failures, window_started_at, locked_until FROM login_throttle WHERE key = ANY($1)', [keys]);
    return Math.max(0, ...rows.map((row) => lockRemaining(stateOf(row), now)));
  }

  async fail(entries: Array<{ key: string; policy: ThrottlePolicy }>, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const { key, policy } of entries) {
        // Lock the row (or the gap where it will go) so concurrent failures count one by one.
        await tx.query('INSERT INTO login_throttle (key, failures, window_started_at) VALUES ($1, 0, $2) ON CONFLICT (key) DO NOTHING', [key, now]);
        const { rows } = await tx.query<ThrottleRow>('SELECT key, failures, window_started_at, locked_until FROM login_throttle WHERE key = $1 FOR UPDATE', [key]);
        const current = rows[0] && rows[0].failures > 0 ? stateOf(rows[0]) : undefined;
        const next = recordFailure(current, policy, now);
        await tx.query('UPDATE login_throttle SET failures = $2, window_started_at = $3, locked_until = $4 WHERE key = $1', [key, next.failures, next.windowStartedAt, next.lockedUntil]);
      }
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM login_throttle WHERE key = $1', [key]);
  }
}
