import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger, startEmbeddedPostgres, type EmbeddedPostgresServer } from '@inkwell/platform';
import { ROOT_DIR } from './stack';

/**
 * `npm test`: every `*.test.ts` under services/*\/test and test/, run by node's test runner against
 * a real Postgres — the machine's server when TEST_DATABASE_URL is set, otherwise an embedded one
 * started here for the run — and against Redis too when TEST_REDIS_URL is set. The frontends' unit
 * tests (`*.test.ts` beside the code in web/src, dashboard/src and ui-kit/src) run first, under
 * node without a DOM, each package with its own tsconfig so its `@/` imports resolve; they need no
 * database, so a run of only those starts none.
 * Arguments narrow the run to files whose path contains any of them.
 */
async function findTests(dir: string): Promise<string[]> {
  const found: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await findTests(full)));
    else if (entry.name.endsWith('.test.ts')) found.push(full);
  }
  return found;
}

const FRONTENDS = ['web', 'dashboard', 'ui-kit'];

async function findMatching(dirs: string[], filters: string[]): Promise<string[]> {
  return (await Promise.all(dirs.map(findTests)))
    .flat()
    .map((file) => path.relative(ROOT_DIR, file))
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort();
}

function runNodeTests(files: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=180000', ...files], { cwd: ROOT_DIR, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  const serviceDirs = (await readdir(path.join(ROOT_DIR, 'services'))).map((name) => path.join(ROOT_DIR, 'services', name, 'test'));
  const files = await findMatching([...serviceDirs, path.join(ROOT_DIR, 'test')], filters);
  const frontendRuns = [];
  for (const frontend of FRONTENDS) {
    const frontendFiles = await findMatching([path.join(ROOT_DIR, frontend, 'src')], filters);
    if (frontendFiles.length > 0) frontendRuns.push({ frontend, files: frontendFiles });
  }
  if (files.length === 0 && frontendRuns.length === 0) {
    console.error('No test files matched.');
    return 1;
  }

  let failed = 0;
  for (const run of frontendRuns) {
    console.log(`Frontend unit tests: ${run.frontend}`);
    const code = await runNodeTests(run.files, { ...process.env, TSX_TSCONFIG_PATH: path.join(ROOT_DIR, run.frontend, 'tsconfig.json') });
    if (code !== 0) failed = code;
  }
  if (files.length === 0) return failed;

  const env = { ...process.env };
  let embedded: EmbeddedPostgresServer | undefined;
  let tmp: string | undefined;
  if (env.TEST_DATABASE_URL) {
    console.log(`Postgres: the server at TEST_DATABASE_URL (${new URL(env.TEST_DATABASE_URL).host})`);
  } else {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'inkwell-test-'));
    embedded = await startEmbeddedPostgres(tmp, createLogger('test', 'warn'));
    env.TEST_DATABASE_URL = embedded.urlFor('postgres');
    console.log(`Postgres: embedded server on port ${embedded.port} (set TEST_DATABASE_URL to use another)`);
  }
  console.log(env.TEST_REDIS_URL ? 'Cache: Redis at TEST_REDIS_URL' : 'Cache: in-memory (set TEST_REDIS_URL to also test Redis)');

  try {
    const code = await runNodeTests(files, env);
    return code !== 0 ? code : failed;
  } finally {
    await embedded?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
