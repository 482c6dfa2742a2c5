import type { Principal, Queryable } from '@inkwell/platform';
import type { AgeRating } from '../domain';

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  verified: boolean;
  roles: string[];
  max_shown_rating: AgeRating | null;
  marketing_opt_out: boolean;
  verification_sent_at: Date | null;
}

const COLUMNS = 'id, email, password_hash, verified, roles, max_shown_rating, marketing_opt_out, verification_sent_at';

export async function findAccountByEmail(db: Queryable, email: string, options: { forUpdate?: boolean } = {}): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${COLUMNS} FROM accounts WHERE lower(email) = lower($1)${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0];
}

export async function findAccountById(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  roles?: string[];
  verified?: boolean;
  verificationSent?: boolean;
}

/** Inserts an account; undefined when the email already has one (the unique index decides). */
export async function insertAccount(db: Queryable, account: NewAccount): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(
    `INSERT INTO accounts (email, password_hash, roles, verified, verification_sent_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${COLUMNS}`,
    [account.email, account.passwordHash, account.roles ?? [], account.verified ?? false, account.verificationSent ?? false],
  );
  return rows[0];
}

/** The account as `GET /account` shows it to its owner (storefront spec §3 Account). */
export interface AccountView {
  userid: string;
  email: string;
  verified: boolean;
  roles: string[];
  settings: { maxshownratingkey: AgeRating | null };
  verificationSentAt: string | null;
}

export function accountView(row: AccountRow): AccountView {
  return {
    userid: row.id,
    email: row.email,
    verified: row.verified,
    roles: row.roles,
    settings: { maxshownratingkey: row.max_shown_rating },
    verificationSentAt: row.verification_sent_at ? row.verification_sent_at.toISOString() : null,
  };
}

/** What an access token says about its holder. */
export function principalOf(row: AccountRow, sessionId: string): Principal {
  return {
    userId: row.id,
    email: row.email,
    roles: row.roles,
    verified: row.verified,
    sessionId,
    ...(row.max_shown_rating ? { maxShownRating: row.max_shown_rating } : {}),
  };
}
