import { createGateway } from '@inkwell/gateway';
import {
  ConfigError,
  createCache,
  createEventBus,
  createLogger,
  isServiceName,
  loadGatewayConfig,
  loadServiceConfig,
  startService,
} from '@inkwell/platform';
import { SERVICES, startDemoData } from './services';
import { ROOT_DIR } from './stack';

/**
 * One service (or the gateway) per process, as in the cluster: `INKWELL_SERVICE` names it and the
 * production drivers come from its configuration.
 */
async function main(): Promise<void> {
  const name = process.env.INKWELL_SERVICE ?? '';
  const logger = createLogger(name || 'inkwell', process.env.LOG_LEVEL ?? 'info');
  const stops: Array<() => Promise<void>> = [];
  if (name === 'gateway') {
    const config = loadGatewayConfig(process.env, ROOT_DIR);
    // Only Redis is shared with the catalog's processes; a cache of the gateway's own would stay empty.
    const catalogReads = config.redisUrl ? createCache(config) : undefined;
    const gateway = await createGateway({ config, logger, catalogReads });
    await gateway.listen({ host: config.host, port: config.port });
    stops.push(() => gateway.close());
    if (catalogReads) stops.push(() => catalogReads.close());
  } else if (isServiceName(name)) {
    const config = loadServiceConfig(name, process.env, { embedded: false });
    const bus = createEventBus(config, logger);
    const cache = createCache(config);
    const running = await startService<unknown>(SERVICES[name], { config, logger, bus, cache });
    await bus.start();
    const demo = name === 'catalog' ? await startDemoData(running) : undefined;
    stops.push(async () => demo?.stop(), () => running.stop(), () => bus.stop(), () => cache.close());
  } else {
    throw new ConfigError([`INKWELL_SERVICE must be one of gateway, ${Object.keys(SERVICES).join(', ')} (got "${name}")`]);
  }
  const shutdown = async () => {
    for (const stop of stops) await stop().catch((error: unknown) => logger.error({ err: error }, 'shutdown step failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
