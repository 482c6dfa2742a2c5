import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_ROLE, type Database, type Logger } from '@inkwell/platform';
import { hashPassword } from '../domain/credentials';
import { findAccountByEmail, insertAccount, resetDemoAccount } from '../store/accounts';

export interface DemoAccount {
  email: string;
  password: string;
  roles: string[];
}

const DEMO_ACCOUNTS: Array<Omit<DemoAccount, 'password'>> = [
  { email: 'admin@inkwell.example', roles: [ADMIN_ROLE] },
  { email: 'reader@inkwell.example', roles: [] },
];

export function demoAccountsFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'demo-accounts.json');
}

export async function readDemoAccounts(dataDir: string): Promise<DemoAccount[]> {
  const file = demoAccountsFile(dataDir);
  if (!existsSync(file)) return [];
  return JSON.parse(await readFile(file, 'utf8')) as DemoAccount[];
}

/**
 * Embedded mode's demo admin and reader, verified, with random passwords kept (owner-only) under
 * the data folder so `npm start` can print them every time. An account whose password is not in
 * that file (the file was deleted) gets a new one.
 */
export async function ensureDemoAccounts(db: Database, dataDir: string, logger: Logger): Promise<DemoAccount[]> {
  const known = new Map((await readDemoAccounts(dataDir)).map((account) => [account.email, account]));
  const accounts: DemoAccount[] = [];
  let changed = false;
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await findAccountByEmail(db, demo.email);
    const remembered = known.get(demo.email);
    if (existing && remembered) {
      accounts.push(remembered);
      continue;
    }
    const password = randomBytes(9).toString('base64url');
    const passwordHash = await hashPassword(password);
    if (existing) {
      await resetDemoAccount(db, existing.id, passwordHash, demo.roles);
    } else {
      await insertAccount(db, { email: demo.email, passwordHash, roles: demo.roles, verified: true });
    }
    accounts.push({ ...demo, password });
    changed = true;
  }
  if (changed) {
    await writeFile(demoAccountsFile(dataDir), JSON.stringify(accounts, null, 2), { mode: 0o600 });
    logger.info({ emails: accounts.map((account) => account.email) }, 'demo accounts ready');
  }
  return accounts;
}
