/**
 * The whole store as `npm start` runs it (embedded Postgres unless DATABASE_URL is set, demo data),
 * on free ports in a data folder given as the first argument. Prints its URL once the demo art is
 * rendered, so the measurement is not disturbed by start-up work.
 */
import { createLogger } from '@inkwell/platform';
import { startStack } from '../../scripts/stack';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: stack-server <data dir>');
const stack = await startStack({ env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', DEMO_DATA: 'true', RATE_LIMIT_MAX: '1000000' }, logger: createLogger('bench', 'warn'), randomPorts: true });

async function artReady(): Promise<boolean> {
  const newest = await (await fetch(`${stack.url}/api/discover/v2?sort=1&count=1`)).json() as { response: Array<{ id: number }> };
  const id = newest.response[0]?.id;
  if (id === undefined) return false;
  const product = await (await fetch(`${stack.url}/api/product/${id}`, { headers: { 'cache-control': 'no-cache' } })).json() as { response: { thumbnails: unknown[] } };
  return product.response.thumbnails.length > 0;
}
const deadline = Date.now() + 10 * 60_000;
while (!(await artReady())) {
  if (Date.now() > deadline) throw new Error('demo art not ready after 10 minutes');
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
console.log(JSON.stringify({ url: stack.url }));
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
