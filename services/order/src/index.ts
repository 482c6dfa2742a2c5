import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@inkwell/platform';

const here = path.dirname(fileURLToPath(import.meta.url));

export const orderService: ServiceDefinition = {
  name: 'order',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup() {
    return { routes: async () => {} };
  },
};
