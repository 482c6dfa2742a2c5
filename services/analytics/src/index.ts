import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENTS, type ServiceDefinition } from '@inkwell/platform';
import { eraseAnalyticsUser } from './consumers/account-erasure';
import { recordCartUpdated } from './consumers/carts';
import { recordDomainEvent } from './consumers/domain-events';
import { ingestionRoutes } from './routes/ingestion';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Analytics: ingests storefront events and keeps a copy of every domain event for metrics. */
export const analyticsService: ServiceDefinition = {
  name: 'analytics',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup(context) {
    return {
      routes: (app) => ingestionRoutes(app, context),
      subscriptions: [
        { group: 'carts', types: [EVENTS.cartUpdated.type], effect: recordCartUpdated },
        { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: eraseAnalyticsUser },
        { group: 'domain-events', types: Object.values(EVENTS).map((definition) => definition.type), effect: recordDomainEvent },
      ],
    };
  },
};
