import { randomUUID } from 'node:crypto';
import type { Database, Queryable, TokenSigner } from '@inkwell/platform';
import { newOpaqueToken, tokenHash } from '../domain/credentials';
import { findAccountById, principalOf, type AccountRow } from './accounts';

/** The token call's answer (OAuth's field names, as the storefront reads them). */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export type RotateOutcome = { ok: true; tokens: TokenPair } | { ok: false; reuse: boolean };

/**
 * Sign-ins as refresh-token families. Every refresh spends the presented token and issues its
 * successor; presenting a spent token again revokes the family, so a stolen token stops working
 * for the thief and the owner alike (the owner signs in again).
 */
export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly signer: TokenSigner,
    private readonly refreshTtlSeconds: number,
  ) {}

  /** A new sign-in: a new family with its first refresh token, and an access token. */
  async start(db: Queryable, account: AccountRow): Promise<TokenPair> {
    return this.issue(db, account, randomUUID());
  }

  async rotate(refreshToken: string): Promise<RotateOutcome> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; family_id: string; account_id: string; spent_at: Date | null; revoked_at: Date | null; expired: boolean }>(
        `SELECT id, family_id, account_id, spent_at, revoked_at, expires_at <= now() AS expired
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [tokenHash(refreshToken)],
      );
      const row = rows[0];
      if (!row || row.revoked_at || row.expired) return { ok: false, reuse: false };
      if (row.spent_at) {
        await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [row.family_id]);
        return { ok: false, reuse: true };
      }
      const account = await findAccountById(tx, row.account_id);
      if (!account) return { ok: false, reuse: false };
      await tx.query('UPDATE refresh_tokens SET spent_at = now() WHERE id = $1', [row.id]);
      return { ok: true, tokens: await this.issue(tx, account, row.family_id) };
    });
  }

  /** Signs out the sign-in the refresh token belongs to. Unknown tokens are ignored. */
  async revokeFamilyOf(refreshToken: string): Promise<void> {
    await this.db.query(
      `UPDATE refresh_tokens SET revoked_at = now()
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
      [tokenHash(refreshToken)],
    );
  }

  /** Signs out every sign-in of the account, except `keepFamily` (the caller's own) when given. */
  async revokeAll(db: Queryable, accountId: string, keepFamily?: string): Promise<void> {
    await db.query(
      `UPDATE refresh_tokens SET revoked_at = now()
       WHERE account_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
      [accountId, keepFamily ?? null],
    );
  }

  /** A fresh access token for a sign-in that continues (e.g. after a setting changed the claims). */
  async accessToken(account: AccountRow, familyId: string): Promise<{ token: string; expiresIn: number }> {
    return this.signer.sign(principalOf(account, familyId));
  }

  private async issue(db: Queryable, account: AccountRow, familyId: string): Promise<TokenPair> {
    const refreshToken = newOpaqueToken();
    await db.query(
      `INSERT INTO refresh_tokens (token_hash, family_id, account_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [tokenHash(refreshToken), familyId, account.id, this.refreshTtlSeconds],
    );
    const { token, expiresIn } = await this.signer.sign(principalOf(account, familyId));
    return { access_token: token, refresh_token: refreshToken, token_type: 'Bearer', expires_in: expiresIn };
  }
}
