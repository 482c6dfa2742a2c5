import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE, type Database } from '@inkwell/platform';
import { isValidEmail, normalizeEmail } from '@inkwell/contracts/account-rules';
import { notAnEmailMessage } from '../domain';
import { hashPassword } from '../domain/credentials';
import { addRole, findAccountByEmail, insertAccount } from '../store/accounts';

export type GrantResult = { created: true; email: string; password: string } | { created: false; email: string; alreadyAdmin: boolean };

/**
 * `npm run create-admin -- <email>`: gives an existing account the admin role, or creates a
 * verified admin account with a generated password (shown once; change it after signing in).
 */
export async function grantAdmin(db: Database, rawEmail: string): Promise<GrantResult> {
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw new Error(notAnEmailMessage(rawEmail));
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    const alreadyAdmin = existing.roles.includes(ADMIN_ROLE);
    if (!alreadyAdmin) await addRole(db, existing.id, ADMIN_ROLE);
    return { created: false, email: existing.email, alreadyAdmin };
  }
  const password = randomBytes(12).toString('base64url');
  const account = await insertAccount(db, { email, passwordHash: await hashPassword(password), roles: [ADMIN_ROLE], verified: true });
  if (!account) return grantAdmin(db, rawEmail);
  return { created: true, email, password };
}
