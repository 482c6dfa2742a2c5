import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger, startEmbeddedPostgres } from '@inkwell/platform';
import { dockerAvailable, startTestContainers } from '../services/platform/src/testing/containers';

/**
 * vitest's globalSetup for every project whose tests need servers (all but the frontend units): a
 * real Postgres and, where a Docker engine is usable, containers for the other TEST_* settings left
 * unset. Settings already given name the servers to use. The settings go into this process's
 * environment before vitest forks its workers, which inherit it.
 *
 * vitest runs this once per project in the run; the first starts the servers and the last teardown
 * stops them, so a run of several projects shares one set.
 */
interface Servers {
  users: number;
  stop(): Promise<void>;
}

const KEY = Symbol.for('inkwell.test-servers');
/** On globalThis: vitest loads this module anew for each project, all in its one main process. */
const shared = globalThis as typeof globalThis & { [KEY]?: Promise<Servers> };

async function start(): Promise<Servers> {
  const stops: Array<() => Promise<void>> = [];
  if (process.env.TEST_DATABASE_URL) console.log(`Postgres: the server at TEST_DATABASE_URL (${new URL(process.env.TEST_DATABASE_URL).host})`);
  if (await dockerAvailable()) {
    const containers = await startTestContainers(process.env);
    stops.push(containers.stop);
    Object.assign(process.env, containers.settings);
    for (const setting of Object.keys(containers.settings)) console.log(`${setting}: a container started by testcontainers`);
  }
  if (!process.env.TEST_DATABASE_URL) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-test-'));
    const embedded = await startEmbeddedPostgres(dir, createLogger('test', 'warn'));
    stops.push(async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    });
    process.env.TEST_DATABASE_URL = embedded.urlFor('postgres');
    console.log(`Postgres: embedded server on port ${embedded.port} (set TEST_DATABASE_URL to use another)`);
  }
  console.log(process.env.TEST_REDIS_URL ? 'Cache: Redis at TEST_REDIS_URL' : 'Cache: in-memory (set TEST_REDIS_URL to also test Redis)');
  return {
    users: 0,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  const servers = await (shared[KEY] ??= start());
  servers.users += 1;
  return async () => {
    servers.users -= 1;
    if (servers.users > 0) return;
    delete shared[KEY];
    await servers.stop();
  };
}
