import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  ConfigError,
  SERVICE_NAMES,
  dropDatabase,
  ensureDatabase,
  envPrefix,
  freePort,
  generateSigningKeys,
  loadGatewayConfig,
  loadServiceConfig,
  type Env,
  type S3Settings,
  type ServiceName,
  type Workload,
} from '@inkwell/platform';
import { ROOT_DIR, withDatabase } from './stack';

export interface ClusterOptions {
  /**
   * Names everything the cluster keeps on shared servers: its databases (`inkwell_<name>_<service>`),
   * Kafka topics and consumer groups (`<name>.`), Redis keys and bucket keys, so clusters (and test
   * runs) sharing those servers stay apart. Lowercase letters, digits and underscores.
   */
  name: string;
  /** A PostgreSQL server on which the cluster creates one database per service when missing. */
  databaseUrl: string;
  /** Comma-separated `host:port` list of the Kafka brokers. */
  kafkaBrokers: string;
  redisUrl?: string;
  /**
   * `S3_*` settings (bucket, endpoint, region, credentials, path style) given to every process;
   * the bucket is created when missing. Without them files are kept under `dataDir`.
   */
  s3?: Env;
  /** Folder shared by every process (`DATA_DIR`): local files when there is no bucket. */
  dataDir: string;
  /** The gateway's port; a free one when absent. */
  gatewayPort?: number;
  /** Further settings for every process (LOG_LEVEL, KAFKA_SESSION_TIMEOUT_MS, ...). */
  env?: Env;
  /** Drop the cluster's databases when it stops (a test's throwaway cluster). */
  ephemeral?: boolean;
  /** How long the cluster, or a restarted service, may take to be ready (default 180 s). */
  readyTimeoutMs?: number;
}

export interface Cluster {
  /** The gateway: the only public entry. */
  url: string;
  /** Where each process writes its output, `<workload>.log`. */
  logDir: string;
  /** The settings a process runs with, e.g. to reach a service's database or file storage. */
  env(workload: Workload): Env;
  /** Sends `signal` (SIGKILL unless given) to a process and resolves once it has exited. */
  kill(workload: Workload, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a process that was killed or has exited, on the same ports, and waits until the cluster is ready. */
  restart(workload: Workload): Promise<void>;
  /** The last lines of every process's log, for a failure report. */
  logTails(lines?: number): Promise<string>;
  /** Stops every process (SIGTERM, then SIGKILL after a grace period) and says how each ended, e.g. `exit code 0`. */
  stop(): Promise<Record<Workload, string>>;
}

const WORKLOADS: readonly Workload[] = [...SERVICE_NAMES, 'gateway'];
const POLL_MS = 250;
/** How many times the cluster is started when a port it picked was taken before it could bind it. */
const START_ATTEMPTS = 3;
/** How long a process is given to stop on SIGTERM before it is killed. */
const STOP_GRACE_MS = 15_000;

/** Where a process runs from, as the container image does (`CMD ["node", "--import", "tsx", "scripts/serve.ts"]`). */
const SERVE_ARGS = ['--import', 'tsx', 'scripts/serve.ts'];

/**
 * The cluster's shape on one machine: every service in its own process, started as the container
 * starts it, plus the gateway, over a PostgreSQL server, Kafka, and Redis and an S3 bucket when
 * given. Each run gets its own signing keys and media secret; every process is told where its peers
 * listen. Resolves once the gateway's /api/health says every service is ready.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { name, readyTimeoutMs = 180_000 } = options;
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(name)) throw new Error(`A cluster name is lowercase letters, digits and underscores, starting with a letter (got "${name}")`);
  let envs = await clusterEnvs(options);
  for (const workload of WORKLOADS) validate(workload, envs[workload]);
  const s3 = loadGatewayConfig(envs.gateway, ROOT_DIR).media.s3;
  if (s3) await ensureBucket(s3);
  const databases = SERVICE_NAMES.map((service) => databaseOf(name, service));
  for (const database of databases) await ensureDatabase(options.databaseUrl, database);

  const logDir = await mkdtemp(path.join(os.tmpdir(), `inkwell-${name}-logs-`));
  const processes = new Map<Workload, Child>();
  const start = (workload: Workload) => processes.set(workload, launch(workload, envs[workload], path.join(logDir, `${workload}.log`)));
  let gatewayUrl = `http://127.0.0.1:${envs.gateway.GATEWAY_PORT}`;

  const logTails = async (lines = 60) => {
    const tails = await Promise.all(
      WORKLOADS.map(async (workload) => {
        const file = path.join(logDir, `${workload}.log`);
        const text = await readFile(file, 'utf8').catch(() => '');
        return `----- ${workload} (${file}), last ${lines} lines:\n${text.split('\n').slice(-lines - 1).join('\n')}`;
      }),
    );
    return tails.join('\n');
  };

  /** Polls the gateway until every service is ready; fails at once, with the logs, when a process has exited. */
  const waitReady = async (what: string) => {
    const deadline = Date.now() + readyTimeoutMs;
    let last: string;
    for (;;) {
      const exited = [...processes].find(([, child]) => child.exit !== undefined);
      if (exited) throw new Error(`${what}: the ${exited[0]} process exited (${exited[1].exit}) before the cluster was ready.\n${await logTails()}`);
      try {
        const response = await fetch(`${gatewayUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
        if (response.ok) return;
        last = `${response.status} ${await response.text()}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      if (Date.now() >= deadline) throw new Error(`${what}: not ready within ${readyTimeoutMs} ms; /api/health last said ${last}\n${await logTails()}`);
      await delay(POLL_MS);
    }
  };

  const stopProcess = async (workload: Workload) => {
    const child = processes.get(workload);
    if (!child || child.exit !== undefined) return;
    child.process.kill('SIGTERM');
    const grace = new AbortController();
    const graceful = await Promise.race([
      child.exited.then(() => true),
      delay(STOP_GRACE_MS, false, { signal: grace.signal }).catch(() => true),
    ]);
    grace.abort();
    if (!graceful) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  };
  // Should this process end without stopping the cluster (an uncaught error), its processes go too.
  const killAll = () => {
    for (const child of processes.values()) if (child.exit === undefined) child.process.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let stopped: Promise<Record<Workload, string>> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await Promise.all(WORKLOADS.map(stopProcess));
      process.off('exit', killAll);
      if (options.ephemeral) for (const database of databases) await dropDatabase(options.databaseUrl, database);
      return Object.fromEntries(WORKLOADS.map((workload) => [workload, processes.get(workload)?.exit ?? 'never started'])) as Record<Workload, string>;
    })();
    return stopped;
  };

  try {
    // Ports are picked free before the processes bind them, so another program may take one in
    // between (EADDRINUSE): the cluster then starts again on other ports, up to three times.
    for (let attempt = 1; ; attempt += 1) {
      for (const workload of WORKLOADS) start(workload);
      try {
        await waitReady('Starting the cluster');
        break;
      } catch (error) {
        if (attempt >= START_ATTEMPTS || !String(error).includes('EADDRINUSE')) throw error;
        await Promise.all(WORKLOADS.map(stopProcess));
        envs = await clusterEnvs(options);
        gatewayUrl = `http://127.0.0.1:${envs.gateway.GATEWAY_PORT}`;
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: gatewayUrl,
    logDir,
    env: (workload) => ({ ...envs[workload] }),
    async kill(workload, signal = 'SIGKILL') {
      const child = processes.get(workload);
      if (!child || child.exit !== undefined) throw new Error(`The ${workload} process is not running`);
      child.process.kill(signal);
      await child.exited;
    },
    async restart(workload) {
      if (processes.get(workload)?.exit === undefined) throw new Error(`The ${workload} process is still running; kill it first`);
      start(workload);
      await waitReady(`Restarting ${workload}`);
    },
    logTails,
    stop,
  };
}

interface Child {
  process: ChildProcess;
  /** How it ended, once it has. */
  exit?: string;
  exited: Promise<void>;
}

function launch(workload: Workload, env: Env, logFile: string): Child {
  const log = createWriteStream(logFile, { flags: 'a' });
  log.write(`----- ${new Date().toISOString()} starting ${workload}\n`);
  // In a process group of its own, so a Ctrl-C at the terminal reaches the cluster, which stops
  // each process once, rather than every process at the same moment.
  const spawned = spawn(process.execPath, SERVE_ARGS, { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  spawned.stdout?.pipe(log, { end: false });
  spawned.stderr?.pipe(log, { end: false });
  let ended!: (how: string) => void;
  const exited = new Promise<void>((resolve) => {
    ended = (how) => {
      if (child.exit !== undefined) return;
      child.exit = how;
      log.end(`----- ${new Date().toISOString()} ${workload} ended: ${how}\n`, () => resolve());
    };
  });
  const child: Child = { process: spawned, exited };
  spawned.once('error', (error) => ended(`could not start: ${error.message}`));
  // 'close' comes after the output is flushed, so the log is complete when `exited` resolves.
  spawned.once('close', (code, signal) => ended(signal ? `killed by ${signal}` : `exit code ${code}`));
  return child;
}

function databaseOf(cluster: string, service: ServiceName): string {
  return `inkwell_${cluster}_${service}`;
}

/** Every process's settings: what a Deployment's ConfigMap and Secrets would give its pod. */
async function clusterEnvs(options: ClusterOptions): Promise<Record<Workload, Env>> {
  const ports = {} as Record<ServiceName, { http: number; grpc: number }>;
  for (const service of SERVICE_NAMES) ports[service] = { http: await freePort(), grpc: await freePort() };
  const gatewayPort = options.gatewayPort ?? (await freePort());
  const keys = generateSigningKeys();
  const peers: Env = {};
  for (const service of SERVICE_NAMES) {
    peers[`${envPrefix(service)}_HTTP_URL`] = `http://127.0.0.1:${ports[service].http}`;
    peers[`${envPrefix(service)}_GRPC_ADDR`] = `127.0.0.1:${ports[service].grpc}`;
  }
  const shared: Env = {
    // A process is given its settings and nothing else of this one's environment (whose
    // DATABASE_URL, say, or node's test-runner variables would leak into it).
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    DATA_DIR: options.dataDir,
    KAFKA_BROKERS: options.kafkaBrokers,
    KAFKA_CLIENT_ID: `inkwell-${options.name}`,
    KAFKA_NAMESPACE: `${options.name}.`,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, CACHE_NAMESPACE: `inkwell:${options.name}:` } : {}),
    ...(options.s3 ? { S3_PREFIX: `${options.name}/`, ...options.s3 } : {}),
    AUTH_PUBLIC_KEY: keys.publicKeyPem,
    ...peers,
    ...options.env,
  };
  const mediaSecret = randomBytes(32).toString('base64url');
  const envs = { gateway: { ...shared, INKWELL_SERVICE: 'gateway', GATEWAY_PORT: String(gatewayPort) } } as Partial<Record<Workload, Env>>;
  for (const service of SERVICE_NAMES) {
    envs[service] = {
      ...shared,
      INKWELL_SERVICE: service,
      DATABASE_URL: withDatabase(options.databaseUrl, databaseOf(options.name, service)),
      PORT: String(ports[service].http),
      GRPC_PORT: String(ports[service].grpc),
      // The gateway reaches services over loopback; its X-Forwarded-For names the real client.
      TRUSTED_PROXIES: 'loopback',
      MEDIA_URL_SECRET: mediaSecret,
      ...(service === 'account' ? { AUTH_PRIVATE_KEY: keys.privateKeyPem } : {}),
    };
  }
  return envs as Record<Workload, Env>;
}

/** Reads a process's settings as it will, so a mistake stops the start here with the platform's own message. */
function validate(workload: Workload, env: Env): void {
  if (workload === 'gateway') loadGatewayConfig(env, ROOT_DIR);
  else loadServiceConfig(workload, env, { embedded: false });
}

async function ensureBucket(s3: S3Settings): Promise<void> {
  const client = new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket })).catch(async (error: { $metadata?: { httpStatusCode?: number } }) => {
      if (error.$metadata?.httpStatusCode !== 404) throw error;
      await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    });
  } finally {
    client.destroy();
  }
}

/** Settings of this process that the CLI hands to every process of the cluster. */
const PASSED_ON = ['LOG_LEVEL', 'DEMO_DATA', 'KAFKA_SESSION_TIMEOUT_MS'];

/**
 * `npm run cluster`: CLUSTER_DATABASE_URL (a PostgreSQL server) and KAFKA_BROKERS are required;
 * REDIS_URL and the S3_* settings are used when set; CLUSTER_NAME (default `cluster`) names the
 * databases, topics and keys, which are kept between runs; GATEWAY_PORT defaults to 8080; LOG_LEVEL,
 * DEMO_DATA and KAFKA_SESSION_TIMEOUT_MS are handed on.
 */
async function main(): Promise<void> {
  const env = process.env;
  const problems: string[] = [];
  if (!env.CLUSTER_DATABASE_URL) problems.push('CLUSTER_DATABASE_URL must name a PostgreSQL server, e.g. postgres://postgres:secret@127.0.0.1:5432/postgres');
  if (!env.KAFKA_BROKERS) problems.push('KAFKA_BROKERS must name the Kafka brokers, e.g. 127.0.0.1:9092 (npm run kafka starts one)');
  if (problems.length > 0) throw new ConfigError(problems);
  const name = env.CLUSTER_NAME ?? 'cluster';
  const s3 = Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('S3_')));
  const dataDir = path.join(ROOT_DIR, 'data', name);
  await mkdir(dataDir, { recursive: true });
  console.log(`Starting ${WORKLOADS.length} processes (cluster "${name}")...`);
  const cluster = await startCluster({
    name,
    databaseUrl: env.CLUSTER_DATABASE_URL!,
    kafkaBrokers: env.KAFKA_BROKERS!,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(s3.S3_BUCKET ? { s3 } : {}),
    dataDir,
    gatewayPort: Number(env.GATEWAY_PORT ?? 8080),
    env: Object.fromEntries(PASSED_ON.filter((key) => env[key] !== undefined).map((key) => [key, env[key]])),
  });
  console.log(`Inkwell is up at ${cluster.url} (one process per service; logs in ${cluster.logDir}). Ctrl-C stops it.`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
