import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_ADMIN, ACCOUNT_LINKS, EVENTS, type AccountAdminService, type AccountLinksService, type ServiceDefinition } from '@inkwell/platform';
import { forgetErasureEvent } from './consumers/account-erasure';
import { ensureDemoAccounts } from './demo/accounts';
import { newsletterLinkKey } from './domain/newsletter';
import { createNewsletterService } from './drivers/newsletter';
import { ensureDemoGiftCodes } from './demo/badges';
import { UserExportWorker, forgetErasedInExports } from './flows/user-export';
import { accountAdminHandlers } from './grpc/account-admin';
import { accountLinkHandlers } from './grpc/account-links';
import { OrderCustomers } from './peers/order-customers';
import { badgeStaffRoutes } from './routes/badge-staff';
import { badgeRoutes } from './routes/badges';
import { accountDeps } from './routes/deps';
import { desktopRoutes } from './routes/desktop';
import { emailChangeRoutes } from './routes/email-change';
import { newsletterRoutes } from './routes/newsletter';
import { passwordRoutes } from './routes/password';
import { profileRoutes } from './routes/profile';
import { signupRoutes } from './routes/signup';
import { staffUserRoutes } from './routes/staff-users';
import { staffUserExportRoutes } from './routes/staff-user-export';
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
    const orderCustomers = new OrderCustomers(context.config.peers.order.grpcAddress, context.logger);
    const userExports = new UserExportWorker(context);
    const linkKey = newsletterLinkKey(context.config.auth.privateKeyPem ?? '');
    const newsletters = createNewsletterService(context.config, context.db, linkKey, context.logger);
    return {
      async routes(app) {
        await tokenRoutes(app, deps);
        await signupRoutes(app, deps);
        await profileRoutes(app, deps);
        await passwordRoutes(app, deps);
        await emailChangeRoutes(app, deps);
        await newsletterRoutes(app, { ...deps, newsletters, linkKey });
        await staffUserRoutes(app, { ...deps, orderCustomers });
        await staffUserExportRoutes(app, context, { worker: userExports });
        await badgeRoutes(app, deps);
        await badgeStaffRoutes(app, deps);
        await desktopRoutes(app, deps);
      },
      grpc(server) {
        server.addService<AccountLinksService>(ACCOUNT_LINKS.proto, ACCOUNT_LINKS.service, accountLinkHandlers(context.db, context.config.publicUrl));
        server.addService<AccountAdminService>(ACCOUNT_ADMIN.proto, ACCOUNT_ADMIN.service, accountAdminHandlers(context.db, context.outbox));
      },
      subscriptions: [
        { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: forgetErasureEvent },
        { group: 'user-export-erasure', types: [EVENTS.accountDeleted.type], effect: forgetErasedInExports(userExports) },
      ],
      async onStart() {
        userExports.start();
        if (!context.config.demoData) return;
        await mkdir(path.join(context.config.dataDir, 'keys'), { recursive: true, mode: 0o700 });
        await ensureDemoAccounts(context.db, context.config.dataDir, context.logger);
        await ensureDemoGiftCodes(context.db);
      },
      async close() {
        await userExports.stop();
        orderCustomers.close();
        await newsletters.close();
      },
    };
  },
};
