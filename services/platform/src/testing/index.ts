import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { TokenSigner, generateSigningKeys, type Principal } from '../auth/tokens';
import { MemoryCache } from '../cache/memory-cache';
import { RedisCache } from '../cache/redis-cache';
import type { Cache } from '../cache/cache';
import { loadServiceConfig, type ServiceConfig } from '../config';
import { Database } from '../db/database';
import { dropDatabase, ensureDatabase } from '../db/embedded';
import type { EventBus } from '../events/bus';
import { InProcessEventBus, type InProcessEventBusOptions } from '../events/in-process-bus';
import { createLogger, type Logger } from '../logger';
import type { ServiceName } from '../topology';
import { buildService, type BuiltService, type ServiceDefinition } from '../service';

/**
 * Helpers for tests that drive a real service against a real Postgres: `npm test` points
 * TEST_DATABASE_URL at the machine's server or at an embedded one it starts, and each test gets a
 * database of its own.
 */
export function testDatabaseServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests with `npm test`, which provides a Postgres server');
  return url;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const adminUrl = testDatabaseServerUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => dropDatabase(adminUrl, name) };
}

export const testLogger: Logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** A destination for a logger whose JSON lines are kept, parsed, for a test to read. */
export function logLines(): { lines: Array<Record<string, unknown>>; destination: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

let keys: { privateKeyPem: string; publicKeyPem: string } | undefined;
/** One key pair per test process. */
export function testKeys() {
  keys ??= generateSigningKeys();
  return keys;
}

/** Signs page-image URLs in service tests (the stack keeps its own under its data folder). */
export const TEST_MEDIA_URL_SECRET = 'test-media-url-secret-0123456789abcdef';

export function testServiceConfig(service: ServiceName, databaseUrl: string, overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  const config = loadServiceConfig(service, { LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', GRPC_PORT: '0' }, { embedded: true });
  const { publicKeyPem, privateKeyPem } = testKeys();
  return {
    ...config,
    databaseUrl,
    demoData: false,
    auth: { ...config.auth, publicKeyPem, privateKeyPem },
    media: { ...config.media, urlSecret: TEST_MEDIA_URL_SECRET },
    ...overrides,
  };
}

/** Signs an access token the way the account service does. */
export async function signTestToken(principal: Partial<Principal> = {}, ttlSeconds = 900): Promise<string> {
  const config = testServiceConfig('account', 'postgres://unused');
  const signer = new TokenSigner(testKeys().privateKeyPem, config.auth.issuer, config.auth.audience, ttlSeconds);
  const { token } = await signer.sign({ userId: 'user-1', email: 'reader@example.com', roles: [], verified: true, ...principal });
  return token;
}

/** The cache the tests use: Redis when TEST_REDIS_URL is set (namespaced per run), memory otherwise. */
export function testCache(): Cache {
  const url = process.env.TEST_REDIS_URL;
  return url ? new RedisCache(url, `inkwell-test:${randomBytes(4).toString('hex')}:`) : new MemoryCache();
}

/** A delivery still in a test bus's queue: pending, backing off, or dead. */
export interface QueuedDelivery {
  eventId: string;
  type: string;
  attempts: number;
  dead: boolean;
  lastError: string | null;
}

/** An embedded bus on a test database of its own; `close` stops it and drops the database. */
export interface TestEventBus extends InProcessEventBus {
  /** What `group` has not handled yet, oldest first. */
  deliveries(group: string): Promise<QueuedDelivery[]>;
  close(): Promise<void>;
}

/** The embedded bus with quick polls and retries, so a failing consumer is retried or dead-lettered within a test. */
export async function createTestEventBus(options: InProcessEventBusOptions = {}): Promise<TestEventBus> {
  const database = await createTestDatabase('bus');
  const db = new Database(database.url, testLogger);
  const bus = new InProcessEventBus(db, testLogger, { pollIntervalMs: 25, baseBackoffMs: 10, maxBackoffMs: 100, ...options });
  return Object.assign(bus, {
    async deliveries(group: string) {
      const { rows } = await db.query<QueuedDelivery>(
        `SELECT event_id AS "eventId", event_type AS type, attempts, dead_at IS NOT NULL AS dead, last_error AS "lastError"
           FROM bus_deliveries WHERE consumer_group = $1 ORDER BY seq`,
        [group],
      );
      return rows;
    },
    async close() {
      await bus.stop();
      await db.close();
      await database.drop();
    },
  });
}

export interface TestService<Exposed = unknown, Bus extends EventBus = TestEventBus> extends BuiltService<Exposed> {
  /** The bus given, or else an embedded bus of the service's own (not started: tests start it). */
  bus: Bus;
  database: TestDatabase;
  close(): Promise<void>;
}

export { skipBecause } from './skip';
export { rowsMentioning } from './rows-mentioning';

/**
 * Builds a service on a fresh database (not listening: drive it with `app.inject`); `config` overrides
 * settings, e.g. where a peer it asks over gRPC listens.
 */
export async function buildTestService<Exposed, Bus extends EventBus = TestEventBus>(
  definition: ServiceDefinition<Exposed>,
  options: { bus?: Bus; cache?: Cache; config?: Partial<ServiceConfig> } = {},
): Promise<TestService<Exposed, Bus>> {
  const database = await createTestDatabase(definition.name);
  const ownBus = options.bus ? undefined : await createTestEventBus();
  // Without a bus given, Bus is TestEventBus: the one made here.
  const bus = options.bus ?? (ownBus as unknown as Bus);
  const cache = options.cache ?? testCache();
  const built = await buildService(definition, {
    config: testServiceConfig(definition.name, database.url, options.config),
    logger: testLogger,
    bus,
    cache,
    relay: { pollIntervalMs: 50, baseBackoffMs: 20, maxBackoffMs: 200 },
  }).catch(async (error: unknown) => {
    await ownBus?.close();
    throw error;
  });
  return {
    ...built,
    bus,
    database,
    async close() {
      // The bus first: its handlers use the service's database.
      await ownBus?.close();
      await built.stop();
      if (!options.cache) await cache.close();
      await database.drop();
    },
  };
}
