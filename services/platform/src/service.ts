import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthGuards, type AuthGuards } from './auth/guards';
import { TokenSigner, TokenVerifier } from './auth/tokens';
import type { Cache } from './cache/cache';
import type { ServiceConfig } from './config';
import { createFileStorage } from './drivers';
import type { FileStorage } from './files/storage';
import { Database } from './db/database';
import { migrate } from './db/migrate';
import type { EventBus } from './events/bus';
import { handleOnce, type EventEffect } from './events/inbox';
import { Outbox } from './events/outbox';
import { OutboxRelay, type RelayOptions } from './events/relay';
import { SERVICE_INFO, createGrpcServer, type GrpcServer, type ServiceInfoService } from './grpc';
import { createHttpApp, type App } from './http/app';
import type { Logger } from './logger';
import type { ServiceName } from './topology';

const PLATFORM_VERSION = '0.1.0';
const PLATFORM_MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Everything a service's routes, flows and consumers are given: its own database and the ports. */
export interface ServiceContext {
  name: ServiceName;
  config: ServiceConfig;
  logger: Logger;
  db: Database;
  outbox: Outbox;
  cache: Cache;
  bus: EventBus;
  files: FileStorage;
  auth: AuthGuards;
  verifier: TokenVerifier;
  /** Present in the account service only. */
  signer?: TokenSigner;
  grpc: GrpcServer;
  /**
   * Registers consumer group `<service>.<group>` for `types`; the effect runs once per event id,
   * in a transaction together with the inbox record.
   */
  consume(group: string, types: readonly string[], effect: EventEffect): Promise<void>;
}

/**
 * A service is declared by what it owns: migrations, routes, gRPC handlers and event subscriptions.
 * `startService` is the composition root that wires it to the drivers it is given.
 */
export interface ServiceDefinition {
  name: ServiceName;
  /** Folder of the service's numbered SQL migrations. */
  migrationsDir: string;
  routes(app: App, context: ServiceContext): Promise<void>;
  grpc?(context: ServiceContext): void;
  subscriptions?(context: ServiceContext): Promise<void>;
  /** Runs after migrations and before listening, e.g. to seed demo data. */
  onStart?(context: ServiceContext): Promise<void>;
  /** Runs first when the service stops: end background work before the database closes. */
  onStop?(context: ServiceContext): Promise<void>;
}

export interface ServiceDependencies {
  config: ServiceConfig;
  logger: Logger;
  bus: EventBus;
  cache: Cache;
  relay?: RelayOptions;
}

export interface RunningService {
  name: ServiceName;
  app: App;
  context: ServiceContext;
  relay: OutboxRelay;
  /** Ports actually bound (differ from the configured ones when those are 0). */
  httpPort: number;
  grpcPort: number;
  stop(): Promise<void>;
}

export interface BuiltService {
  app: App;
  context: ServiceContext;
  relay: OutboxRelay;
  /** Ends background work, the relay, the HTTP and gRPC servers and the database pool, in that order. */
  stop(): Promise<void>;
}

/** Applies the platform's migrations (outbox, inbox) and then the service's own. */
export async function applyMigrations(db: Database, definition: Pick<ServiceDefinition, 'name' | 'migrationsDir'>, logger: Logger): Promise<void> {
  await migrate(db, 'platform', PLATFORM_MIGRATIONS, logger);
  await migrate(db, definition.name, definition.migrationsDir, logger);
}

export async function buildService(definition: ServiceDefinition, deps: ServiceDependencies): Promise<BuiltService> {
  const { config, bus, cache } = deps;
  const logger = deps.logger.child({ service: definition.name });
  if (!config.databaseUrl) throw new Error(`${definition.name}: no database URL`);
  if (!config.auth.publicKeyPem) throw new Error(`${definition.name}: no public key to verify access tokens`);
  const db = new Database(config.databaseUrl, logger);
  await applyMigrations(db, definition, logger);

  let relay: OutboxRelay | undefined;
  const outbox = new Outbox(definition.name, () => relay?.nudge());
  relay = new OutboxRelay(db, bus, logger.child({ component: 'relay' }), deps.relay);

  const verifier = new TokenVerifier(config.auth.publicKeyPem, config.auth.issuer, config.auth.audience);
  const context: ServiceContext = {
    name: definition.name,
    config,
    logger,
    db,
    outbox,
    cache,
    bus,
    files: createFileStorage(config),
    auth: createAuthGuards(verifier),
    verifier,
    grpc: createGrpcServer({ logger: logger.child({ component: 'grpc' }) }),
    consume: (group, types, effect) => {
      const consumer = `${definition.name}.${group}`;
      return bus.subscribe({ group: consumer, types, handler: handleOnce(db, consumer, effect) });
    },
  };
  if (config.auth.privateKeyPem) {
    context.signer = new TokenSigner(config.auth.privateKeyPem, config.auth.issuer, config.auth.audience, config.auth.accessTokenTtlSeconds);
  }

  const app = await createHttpApp({
    name: definition.name,
    logger,
    readiness: {
      database: () => db.ping(),
      ...('ping' in cache ? { cache: () => (cache as { ping(): Promise<void> }).ping() } : {}),
    },
  });
  guardStaffArea(app, context.auth);
  await definition.routes(app, context);
  const startedAt = new Date().toISOString();
  context.grpc.addService<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, {
    describe: async () => ({
      service: definition.name,
      version: PLATFORM_VERSION,
      startedAt,
      drivers: { store: 'postgres', events: bus.driver, cache: cache.driver },
    }),
  });
  definition.grpc?.(context);
  await definition.subscriptions?.(context);
  await definition.onStart?.(context);
  await app.ready();
  let stopped = false;
  return {
    app,
    context,
    relay,
    async stop() {
      if (stopped) return;
      stopped = true;
      await definition.onStop?.(context);
      await relay.stop();
      await app.close();
      await context.grpc.shutdown();
      await db.close();
    },
  };
}

/** The staff API's namespace (dashboard spec §7: "all calls are under the dashboard API"). */
export const STAFF_PREFIX = '/api/dashboard';

/**
 * Every request below the staff namespace needs the admin role before routing, in every service:
 * a staff route that forgot its own guard, or a path no route serves yet, still answers 401 to
 * anonymous callers and 403 to readers, never data and never a hint of what exists. Routes keep
 * their own `requireAdmin` as well.
 */
function guardStaffArea(app: App, auth: AuthGuards): void {
  const isStaff = (path: string) => {
    const lower = path.toLowerCase();
    return lower === STAFF_PREFIX || lower.startsWith(`${STAFF_PREFIX}/`);
  };
  app.addHook('onRequest', async (request, reply) => {
    let path = request.url.split('?')[0]!;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Malformed escapes: judged as written.
    }
    // The matched route's own pattern counts too, whatever spelling of the path reached it.
    if (isStaff(path) || isStaff(request.routeOptions.url ?? '')) await auth.requireAdmin(request, reply);
  });
}

/** Builds the service, listens on its HTTP and gRPC ports, and starts relaying its outbox. */
export async function startService(definition: ServiceDefinition, deps: ServiceDependencies): Promise<RunningService> {
  const { app, context, relay, stop } = await buildService(definition, deps);
  const { config } = deps;
  let grpcPort: number;
  try {
    grpcPort = await context.grpc.listen(config.host, config.grpcPort);
    await app.listen({ host: config.host, port: config.httpPort });
  } catch (error) {
    // A port already taken, say: close what was built (database pool, consumers, gRPC server), so
    // the failure ends the start-up instead of leaving a half-started service holding the process.
    await stop().catch((cleanupError: unknown) => context.logger.warn({ err: cleanupError }, 'clean-up after a failed start failed'));
    throw error;
  }
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : config.httpPort;
  relay.start();
  context.logger.info({ httpPort, grpcPort }, 'service started');
  return { name: definition.name, app, context, relay, httpPort, grpcPort, stop };
}
