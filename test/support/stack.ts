import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES, createLogger, type Env } from '@inkwell/platform';
import { createTestDatabase, type TestDatabase } from '@inkwell/platform/testing';
import { startStack, type Stack, type StackOptions } from '../../scripts/stack';

export interface TestStack extends Stack {
  dataDir: string;
}

/**
 * The whole product as `npm start` runs it (every service and the gateway in one process, the
 * embedded event bus), on free ports, with a fresh database per service and for the bus on the test
 * Postgres server.
 */
export async function startTestStack(env: Env = {}, { pickPort, logger }: Partial<Pick<StackOptions, 'pickPort' | 'logger'>> = {}): Promise<TestStack> {
  const databases: TestDatabase[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-stack-'));
  const stackEnv: Env = { LOG_LEVEL: 'silent', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', ...env };
  delete stackEnv.DATABASE_URL;
  for (const name of SERVICE_NAMES) {
    const database = await createTestDatabase(name);
    databases.push(database);
    stackEnv[`${name.toUpperCase()}_DATABASE_URL`] = database.url;
  }
  const busDatabase = await createTestDatabase('bus');
  databases.push(busDatabase);
  stackEnv.BUS_DATABASE_URL = busDatabase.url;
  if (process.env.TEST_REDIS_URL && !('REDIS_URL' in env)) {
    stackEnv.REDIS_URL = process.env.TEST_REDIS_URL;
    // Stacks of other test files share the Redis server; their caches must not meet.
    stackEnv.CACHE_NAMESPACE = `inkwell-test:${path.basename(dataDir)}:`;
  }
  try {
    const stack = await startStack({ env: stackEnv, logger: logger ?? createLogger('test-stack', process.env.TEST_LOG_LEVEL ?? 'silent'), randomPorts: true, pickPort });
    return {
      ...stack,
      dataDir,
      async stop() {
        await stack.stop();
        await Promise.all(databases.map((database) => database.drop()));
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(databases.map((database) => database.drop()));
    throw error;
  }
}
