/**
 * The whole store as `npm start` runs it (embedded Postgres unless DATABASE_URL is set, demo data,
 * logs at LOG_LEVEL, info by default), on free ports in a data folder given as the first argument.
 * Reports its URL and each service's URL to the parent once the demo art is rendered and indexed, so
 * the measurement is not disturbed by start-up work.
 */
import { createLogger } from '@inkwell/platform';
import { startStack } from '../../scripts/stack';

const dataDir = process.argv[2];
if (!dataDir || !process.send) throw new Error('usage: stack-server <data dir>, started with an IPC channel');
const stack = await startStack({
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', DEMO_DATA: 'true' },
  logger: createLogger('inkwell', process.env.LOG_LEVEL ?? 'info'),
  randomPorts: true,
});

// Start-up work (rendering or re-checking the demo art, indexing what it records) must not overlap the load.
await stack.demoArtRendered;
await stack.eventsDelivered();
const services = Object.fromEntries(stack.services.map((service) => [service.name, { http: `http://127.0.0.1:${service.httpPort}`, grpc: `127.0.0.1:${service.grpcPort}` }]));
process.send({ url: stack.url.replace('localhost', '127.0.0.1'), services });
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
