import { isIP } from 'node:net';
import path from 'node:path';
import { SERVICE_NAMES, SERVICE_PORTS, envPrefix, type ServiceName } from './topology';

/**
 * Configuration is read once at start-up from the environment and validated as a whole: a setting
 * that is malformed, or a production driver that is switched on without everything it needs, stops
 * start-up with one message listing every problem. Nothing else in the code reads `process.env`.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Inkwell cannot start, the configuration has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  ssl: boolean;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
  /** Partitions and replication factor of the topics the bus creates; the cluster's defaults when absent. */
  topicPartitions?: number;
  replicationFactor?: number;
  /** Deliveries of an event to a group before it moves to the group's dead-letter topic. */
  maxDeliveryAttempts: number;
  /** Prefix of every topic and consumer group name, so deployments (or test runs) sharing a broker stay apart. */
  namespace: string;
  /** How long a silent consumer is waited for before its partitions go to the group's others; kafkajs' 30 s when absent. */
  sessionTimeoutMs?: number;
}

/** Object storage for covers, page images, uploads and exports (`S3_BUCKET` switches it on). */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Without them, the AWS SDK's default chain (web identity, instance role, environment). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix inside the bucket, e.g. `inkwell/`. */
  prefix: string;
}

export interface AuthSettings {
  /** PEM of the key that verifies access tokens (every service). */
  publicKeyPem?: string;
  /** PEM of the key that signs access tokens (account only). */
  privateKeyPem?: string;
  issuer: string;
  audience: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface PeerAddress {
  httpUrl: string;
  grpcAddress: string;
}

export interface CommonConfig {
  logLevel: string;
  host: string;
  /**
   * The proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`): the gateway's own address
   * for a service, the load balancer's or ingress controller's for the gateway. Empty: believe no one.
   */
  trustedProxies: string[];
  publicUrl: string;
  dataDir: string;
  kafka?: KafkaSettings;
  redisUrl?: string;
  /** Prefix of every Redis key, so deployments (or test runs) sharing a server stay apart. */
  cacheNamespace: string;
  opensearch?: { url: string; username?: string; password?: string };
  auth: AuthSettings;
  geoCountryHeader: string;
  peers: Record<ServiceName, PeerAddress>;
  /** Seed the demo catalogue into an empty database at start-up. */
  demoData: boolean;
  /** Transactional email: SMTP when `SMTP_URL` is set, otherwise stored and written to the log with their links. */
  email: { smtpUrl?: string; from: string };
  /**
   * The order service's payment processor: Stripe when all three keys are set, else the embedded
   * simulated processor. Secrets: read here and passed to the processor only, never logged.
   */
  payments: { stripeSecretKey?: string; stripePublishableKey?: string; stripeWebhookSecret?: string; stripeApiUrl?: string };
  /**
   * The order service's sweeper: how often it looks (`ORDER_SWEEP_INTERVAL_MS`) for purchases left
   * between states, and how long one must be untouched before it is resumed (`ORDER_SWEEP_STALE_MS`).
   */
  orders: { sweepIntervalMs: number; sweepStaleAfterMs: number };
  /**
   * Signs page-image URLs so a link only opens what its holder may read. `MEDIA_URL_SECRET` is
   * required when services run on their own; the embedded launcher keeps one under the data folder.
   */
  media: {
    urlSecret?: string;
    urlTtlSeconds: number;
    /** Where browsers load public files (covers, banners): `/media` through the gateway, or a CDN. */
    publicUrl: string;
    /** Files in an S3 bucket instead of `DATA_DIR/media`. */
    s3?: S3Settings;
    /**
     * Largest comic archive staff may upload for ingestion (`INGEST_MAX_UPLOAD_BYTES`, 500 MB by
     * default): the reader refuses a larger file and the gateway stops forwarding one.
     */
    ingestMaxUploadBytes: number;
  };
}

export interface ServiceConfig extends CommonConfig {
  service: ServiceName;
  httpPort: number;
  grpcPort: number;
  /** The service's own database; absent only in the embedded launcher before Postgres starts. */
  databaseUrl?: string;
}

export interface GatewayConfig extends CommonConfig {
  port: number;
  /** Requests per minute per client address. */
  rateLimitMax: number;
  webDist: string;
  dashboardDist: string;
}

/** A process Inkwell runs: one of the services, or the gateway. */
export type Workload = ServiceName | 'gateway';

/**
 * One environment variable the configuration reads. `requiredBy` names the workloads that refuse
 * to start without it when they run on their own (the cluster, docker-compose); `anyOf` lists
 * other names that satisfy the same need (e.g. `CATALOG_DATABASE_URL` for `DATABASE_URL`).
 */
export interface Setting {
  name: string;
  requiredBy?: (workload: Workload) => boolean;
  anyOf?: (workload: Workload) => string[];
}

const everyService = (workload: Workload) => workload !== 'gateway';

/**
 * Every environment variable Inkwell reads, so deployment files can be checked against it
 * (test/infra/k8s.test.ts): a name set there that nothing reads, or a required one left out, fails
 * that test. The reader below refuses any name missing from this list.
 */
export const SETTINGS: readonly Setting[] = [
  // Read by the launcher (scripts/serve.ts) to pick the workload of the process.
  { name: 'INKWELL_SERVICE', requiredBy: () => true },
  { name: 'LOG_LEVEL' },
  { name: 'HOST' },
  { name: 'TRUSTED_PROXIES' },
  { name: 'PUBLIC_URL' },
  { name: 'DATA_DIR' },
  { name: 'REDIS_URL' },
  { name: 'CACHE_NAMESPACE' },
  { name: 'AUTH_PUBLIC_KEY', requiredBy: everyService },
  { name: 'AUTH_PRIVATE_KEY', requiredBy: (workload) => workload === 'account' },
  { name: 'AUTH_ISSUER' },
  { name: 'AUTH_AUDIENCE' },
  { name: 'ACCESS_TOKEN_TTL_SECONDS' },
  { name: 'REFRESH_TOKEN_TTL_SECONDS' },
  { name: 'GEO_COUNTRY_HEADER' },
  { name: 'DEMO_DATA' },
  { name: 'SMTP_URL' },
  { name: 'STRIPE_SECRET_KEY' },
  { name: 'STRIPE_PUBLISHABLE_KEY' },
  { name: 'STRIPE_WEBHOOK_SECRET' },
  { name: 'STRIPE_API_URL' },
  { name: 'ORDER_SWEEP_INTERVAL_MS' },
  { name: 'ORDER_SWEEP_STALE_MS' },
  { name: 'EMAIL_FROM' },
  { name: 'MEDIA_URL_SECRET', requiredBy: (workload) => workload === 'reader' },
  { name: 'MEDIA_URL_TTL_SECONDS' },
  { name: 'MEDIA_PUBLIC_URL' },
  { name: 'INGEST_MAX_UPLOAD_BYTES' },
  { name: 'S3_BUCKET' },
  { name: 'S3_REGION' },
  { name: 'S3_ENDPOINT' },
  { name: 'S3_FORCE_PATH_STYLE' },
  { name: 'S3_ACCESS_KEY_ID' },
  { name: 'S3_SECRET_ACCESS_KEY' },
  { name: 'S3_PREFIX' },
  { name: 'KAFKA_BROKERS', requiredBy: everyService },
  { name: 'KAFKA_CLIENT_ID' },
  { name: 'KAFKA_SSL' },
  { name: 'KAFKA_SASL_USERNAME' },
  { name: 'KAFKA_SASL_PASSWORD' },
  { name: 'KAFKA_SASL_MECHANISM' },
  { name: 'KAFKA_TOPIC_PARTITIONS' },
  { name: 'KAFKA_REPLICATION_FACTOR' },
  { name: 'KAFKA_MAX_DELIVERY_ATTEMPTS' },
  { name: 'KAFKA_NAMESPACE' },
  { name: 'KAFKA_SESSION_TIMEOUT_MS' },
  { name: 'OPENSEARCH_URL' },
  { name: 'OPENSEARCH_USERNAME' },
  { name: 'OPENSEARCH_PASSWORD' },
  { name: 'DATABASE_URL', requiredBy: everyService, anyOf: (workload) => (workload === 'gateway' ? [] : [`${envPrefix(workload)}_DATABASE_URL`]) },
  { name: 'PORT' },
  { name: 'GRPC_PORT' },
  ...SERVICE_NAMES.flatMap((service) =>
    ['HTTP_URL', 'GRPC_ADDR', 'DATABASE_URL', 'PORT', 'GRPC_PORT'].map((suffix) => ({ name: `${envPrefix(service)}_${suffix}` })),
  ),
  { name: 'GATEWAY_PORT' },
  { name: 'RATE_LIMIT_MAX' },
  { name: 'WEB_DIST' },
  { name: 'DASHBOARD_DIST' },
];

const SETTING_NAMES: ReadonlySet<string> = new Set(SETTINGS.map((setting) => setting.name));

export function isSettingName(name: string): boolean {
  return SETTING_NAMES.has(name);
}

/**
 * What a workload cannot start without when run on its own: each entry is a list of names any one
 * of which will do.
 */
export function requiredSettings(workload: Workload): string[][] {
  return SETTINGS.filter((setting) => setting.requiredBy?.(workload)).map((setting) => [setting.name, ...(setting.anyOf?.(workload) ?? [])]);
}

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` accepts besides addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string, fallback: string): string {
    return this.optional(name) ?? fallback;
  }

  optional(name: string): string | undefined {
    if (!SETTING_NAMES.has(name)) throw new Error(`The configuration reads ${name}, which SETTINGS in config.ts does not list`);
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  /** Comma-separated addresses, CIDR ranges and proxy-addr range names. */
  proxies(name: string): string[] {
    const entries = (this.optional(name) ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    for (const entry of entries) {
      if (!isProxyEntry(entry)) {
        this.problems.push(`${name} entries must be IP addresses, CIDR ranges (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(', ')} (got "${entry}")`);
      }
    }
    return entries;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
    if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  url(name: string, protocols: string[]): string | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} must be a ${protocols.join(' or ')} URL (got protocol "${parsed.protocol}")`);
        return undefined;
      }
      return raw;
    } catch {
      this.problems.push(`${name} is not a valid URL`);
      return undefined;
    }
  }

  /** PEM values may be given with literal "\n" escapes, as many secret stores flatten them. */
  pem(name: string): string | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    const pem = raw.replace(/\\n/g, '\n');
    if (!/-----BEGIN [A-Z ]+-----/.test(pem)) {
      this.problems.push(`${name} must be a PEM-encoded key`);
      return undefined;
    }
    return pem;
  }

  requireWith(trigger: string, name: string): string | undefined {
    const value = this.optional(name);
    if (value === undefined) this.problems.push(`${name} is required when ${trigger} is set`);
    return value;
  }
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function readKafka(r: Reader): KafkaSettings | undefined {
  const brokers = r.optional('KAFKA_BROKERS');
  if (brokers === undefined) return undefined;
  const list = brokers.split(',').map((b) => b.trim()).filter(Boolean);
  for (const broker of list) {
    if (!/^[\w.-]+:\d{1,5}$/.test(broker)) r.problems.push(`KAFKA_BROKERS entries must be host:port (got "${broker}")`);
  }
  const settings: KafkaSettings = {
    brokers: list,
    clientId: r.string('KAFKA_CLIENT_ID', 'inkwell'),
    ssl: r.boolean('KAFKA_SSL', false),
    maxDeliveryAttempts: r.integer('KAFKA_MAX_DELIVERY_ATTEMPTS', 5, 1, 1_000),
    namespace: r.string('KAFKA_NAMESPACE', ''),
  };
  // Kafka's own rule for topic names; group ids take the same prefix, so it must suit both.
  if (!/^[\w.-]{0,100}$/.test(settings.namespace)) r.problems.push(`KAFKA_NAMESPACE must be at most 100 letters, digits, dots, underscores and hyphens (got "${settings.namespace}")`);
  const partitions = r.integer('KAFKA_TOPIC_PARTITIONS', 0, 1, 10_000);
  if (partitions > 0) settings.topicPartitions = partitions;
  const replication = r.integer('KAFKA_REPLICATION_FACTOR', 0, 1, 10);
  if (replication > 0) settings.replicationFactor = replication;
  // The broker's default bounds (group.min/max.session.timeout.ms).
  const sessionTimeout = r.integer('KAFKA_SESSION_TIMEOUT_MS', 0, 6_000, 1_800_000);
  if (sessionTimeout > 0) settings.sessionTimeoutMs = sessionTimeout;
  const username = r.optional('KAFKA_SASL_USERNAME');
  if (username !== undefined) {
    const password = r.requireWith('KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD') ?? '';
    const mechanism = r.string('KAFKA_SASL_MECHANISM', 'scram-sha-512');
    if (!(SASL_MECHANISMS as readonly string[]).includes(mechanism)) {
      r.problems.push(`KAFKA_SASL_MECHANISM must be one of ${SASL_MECHANISMS.join(', ')}`);
    }
    settings.sasl = { mechanism: mechanism as (typeof SASL_MECHANISMS)[number], username, password };
  }
  return settings;
}

function readS3(r: Reader): S3Settings | undefined {
  const bucket = r.optional('S3_BUCKET');
  if (bucket === undefined) return undefined;
  // S3's own rule for bucket names: 3 to 63 lowercase letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) r.problems.push(`S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`);
  const prefix = r.string('S3_PREFIX', '');
  if (prefix !== '' && !/^[a-z0-9][a-z0-9._/-]*\/$/i.test(prefix)) r.problems.push(`S3_PREFIX must be a path of plain segments ending in "/" (got "${prefix}")`);
  const settings: S3Settings = {
    bucket,
    region: r.string('S3_REGION', 'us-east-1'),
    forcePathStyle: r.boolean('S3_FORCE_PATH_STYLE', false),
    prefix,
  };
  const endpoint = r.url('S3_ENDPOINT', ['http:', 'https:']);
  if (endpoint) settings.endpoint = endpoint;
  const accessKeyId = r.optional('S3_ACCESS_KEY_ID');
  const secretAccessKey = r.optional('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    r.problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the platform\'s credentials (instance or pod role)');
  } else if (accessKeyId !== undefined && secretAccessKey !== undefined) {
    settings.credentials = { accessKeyId, secretAccessKey };
  }
  return settings;
}

/** `/media` (through the gateway) or an absolute http(s) URL, without a trailing slash. */
function readMediaPublicUrl(r: Reader): string {
  const raw = r.optional('MEDIA_PUBLIC_URL');
  if (raw === undefined || raw === '/media') return '/media';
  return (r.url('MEDIA_PUBLIC_URL', ['http:', 'https:']) ?? '/media').replace(/\/+$/, '');
}

function readCommon(r: Reader, embedded: boolean): CommonConfig {
  const logLevel = r.string('LOG_LEVEL', 'info');
  if (!LOG_LEVELS.includes(logLevel)) r.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const opensearchUrl = r.url('OPENSEARCH_URL', ['http:', 'https:']);
  const peers = {} as Record<ServiceName, PeerAddress>;
  for (const name of SERVICE_NAMES) {
    const prefix = envPrefix(name);
    peers[name] = {
      httpUrl: r.url(`${prefix}_HTTP_URL`, ['http:', 'https:']) ?? `http://127.0.0.1:${SERVICE_PORTS[name].http}`,
      grpcAddress: r.string(`${prefix}_GRPC_ADDR`, `127.0.0.1:${SERVICE_PORTS[name].grpc}`),
    };
  }
  const common: CommonConfig = {
    logLevel,
    host: r.string('HOST', '0.0.0.0'),
    trustedProxies: r.proxies('TRUSTED_PROXIES'),
    publicUrl: (r.url('PUBLIC_URL', ['http:', 'https:']) ?? 'http://localhost:8080').replace(/\/$/, ''),
    dataDir: path.resolve(r.string('DATA_DIR', 'data')),
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    cacheNamespace: r.string('CACHE_NAMESPACE', 'inkwell:'),
    auth: {
      publicKeyPem: r.pem('AUTH_PUBLIC_KEY'),
      privateKeyPem: r.pem('AUTH_PRIVATE_KEY'),
      issuer: r.string('AUTH_ISSUER', 'inkwell-account'),
      audience: r.string('AUTH_AUDIENCE', 'inkwell'),
      accessTokenTtlSeconds: r.integer('ACCESS_TOKEN_TTL_SECONDS', 900, 60, 86_400),
      refreshTokenTtlSeconds: r.integer('REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 3_600, 365 * 86_400),
    },
    geoCountryHeader: r.string('GEO_COUNTRY_HEADER', 'cf-ipcountry').toLowerCase(),
    peers,
    demoData: r.boolean('DEMO_DATA', embedded),
    email: {
      smtpUrl: r.url('SMTP_URL', ['smtp:', 'smtps:']),
      from: r.string('EMAIL_FROM', 'Inkwell <no-reply@inkwell.example>'),
    },
    payments: {
      stripeSecretKey: r.optional('STRIPE_SECRET_KEY'),
      stripePublishableKey: r.optional('STRIPE_PUBLISHABLE_KEY'),
      stripeWebhookSecret: r.optional('STRIPE_WEBHOOK_SECRET'),
      stripeApiUrl: r.url('STRIPE_API_URL', ['http:', 'https:']),
    },
    orders: {
      sweepIntervalMs: r.integer('ORDER_SWEEP_INTERVAL_MS', 5_000, 100, 3_600_000),
      sweepStaleAfterMs: r.integer('ORDER_SWEEP_STALE_MS', 60_000, 100, 86_400_000),
    },
    media: {
      urlSecret: r.optional('MEDIA_URL_SECRET'),
      urlTtlSeconds: r.integer('MEDIA_URL_TTL_SECONDS', 3_600, 60, 7 * 86_400),
      publicUrl: readMediaPublicUrl(r),
      ingestMaxUploadBytes: r.integer('INGEST_MAX_UPLOAD_BYTES', 500 * 1024 * 1024, 1024, 20 * 1024 * 1024 * 1024),
    },
  };
  const kafka = readKafka(r);
  if (kafka) common.kafka = kafka;
  const s3 = readS3(r);
  if (s3) common.media.s3 = s3;
  if (opensearchUrl) {
    common.opensearch = { url: opensearchUrl, username: r.optional('OPENSEARCH_USERNAME'), password: r.optional('OPENSEARCH_PASSWORD') };
  }
  return common;
}

export interface LoadOptions {
  /**
   * Embedded mode (`npm start`, tests): no DATABASE_URL and no auth keys are needed, the launcher
   * provides them. Otherwise (one service per process, as in the cluster) both are required.
   */
  embedded: boolean;
}

export function loadServiceConfig(service: ServiceName, env: Env, options: LoadOptions): ServiceConfig {
  const r = new Reader(env);
  const common = readCommon(r, options.embedded);
  const prefix = envPrefix(service);
  const ports = SERVICE_PORTS[service];
  const databaseUrl = r.url(`${prefix}_DATABASE_URL`, ['postgres:', 'postgresql:']) ?? r.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  if (!options.embedded) {
    if (!databaseUrl) r.problems.push(`DATABASE_URL (or ${prefix}_DATABASE_URL) is required to run the ${service} service on its own`);
    if (!common.auth.publicKeyPem) r.problems.push('AUTH_PUBLIC_KEY is required to verify access tokens');
    if (!common.kafka) r.problems.push('KAFKA_BROKERS is required when services run as separate processes (the in-process event bus only reaches consumers in the same process)');
    if (service === 'account' && !common.auth.privateKeyPem) r.problems.push('AUTH_PRIVATE_KEY is required by the account service to sign access tokens');
    if (service === 'reader' && !common.media.urlSecret) r.problems.push('MEDIA_URL_SECRET is required by the reader service to sign page-image URLs');
  }
  if (common.media.urlSecret !== undefined && common.media.urlSecret.length < 32) {
    r.problems.push('MEDIA_URL_SECRET must be at least 32 characters');
  }
  const config: ServiceConfig = {
    ...common,
    service,
    httpPort: r.integer(`${prefix}_PORT`, r.integer('PORT', ports.http, 0, 65_535), 0, 65_535),
    grpcPort: r.integer(`${prefix}_GRPC_PORT`, r.integer('GRPC_PORT', ports.grpc, 0, 65_535), 0, 65_535),
    databaseUrl,
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/** The event-bus settings alone, for tools that talk to Kafka without running a service. */
export function loadKafkaSettings(env: Env): KafkaSettings | undefined {
  const r = new Reader(env);
  const kafka = readKafka(r);
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return kafka;
}

export function loadGatewayConfig(env: Env, rootDir: string): GatewayConfig {
  const r = new Reader(env);
  const common = readCommon(r, false);
  const config: GatewayConfig = {
    ...common,
    port: r.integer('GATEWAY_PORT', r.integer('PORT', 8080, 0, 65_535), 0, 65_535),
    rateLimitMax: r.integer('RATE_LIMIT_MAX', 1200, 1, 1_000_000_000),
    webDist: path.resolve(rootDir, r.string('WEB_DIST', 'web/dist')),
    dashboardDist: path.resolve(rootDir, r.string('DASHBOARD_DIST', 'dashboard/dist')),
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
