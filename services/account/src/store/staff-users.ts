import type { Paginated } from '@inkwell/contracts/dashboard';
import type { UserListEntry, UserSearchBody } from '@inkwell/contracts/dashboard-customers';
import { ADMIN_ROLE, paginate, type Queryable } from '@inkwell/platform';
import type { AgeRating } from '../domain';

/** An account as staff see it. */
export interface StaffUserRow {
  id: string;
  email: string;
  name: string | null;
  verified: boolean;
  roles: string[];
  max_shown_rating: AgeRating | null;
  marketing_opt_out: boolean;
  newsletter_pending: boolean;
  verification_sent_at: Date | null;
  last_login_at: Date | null;
  login_count: number;
  created_at: Date;
}

const COLUMNS = 'id, email, name, verified, roles, max_shown_rating, marketing_opt_out, newsletter_pending, verification_sent_at, last_login_at, login_count, created_at';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function userListEntry(row: StaffUserRow): UserListEntry {
  return {
    id: row.id,
    externalId: row.id,
    email: row.email,
    name: row.name,
    verified: row.verified,
    roles: row.roles,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    loginCount: row.login_count,
  };
}

export async function findStaffUser(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<StaffUserRow | undefined> {
  const { rows } = await db.query<StaffUserRow>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** `%` and `_` typed by staff are searched for literally. */
function containing(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The search's condition: email or name containing the text (the trigram indexes serve `lower(x)
 * LIKE`), or the account id equal to it. Appends its parameters to `params`.
 */
function searchCondition(search: string, params: unknown[]): string {
  params.push(containing(search));
  const like = `$${params.length}`;
  const parts = [`lower(email) LIKE ${like}`, `lower(name) LIKE ${like}`];
  if (UUID.test(search)) {
    params.push(search);
    parts.push(`id = $${params.length}::uuid`);
  }
  return `(${parts.join(' OR ')})`;
}

const SORT_COLUMNS: Record<NonNullable<UserSearchBody['sortBy']>, string> = {
  createdAt: 'created_at',
  email: 'lower(email)',
  name: 'lower(name)',
  lastLoginAt: 'last_login_at',
};

export const DEFAULT_USER_PAGE_SIZE = 25;

/** POST /dashboard/users/post-pagination: newest accounts first unless told. */
export async function listStaffUsers(db: Queryable, body: UserSearchBody): Promise<Paginated<UserListEntry>> {
  const pageNumber = body.page ?? 1;
  const pageSize = body.pageSize ?? DEFAULT_USER_PAGE_SIZE;
  const params: unknown[] = [];
  const where: string[] = [];
  const search = body.search?.trim();
  if (search) where.push(searchCondition(search, params));
  if (body.role) {
    params.push(body.role);
    where.push(`$${params.length} = ANY (roles)`);
  }
  if (body.verified !== undefined) {
    params.push(body.verified);
    where.push(`verified = $${params.length}`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const direction = (body.sortDirection ?? (body.sortBy === 'email' || body.sortBy === 'name' ? 'asc' : 'desc')) === 'asc' ? 'ASC' : 'DESC';
  const order = `${SORT_COLUMNS[body.sortBy ?? 'createdAt']} ${direction} NULLS LAST, id ${direction}`;
  const offset = (pageNumber - 1) * pageSize;
  const [page, filtered, unfiltered] = await Promise.all([
    db.query<StaffUserRow>(`SELECT ${COLUMNS} FROM accounts ${whereSql} ORDER BY ${order} LIMIT ${pageSize} OFFSET $${params.length + 1}`, [...params, offset]),
    db.query<{ count: string }>(`SELECT count(*) FROM accounts ${whereSql}`, params),
    db.query<{ count: string }>('SELECT count(*) FROM accounts'),
  ]);
  return paginate(page.rows.map(userListEntry), { pageNumber, pageSize }, Number(filtered.rows[0]!.count), Number(unfiltered.rows[0]!.count));
}

/** GET /dashboard/users?query&count: exact id or email first, then emails starting with it, then the rest. */
export async function lookupStaffUsers(db: Queryable, query: string | undefined, count: number): Promise<UserListEntry[]> {
  const text = query?.trim() ?? '';
  if (!text) {
    const { rows } = await db.query<StaffUserRow>(`SELECT ${COLUMNS} FROM accounts ORDER BY created_at DESC, id DESC LIMIT $1`, [count]);
    return rows.map(userListEntry);
  }
  const params: unknown[] = [];
  const condition = searchCondition(text, params);
  params.push(text.toLowerCase());
  const exact = `$${params.length}`;
  params.push(count);
  const { rows } = await db.query<StaffUserRow>(
    `SELECT ${COLUMNS} FROM accounts WHERE ${condition}
     ORDER BY (id::text = ${exact} OR lower(email) = ${exact}) DESC, starts_with(lower(email), ${exact}) DESC, lower(email), id
     LIMIT $${params.length}`,
    params,
  );
  return rows.map(userListEntry);
}

/** Sign-ins (refresh-token families) with a token neither revoked nor expired. */
export async function activeSessionCount(db: Queryable, accountId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(DISTINCT family_id) FROM refresh_tokens WHERE account_id = $1 AND revoked_at IS NULL AND spent_at IS NULL AND expires_at > now()',
    [accountId],
  );
  return Number(rows[0]!.count);
}

/** Whether another account has this email (any case). */
export async function emailTakenByOther(db: Queryable, email: string, accountId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND id <> $2', [email, accountId]);
  return rows.length > 0;
}

export interface StaffUserChange {
  email?: string;
  verified?: boolean;
  name?: string | null;
  maxShownRating?: AgeRating | null;
}

/** Writes the fields given (the route has compared them with the stored ones). */
export async function updateStaffUser(tx: Queryable, id: string, change: StaffUserChange): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (change.email !== undefined) set('email', change.email);
  if (change.verified !== undefined) set('verified', change.verified);
  if (change.name !== undefined) set('name', change.name);
  if (change.maxShownRating !== undefined) set('max_shown_rating', change.maxShownRating);
  if (sets.length === 0) return;
  await tx.query(`UPDATE accounts SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
}

export async function setRoles(tx: Queryable, id: string, roles: readonly string[]): Promise<void> {
  await tx.query('UPDATE accounts SET roles = $2, updated_at = now() WHERE id = $1', [id, roles]);
}

/**
 * Serialises every change that can take the admin role away (role changes, erasures) for the rest
 * of the transaction, and answers how many admins there are besides `exceptId`. Two removals of
 * two different admins at once therefore cannot both see the other still an admin.
 */
export async function lockAdminsAndCountOthers(tx: Queryable, exceptId: string): Promise<number> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('account:admin-roles'))");
  // The role written out (ADMIN_ROLE), so the partial index accounts_admins serves the count.
  const { rows } = await tx.query<{ count: string }>(`SELECT count(*) FROM accounts WHERE '${ADMIN_ROLE}' = ANY (roles) AND id <> $1`, [exceptId]);
  return Number(rows[0]!.count);
}

/** The newsletter: `pending` marks an unsubscribe to be confirmed; otherwise the account is unsubscribed now. */
export async function setNewsletterUnsubscribe(tx: Queryable, id: string, pending: boolean): Promise<void> {
  const sql = pending
    ? 'UPDATE accounts SET newsletter_pending = true, updated_at = now() WHERE id = $1'
    : 'UPDATE accounts SET marketing_opt_out = true, newsletter_pending = false, updated_at = now() WHERE id = $1';
  await tx.query(sql, [id]);
}
