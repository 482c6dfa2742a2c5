import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthGuards, type AuthGuards } from './auth/guards';
import { TokenSigner, TokenVerifier } from './auth/tokens';
import type { Cache } from './cache/cache';
import { countCacheLookups } from './cache/measured-cache';
import type { ServiceConfig } from './config';
import { createFileStorage } from './drivers';
import type { FileStorage } from './files/storage';
import { Database } from './db/database';
import { migrate } from './db/migrate';
import type { EventBus } from './events/bus';
import { serviceConsumer } from './events/consumer';
import type { EventEffect } from './events/inbox';
import { Outbox } from './events/outbox';
import { OutboxRelay, type RelayOptions } from './events/relay';
import { SERVICE_INFO, createGrpcServer, type GrpcServer, type ServiceInfoService } from './grpc';
import { createHttpApp, type App } from './http/app';
import { registerSystemRoutes } from './http/system-routes';
import type { Logger } from './logger';
import { configureMetrics } from './observability/metrics';
import { startMetricsServer, type MetricsServer } from './observability/server';
import { trackServiceEvents } from './observability/events';
import type { ServiceName } from './topology';

const PLATFORM_VERSION = '0.1.0';
const PLATFORM_MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Everything a service's setup is given: its own database and the ports. */
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
}

/**
 * One event subscription: consumer group `<service>.<group>` for `types`; the effect runs once per
 * event id, in a transaction together with the inbox record.
 */
export interface ServiceSubscription {
  group: string;
  types: readonly string[];
  effect: EventEffect;
}

/**
 * What a service's setup builds, once per running service: its routes, gRPC handlers and event
 * subscriptions, with the parts they share (drivers, dispatchers, stores) held in setup's closure
 * and ended by `close`.
 */
export interface ServiceParts<Exposed = undefined> {
  routes(app: App): Promise<void>;
  grpc?(server: GrpcServer): void;
  subscriptions?: readonly ServiceSubscription[];
  /** Runs once every part is registered and before the service listens, e.g. to start background work. */
  onStart?(): Promise<void>;
  /** Ends what setup started; runs first when the service stops, before the database closes. */
  close?(): Promise<void>;
  /**
   * What scripts and tests may reach of the running service (the reader's page store, say);
   * required of a service whose definition names an `Exposed` type.
   */
  exposed?: Exposed;
}

/**
 * A service is declared by what it owns: its migrations, and a setup that builds its parts from
 * the context. `buildService` is the composition root that wires it to the drivers it is given.
 */
export interface ServiceDefinition<Exposed = undefined> {
  name: ServiceName;
  /** Folder of the service's numbered SQL migrations. */
  migrationsDir: string;
  /** Runs once, after the migrations. */
  setup(context: ServiceContext): Promise<ServiceParts<Exposed>>;
}

export interface ServiceDependencies {
  config: ServiceConfig;
  logger: Logger;
  bus: EventBus;
  cache: Cache;
  relay?: RelayOptions;
}

export interface BuiltService<Exposed = unknown> {
  name: ServiceName;
  app: App;
  grpc: GrpcServer;
  context: ServiceContext;
  relay: OutboxRelay;
  exposed: Exposed;
  /**
   * From now on `/health/ready` answers 503, so load balancers and Kubernetes stop sending new
   * requests while those in flight finish (the first step of a graceful SIGTERM, before `stop`).
   */
  beginDrain(): void;
  /** Ends background work, the relay, the HTTP and gRPC servers and the database pool, in that order. */
  stop(): Promise<void>;
}

export interface RunningService<Exposed = unknown> extends BuiltService<Exposed> {
  /** Ports actually bound (differ from the configured ones when those are 0). */
  httpPort: number;
  grpcPort: number;
  /** Port of the service's own `GET /metrics` server; absent when it serves none (see StartOptions). */
  metricsPort?: number;
}

export interface StartOptions {
  /**
   * Serve the process's metrics at `GET /metrics` on the service's metrics port (default true, when
   * metrics are on). `npm start` runs every service in one process and serves them once, on the
   * gateway's metrics port, instead.
   */
  serveMetrics?: boolean;
}

/** Applies the platform's migrations (outbox, inbox) and then the service's own. */
export async function applyMigrations(db: Database, definition: Pick<ServiceDefinition, 'name' | 'migrationsDir'>, logger: Logger): Promise<void> {
  await migrate(db, 'platform', PLATFORM_MIGRATIONS, logger);
  await migrate(db, definition.name, definition.migrationsDir, logger);
}

export async function buildService<Exposed>(definition: ServiceDefinition<Exposed>, deps: ServiceDependencies): Promise<BuiltService<Exposed>> {
  const { config, bus } = deps;
  configureMetrics({ enabled: config.metricsEnabled });
  // Counted per service, though under `npm start` the services share one cache.
  const cache = config.metricsEnabled ? countCacheLookups(deps.cache, definition.name) : deps.cache;
  const logger = deps.logger.child({ service: definition.name });
  if (!config.databaseUrl) throw new Error(`${definition.name}: no database URL`);
  if (!config.auth.publicKeyPem) throw new Error(`${definition.name}: no public key to verify access tokens`);
  const db = new Database(config.databaseUrl, logger, { service: definition.name });
  const files = createFileStorage(config);
  let parts: ServiceParts<Exposed> | undefined;
  try {
    await applyMigrations(db, definition, logger);

    // The outbox nudges the relay after each commit, which only happens once both exist.
    const outbox = new Outbox(definition.name, () => relay.nudge());
    const relay = new OutboxRelay(db, bus, logger.child({ component: 'relay' }), deps.relay);

    const verifier = new TokenVerifier(config.auth.publicKeyPem, config.auth.issuer, config.auth.audience);
    const context: ServiceContext = {
      name: definition.name,
      config,
      logger,
      db,
      outbox,
      cache,
      bus,
      files,
      auth: createAuthGuards(verifier),
      verifier,
    };
    if (config.auth.privateKeyPem) {
      context.signer = new TokenSigner(config.auth.privateKeyPem, config.auth.issuer, config.auth.audience, config.auth.accessTokenTtlSeconds);
    }
    parts = await definition.setup(context);

    let draining = false;
    const app = await createHttpApp({
      name: definition.name,
      logger,
      draining: () => draining,
      trustProxy: config.trustedProxies,
      readiness: {
        database: () => db.ping(),
        ...('ping' in cache ? { cache: () => (cache as { ping(): Promise<void> }).ping() } : {}),
      },
    });
    guardStaffArea(app, context.auth);
    const system = await registerSystemRoutes(app, { context, subscriptions: parts.subscriptions ?? [], version: PLATFORM_VERSION });
    await parts.routes(app);
    const grpc = createGrpcServer({ logger: logger.child({ component: 'grpc' }), service: definition.name });
    const startedAt = new Date().toISOString();
    grpc.addService<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, {
      describe: async () => ({
        service: definition.name,
        version: PLATFORM_VERSION,
        startedAt,
        drivers: { store: 'postgres', events: bus.driver, cache: cache.driver },
      }),
    });
    parts.grpc?.(grpc);
    // Each group handles an event once (inbox), measured; its failures go to the System area's last
    // errors and what the bus gives up on to the service's dead letters.
    for (const subscription of parts.subscriptions ?? []) {
      await bus.subscribe(serviceConsumer(definition.name, db, subscription, (group, error) => system.lastErrors.consumerFailed(group, error)));
    }
    const untrackEvents = trackServiceEvents(system.events);
    app.addHook('onClose', async () => untrackEvents());
    await parts.onStart?.();
    await app.ready();
    const built = parts;
    let stopped = false;
    return {
      name: definition.name,
      app,
      grpc,
      context,
      relay,
      // Present whenever the definition names an Exposed type (see ServiceParts).
      exposed: built.exposed as Exposed,
      beginDrain() {
        draining = true;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        await built.close?.();
        await relay.stop();
        await app.close();
        await grpc.shutdown();
        files.close();
        await db.close();
      },
    };
  } catch (error) {
    // Whatever setup opened (drivers, pools, timers) would otherwise keep the process alive.
    await parts?.close?.().catch((closeError: unknown) => logger.warn({ err: closeError }, 'closing the parts of a failed build failed'));
    files.close();
    await db.close().catch(() => undefined);
    throw error;
  }
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

/**
 * Builds the service, listens on its HTTP and gRPC ports (and its metrics port, see StartOptions),
 * and starts relaying its outbox.
 */
export async function startService<Exposed>(definition: ServiceDefinition<Exposed>, deps: ServiceDependencies, { serveMetrics = true }: StartOptions = {}): Promise<RunningService<Exposed>> {
  const built = await buildService(definition, deps);
  const { config } = deps;
  let grpcPort: number;
  let metrics: MetricsServer | undefined;
  try {
    grpcPort = await built.grpc.listen(config.host, config.grpcPort);
    await built.app.listen({ host: config.host, port: config.httpPort });
    if (serveMetrics && config.metricsEnabled) metrics = await startMetricsServer(config.metricsPort, config.host);
  } catch (error) {
    // A port already taken, say: close what was built (database pool, consumers, gRPC server), so
    // the failure ends the start-up instead of leaving a half-started service holding the process.
    await built.stop().catch((cleanupError: unknown) => built.context.logger.warn({ err: cleanupError }, 'clean-up after a failed start failed'));
    throw error;
  }
  const address = built.app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : config.httpPort;
  built.relay.start();
  built.context.logger.info({ httpPort, grpcPort, metricsPort: metrics?.port }, 'service started');
  const stop = async () => {
    await built.stop();
    await metrics?.close();
  };
  return { ...built, stop, httpPort, grpcPort, ...(metrics ? { metricsPort: metrics.port } : {}) };
}
