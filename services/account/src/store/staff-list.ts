import { ACCOUNT_ROLES } from '@inkwell/contracts/dashboard-customers';
import type { Queryable } from '@inkwell/platform';

export interface StaffListEntry {
  id: string;
  email: string;
  name: string | null;
  roles: string[];
}

/** Every account holding a staff role (admin, support, finance), by email; only its staff roles. */
export async function listStaffAccounts(q: Queryable): Promise<StaffListEntry[]> {
  const { rows } = await q.query<StaffListEntry>(
    `SELECT id, email, name, ARRAY(SELECT r FROM unnest(roles) AS r WHERE r = ANY($1::text[]) ORDER BY r) AS roles
       FROM accounts
      WHERE roles && $1::text[]
      ORDER BY lower(email), id`,
    [[...ACCOUNT_ROLES]],
  );
  return rows;
}
