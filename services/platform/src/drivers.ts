import path from 'node:path';
import type { Cache } from './cache/cache';
import { MemoryCache } from './cache/memory-cache';
import { RedisCache } from './cache/redis-cache';
import type { CommonConfig, KafkaSettings } from './config';
import type { Database } from './db/database';
import type { EmailSender } from './email/sender';
import { SesEmailSender } from './email/ses-sender';
import { SmtpEmailSender } from './email/smtp-sender';
import { StoredEmailSender } from './email/stored-sender';
import type { EventBus } from './events/bus';
import { InProcessEventBus } from './events/in-process-bus';
import { KafkaEventBus } from './events/kafka-bus';
import { LocalFileStorage } from './files/local-storage';
import { S3FileStorage } from './files/s3-storage';
import type { FileStorage } from './files/storage';
import type { Logger } from './logger';
import { OpenSearchIndex } from './search/opensearch-index';
import { PostgresSearchIndex } from './search/postgres-search-index';
import type { SearchIndex } from './search/search-index';

/**
 * The one place that picks drivers from configuration: Kafka when `KAFKA_BROKERS` is set, otherwise
 * the embedded bus, whose queues live in `busDatabase` (under `npm start` the `inkwell_bus` database);
 * Redis when `REDIS_URL` is set, otherwise memory; OpenSearch when
 * `OPENSEARCH_URL` is set, otherwise Postgres full-text search; SMTP when `SMTP_URL` is set,
 * otherwise mails stored for the dashboard; files in an S3 bucket when `S3_BUCKET` is set, otherwise
 * in a local folder. Services and scripts ask here
 * and never construct a driver themselves.
 */
export function createEventBus(config: CommonConfig, logger: Logger, busDatabase?: Database): EventBus {
  if (config.kafka) {
    return new KafkaEventBus({ ...config.kafka, logger: logger.child({ component: 'kafka' }) });
  }
  if (!busDatabase) throw new Error('The embedded event bus needs a database of its own (KAFKA_BROKERS is not set)');
  return new InProcessEventBus(busDatabase, logger.child({ component: 'bus' }));
}

/**
 * Sends the events a consumer group dead-lettered back to that group and returns how many
 * (`npm run events:redrive -- <group>`): from its dead-letter topic on Kafka, otherwise the dead
 * rows of its queue in the embedded bus's database.
 */
export async function redriveDeadLetters(from: { kafka: KafkaSettings } | { busDatabase: Database }, group: string, logger: Logger): Promise<number> {
  if ('busDatabase' in from) return new InProcessEventBus(from.busDatabase, logger.child({ component: 'bus' })).redrive(group);
  const bus = new KafkaEventBus({ ...from.kafka, logger: logger.child({ component: 'kafka' }) });
  try {
    return await bus.redrive(group);
  } finally {
    await bus.stop();
  }
}

export function createCache(config: CommonConfig): Cache {
  return config.redisUrl ? new RedisCache(config.redisUrl, config.cacheNamespace) : new MemoryCache();
}

/**
 * Files (covers, page images, uploads, exports) live in the S3 bucket when one is configured, shared
 * by every pod; otherwise under `DATA_DIR/media`. Either way the gateway serves the public ones at
 * `/media/` unless `MEDIA_PUBLIC_URL` names a CDN.
 */
export function createFileStorage(config: Pick<CommonConfig, 'dataDir' | 'media'>): FileStorage {
  const { s3, publicUrl } = config.media;
  if (s3) {
    return new S3FileStorage({
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      forcePathStyle: s3.forcePathStyle,
      ...(s3.credentials ? { credentials: s3.credentials } : {}),
      prefix: s3.prefix,
      publicBaseUrl: publicUrl,
    });
  }
  return new LocalFileStorage(mediaDir(config), publicUrl);
}

export function mediaDir(config: Pick<CommonConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'media');
}

/**
 * The search driver over `db` (the searching service's own database, which holds the Postgres
 * driver's documents). OpenSearch's index is created when missing before the driver is handed out.
 */
export async function createSearchIndex(config: Pick<CommonConfig, 'opensearch'>, db: Database, logger: Logger): Promise<SearchIndex> {
  const settings = config.opensearch;
  if (!settings) return new PostgresSearchIndex(db);
  const index = new OpenSearchIndex({
    url: settings.url,
    ...(settings.username ? { username: settings.username } : {}),
    ...(settings.password ? { password: settings.password } : {}),
    logger: logger.child({ component: 'opensearch' }),
  });
  try {
    await index.ensureIndex();
  } catch (error) {
    await index.close();
    throw error;
  }
  return index;
}

export function createEmailSender(config: Pick<CommonConfig, 'email'>, logger: Logger): EmailSender {
  const { smtpUrl, ses } = config.email;
  // SES wins over SMTP; credentials come from the AWS default chain (never from here, never logged).
  if (ses) {
    return new SesEmailSender({ region: ses.region, ...(ses.endpoint ? { endpoint: ses.endpoint } : {}), ...(ses.configurationSet ? { configurationSet: ses.configurationSet } : {}) });
  }
  return smtpUrl ? new SmtpEmailSender(smtpUrl) : new StoredEmailSender(logger.child({ component: 'email' }));
}
