/**
 * `npm run contract-check`: the public API checked against its own OpenAPI document by an
 * independent tool. Starts the store as `npm start` does (embedded drivers, demo data) in a
 * temporary data folder on free ports, signs in as the demo admin so the signed-in and staff calls
 * are exercised too, and runs schemathesis (`pip install schemathesis`) on `/api/docs`: no
 * operation may answer 5xx to generated input, and every answer must match its documented schema.
 *
 * SCHEMATHESIS_MAX_EXAMPLES (default 12) bounds the examples per operation, so a run takes a few
 * minutes on two cores. Extra arguments are passed on to `st run`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readDemoAccounts } from '@inkwell/account';
import { createLogger, loadGatewayConfig } from '@inkwell/platform';
import { ROOT_DIR, startStack } from './stack';

const CHECKS = ['not_a_server_error', 'response_schema_conformance'];

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url}/api/health did not answer 200 within ${timeoutMs / 1000} s`);
    // Polling interval while the services finish starting.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/account/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: email, Password: password }) });
  const body = (await response.json()) as { response?: { access_token?: string } };
  if (!response.ok || !body.response?.access_token) throw new Error(`Signing in as ${email} failed: HTTP ${response.status}`);
  return body.response.access_token;
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (error) => reject(new Error(`Could not run ${command} (pip install schemathesis): ${error.message}`)));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-contract-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    // Generated requests come from one address, far faster than any visitor.
    RATE_LIMIT_MAX: '1000000000',
  };
  const logger = createLogger('contract-check', process.env.LOG_LEVEL ?? 'warn');
  const stack = await startStack({ env, logger, randomPorts: true });
  try {
    await waitForHealth(stack.url, 120_000);
    const admin = (await readDemoAccounts(loadGatewayConfig(env, ROOT_DIR).dataDir)).find((account) => account.roles.includes('admin'));
    if (!admin) throw new Error('The demo admin was not created; contract-check needs the demo data (DEMO_DATA).');
    const token = await signIn(stack.url, admin.email, admin.password);
    return await run('st', [
      '--no-color',
      'run',
      `${stack.url}/api/docs`,
      '--url', stack.url,
      '--checks', CHECKS.join(','),
      '--max-examples', process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '12',
      '--header', `Authorization: Bearer ${token}`,
      '--seed', process.env.SCHEMATHESIS_SEED ?? '1',
      ...process.argv.slice(2),
    ]);
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
