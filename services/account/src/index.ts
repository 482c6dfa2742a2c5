import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@inkwell/platform';
import { ensureDemoAccounts } from './demo-accounts';
import { accountDeps } from './routes/deps';
import { emailChangeRoutes } from './routes/email-change';
import { passwordRoutes } from './routes/password';
import { profileRoutes } from './routes/profile';
import { signupRoutes } from './routes/signup';
import { tokenRoutes } from './routes/token';

export { readDemoAccounts, type DemoAccount } from './demo-accounts';
export { grantAdmin } from './admin';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Accounts: credentials (argon2id), access tokens it alone signs, rotating refresh tokens, email
 * verification, password and email changes, settings and roles. Emails are sent by the support
 * service from this service's events.
 */
export const accountService: ServiceDefinition = {
  name: 'account',
  migrationsDir: path.resolve(here, '../migrations'),
  async routes(app, context) {
    const deps = accountDeps(context);
    await tokenRoutes(app, deps);
    await signupRoutes(app, deps);
    await profileRoutes(app, deps);
    await passwordRoutes(app, deps);
    await emailChangeRoutes(app, deps);
  },
  async onStart(context) {
    if (!context.config.demoData) return;
    await mkdir(path.join(context.config.dataDir, 'keys'), { recursive: true, mode: 0o700 });
    await ensureDemoAccounts(context.db, context.config.dataDir, context.logger);
  },
};
