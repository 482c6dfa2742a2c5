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
  /**
   * Processes per service (default 1), as a Deployment's replicas: each on ports of its own, all on
   * the service's one database, in the same consumer groups (they split the partitions), and every
   * caller told of them all (`<SERVICE>_HTTP_URL` and `<SERVICE>_GRPC_ADDR` list them).
   */
  replicas?: number;
}

/**
 * One process of the cluster: `gateway`, a service's first replica by the service's name (`cart`),
 * any other by its number (`cart#1`).
 */
export type ProcessName = Workload | `${ServiceName}#${number}`;

/** Where one process listens. */
export interface ClusterProcess {
  name: ProcessName;
  workload: Workload;
  replica: number;
  /** Its own HTTP base URL (the gateway's is the cluster's `url`). */
  httpUrl: string;
  /** `host:port` of its gRPC server; absent for the gateway. */
  grpcAddress?: string;
  /** `host:port` of its `GET /metrics` server, for a Prometheus scrape configuration. */
  metricsAddress: string;
}

export interface Cluster {
  /** The gateway: the only public entry. */
  url: string;
  /** Where each process writes its output, `<workload>.log`. */
  logDir: string;
  /** Every process, the services' replicas in order, then the gateway. */
  processes: readonly ClusterProcess[];
  /** The settings a process runs with, e.g. to reach a service's database or file storage. */
  env(process: ProcessName): Env;
  /** Sends `signal` (SIGKILL unless given) to a process and resolves once it has exited, with how, e.g. `exit code 0`. */
  kill(process: ProcessName, signal?: NodeJS.Signals): Promise<string>;
  /** Starts a process that was killed or has exited, on the same ports, and waits until it and the cluster are ready. */
  restart(process: ProcessName): Promise<void>;
  /** The last lines of every process's log, for a failure report. */
  logTails(lines?: number): Promise<string>;
  /** Stops every process (SIGTERM, then SIGKILL after a grace period) and says how each ended, e.g. `exit code 0`. */
  stop(): Promise<Record<ProcessName, string>>;
}

const POLL_MS = 250;
/** How many times the cluster is started when a port it picked was taken before it could bind it. */
const START_ATTEMPTS = 3;
/** How long a process is given to stop on SIGTERM before it is killed: its own limit (SHUTDOWN_TIMEOUT_MS, 25 s) and then some. */
const STOP_GRACE_MS = 30_000;

/** Where a process runs from, as the container image does (`CMD ["node", "--import", "tsx", "scripts/serve.ts"]`). */
const SERVE_ARGS = ['--import', 'tsx', 'scripts/serve.ts'];

/**
 * The cluster's shape on one machine: every service in its own process, started as the container
 * starts it, plus the gateway, over a PostgreSQL server, Kafka, and Redis and an S3 bucket when
 * given. Each run gets its own signing keys and media secret; every process is told where its peers
 * listen. Resolves once the gateway's /api/health says every service is ready.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { name, readyTimeoutMs = 180_000, replicas = 1 } = options;
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(name)) throw new Error(`A cluster name is lowercase letters, digits and underscores, starting with a letter (got "${name}")`);
  if (!Number.isInteger(replicas) || replicas < 1) throw new Error(`A cluster runs at least one replica of each service (got ${replicas})`);
  let layout = await clusterLayout(options, replicas);
  for (const [processName, env] of layout.envs) validate(workloadOf(processName), env);
  const s3 = loadGatewayConfig(layout.envs.get('gateway')!, ROOT_DIR).media.s3;
  if (s3) await ensureBucket(s3);
  const databases = SERVICE_NAMES.map((service) => databaseOf(name, service));
  for (const database of databases) await ensureDatabase(options.databaseUrl, database);

  const names = [...layout.envs.keys()];
  const logDir = await mkdtemp(path.join(os.tmpdir(), `inkwell-${name}-logs-`));
  const logOf = (processName: ProcessName) => path.join(logDir, `${processName}.log`);
  const processes = new Map<ProcessName, Child>();
  const start = (processName: ProcessName) => processes.set(processName, launch(processName, layout.envs.get(processName)!, logOf(processName)));
  const envOf = (processName: ProcessName) => {
    const env = layout.envs.get(processName);
    if (!env) throw new Error(`The cluster has no process ${processName} (it has ${names.join(', ')})`);
    return env;
  };

  const logTails = async (lines = 60) => {
    const tails = await Promise.all(
      names.map(async (processName) => {
        const text = await readFile(logOf(processName), 'utf8').catch(() => '');
        return `----- ${processName} (${logOf(processName)}), last ${lines} lines:\n${text.split('\n').slice(-lines - 1).join('\n')}`;
      }),
    );
    return tails.join('\n');
  };

  /**
   * Polls `ready` (each of `which` processes' own readiness, then the gateway's /api/health) until
   * it says yes; fails at once, with the logs, when a process has exited.
   */
  const waitReady = async (what: string, which: readonly ProcessName[]) => {
    const deadline = Date.now() + readyTimeoutMs;
    let last: string;
    for (;;) {
      const exited = [...processes].find(([, child]) => child.exit !== undefined);
      if (exited) throw new Error(`${what}: the ${exited[0]} process exited (${exited[1].exit}) before the cluster was ready.\n${await logTails()}`);
      try {
        const probes = [...which.filter((processName) => processName !== 'gateway').map((processName) => `${layout.process(processName).httpUrl}/health/ready`), `${layout.gatewayUrl}/api/health`];
        last = '';
        for (const probe of probes) {
          const response = await fetch(probe, { signal: AbortSignal.timeout(5_000) });
          if (!response.ok) {
            last = `${probe} said ${response.status} ${await response.text()}`;
            break;
          }
        }
        if (!last) return;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      if (Date.now() >= deadline) throw new Error(`${what}: not ready within ${readyTimeoutMs} ms; last: ${last}\n${await logTails()}`);
      await delay(POLL_MS);
    }
  };

  const stopProcess = async (processName: ProcessName) => {
    const child = processes.get(processName);
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
  let stopped: Promise<Record<ProcessName, string>> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await Promise.all(names.map(stopProcess));
      process.off('exit', killAll);
      if (options.ephemeral) for (const database of databases) await dropDatabase(options.databaseUrl, database);
      return Object.fromEntries(names.map((processName) => [processName, processes.get(processName)?.exit ?? 'never started'])) as Record<ProcessName, string>;
    })();
    return stopped;
  };

  try {
    // Ports are picked free before the processes bind them, so another program may take one in
    // between (EADDRINUSE): the cluster then starts again on other ports, up to three times.
    for (let attempt = 1; ; attempt += 1) {
      for (const processName of names) start(processName);
      try {
        await waitReady('Starting the cluster', names);
        break;
      } catch (error) {
        if (attempt >= START_ATTEMPTS || !String(error).includes('EADDRINUSE')) throw error;
        await Promise.all(names.map(stopProcess));
        layout = await clusterLayout(options, replicas);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: layout.gatewayUrl,
    logDir,
    processes: names.map((processName) => layout.process(processName)),
    env: (processName) => ({ ...envOf(processName) }),
    async kill(processName, signal = 'SIGKILL') {
      envOf(processName);
      const child = processes.get(processName);
      if (!child || child.exit !== undefined) throw new Error(`The ${processName} process is not running`);
      child.process.kill(signal);
      await child.exited;
      return child.exit!;
    },
    async restart(processName) {
      envOf(processName);
      if (processes.get(processName)?.exit === undefined) throw new Error(`The ${processName} process is still running; kill it first`);
      start(processName);
      await waitReady(`Restarting ${processName}`, [processName]);
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

function launch(processName: ProcessName, env: Env, logFile: string): Child {
  const log = createWriteStream(logFile, { flags: 'a' });
  log.write(`----- ${new Date().toISOString()} starting ${processName}\n`);
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
      log.end(`----- ${new Date().toISOString()} ${processName} ended: ${how}\n`, () => resolve());
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

/** The process a name stands for: `cart#1` is the cart's second replica, `cart` its first. */
function workloadOf(processName: ProcessName): Workload {
  return processName.split('#')[0] as Workload;
}

function replicaName(service: ServiceName, replica: number): ProcessName {
  return replica === 0 ? service : `${service}#${replica}`;
}

interface Layout {
  gatewayUrl: string;
  /** Every process's settings, the services' replicas in order, then the gateway. */
  envs: Map<ProcessName, Env>;
  process(name: ProcessName): ClusterProcess;
}

/**
 * Every process's settings: what a Deployment's ConfigMap and Secrets would give its pod, the ports
 * its own. Every caller of a service is given all of its replicas.
 */
async function clusterLayout(options: ClusterOptions, replicas: number): Promise<Layout> {
  const listed: ClusterProcess[] = [];
  for (const service of SERVICE_NAMES) {
    for (let replica = 0; replica < replicas; replica++) {
      const http = await freePort();
      listed.push({ name: replicaName(service, replica), workload: service, replica, httpUrl: `http://127.0.0.1:${http}`, grpcAddress: `127.0.0.1:${await freePort()}`, metricsAddress: `127.0.0.1:${await freePort()}` });
    }
  }
  const gatewayPort = options.gatewayPort ?? (await freePort());
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  listed.push({ name: 'gateway', workload: 'gateway', replica: 0, httpUrl: gatewayUrl, metricsAddress: `127.0.0.1:${await freePort()}` });
  const byName = new Map(listed.map((entry) => [entry.name, entry]));
  const keys = generateSigningKeys();
  const peers: Env = {};
  for (const service of SERVICE_NAMES) {
    const replicasOf = listed.filter((entry) => entry.workload === service);
    peers[`${envPrefix(service)}_HTTP_URL`] = replicasOf.map((entry) => entry.httpUrl).join(',');
    peers[`${envPrefix(service)}_GRPC_ADDR`] = replicasOf.map((entry) => entry.grpcAddress).join(',');
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
  const portOf = (address: string) => address.slice(address.lastIndexOf(':') + 1);
  const envs = new Map<ProcessName, Env>();
  for (const entry of listed) {
    const { workload } = entry;
    const metrics = { METRICS_PORT: portOf(entry.metricsAddress) };
    if (workload === 'gateway') {
      envs.set(entry.name, { ...shared, INKWELL_SERVICE: 'gateway', GATEWAY_PORT: String(gatewayPort), ...metrics });
      continue;
    }
    envs.set(entry.name, {
      ...shared,
      INKWELL_SERVICE: workload,
      DATABASE_URL: withDatabase(options.databaseUrl, databaseOf(options.name, workload)),
      PORT: portOf(entry.httpUrl),
      GRPC_PORT: portOf(entry.grpcAddress!),
      ...metrics,
      // The gateway reaches services over loopback; its X-Forwarded-For names the real client.
      TRUSTED_PROXIES: 'loopback',
      MEDIA_URL_SECRET: mediaSecret,
      ...(workload === 'account' ? { AUTH_PRIVATE_KEY: keys.privateKeyPem } : {}),
    });
  }
  return {
    gatewayUrl,
    envs,
    process(name) {
      const entry = byName.get(name);
      if (!entry) throw new Error(`The cluster has no process ${name}`);
      return entry;
    },
  };
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
 * databases, topics and keys, which are kept between runs; CLUSTER_REPLICAS (default 1) is the
 * number of processes per service; GATEWAY_PORT defaults to 8080; LOG_LEVEL,
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
  const replicas = Number(env.CLUSTER_REPLICAS ?? 1);
  console.log(`Starting ${SERVICE_NAMES.length * replicas + 1} processes (cluster "${name}")...`);
  const cluster = await startCluster({
    name,
    databaseUrl: env.CLUSTER_DATABASE_URL!,
    kafkaBrokers: env.KAFKA_BROKERS!,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(s3.S3_BUCKET ? { s3 } : {}),
    dataDir,
    gatewayPort: Number(env.GATEWAY_PORT ?? 8080),
    replicas,
    env: Object.fromEntries(PASSED_ON.filter((key) => env[key] !== undefined).map((key) => [key, env[key]])),
  });
  console.log(`Inkwell is up at ${cluster.url} (${replicas === 1 ? 'one process' : `${replicas} processes`} per service; logs in ${cluster.logDir}). Ctrl-C stops it.`);
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
