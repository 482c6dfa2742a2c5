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

/** Gives the account a role it lacks (`npm run create-admin`). */
export async function addRole(db: Queryable, id: string, role: string): Promise<void> {
  await db.query('UPDATE accounts SET roles = array_append(roles, $2), updated_at = now() WHERE id = $1', [id, role]);
}

/** A demo account whose remembered password was lost: a new password, its demo roles, verified. */
export async function resetDemoAccount(db: Queryable, id: string, passwordHash: string, roles: string[]): Promise<void> {
  await db.query('UPDATE accounts SET password_hash = $2, roles = $3, verified = true WHERE id = $1', [id, passwordHash, roles]);
}

/** A new password; `verified` when it was set through an emailed link, which also proves the address. */
export async function setPasswordHash(db: Queryable, id: string, passwordHash: string, options: { verified?: boolean } = {}): Promise<void> {
  const sql = options.verified
    ? 'UPDATE accounts SET password_hash = $2, verified = true, updated_at = now() WHERE id = $1'
    : 'UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1';
  await db.query(sql, [id, passwordHash]);
}

/** A confirmed new email; the link reached the new inbox, so the address is verified. */
export async function setEmail(db: Queryable, id: string, email: string): Promise<void> {
  await db.query('UPDATE accounts SET email = $2, verified = true, updated_at = now() WHERE id = $1', [id, email]);
}

export async function markVerified(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE accounts SET verified = true, updated_at = now() WHERE id = $1', [id]);
}

/** Records that a verification email is being sent now, and answers when. */
export async function markVerificationSent(db: Queryable, id: string): Promise<Date> {
  const { rows } = await db.query<{ verification_sent_at: Date }>('UPDATE accounts SET verification_sent_at = now(), updated_at = now() WHERE id = $1 RETURNING verification_sent_at', [id]);
  return rows[0]!.verification_sent_at;
}

export async function setMaxShownRating(db: Queryable, id: string, rating: AgeRating | null): Promise<void> {
  await db.query('UPDATE accounts SET max_shown_rating = $2, updated_at = now() WHERE id = $1', [id, rating]);
}

export async function optOutOfMarketing(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE accounts SET marketing_opt_out = true, updated_at = now() WHERE id = $1', [id]);
}

export async function recordLogin(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE accounts SET last_login_at = now(), login_count = login_count + 1 WHERE id = $1', [id]);
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
