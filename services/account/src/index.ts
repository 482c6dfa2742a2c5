import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_LINKS, type AccountLinksService, type ServiceDefinition } from '@inkwell/platform';
import { ensureDemoAccounts } from './demo/accounts';
import { accountLinkHandlers } from './grpc/account-links';
import { accountDeps } from './routes/deps';
import { emailChangeRoutes } from './routes/email-change';
import { passwordRoutes } from './routes/password';
import { profileRoutes } from './routes/profile';
import { signupRoutes } from './routes/signup';
import { tokenRoutes } from './routes/token';

export { readDemoAccounts, type DemoAccount } from './demo/accounts';
export { grantAdmin } from './flows/grant-admin';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Accounts: credentials (argon2id), access tokens it alone signs, rotating refresh tokens, email
 * verification, password and email changes, settings and roles. Emails are sent by the support
 * service from this service's events, which name a link by id: support asks for the link itself
 * over gRPC (AccountLinks), so no token leaves this service on an event.
 */
export const accountService: ServiceDefinition = {
  name: 'account',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup(context) {
    const deps = accountDeps(context);
    return {
      async routes(app) {
        await tokenRoutes(app, deps);
        await signupRoutes(app, deps);
        await profileRoutes(app, deps);
        await passwordRoutes(app, deps);
        await emailChangeRoutes(app, deps);
      },
      grpc(server) {
        server.addService<AccountLinksService>(ACCOUNT_LINKS.proto, ACCOUNT_LINKS.service, accountLinkHandlers(context.db, context.config.publicUrl));
      },
      async onStart() {
        if (!context.config.demoData) return;
        await mkdir(path.join(context.config.dataDir, 'keys'), { recursive: true, mode: 0o700 });
        await ensureDemoAccounts(context.db, context.config.dataDir, context.logger);
      },
    };
  },
};
