/**
 * The whole store as `npm start` runs it (embedded Postgres unless DATABASE_URL is set, demo data),
 * on free ports in a data folder given as the first argument. Prints its URL once the demo art is
 * rendered and indexed, so the measurement is not disturbed by start-up work.
 */
import { whenDemoArtRendered } from '@inkwell/catalog';
import { createLogger } from '@inkwell/platform';
import { startStack } from '../../scripts/stack';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: stack-server <data dir>');
const stack = await startStack({ env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', DEMO_DATA: 'true', RATE_LIMIT_MAX: '1000000' }, logger: createLogger('bench', 'warn'), randomPorts: true });

// Start-up work (rendering or re-checking the demo art, re-indexing search) must not overlap the load.
const catalog = stack.services.find((service) => service.name === 'catalog')!;
await whenDemoArtRendered(catalog.context);
console.log(JSON.stringify({ url: stack.url }));
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
