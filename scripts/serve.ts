import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { createGateway } from '@inkwell/gateway';
import {
  ConfigError,
  createCache,
  createEventBus,
  createLogger,
  isServiceName,
  loadGatewayConfig,
  loadServiceConfig,
  startMetricsServer,
  startService,
  startTracing,
  type App,
  type CommonConfig,
  type Logger,
} from '@inkwell/platform';
import { SERVICES, startDemoData } from './services';
import { ROOT_DIR } from './stack';

/** One step of the graceful shutdown, logged as it starts; a failed step is logged and the next one runs. */
type ShutdownStep = [what: string, run: () => Promise<unknown>];

/**
 * One service (or the gateway) per process, as in the cluster: `INKWELL_SERVICE` names it and the
 * production drivers come from its configuration. Its metrics are served on its own port, and it
 * traces when the `OTEL_*` settings say so.
 */
async function main(): Promise<void> {
  const name = process.env.INKWELL_SERVICE ?? '';
  const logger = createLogger(name || 'inkwell', process.env.LOG_LEVEL ?? 'info');
  // Before anything that could start a span.
  const tracing = startTracing(process.env, name || 'inkwell');
  let steps: ShutdownStep[];
  let shutdown: CommonConfig['shutdown'];
  if (name === 'gateway') {
    const config = loadGatewayConfig(process.env, ROOT_DIR);
    shutdown = config.shutdown;
    // Only Redis is shared with the catalog's processes; a cache of the gateway's own would stay empty.
    const catalogReads = config.redisUrl ? createCache(config) : undefined;
    const gateway = await createGateway({ config, logger, catalogReads });
    await gateway.listen({ host: config.host, port: config.port });
    const metrics = config.metricsEnabled ? await startMetricsServer(config.metricsPort, config.host) : undefined;
    if (metrics) logger.info({ port: metrics.port }, 'metrics served at /metrics');
    steps = [
      [`keeping on serving for SHUTDOWN_DRAIN_MS (${shutdown.drainMs} ms) while the load balancer stops sending requests`, () => delay(config.shutdown.drainMs)],
      ['taking no new requests; finishing those in flight', () => closeHttp(gateway, logger)],
      ['closing the read cache and the metrics server', async () => Promise.all([catalogReads?.close(), metrics?.close()])],
    ];
  } else if (isServiceName(name)) {
    const config = loadServiceConfig(name, process.env, { embedded: false });
    shutdown = config.shutdown;
    const bus = createEventBus(config, logger);
    const cache = createCache(config);
    // It serves its metrics on its own port too (METRICS_PORT).
    const running = await startService<unknown>(SERVICES[name], { config, logger, bus, cache });
    await bus.start();
    const demo = name === 'catalog' ? await startDemoData(running) : undefined;
    steps = [
      // Readiness says no at once, so a load balancer that follows it (a Service's endpoints)
      // stops sending requests while what still arrives is served.
      [`unready; keeping on serving for SHUTDOWN_DRAIN_MS (${shutdown.drainMs} ms)`, async () => {
        running.beginDrain();
        await delay(config.shutdown.drainMs);
      }],
      ['stopping the demo data', async () => demo?.stop()],
      ['taking no new requests or calls; finishing those in flight', () => Promise.all([closeHttp(running.app, logger), running.grpc.shutdown()])],
      // Rows written by what is still in flight below stay in the outbox for the other replicas' relays.
      ['stopping the outbox relay after its current batch', () => running.relay.stop()],
      // kafkajs lets each consumer finish the event in hand, commits the offsets handled and leaves
      // its group, whose other members take its partitions at once.
      ['stopping the consumers after their current event; committing offsets and leaving the groups', () => bus.stop()],
      ['stopping background work; closing the database pool, files and the metrics server', () => running.stop()],
      ['closing the cache', () => cache.close()],
    ];
  } else {
    throw new ConfigError([`INKWELL_SERVICE must be one of gateway, ${Object.keys(SERVICES).join(', ')} (got "${name}")`]);
  }
  steps.push(['flushing traces', async () => tracing?.shutdown()]);

  let shuttingDown = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const { drainMs, timeoutMs } = shutdown;
    const started = Date.now();
    logger.info({ signal, drainMs, timeoutMs }, 'shutting down gracefully');
    // Whatever hangs (a stuck call, a broker that does not answer), the process ends within its limit.
    setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting now');
      process.exit(1);
    }, timeoutMs).unref();
    for (const [what, run] of steps) {
      const began = Date.now();
      logger.info({ step: what }, 'shutdown step');
      await run().catch((error: unknown) => logger.error({ err: error, step: what }, 'shutdown step failed'));
      logger.info({ step: what, ms: Date.now() - began }, 'shutdown step done');
    }
    logger.info({ ms: Date.now() - started }, 'shut down');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * Fastify's close: no new connections; requests in flight finish; a request that arrives on a
 * kept-alive connection meanwhile is answered 503 (the gateway sends it to another replica). A
 * connection whose last request finished after the close began would stay open until its
 * keep-alive ran out, so idle ones are closed as they appear.
 */
async function closeHttp(app: App, logger: Logger): Promise<void> {
  const server: Server = app.server;
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
  logger.info('HTTP server closed');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
