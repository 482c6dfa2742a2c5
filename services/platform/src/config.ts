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
  /** Transactional email: SMTP when `SMTP_URL` is set, otherwise stored and readable in the dashboard. */
  email: { smtpUrl?: string; from: string };
  /**
   * Signs page-image URLs so a link only opens what its holder may read. `MEDIA_URL_SECRET` is
   * required when services run on their own; the embedded launcher keeps one under the data folder.
   */
  media: { urlSecret?: string; urlTtlSeconds: number };
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string, fallback: string): string {
    const value = this.env[name]?.trim();
    return value ? value : fallback;
  }

  optional(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
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
  };
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
    media: {
      urlSecret: r.optional('MEDIA_URL_SECRET'),
      urlTtlSeconds: r.integer('MEDIA_URL_TTL_SECONDS', 3_600, 60, 7 * 86_400),
    },
  };
  const kafka = readKafka(r);
  if (kafka) common.kafka = kafka;
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
