import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readDemoAccounts } from '@inkwell/account';
import { DEMO_COUPONS } from '@inkwell/cart';
import { ConfigError, createLogger, loadGatewayConfig } from '@inkwell/platform';
import { ROOT_DIR, startStack } from './stack';

/** Newest modification time under `dir`, skipping build output and dependencies. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-desktop') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Builds a frontend when it has never been built or its sources changed since. */
function ensureBuilt(app: 'web' | 'dashboard'): void {
  const dir = path.join(ROOT_DIR, app);
  const index = path.join(dir, 'dist', 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newest(dir)) return;
  console.log(`Building ${app} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', app], { cwd: ROOT_DIR, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`Building ${app} failed`);
}

async function main(): Promise<void> {
  const logger = createLogger('inkwell', process.env.LOG_LEVEL ?? 'info');
  ensureBuilt('web');
  ensureBuilt('dashboard');
  // The support desk's inbound SMTP listener on 2525 unless SUPPORT_SMTP_PORT says otherwise (README "Support email").
  const env: NodeJS.ProcessEnv = { SUPPORT_SMTP_PORT: '2525', ...process.env };
  const stack = await startStack({ env, logger });
  const demoAccounts = await readDemoAccounts(loadGatewayConfig(process.env, ROOT_DIR).dataDir);
  const credentials = demoAccounts.map((account) => `\n  ${account.roles.includes('admin') ? 'demo admin ' : 'demo reader'} ${account.email}  password ${account.password}`).join('');
  const smtp = env.SUPPORT_SMTP_PORT ? `\n  support SMTP ${env.SUPPORT_SMTP_HOST ?? '127.0.0.1'}:${env.SUPPORT_SMTP_PORT}` : '';
  const coupons = demoAccounts.length > 0 ? `\n  demo coupons ${DEMO_COUPONS.map((coupon) => `${coupon.code} (${coupon.description})`).join(', ')}` : '';
  console.log(`\nInkwell is running: ${stack.url}\n  storefront  ${stack.url}/\n  dashboard   ${stack.url}/dashboard/\n  API health  ${stack.url}/api/health${smtp}${credentials}${coupons}\nPress Ctrl-C to stop.\n`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
