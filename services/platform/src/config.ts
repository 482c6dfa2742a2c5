import { isIP } from 'node:net';
import path from 'node:path';
import { GATEWAY_METRICS_PORT, GATEWAY_PORT, SERVICE_NAMES, SERVICE_PORTS, envPrefix, type ServiceName } from './topology';
import type { DesktopPlatformSettings } from './desktop-platform';

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

/** Where a service is reached: each of its replicas over HTTP, and one gRPC target that balances over them. */
export interface PeerAddress {
  /** Base URL of every replica (`<SERVICE>_HTTP_URL` may list several); the gateway spreads its requests over them. */
  httpUrls: string[];
  /**
   * A gRPC target (`host:port`, or a name-resolver target such as `dns:///cart:9103`); a list of
   * replicas' addresses becomes one `ipv4:`/`ipv6:` target, which the clients balance round robin.
   */
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
  email: {
    smtpUrl?: string;
    from: string;
    /** Amazon SES v2 when `SES_REGION` is set (wins over SMTP); `endpoint` only for a local SES-compatible server. */
    ses?: { region: string; endpoint?: string; configurationSet?: string; snsTopicArns: string[] };
    /** Most emails sent per UTC day from the scheduled-email queue (budget `daily`); more wait for the next day. */
    dailySendCap: number;
  };
  /**
   * The support desk: the address customers write to (replies come back to `local+<token>@domain`),
   * the inbound SMTP listener (`port` 0 picks a free port, `undefined` keeps it off) and the limits
   * of what it accepts.
   */
  /** Analytics: the zone its days and months are cut in, and how long raw events are kept. */
  analytics: { timeZone: string; rawRetentionDays: number };
  support: { address: string; inboundSmtp?: { host: string; port: number }; maxMessageBytes: number; maxAttachments: number; maxAttachmentBytes: number; formsPerHour: number };
  /**
   * The order service's payment processor: Stripe when all three keys are set, else the embedded
   * simulated processor. Secrets: read here and passed to the processor only, never logged.
   */
  /**
   * The account service's email-marketing port: `embedded` (lists and subscriptions in its own
   * database) or `listmonk` (its HTTP API, with the admin user's basic auth; never logged).
   */
  newsletter: { driver: 'embedded' | 'listmonk'; listmonk?: { url: string; username: string; password: string } };
  payments: {
    stripeSecretKey?: string;
    stripePublishableKey?: string;
    stripeWebhookSecret?: string;
    stripeApiUrl?: string;
    taxDriver: 'embedded' | 'stripe';
    /** Not a production run (`NODE_ENV` is not `production`): the storefront may show the simulated processor's test cards. */
    showTestCards: boolean;
  };
  /**
   * The order service's sweeper: how often it looks (`ORDER_SWEEP_INTERVAL_MS`) for purchases left
   * between states, and how long one must be untouched before it is resumed (`ORDER_SWEEP_STALE_MS`).
   */
  orders: { sweepIntervalMs: number; sweepStaleAfterMs: number };
  /**
   * The desktop build's games platform (issue 26, docs/desktop.md): the embedded simulated platform,
   * or Steam's Web API with DESKTOP_PLATFORM_DRIVER=steam. The Web API key is a secret: passed to the
   * driver only, never logged.
   */
  desktop: DesktopPlatformSettings;
  /** What a process does on SIGTERM (scripts/serve.ts): `SHUTDOWN_DRAIN_MS` unready first, all of it within `SHUTDOWN_TIMEOUT_MS`. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Prometheus instruments on or off (`METRICS_ENABLED`); off is the benchmarks' baseline. */
  metricsEnabled: boolean;
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
  /** Port of the service's own `GET /metrics` server, when it runs as its own process. */
  metricsPort: number;
  /** The service's own database; absent only in the embedded launcher before Postgres starts. */
  databaseUrl?: string;
}

export interface GatewayConfig extends CommonConfig {
  port: number;
  /** Port of the gateway's own `GET /metrics` server (under `npm start`, the whole process's). */
  metricsPort: number;
  /** Requests per minute per client address. */
  rateLimitMax: number;
  webDist: string;
  dashboardDist: string;
}

/** A process Inkwell runs: one of the services, or the gateway. */
export type Workload = ServiceName | 'gateway';

/**
 * How a setting's value is written and read: `parse` turns the trimmed, non-empty value into what
 * the configuration holds, or adds a problem and answers INVALID, in which case the default stands
 * (start-up stops anyway, with every problem listed). A kind may add a problem and still answer the
 * value, so that what depends on it is read and checked too (S3_BUCKET's key pair, say), as before.
 */
interface Kind<T> {
  parse: (raw: string, name: string, problems: string[]) => T | typeof INVALID;
  /** What an unset (or empty) variable means. */
  default: T;
  /** How the value is written, for docs/configuration.md. */
  format: string;
}

const INVALID = Symbol('invalid');

/**
 * One environment variable, declared once: the configuration reads it through this declaration,
 * start-up checks it by it, and docs/configuration.md is generated from it (`npm run docs:settings`).
 */
interface Declaration<T> {
  kind: Kind<T>;
  /** What it does, in Markdown. */
  does: string;
  /** The default as the documentation says it, when the kind's default written out would not say it. */
  shownDefault?: string;
  /** The production driver it switches on, in place of the embedded one its default names. */
  switches?: string;
  /** Workloads that refuse to start without it when they run on their own (the cluster, docker-compose). */
  requiredBy?: (workload: Workload) => boolean;
  /** Other names that satisfy the same need (e.g. `CATALOG_DATABASE_URL` for `DATABASE_URL`). */
  anyOf?: (workload: Workload) => string[];
  /** What start-up says when a service run on its own lacks it; INKWELL_SERVICE has none, the launcher needs it. */
  missing?: (service: ServiceName) => string;
}

/** A declaration under its name; `<SERVICE>_…` names stand for one variable per service, e.g. `CATALOG_PORT`. */
type Declared<T> = Declaration<T> & { name: string; section: string };

const PER_SERVICE = '<SERVICE>_';

function text(fallback: string, format = 'text'): Kind<string> {
  return { parse: (raw) => raw, default: fallback, format };
}

function optionalText(format = 'text'): Kind<string | undefined> {
  return { parse: (raw) => raw, default: undefined, format };
}

/** Text that must match a pattern; `rule` ends the sentence "NAME must be …". */
function matching(pattern: RegExp, rule: string, format: string): Kind<string | undefined> {
  return {
    parse: (raw, name, problems) => {
      if (pattern.test(raw)) return raw;
      problems.push(`${name} must be ${rule} (got "${raw}")`);
      return raw;
    },
    default: undefined,
    format,
  };
}

function oneOf<const V extends string>(values: readonly V[], fallback: V): Kind<V> {
  return {
    parse: (raw, name, problems) => {
      if ((values as readonly string[]).includes(raw)) return raw as V;
      problems.push(`${name} must be one of ${values.join(', ')}`);
      return INVALID;
    },
    default: fallback,
    format: values.map((value) => `\`${value}\``).join(', '),
  };
}

function integer(bounds: { min: number; max: number }): Kind<number | undefined>;
function integer(bounds: { min: number; max: number; default: number }): Kind<number>;
function integer({ min, max, default: fallback }: { min: number; max: number; default?: number }): Kind<number | undefined> {
  return {
    parse: (raw, name, problems) => {
      const value = Number(raw);
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return INVALID;
    },
    default: fallback,
    format: `whole number, ${min} to ${max}`,
  };
}

function boolean(fallback: boolean): Kind<boolean> {
  return {
    parse: (raw, name, problems) => {
      if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
      if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
      problems.push(`${name} must be true or false (got "${raw}")`);
      return INVALID;
    },
    default: fallback,
    format: '`true` or `false` (`1`/`0`, `yes`/`no`)',
  };
}

function url(protocols: string[]): Kind<string | undefined>;
function url(protocols: string[], fallback: string): Kind<string>;
function url(protocols: string[], fallback?: string): Kind<string | undefined> {
  return {
    parse: (raw, name, problems) => {
      try {
        const parsed = new URL(raw);
        if (protocols.includes(parsed.protocol)) return raw;
        problems.push(`${name} must be a ${protocols.join(' or ')} URL (got protocol "${parsed.protocol}")`);
      } catch {
        problems.push(`${name} is not a valid URL`);
      }
      return INVALID;
    },
    default: fallback,
    format: `${protocols.map((protocol) => `\`${protocol}\``).join(' or ')} URL`,
  };
}

/** PEM values may be given with literal "\n" escapes, as many secret stores flatten them. */
function pem(): Kind<string | undefined> {
  return {
    parse: (raw, name, problems) => {
      const value = raw.replace(/\\n/g, '\n');
      if (/-----BEGIN [A-Z ]+-----/.test(value)) return value;
      problems.push(`${name} must be a PEM-encoded key`);
      return INVALID;
    },
    default: undefined,
    format: 'PEM key (`\\n` escapes allowed)',
  };
}

/** A comma-separated list, each entry checked; the entries are kept even when one is refused. */
function list(entryIsValid: (entry: string) => boolean, rule: string, format: string): Kind<string[]> {
  return {
    parse: (raw, name, problems) => {
      const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
      for (const entry of entries) if (!entryIsValid(entry)) problems.push(`${name} entries must be ${rule} (got "${entry}")`);
      return entries;
    },
    default: [],
    format,
  };
}

/** A comma-separated list of URLs, at least one; each must use one of `protocols`. Trailing slashes are dropped. */
function urlList(protocols: string[]): Kind<string[] | undefined> {
  const one = url(protocols);
  return {
    parse: (raw, name, problems) => {
      const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
      if (entries.length === 0) {
        problems.push(`${name} must list at least one URL`);
        return INVALID;
      }
      const urls = entries.map((entry) => one.parse(entry, name, problems));
      return urls.includes(INVALID) ? INVALID : (urls as string[]).map((entry) => entry.replace(/\/+$/, ''));
    },
    default: undefined,
    format: `comma-separated ${one.format}s`,
  };
}

/** gRPC's name-resolver schemes, whose targets are handed to the client as written. */
const GRPC_TARGET_SCHEMES = /^(dns|ipv4|ipv6|unix|unix-abstract):/;

/**
 * A gRPC target: a resolver target (`dns:///cart:9103`) or one `host:port` as written, or a list of
 * `ip:port` (replicas on fixed addresses, as `npm run cluster` starts them) turned into the one
 * `ipv4:`/`ipv6:` target gRPC balances over. A list of host names has no such target: a DNS name
 * that resolves to every replica (a headless Service) does that job.
 */
function grpcTarget(): Kind<string | undefined> {
  return {
    parse: (raw, name, problems) => {
      const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
      if (entries.length === 1 && GRPC_TARGET_SCHEMES.test(entries[0]!)) return entries[0]!;
      const addresses = entries.map((entry) => {
        const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(entry);
        return match ? { host: (match[1] ?? match[2])!, port: match[3]!, entry } : undefined;
      });
      if (entries.length === 0 || addresses.includes(undefined)) {
        problems.push(`${name} must be host:port, a gRPC target such as dns:///cart:9103, or a comma-separated list of ip:port (got "${raw}")`);
        return INVALID;
      }
      if (entries.length === 1) return entries[0]!;
      const versions = new Set(addresses.map((address) => isIP(address!.host)));
      if (versions.has(0) || versions.size > 1) {
        problems.push(`${name} lists several addresses, so each must be an IP address of the same version with its port (got "${raw}"); for host names give one DNS name that resolves to every replica, e.g. dns:///cart:9103`);
        return INVALID;
      }
      return `${versions.has(6) ? 'ipv6' : 'ipv4'}:${addresses.map((address) => address!.entry).join(',')}`;
    },
    default: undefined,
    format: '`host:port`, a gRPC target (`dns:///host:port`), or comma-separated `ip:port`s',
  };
}

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` accepts besides addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** `/media` (through the gateway) or an absolute http(s) URL, without a trailing slash. */
function mediaPublicUrl(): Kind<string> {
  const absolute = url(['http:', 'https:'], '/media');
  return {
    parse: (raw, name, problems) => {
      if (raw === '/media') return raw;
      const value = absolute.parse(raw, name, problems);
      return value === INVALID ? value : value.replace(/\/+$/, '');
    },
    default: '/media',
    format: '`/media` or an `http:` or `https:` URL',
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
const MEDIA_URL_SECRET_MIN_LENGTH = 32;

const everyService = (workload: Workload) => workload !== 'gateway';

/** A titled part of the settings, kept together in the documentation. */
function section<D extends Record<string, Declaration<unknown>>>(title: string, declarations: D): { [K in keyof D]: D[K] & { section: string } } {
  return Object.fromEntries(Object.entries(declarations).map(([name, declaration]) => [name, { ...declaration, section: title }])) as { [K in keyof D]: D[K] & { section: string } };
}

/** Each declaration takes its key as its name, so a name is written once. */
function named<D extends Record<string, Declaration<unknown> & { section: string }>>(declarations: D): { [K in keyof D]: D[K] & { name: K } } {
  return Object.fromEntries(Object.entries(declarations).map(([name, declaration]) => [name, { ...declaration, name }])) as { [K in keyof D]: D[K] & { name: K } };
}

/**
 * Every environment variable Inkwell reads, each declared once. Deployment files are checked
 * against it (test/infra/k8s.test.ts): a name set there that nothing reads, or a required one left
 * out, fails that test. The configuration can read no other variable.
 */
const S = named({
  ...section('Processes', {
    // Read by the launcher (scripts/serve.ts) to pick the workload of the process.
    INKWELL_SERVICE: {
      kind: optionalText(`${SERVICE_NAMES.map((name) => `\`${name}\``).join(', ')} or \`gateway\``),
      does: 'with `npm run serve` or the container image: which service (or the gateway) the process runs',
      requiredBy: () => true,
    },
    LOG_LEVEL: { kind: oneOf(LOG_LEVELS, 'info'), does: 'logs are JSON lines' },
    NODE_OPTIONS: {
      kind: optionalText('Node command-line options'),
      shownDefault: 'none',
      does: 'read by Node itself, not by Inkwell: the analytics service and the gateway are deployed with `--max-semi-space-size=64` (k8s/base, docker-compose.yml), a larger young generation of the heap, so a stream of small requests (storefront events) makes fewer garbage collections that pause the process; bench/README.md (analytics ingestion) measures the difference',
    },
    SHUTDOWN_DRAIN_MS: {
      kind: integer({ min: 0, max: 300_000, default: 0 }),
      does: 'on SIGTERM, how long a process keeps serving while its readiness probe already says no, so the load balancer (a Kubernetes Service\'s endpoints) stops sending it requests before it stops taking them; `0` when nothing routes by readiness, or when a `preStop` hook waits instead',
    },
    SHUTDOWN_TIMEOUT_MS: {
      kind: integer({ min: 1_000, max: 3_600_000, default: 25_000 }),
      does: 'on SIGTERM, how long the graceful shutdown (drain, in-flight requests and calls, the consumers\' current events, pools) may take before the process exits anyway; keep it under Kubernetes\' `terminationGracePeriodSeconds` (30 s by default) less the `preStop` wait',
    },
    HOST: {
      kind: text('0.0.0.0'),
      does: 'address every server binds; under `npm start` only the gateway binds it, the services listen on `127.0.0.1` so nothing reaches them around the gateway',
    },
    TRUSTED_PROXIES: {
      kind: list(isProxyEntry, `IP addresses, CIDR ranges (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(', ')}`, `comma-separated addresses, CIDR ranges (\`10.0.0.0/8\`) or ${PROXY_RANGE_NAMES.map((name) => `\`${name}\``).join(', ')}`),
      shownDefault: 'none',
      does: 'the proxies whose `X-Forwarded-For` is believed (the load balancer or ingress in front of the gateway; the gateway in front of a service). From anyone else the header is ignored, so rate limits and login locks count the real caller. `npm start` makes the services trust the loopback gateway',
    },
    PUBLIC_URL: { kind: url(['http:', 'https:'], 'http://localhost:8080'), does: 'the store\'s public address, used in links in emails' },
    DATA_DIR: { kind: text('data', 'folder'), shownDefault: '`./data`', does: 'embedded PostgreSQL cluster, signing keys and local files' },
    DEMO_DATA: {
      kind: boolean(false),
      shownDefault: '`true` with `npm start`, else `false`',
      does: 'seed the demo catalogue into an empty catalog database at start-up (by `npm start`, or `scripts/serve.ts` for the catalog) and let the reader draw demo pages',
    },
    GEO_COUNTRY_HEADER: { kind: text('cf-ipcountry', 'header name'), does: 'request header carrying the visitor\'s country (set by the CDN or ingress)' },
  }),
  ...section('Sign-in tokens', {
    AUTH_PUBLIC_KEY: {
      kind: pem(),
      shownDefault: 'generated under `DATA_DIR/keys`',
      does: 'Ed25519 key every service verifies access tokens with; required per process outside `npm start`',
      requiredBy: everyService,
      missing: () => 'AUTH_PUBLIC_KEY is required to verify access tokens',
    },
    AUTH_PRIVATE_KEY: {
      kind: pem(),
      shownDefault: 'generated under `DATA_DIR/keys`',
      does: 'Ed25519 key the account service signs access tokens with; required by the account service outside `npm start`',
      requiredBy: (workload) => workload === 'account',
      missing: () => 'AUTH_PRIVATE_KEY is required by the account service to sign access tokens',
    },
    AUTH_ISSUER: { kind: text('inkwell-account'), does: 'issuer claim every token must carry' },
    AUTH_AUDIENCE: { kind: text('inkwell'), does: 'audience claim every token must carry' },
    ACCESS_TOKEN_TTL_SECONDS: { kind: integer({ min: 60, max: 86_400, default: 900 }), does: 'lifetime of an access token' },
    REFRESH_TOKEN_TTL_SECONDS: { kind: integer({ min: 3_600, max: 365 * 86_400, default: 30 * 86_400 }), does: 'lifetime of a refresh token' },
  }),
  ...section('Files and page images', {
    MEDIA_URL_SECRET: {
      kind: optionalText(`text, ${MEDIA_URL_SECRET_MIN_LENGTH}+ characters`),
      shownDefault: 'generated under `DATA_DIR/keys`',
      does: 'signs page-image URLs so a link only opens pages its holder may read; required by the reader service outside `npm start`',
      requiredBy: (workload) => workload === 'reader',
      missing: () => 'MEDIA_URL_SECRET is required by the reader service to sign page-image URLs',
    },
    MEDIA_URL_TTL_SECONDS: { kind: integer({ min: 60, max: 7 * 86_400, default: 3_600 }), does: 'lifetime of a signed page-image URL' },
    MEDIA_PUBLIC_URL: { kind: mediaPublicUrl(), does: 'where browsers load public files (covers, banners): through the gateway, or a CDN in front of the bucket' },
    INGEST_MAX_UPLOAD_BYTES: {
      kind: integer({ min: 1024, max: 20 * 1024 * 1024 * 1024, default: 500 * 1024 * 1024 }),
      shownDefault: '`524288000` (500 MB)',
      does: 'largest comic archive (CBZ/ZIP) staff may upload for ingestion; the gateway and the reader refuse a larger one with 413',
    },
    S3_BUCKET: {
      // S3's own rule for bucket names.
      kind: matching(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens', 'bucket name'),
      shownDefault: 'files under `DATA_DIR/media`',
      switches: 'S3 file storage',
      does: 'switches file storage (covers, banners, page images, uploads, exports) to this S3 bucket, shared by every pod; the gateway serves public files at `/media/` from it',
    },
    S3_REGION: { kind: text('us-east-1'), does: 'the bucket\'s region' },
    S3_ENDPOINT: { kind: url(['http:', 'https:']), shownDefault: 'AWS', does: 'an S3-compatible server (MinIO, Ceph, S3Mock) instead of AWS' },
    S3_FORCE_PATH_STYLE: { kind: boolean(false), does: 'path-style addressing, which most S3-compatible servers want' },
    S3_ACCESS_KEY_ID: {
      kind: optionalText(),
      shownDefault: 'the AWS SDK\'s default chain',
      does: 'the bucket\'s key id, with `S3_SECRET_ACCESS_KEY`: both or neither (without them: the pod\'s IAM role or web identity)',
    },
    S3_SECRET_ACCESS_KEY: { kind: optionalText(), shownDefault: 'the AWS SDK\'s default chain', does: 'the bucket\'s secret key, with `S3_ACCESS_KEY_ID`' },
    S3_PREFIX: {
      kind: matching(/^[a-z0-9][a-z0-9._/-]*\/$/i, 'a path of plain segments ending in "/"', 'path ending in `/`'),
      does: 'key prefix inside the bucket (e.g. `inkwell/`), so deployments can share one',
    },
  }),
  ...section('Event bus', {
    KAFKA_BROKERS: {
      kind: list((broker) => /^[\w.-]+:\d{1,5}$/.test(broker), 'host:port', 'comma-separated `host:port`'),
      shownDefault: 'the embedded bus',
      switches: 'Kafka event bus',
      does: 'switches the event bus to Kafka (required when services run as separate processes)',
      requiredBy: everyService,
      missing: () => 'KAFKA_BROKERS is required when services run as separate processes (the in-process event bus only reaches consumers in the same process)',
    },
    KAFKA_CLIENT_ID: { kind: text('inkwell'), does: 'Kafka client id' },
    KAFKA_SSL: { kind: boolean(false), does: 'TLS to the brokers' },
    KAFKA_SASL_USERNAME: { kind: optionalText(), does: 'SASL authentication\'s user; switches SASL on' },
    KAFKA_SASL_PASSWORD: { kind: optionalText(), does: 'SASL authentication\'s password, required with the username' },
    KAFKA_SASL_MECHANISM: { kind: oneOf(SASL_MECHANISMS, 'scram-sha-512'), does: 'SASL mechanism' },
    KAFKA_TOPIC_PARTITIONS: { kind: integer({ min: 1, max: 10_000 }), shownDefault: 'the cluster\'s default', does: 'partitions of the topics the services create (one per event type)' },
    KAFKA_REPLICATION_FACTOR: { kind: integer({ min: 1, max: 10 }), shownDefault: 'the cluster\'s default', does: 'replication factor of the topics the services create' },
    KAFKA_MAX_DELIVERY_ATTEMPTS: {
      kind: integer({ min: 1, max: 1_000, default: 5 }),
      does: 'deliveries of an event to a consumer group before it is moved, with its error, to the group\'s dead-letter topic `inkwell.dead-letter.<group>`; `npm run events:redrive -- <group>` sends them back',
    },
    KAFKA_NAMESPACE: {
      // Kafka's own rule for topic names; group ids take the same prefix, so it must suit both.
      kind: matching(/^[\w.-]{0,100}$/, 'at most 100 letters, digits, dots, underscores and hyphens', 'up to 100 letters, digits, `.`, `_`, `-`'),
      shownDefault: 'none',
      does: 'prefix of every topic and consumer group name (e.g. `staging.`), so deployments or test runs sharing a broker stay apart',
    },
    KAFKA_SESSION_TIMEOUT_MS: {
      // The broker's default bounds (group.min/max.session.timeout.ms).
      kind: integer({ min: 6_000, max: 1_800_000 }),
      shownDefault: '`30000` (kafkajs\')',
      does: 'how long a consumer that stopped answering (a killed pod) keeps its partitions before its group\'s others, or its replacement, take them',
    },
  }),
  ...section('Databases', {
    DATABASE_URL: {
      kind: url(['postgres:', 'postgresql:']),
      shownDefault: 'embedded server',
      does: '`npm start`: a PostgreSQL server on which `inkwell_<service>` databases are created. One service per process: that service\'s own database',
      requiredBy: everyService,
      anyOf: (workload) => (workload === 'gateway' ? [] : [`${envPrefix(workload)}_DATABASE_URL`]),
      missing: (service) => `DATABASE_URL (or ${envPrefix(service)}_DATABASE_URL) is required to run the ${service} service on its own`,
    },
    '<SERVICE>_DATABASE_URL': { kind: url(['postgres:', 'postgresql:']), does: 'one service\'s database, e.g. `CATALOG_DATABASE_URL`; wins over `DATABASE_URL`' },
  }),
  ...section('Cache', {
    REDIS_URL: {
      kind: url(['redis:', 'rediss:']),
      shownDefault: 'in-memory',
      switches: 'Redis cache and rate limits',
      does: 'switches the cache and the gateway\'s rate-limit counters to Redis, shared by every replica',
    },
    CACHE_NAMESPACE: { kind: text('inkwell:'), does: 'prefix of every Redis key (cache and rate-limit counters), so deployments sharing a Redis server stay apart' },
  }),
  ...section('Search', {
    OPENSEARCH_URL: {
      kind: url(['http:', 'https:']),
      shownDefault: 'PostgreSQL search',
      switches: 'OpenSearch search',
      does: 'switches catalog search to OpenSearch (index `inkwell-catalog`, created at start-up)',
    },
    OPENSEARCH_USERNAME: { kind: optionalText(), does: 'OpenSearch user' },
    OPENSEARCH_PASSWORD: { kind: optionalText(), does: 'OpenSearch password' },
  }),
  ...section('Email', {
    SMTP_URL: {
      kind: url(['smtp:', 'smtps:']),
      shownDefault: 'emails stored',
      switches: 'SMTP email',
      does: '`smtp://user:pass@host:587` or `smtps://…`; the support service sends transactional email through it. Without it every email is stored and written to the log with its links (development only: the links are secrets)',
    },
    EMAIL_FROM: { kind: text('Inkwell <no-reply@inkwell.example>'), does: 'sender of transactional email' },
    SES_REGION: {
      kind: optionalText('an AWS region, e.g. `eu-west-1`'),
      shownDefault: 'SMTP or stored',
      switches: 'Amazon SES email',
      does: 'sends through Amazon SES v2 in this region (credentials from the AWS default chain: `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, a profile or the pod\'s role); quota, statistics, reputation and identities are then the account\'s',
    },
    SES_ENDPOINT: { kind: url(['http:', 'https:']), shownDefault: 'the region\'s endpoint', does: 'another SES v2 endpoint (a local SES-compatible server in tests)' },
    SES_CONFIGURATION_SET: { kind: optionalText(), does: 'SES configuration set named on every send; its SNS event destination feeds delivery, bounce and complaint events back' },
    SES_SNS_TOPIC_ARNS: { kind: optionalText('comma-separated topic ARNs'), does: 'the SNS topics whose SES event notifications `POST /api/email-events/ses` accepts (signature checked); empty refuses all' },
    EMAIL_DAILY_SEND_CAP: { kind: integer({ min: 1, max: 10_000_000, default: 5_000 }), does: 'the scheduled-email budget: most scheduled emails sent per UTC day; the rest wait for the next day' },
    SUPPORT_ADDRESS: { kind: text('support@inkwell.example'), does: 'the address customers write to; staff replies are sent from it with a reply address `local+<ticket token>@domain`' },
    SUPPORT_SMTP_PORT: {
      kind: integer({ min: 0, max: 65_535 }),
      shownDefault: 'off (2525 under `npm start`)',
      switches: 'inbound support email',
      does: 'port of the support service\'s inbound SMTP listener (behind the provider\'s inbound route or an MX in production); 0 picks a free port',
    },
    SUPPORT_SMTP_HOST: { kind: text('127.0.0.1'), does: 'address the inbound SMTP listener binds' },
    SUPPORT_MAX_MESSAGE_BYTES: { kind: integer({ min: 10_000, max: 100 * 1024 * 1024, default: 10 * 1024 * 1024 }), does: 'largest inbound email accepted; larger ones are refused with SMTP 552' },
    SUPPORT_MAX_ATTACHMENTS: { kind: integer({ min: 0, max: 1_000, default: 20 }), does: 'attachments kept per inbound email; a message with more is refused' },
    SUPPORT_MAX_ATTACHMENT_BYTES: { kind: integer({ min: 1_000, max: 100 * 1024 * 1024, default: 5 * 1024 * 1024 }), does: 'largest attachment kept; larger ones are dropped and noted on the message' },
    SUPPORT_FORMS_PER_HOUR: { kind: integer({ min: 1, max: 10_000, default: 5 }), does: 'submitted forms accepted per email address (and per client address) per hour' },
    NEWSLETTER_DRIVER: {
      kind: oneOf(['embedded', 'listmonk'] as const, 'embedded'),
      switches: 'listmonk newsletters',
      does: 'the account service\'s email-marketing service: `embedded` keeps the lists and subscriptions in its database and mails the double opt-in link itself (through the email settings above); `listmonk` uses listmonk\'s HTTP API (needs `LISTMONK_URL`, `LISTMONK_USERNAME`, `LISTMONK_PASSWORD`; docs/newsletters.md)',
    },
    LISTMONK_URL: { kind: url(['http:', 'https:']), shownDefault: 'none', switches: 'listmonk newsletters', does: 'listmonk\'s base URL, e.g. `http://127.0.0.1:9310` (`bash scripts/listmonk.sh start`)' },
    LISTMONK_USERNAME: { kind: optionalText(), switches: 'listmonk newsletters', does: 'listmonk\'s admin user (its `admin_username`)' },
    LISTMONK_PASSWORD: { kind: optionalText(), switches: 'listmonk newsletters', does: 'listmonk\'s admin password (its `admin_password`); never logged' },
  }),
  ...section('Payments and orders', {
    STRIPE_SECRET_KEY: {
      kind: optionalText('`sk_…` or `rk_…`'),
      shownDefault: 'the simulated card processor',
      switches: 'Stripe payments',
      does: 'with `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET`, switches the order service\'s payments to Stripe: PaymentIntents with automatic payment methods (cards and wallets through the Payment Element), refunds, and webhooks at `/api/order/payments/webhook` verified by signature (`payment_intent.succeeded`, `payment_intent.payment_failed`, `charge.refunded`). Some but not all three stop the start with a message. Without them the embedded processor behaves like Stripe\'s test mode: test card numbers and `pm_card_*` ids as the card nonce, and a local provider page for the extra authentication step and wallets',
    },
    STRIPE_PUBLISHABLE_KEY: { kind: optionalText('`pk_…`'), shownDefault: 'the simulated card processor', switches: 'Stripe payments', does: 'Stripe\'s publishable key, handed to the browser' },
    STRIPE_WEBHOOK_SECRET: { kind: optionalText('`whsec_…`'), shownDefault: 'the simulated card processor', switches: 'Stripe payments', does: 'verifies the signature of Stripe\'s webhooks' },
    STRIPE_API_URL: {
      kind: url(['http:', 'https:']),
      shownDefault: 'Stripe\'s own API',
      does: 'another Stripe API host for the Stripe driver, e.g. stripe-mock at `http://127.0.0.1:12111` (`bash scripts/stripe-mock.sh start`) in development',
    },
    TAX_DRIVER: {
      kind: oneOf(['embedded', 'stripe'] as const, 'embedded'),
      does: 'who prices sales tax at checkout: `embedded`, the checked-in table (state rates, New York City and Long Island combined rates, digital products untaxed in states that do not tax them; docs/tax.md), or `stripe`, Stripe Tax (`tax.calculations`, with `STRIPE_SECRET_KEY`, at `STRIPE_API_URL` when set) for the combined rate of the full address',
    },
    NODE_ENV: {
      kind: optionalText('`production` or anything else'),
      shownDefault: 'not production',
      does: 'Node\'s usual switch, set to `production` by the container image. With the simulated card processor the storefront\'s card form shows the test card numbers (4242 4242 4242 4242 pays, …) only when this is not `production`, so a developer or tester knows what to type and the shoppers of a live store never see them',
    },
    ORDER_SWEEP_INTERVAL_MS: {
      kind: integer({ min: 100, max: 3_600_000, default: 5_000 }),
      does: 'how often the order service looks for purchases left between states (a crash, a peer that did not answer) and completes pre-orders whose day has come',
    },
    ORDER_SWEEP_STALE_MS: { kind: integer({ min: 100, max: 86_400_000, default: 60_000 }), does: 'how long a purchase must be untouched before the sweeper resumes it with the processor' },
  }),
  ...section('Desktop platform', {
    DESKTOP_PLATFORM_DRIVER: {
      kind: oneOf(['simulated', 'steam'] as const, 'simulated'),
      does: 'the games platform the desktop build runs on (docs/desktop.md): `simulated`, the embedded platform (tickets signed with `DESKTOP_SIMULATED_SECRET`, subscriptions and micro-transactions kept in the account and order databases), or `steam`, Steam\'s Web API (AuthenticateUserTicket, ISteamMicroTxn InitTxn/FinalizeTxn/QueryTxn/RefundTxn, GetUserAgreementInfo/CancelAgreement) with `STEAM_WEB_API_KEY` and `STEAM_APP_ID`. The Steam driver has been tested against a local stand-in only, never against Steam',
    },
    STEAM_WEB_API_KEY: { kind: optionalText('a Steamworks publisher Web API key'), shownDefault: 'none', switches: 'the Steam driver (with `DESKTOP_PLATFORM_DRIVER=steam`)', does: 'the publisher key the Steam driver calls the Web API with; sent to Steam only' },
    STEAM_APP_ID: { kind: optionalText('a Steam app id'), shownDefault: 'none', does: 'the desktop app\'s Steam app id, sent with every Steam call' },
    STEAM_API_URL: { kind: url(['http:', 'https:']), shownDefault: '`https://partner.steam-api.com`', does: 'another host speaking Steam\'s Web API calls (the stand-in, `test/support/steam-standin.ts`, in tests)' },
    STEAM_SANDBOX: { kind: boolean(false), does: '`true` sends micro-transactions to `ISteamMicroTxnSandbox` (Steam\'s test payments) instead of `ISteamMicroTxn`' },
    DESKTOP_SIMULATED_SECRET: {
      kind: text('inkwell-simulated-desktop-platform'),
      does: 'the secret the simulated platform signs and checks its tickets with; the desktop shell (`INKWELL_DESKTOP_SIMULATED_SECRET`) must sign with the same. Development only: the simulated platform is not for production',
    },
  }),
  ...section('Analytics', {
    REPORTING_TIME_ZONE: {
      kind: { parse: (raw, name, problems) => (isTimeZone(raw) ? raw : (problems.push(`${name} must be an IANA time zone such as America/New_York (got "${raw}")`), 'UTC')), default: 'UTC', format: 'an IANA time zone' },
      does: 'the zone analytics days and months are cut in: a §7 Analytics call\'s `start` and `end` days, the reports\' days, the Overview\'s "today"',
    },
    ANALYTICS_RAW_RETENTION_DAYS: {
      kind: integer({ min: 1, max: 3_660, default: 400 }),
      does: 'days of raw storefront events kept (day partitions older are dropped); the daily and monthly rollups are kept for good',
    },
  }),
  ...section('Ports and addresses', {
    PORT: { kind: integer({ min: 0, max: 65_535 }), shownDefault: 'from `services/platform/src/topology.ts`', does: 'port of a service run on its own, or of the gateway' },
    GRPC_PORT: { kind: integer({ min: 0, max: 65_535 }), shownDefault: 'from `services/platform/src/topology.ts`', does: 'gRPC port of a service run on its own' },
    '<SERVICE>_PORT': { kind: integer({ min: 0, max: 65_535 }), shownDefault: '`PORT`', does: 'one service\'s port (as `npm start` sets them); wins over `PORT`' },
    '<SERVICE>_GRPC_PORT': { kind: integer({ min: 0, max: 65_535 }), shownDefault: '`GRPC_PORT`', does: 'one service\'s gRPC port; wins over `GRPC_PORT`' },
    '<SERVICE>_HTTP_URL': {
      kind: urlList(['http:', 'https:']),
      shownDefault: '`http://127.0.0.1:<port>`',
      does: 'where the gateway and other services reach a service over HTTP: one URL (a Kubernetes Service), or a comma-separated list of its replicas, which the gateway takes in turn, retrying a request that could not reach one on the next',
    },
    '<SERVICE>_GRPC_ADDR': {
      kind: grpcTarget(),
      shownDefault: '`127.0.0.1:<grpc port>`',
      does: 'where other services reach a service over gRPC: one `host:port`, a gRPC target such as `dns:///cart:9103` (every address the name resolves to), or a comma-separated list of the replicas\' IP `address:port`s; calls are balanced round robin over the replicas that answer',
    },
    GATEWAY_PORT: { kind: integer({ min: 0, max: 65_535 }), shownDefault: '`PORT`, else `8080`', does: 'the gateway\'s port' },
    RATE_LIMIT_MAX: { kind: integer({ min: 1, max: 1_000_000_000, default: 1200 }), does: 'API requests per minute per client address at the gateway' },
    WEB_DIST: { kind: text('web/dist', 'folder'), does: 'the built storefront the gateway serves' },
    DASHBOARD_DIST: { kind: text('dashboard/dist', 'folder'), does: 'the built dashboard the gateway serves' },
  }),
  ...section('Metrics and traces', {
    METRICS_ENABLED: {
      kind: boolean(true),
      does: 'Prometheus metrics (request rates, errors and durations, pools, caches, events): `false` turns every instrument off, as the benchmarks\' baseline does',
    },
    METRICS_PORT: {
      kind: integer({ min: 0, max: 65_535 }),
      shownDefault: 'from `services/platform/src/topology.ts` (gateway `9400`, services `9401`–`9407`)',
      does: 'port of the process\'s own `GET /metrics` server (Prometheus text), apart from the API port so the gateway never routes it. `npm start` serves the whole process\'s metrics once, on the gateway\'s',
    },
    '<SERVICE>_METRICS_PORT': { kind: integer({ min: 0, max: 65_535 }), shownDefault: '`METRICS_PORT`', does: 'one service\'s metrics port; wins over `METRICS_PORT`' },
    GATEWAY_METRICS_PORT: { kind: integer({ min: 0, max: 65_535 }), shownDefault: '`METRICS_PORT`, else `9400`', does: 'the gateway\'s metrics port' },
    OTEL_EXPORTER_OTLP_ENDPOINT: {
      kind: url(['http:', 'https:']),
      shownDefault: 'traces off',
      switches: 'OpenTelemetry traces',
      does: 'switches tracing on: spans (gateway → service → gRPC → outbox → Kafka → consumer, one trace per request) go by OTLP over HTTP to `<endpoint>/v1/traces`, and log lines carry `trace_id` and `span_id`. Off, nothing is traced and tracing costs nothing',
    },
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: {
      kind: url(['http:', 'https:']),
      shownDefault: 'traces off',
      does: 'the full OTLP/HTTP traces URL (e.g. `http://jaeger:4318/v1/traces`); switches tracing on and wins over `OTEL_EXPORTER_OTLP_ENDPOINT`',
    },
    OTEL_EXPORTER_OTLP_HEADERS: { kind: optionalText('`key=value,key2=value2`'), does: 'headers sent with every OTLP export (e.g. an API key of the trace backend); read by the OpenTelemetry exporter' },
    OTEL_SERVICE_NAME: { kind: optionalText(), shownDefault: 'the workload (`catalog`, `gateway`, …; `inkwell` under `npm start`)', does: 'the `service.name` of the process\'s spans' },
    OTEL_SDK_DISABLED: { kind: boolean(false), does: '`true` keeps tracing off even with an OTLP endpoint set' },
    OTEL_TRACES_SAMPLER: {
      kind: oneOf(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const, 'parentbased_always_on'),
      does: 'which traces are kept; read by the OpenTelemetry SDK',
    },
    OTEL_TRACES_SAMPLER_ARG: { kind: optionalText('number from 0 to 1'), shownDefault: '`1`', does: 'the ratio of the `traceidratio` samplers; read by the OpenTelemetry SDK' },
  }),
});

type Declarations = typeof S;
const DECLARATIONS: ReadonlyArray<Declared<unknown>> = Object.values(S);

/** The variables a declaration stands for: itself, or one per service. */
function namesOf(declaration: Declared<unknown>): string[] {
  if (!declaration.name.startsWith(PER_SERVICE)) return [declaration.name];
  const suffix = declaration.name.slice(PER_SERVICE.length);
  return SERVICE_NAMES.map((service) => `${envPrefix(service)}_${suffix}`);
}

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

/** Every environment variable Inkwell reads, the per-service ones spelled out for each service. */
export const SETTINGS: readonly Setting[] = DECLARATIONS.flatMap((declaration) =>
  namesOf(declaration).map((name) => ({
    name,
    ...(declaration.requiredBy ? { requiredBy: declaration.requiredBy } : {}),
    ...(declaration.anyOf ? { anyOf: declaration.anyOf } : {}),
  })),
);

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

/** One row of the settings table in docs/configuration.md. */
export interface SettingDescription {
  section: string;
  /** As written in the environment; `<SERVICE>_…` for one per service. */
  name: string;
  default: string;
  format: string;
  does: string;
  /** The production driver it switches on, if it does. */
  switches?: string;
  /** The workloads that cannot start on their own without it. */
  requiredBy: Workload[];
  /** Names that do instead, e.g. `<SERVICE>_DATABASE_URL` for `DATABASE_URL`. */
  orInstead: string[];
}

const WORKLOADS: readonly Workload[] = [...SERVICE_NAMES, 'gateway'];

/** Every declared setting, described for the documentation (scripts/settings-doc.ts). */
export function describeSettings(): SettingDescription[] {
  return DECLARATIONS.map((declaration) => {
    const fallback = declaration.kind.default;
    const shown = declaration.shownDefault ?? (fallback === undefined || (Array.isArray(fallback) && fallback.length === 0) ? '—' : `\`${String(fallback)}\``);
    return {
      section: declaration.section,
      name: declaration.name,
      default: shown,
      format: declaration.kind.format,
      does: declaration.does,
      ...(declaration.switches ? { switches: declaration.switches } : {}),
      requiredBy: WORKLOADS.filter((workload) => declaration.requiredBy?.(workload)),
      orInstead: SERVICE_NAMES.flatMap((service) => (declaration.anyOf?.(service) ?? []).map((name) => name.replace(`${envPrefix(service)}_`, PER_SERVICE))).filter((name, index, names) => names.indexOf(name) === index),
    };
  });
}

type PerServiceKey = Extract<keyof Declarations, `${typeof PER_SERVICE}${string}`>;
type FixedKey = Exclude<keyof Declarations, PerServiceKey>;
type ValueOf<D> = D extends Declaration<infer T> ? T : never;

class Reader {
  readonly problems: string[] = [];
  /** What each variable read gave, for the required-settings check. */
  private readonly values = new Map<string, unknown>();
  constructor(private readonly env: Env) {}

  get<K extends FixedKey>(key: K): ValueOf<Declarations[K]>;
  get<K extends FixedKey>(key: K, fallback: NonNullable<ValueOf<Declarations[K]>>): NonNullable<ValueOf<Declarations[K]>>;
  get(key: FixedKey, fallback?: unknown): unknown {
    return this.read(S[key], key, fallback);
  }

  /** A `<SERVICE>_…` setting, for one service. */
  getFor<K extends PerServiceKey>(key: K, service: ServiceName): ValueOf<Declarations[K]>;
  getFor<K extends PerServiceKey>(key: K, service: ServiceName, fallback: NonNullable<ValueOf<Declarations[K]>>): NonNullable<ValueOf<Declarations[K]>>;
  getFor(key: PerServiceKey, service: ServiceName, fallback?: unknown): unknown {
    return this.read(S[key], `${envPrefix(service)}_${key.slice(PER_SERVICE.length)}`, fallback);
  }

  isSet(name: string): boolean {
    return this.values.get(name) !== undefined;
  }

  private read(declaration: Declared<unknown>, name: string, fallback: unknown): unknown {
    const raw = this.env[name]?.trim();
    const parsed = raw ? declaration.kind.parse(raw, name, this.problems) : INVALID;
    const value = parsed === INVALID ? undefined : parsed;
    this.values.set(name, value);
    return value ?? fallback ?? declaration.kind.default;
  }

  /** The problem of each required setting a service on its own lacks, in the order they are declared. */
  checkRequired(service: ServiceName): void {
    for (const declaration of DECLARATIONS) {
      if (!declaration.missing || !declaration.requiredBy?.(service)) continue;
      const names = [declaration.name, ...(declaration.anyOf?.(service) ?? [])];
      if (!names.some((name) => this.isSet(name))) this.problems.push(declaration.missing(service));
    }
  }
}

function readKafka(r: Reader): KafkaSettings | undefined {
  const brokers = r.get('KAFKA_BROKERS');
  if (!r.isSet('KAFKA_BROKERS')) return undefined;
  const settings: KafkaSettings = {
    brokers,
    clientId: r.get('KAFKA_CLIENT_ID'),
    ssl: r.get('KAFKA_SSL'),
    maxDeliveryAttempts: r.get('KAFKA_MAX_DELIVERY_ATTEMPTS'),
    namespace: r.get('KAFKA_NAMESPACE') ?? '',
  };
  const partitions = r.get('KAFKA_TOPIC_PARTITIONS');
  if (partitions !== undefined) settings.topicPartitions = partitions;
  const replication = r.get('KAFKA_REPLICATION_FACTOR');
  if (replication !== undefined) settings.replicationFactor = replication;
  const sessionTimeout = r.get('KAFKA_SESSION_TIMEOUT_MS');
  if (sessionTimeout !== undefined) settings.sessionTimeoutMs = sessionTimeout;
  const username = r.get('KAFKA_SASL_USERNAME');
  if (username !== undefined) {
    const password = r.get('KAFKA_SASL_PASSWORD');
    if (password === undefined) r.problems.push('KAFKA_SASL_PASSWORD is required when KAFKA_SASL_USERNAME is set');
    settings.sasl = { mechanism: r.get('KAFKA_SASL_MECHANISM'), username, password: password ?? '' };
  }
  return settings;
}

function readS3(r: Reader): S3Settings | undefined {
  const bucket = r.get('S3_BUCKET');
  if (bucket === undefined) return undefined;
  const settings: S3Settings = {
    bucket,
    region: r.get('S3_REGION'),
    forcePathStyle: r.get('S3_FORCE_PATH_STYLE'),
    prefix: r.get('S3_PREFIX') ?? '',
  };
  const endpoint = r.get('S3_ENDPOINT');
  if (endpoint) settings.endpoint = endpoint;
  const accessKeyId = r.get('S3_ACCESS_KEY_ID');
  const secretAccessKey = r.get('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    r.problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the platform\'s credentials (instance or pod role)');
  } else if (accessKeyId !== undefined && secretAccessKey !== undefined) {
    settings.credentials = { accessKeyId, secretAccessKey };
  }
  return settings;
}

function readCommon(r: Reader, embedded: boolean): CommonConfig {
  const logLevel = r.get('LOG_LEVEL');
  const opensearchUrl = r.get('OPENSEARCH_URL');
  const peers = {} as Record<ServiceName, PeerAddress>;
  for (const name of SERVICE_NAMES) {
    peers[name] = {
      httpUrls: r.getFor('<SERVICE>_HTTP_URL', name, [`http://127.0.0.1:${SERVICE_PORTS[name].http}`]),
      grpcAddress: r.getFor('<SERVICE>_GRPC_ADDR', name, `127.0.0.1:${SERVICE_PORTS[name].grpc}`),
    };
  }
  const common: CommonConfig = {
    logLevel,
    host: r.get('HOST'),
    trustedProxies: r.get('TRUSTED_PROXIES'),
    publicUrl: r.get('PUBLIC_URL').replace(/\/$/, ''),
    dataDir: path.resolve(r.get('DATA_DIR')),
    redisUrl: r.get('REDIS_URL'),
    cacheNamespace: r.get('CACHE_NAMESPACE'),
    auth: {
      publicKeyPem: r.get('AUTH_PUBLIC_KEY'),
      privateKeyPem: r.get('AUTH_PRIVATE_KEY'),
      issuer: r.get('AUTH_ISSUER'),
      audience: r.get('AUTH_AUDIENCE'),
      accessTokenTtlSeconds: r.get('ACCESS_TOKEN_TTL_SECONDS'),
      refreshTokenTtlSeconds: r.get('REFRESH_TOKEN_TTL_SECONDS'),
    },
    geoCountryHeader: r.get('GEO_COUNTRY_HEADER').toLowerCase(),
    peers,
    demoData: r.get('DEMO_DATA', embedded),
    email: {
      smtpUrl: r.get('SMTP_URL'),
      from: r.get('EMAIL_FROM'),
      ses: sesSettings(r.get('SES_REGION'), r.get('SES_ENDPOINT'), r.get('SES_CONFIGURATION_SET'), r.get('SES_SNS_TOPIC_ARNS')),
      dailySendCap: r.get('EMAIL_DAILY_SEND_CAP'),
    },
    analytics: { timeZone: r.get('REPORTING_TIME_ZONE'), rawRetentionDays: r.get('ANALYTICS_RAW_RETENTION_DAYS') },
    support: {
      address: r.get('SUPPORT_ADDRESS'),
      inboundSmtp: inboundSmtp(r.get('SUPPORT_SMTP_HOST'), r.get('SUPPORT_SMTP_PORT')),
      maxMessageBytes: r.get('SUPPORT_MAX_MESSAGE_BYTES'),
      maxAttachments: r.get('SUPPORT_MAX_ATTACHMENTS'),
      maxAttachmentBytes: r.get('SUPPORT_MAX_ATTACHMENT_BYTES'),
      formsPerHour: r.get('SUPPORT_FORMS_PER_HOUR'),
    },
    newsletter: readNewsletter(r),
    payments: {
      stripeSecretKey: r.get('STRIPE_SECRET_KEY'),
      stripePublishableKey: r.get('STRIPE_PUBLISHABLE_KEY'),
      stripeWebhookSecret: r.get('STRIPE_WEBHOOK_SECRET'),
      stripeApiUrl: r.get('STRIPE_API_URL'),
      taxDriver: r.get('TAX_DRIVER'),
      showTestCards: r.get('NODE_ENV') !== 'production',
    },
    orders: {
      sweepIntervalMs: r.get('ORDER_SWEEP_INTERVAL_MS'),
      sweepStaleAfterMs: r.get('ORDER_SWEEP_STALE_MS'),
    },
    desktop: {
      driver: r.get('DESKTOP_PLATFORM_DRIVER'),
      simulatedSecret: r.get('DESKTOP_SIMULATED_SECRET'),
      steamWebApiKey: r.get('STEAM_WEB_API_KEY'),
      steamAppId: r.get('STEAM_APP_ID'),
      steamApiUrl: r.get('STEAM_API_URL'),
      steamSandbox: r.get('STEAM_SANDBOX'),
    },
    shutdown: { drainMs: r.get('SHUTDOWN_DRAIN_MS'), timeoutMs: r.get('SHUTDOWN_TIMEOUT_MS') },
    metricsEnabled: r.get('METRICS_ENABLED'),
    media: {
      urlSecret: r.get('MEDIA_URL_SECRET'),
      urlTtlSeconds: r.get('MEDIA_URL_TTL_SECONDS'),
      publicUrl: r.get('MEDIA_PUBLIC_URL'),
      ingestMaxUploadBytes: r.get('INGEST_MAX_UPLOAD_BYTES'),
    },
  };
  const kafka = readKafka(r);
  if (kafka) common.kafka = kafka;
  const s3 = readS3(r);
  if (s3) common.media.s3 = s3;
  if (opensearchUrl) {
    common.opensearch = { url: opensearchUrl, username: r.get('OPENSEARCH_USERNAME'), password: r.get('OPENSEARCH_PASSWORD') };
  }
  return common;
}

/** NEWSLETTER_DRIVER=listmonk needs listmonk's address, user and password; without the driver they are not read. */
function readNewsletter(r: Reader): CommonConfig['newsletter'] {
  const driver = r.get('NEWSLETTER_DRIVER');
  if (driver !== 'listmonk') return { driver: 'embedded' };
  const url = r.get('LISTMONK_URL');
  const username = r.get('LISTMONK_USERNAME');
  const password = r.get('LISTMONK_PASSWORD');
  const missing = [['LISTMONK_URL', url], ['LISTMONK_USERNAME', username], ['LISTMONK_PASSWORD', password]].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length > 0 || !url || !username || !password) {
    r.problems.push(`NEWSLETTER_DRIVER=listmonk needs ${missing.join(', ')}`);
    return { driver: 'embedded' };
  }
  return { driver: 'listmonk', listmonk: { url, username, password } };
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
  const ports = SERVICE_PORTS[service];
  const databaseUrl = r.getFor('<SERVICE>_DATABASE_URL', service) ?? r.get('DATABASE_URL');
  if (!options.embedded) r.checkRequired(service);
  if (common.media.urlSecret !== undefined && common.media.urlSecret.length < MEDIA_URL_SECRET_MIN_LENGTH) {
    r.problems.push(`MEDIA_URL_SECRET must be at least ${MEDIA_URL_SECRET_MIN_LENGTH} characters`);
  }
  if ((service === 'account' || service === 'order') && common.desktop.driver === 'steam') {
    if (!common.desktop.steamWebApiKey) r.problems.push('DESKTOP_PLATFORM_DRIVER=steam needs STEAM_WEB_API_KEY (the Steamworks publisher Web API key)');
    if (!common.desktop.steamAppId || !/^\d+$/.test(common.desktop.steamAppId)) r.problems.push('DESKTOP_PLATFORM_DRIVER=steam needs STEAM_APP_ID, the app\'s numeric Steam app id');
  }
  if (service === 'order' && common.payments.taxDriver === 'stripe' && !common.payments.stripeSecretKey) {
    r.problems.push('TAX_DRIVER=stripe needs STRIPE_SECRET_KEY: Stripe Tax is called with the shop\'s Stripe account');
  }
  const config: ServiceConfig = {
    ...common,
    service,
    httpPort: r.getFor('<SERVICE>_PORT', service, r.get('PORT', ports.http)),
    grpcPort: r.getFor('<SERVICE>_GRPC_PORT', service, r.get('GRPC_PORT', ports.grpc)),
    metricsPort: r.getFor('<SERVICE>_METRICS_PORT', service, r.get('METRICS_PORT', ports.metrics)),
    databaseUrl,
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/** What decides whether a process traces (see observability/tracing.ts). */
export interface TracingSettings {
  /** An OTLP endpoint is set and `OTEL_SDK_DISABLED` is not `true`. */
  enabled: boolean;
  /** Where spans are sent: the traces endpoint as given, else `<endpoint>/v1/traces`. */
  tracesUrl?: string;
  /** `OTEL_SERVICE_NAME`, when set. */
  serviceName?: string;
}

/**
 * The tracing settings alone, read before anything else starts (the SDK must be in place before
 * the first span). The exporter and the sampler read their own `OTEL_*` details (headers, sampler
 * argument) from the environment, as OpenTelemetry's SDKs do everywhere.
 */
export function loadTracingSettings(env: Env): TracingSettings {
  const r = new Reader(env);
  const base = r.get('OTEL_EXPORTER_OTLP_ENDPOINT');
  const tracesUrl = r.get('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  const disabled = r.get('OTEL_SDK_DISABLED');
  r.get('OTEL_TRACES_SAMPLER');
  const serviceName = r.get('OTEL_SERVICE_NAME');
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return { enabled: tracesUrl !== undefined && !disabled, ...(tracesUrl ? { tracesUrl } : {}), ...(serviceName ? { serviceName } : {}) };
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
    port: r.get('GATEWAY_PORT', r.get('PORT', GATEWAY_PORT)),
    metricsPort: r.get('GATEWAY_METRICS_PORT', r.get('METRICS_PORT', GATEWAY_METRICS_PORT)),
    rateLimitMax: r.get('RATE_LIMIT_MAX'),
    webDist: path.resolve(rootDir, r.get('WEB_DIST')),
    dashboardDist: path.resolve(rootDir, r.get('DASHBOARD_DIST')),
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

function sesSettings(region: string | undefined, endpoint: string | undefined, configurationSet: string | undefined, topicArns: string | undefined): CommonConfig['email']['ses'] {
  if (!region) return undefined;
  const snsTopicArns = (topicArns ?? '').split(',').map((arn) => arn.trim()).filter(Boolean);
  return { region, snsTopicArns, ...(endpoint ? { endpoint } : {}), ...(configurationSet ? { configurationSet } : {}) };
}

function inboundSmtp(host: string, port: number | undefined): CommonConfig['support']['inboundSmtp'] {
  return port === undefined ? undefined : { host, port };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
