import path from 'node:path';
import type { Cache } from './cache/cache';
import { MemoryCache } from './cache/memory-cache';
import { RedisCache } from './cache/redis-cache';
import type { CommonConfig } from './config';
import type { EventBus } from './events/bus';
import { InProcessEventBus } from './events/in-process-bus';
import { KafkaEventBus } from './events/kafka-bus';
import { LocalFileStorage } from './files/local-storage';
import type { FileStorage } from './files/storage';
import type { Logger } from './logger';

/**
 * The one place that picks drivers from configuration: Kafka when `KAFKA_BROKERS` is set, otherwise
 * in-process delivery; Redis when `REDIS_URL` is set, otherwise memory.
 */
export function createEventBus(config: CommonConfig, logger: Logger): EventBus {
  if (config.kafka) {
    return new KafkaEventBus({ ...config.kafka, logger: logger.child({ component: 'kafka' }) });
  }
  return new InProcessEventBus(logger.child({ component: 'bus' }));
}

export function createCache(config: CommonConfig): Cache {
  return config.redisUrl ? new RedisCache(config.redisUrl, config.cacheNamespace) : new MemoryCache();
}

/** Images live under `DATA_DIR/media`, which the gateway serves at `/media/`. */
export function createFileStorage(config: CommonConfig): FileStorage {
  return new LocalFileStorage(mediaDir(config));
}

export function mediaDir(config: Pick<CommonConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'media');
}
