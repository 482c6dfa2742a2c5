import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGateway } from '@inkwell/gateway';
import {
  Database,
  SERVICE_NAMES,
  createCache,
  createEventBus,
  ensureDatabase,
  freePort,
  generateSigningKeys,
  loadGatewayConfig,
  loadServiceConfig,
  isTracing,
  startEmbeddedPostgres,
  startMetricsServer,
  startService,
  startTracing,
  type App,
  type EmbeddedPostgresServer,
  type Env,
  type Logger,
  type RunningService,
  type ServiceName,
} from '@inkwell/platform';
import { SERVICES, startDemoData, type ExposedBy } from './services';

/** Where the services listen in this run mode, and where the gateway reaches them from. */
const LOOPBACK = '127.0.0.1';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StackOptions {
  env: Env;
  logger: Logger;
  /** Pick free ports for everything instead of the fixed ones (tests run beside a running store). */
  randomPorts?: boolean;
  /** How a free port is found when `randomPorts` is set (default: asking the system for one). */
  pickPort?: () => Promise<number>;
}

export interface Stack {
  url: string;
  /** `GET /metrics` of the whole process (every service and the gateway); absent with METRICS_ENABLED=false. */
  metricsUrl?: string;
  gateway: App;
  services: RunningService[];
  /** The running service of that name, with what it exposes. */
  service<N extends ServiceName>(name: N): RunningService<ExposedBy<N>>;
  /** Resolves when the demo art is rendered and recorded (at once without DEMO_DATA). */
  demoArtRendered: Promise<void>;
  /**
   * Resolves once every event the services have written so far is out of their outboxes: with the
   * embedded bus, handled by every consumer group, and so are the events those consumers wrote in
   * turn (the search index and read cache are up to date).
   */
  eventsDelivered(): Promise<void>;
  stop(): Promise<void>;
}

/** Keys that sign access tokens in embedded mode, kept under the data folder so sessions survive restarts. */
async function embeddedKeys(dataDir: string): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const dir = path.join(dataDir, 'keys');
  const privateFile = path.join(dir, 'auth-private.pem');
  const publicFile = path.join(dir, 'auth-public.pem');
  if (existsSync(privateFile) && existsSync(publicFile)) {
    return { privateKeyPem: await readFile(privateFile, 'utf8'), publicKeyPem: await readFile(publicFile, 'utf8') };
  }
  const keys = generateSigningKeys();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(privateFile, keys.privateKeyPem, { mode: 0o600 });
  await writeFile(publicFile, keys.publicKeyPem);
  return keys;
}

/** The secret that signs page-image URLs in embedded mode, kept with the keys. */
async function embeddedMediaSecret(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'media-url-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

export function databaseName(service: ServiceName): string {
  return `inkwell_${service}`;
}

/** The embedded event bus's database (its per-group queues), beside the services' own. */
export const BUS_DATABASE = 'inkwell_bus';

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Every service and the gateway in one process, each on its own port with its own database: the
 * embedded run mode of `npm start`. Postgres is the embedded server unless DATABASE_URL (a server
 * on which `inkwell_<service>` databases are created) or `<SERVICE>_DATABASE_URL` is set; the
 * embedded event bus keeps its queues in `inkwell_bus` there (or at BUS_DATABASE_URL). The other
 * drivers follow the same configuration as in the cluster.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  // A port found free may be taken before the service listens on it (by a test running beside this
  // one, or as the local port of an outgoing connection): with random ports, a start that meets a
  // taken port is tried again on fresh ones.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      if (!options.randomPorts || attempt >= 3 || !isAddressInUse(error)) throw error;
      options.logger.warn({ err: error, attempt }, 'a port was taken before the stack listened on it; starting again on other ports');
    }
  }
}

function isAddressInUse(error: unknown): boolean {
  // Fastify passes on Node's error (code EADDRINUSE); grpc-js wraps it in a message of its own.
  return error instanceof Error && ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' || error.message.includes('EADDRINUSE'));
}

async function startStackOnce({ env, logger, randomPorts = false, pickPort = freePort }: StackOptions): Promise<Stack> {
  const env2: Env = { ...env };
  if (randomPorts) {
    for (const name of SERVICE_NAMES) {
      const prefix = name.toUpperCase();
      const [http, grpc] = [await pickPort(), await pickPort()];
      env2[`${prefix}_PORT`] = String(http);
      env2[`${prefix}_GRPC_PORT`] = String(grpc);
      env2[`${prefix}_HTTP_URL`] = `http://127.0.0.1:${http}`;
      env2[`${prefix}_GRPC_ADDR`] = `127.0.0.1:${grpc}`;
    }
    env2.GATEWAY_PORT = String(await pickPort());
    // Bound by the system (0), so nothing can take it first; the stack's metricsUrl says where it is.
    env2.GATEWAY_METRICS_PORT = '0';
  }
  const gatewayConfig = loadGatewayConfig(env2, ROOT_DIR);
  const configs = SERVICE_NAMES.map((name) => loadServiceConfig(name, env2, { embedded: true }));

  const stoppers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch((error: unknown) => logger.error({ err: error }, 'shutdown step failed'));
    stoppers.length = 0;
  };

  try {
    // Before anything is built: what is built after reads whether to trace (OTEL_*; a test may have started it already).
    const tracing = isTracing() ? undefined : startTracing(env2, 'inkwell');
    if (tracing) stoppers.push(() => tracing.shutdown());
    let embedded: EmbeddedPostgresServer | undefined;
    const serverUrl = env2.DATABASE_URL;
    /** `database` created unless it exists, on the server of DATABASE_URL or else the embedded one. */
    const databaseUrl = async (database: string): Promise<string> => {
      if (serverUrl) {
        await ensureDatabase(serverUrl, database);
        return withDatabase(serverUrl, database);
      }
      if (!embedded) {
        embedded = await startEmbeddedPostgres(gatewayConfig.dataDir, logger.child({ component: 'postgres' }));
        const server = embedded;
        stoppers.push(() => server.stop());
      }
      await embedded.ensureDatabase(database);
      return embedded.urlFor(database);
    };
    for (const config of configs) {
      if (env2[`${config.service.toUpperCase()}_DATABASE_URL`]) continue;
      config.databaseUrl = await databaseUrl(databaseName(config.service));
    }

    const keys = gatewayConfig.auth.publicKeyPem ? undefined : await embeddedKeys(gatewayConfig.dataDir);
    const mediaSecret = gatewayConfig.media.urlSecret ?? (await embeddedMediaSecret(gatewayConfig.dataDir));
    const busDatabase = gatewayConfig.kafka ? undefined : new Database(env2.BUS_DATABASE_URL ?? (await databaseUrl(BUS_DATABASE)), logger.child({ component: 'bus' }));
    if (busDatabase) stoppers.push(() => busDatabase.close());
    const bus = createEventBus(gatewayConfig, logger, busDatabase);
    const cache = createCache(gatewayConfig);
    stoppers.push(() => cache.close());

    const services: RunningService[] = [];
    for (const config of configs) {
      // Only the gateway is public (HOST); services answer the gateway, on this machine, alone, so
      // no one can walk around its rate limits. Requests reach them from the gateway's loopback
      // address, whose X-Forwarded-For (the client) they believe.
      config.host = LOOPBACK;
      config.trustedProxies = [LOOPBACK];
      if (keys) config.auth = { ...config.auth, ...keys };
      config.media = { ...config.media, urlSecret: mediaSecret };
      // One process: its metrics (every service's, labelled by service) are served once, on the gateway's metrics port.
      const running = await startService<unknown>(SERVICES[config.service], { config, logger, bus, cache }, { serveMetrics: false });
      services.push(running);
      stoppers.push(() => running.stop());
    }
    // Consumers are all registered now; from here on relays may deliver.
    await bus.start();
    // Stopped before the services, so no handler runs on a service that has closed.
    stoppers.push(() => bus.stop());

    const demo = await startDemoData(services.find((running) => running.name === 'catalog')!);
    if (demo) stoppers.push(() => demo.stop());

    const gateway = await createGateway({ config: gatewayConfig, logger: logger.child({ service: 'gateway' }), catalogReads: cache });
    await gateway.listen({ host: gatewayConfig.host, port: gatewayConfig.port });
    stoppers.push(() => gateway.close());
    const address = gateway.server.address();
    const port = typeof address === 'object' && address ? address.port : gatewayConfig.port;
    const metrics = gatewayConfig.metricsEnabled ? await startMetricsServer(gatewayConfig.metricsPort, gatewayConfig.host) : undefined;
    if (metrics) stoppers.push(() => metrics.close());
    const service = <N extends ServiceName>(name: N) => {
      const running = services.find((candidate) => candidate.name === name);
      if (!running) throw new Error(`the stack has no ${name} service`);
      // Built from SERVICES[name], so it exposes what that definition's setup returns.
      return running as RunningService<ExposedBy<N>>;
    };
    /** The newest outbox row of every service: changes whenever any service writes an event. */
    const written = async () =>
      (await Promise.all(services.map(async (running) => (await running.context.db.query<{ seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM outbox')).rows[0]!.seq))).join();
    const eventsDelivered = async () => {
      // A consumer's effect may write events of its own: passes go on until one in which nothing new was written.
      for (;;) {
        const before = await written();
        for (const running of services) {
          for (;;) {
            // The running relay may hold rows a drain here skips: wait until it has published them.
            await running.relay.drain();
            const { rows } = await running.context.db.query<{ waiting: number }>('SELECT count(*)::int AS waiting FROM outbox WHERE published_at IS NULL');
            if (rows[0]!.waiting === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
        // What the running relays published meanwhile is with the bus: its consumers finish too.
        await bus.idle?.();
        if ((await written()) === before) return;
      }
    };
    return { url: `http://localhost:${port}`, ...(metrics ? { metricsUrl: `http://localhost:${metrics.port}/metrics` } : {}), gateway, services, service, demoArtRendered: demo?.artRendered ?? Promise.resolve(), eventsDelivered, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
