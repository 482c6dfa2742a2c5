/**
 * Catalog read benchmark through the gateway: req/s and p50/p99 latency of /api/discover/v2,
 * /api/product/{id} and /api/search/V3 on the demo catalogue, each next to a bare Fastify
 * hello-world measured in the same round, printed as ratios. Servers run in their own processes;
 * autocannon runs here.
 *
 *   npx tsx bench/catalog.ts [--duration 10] [--connections 10] [--rounds 3] [--data DIR]
 *                            [--topology npm-start|separate-gateway] [--redis URL] [--logs DIR]
 *                            [--variants off,metrics,traces] [--cpu-prof DIR]
 *
 * Topologies:
 * - `npm-start` (default): every service and the gateway in one process with the in-memory cache,
 *   as `npm start` runs the store.
 * - `separate-gateway`: the gateway in a process of its own (`npm run serve`, as in the cluster),
 *   the services in another, the cache in Redis (`--redis`, or REDIS_URL) as the cluster shares it.
 *
 * The store logs at info, as in production: every request line is formatted and written, to the
 * null device unless `--logs DIR` keeps them (a run writes over half a gigabyte of them). Each round
 * measures the baseline again before the store's calls, so a round's ratios share its conditions;
 * the table gives medians over rounds and the worst p99. `--data DIR` keeps the store's data (and
 * its rendered demo art) in DIR between runs.
 *
 * Targets (issue 3): cached reads >= 30% of the hello-world rate with p99 < 25 ms at 10
 * connections; search p99 < 50 ms.
 *
 * `--variants off,metrics,traces` (issue 21) measures the store once per variant, one after the
 * other (instruments off, metrics on, metrics and traces exported to a sink that drops them; see
 * support/variants.ts), and ends with each call's rate in every variant against `off`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '@inkwell/platform';
import { saveResults, stopProcesses } from './support/outcome';
import { printVariantComparison, startOtlpSink, variantEnv, variantsFrom, type OtlpSink, type Variant, type VariantFigure } from './support/variants';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const text = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const number = (name: string, fallback: number) => Number(text(name) ?? fallback);
const DURATION = number('duration', 10);
const CONNECTIONS = number('connections', 10);
const ROUNDS = number('rounds', 3);
const TOPOLOGY = text('topology') ?? 'npm-start';
const REDIS_URL = text('redis') ?? process.env.REDIS_URL;
const keptData = text('data') === undefined ? undefined : path.resolve(text('data')!);
if (TOPOLOGY !== 'npm-start' && TOPOLOGY !== 'separate-gateway') throw new Error('--topology is npm-start or separate-gateway');
if (TOPOLOGY === 'separate-gateway' && !REDIS_URL) throw new Error('--topology separate-gateway needs Redis (--redis URL or REDIS_URL): the cluster shares its cache there');
const VARIANT_LIST = variantsFrom(text('variants'));

const dataDir = keptData ?? (await mkdtemp(path.join(os.tmpdir(), 'inkwell-bench-')));
const logDir = text('logs') === undefined ? undefined : path.resolve(text('logs')!);
if (logDir) await mkdir(logDir, { recursive: true });
const logFile = (name: string) => openSync(logDir ? path.join(logDir, `${name}.log`) : os.devNull, 'w');
const seeLogs = logDir ? `see ${logDir}` : 'run again with --logs DIR to see why';
const servers: ChildProcess[] = [];
/** `--cpu-prof DIR`: the store's processes write V8 CPU profiles there when they stop (to find what a variant costs). */
const profileDir = text('cpu-prof') === undefined ? undefined : path.resolve(text('cpu-prof')!);
const profiling = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];

/** Starts a server script in its own process, its output going to a log file, and waits for its first message. */
function start<T>(script: string, scriptArgs: string[], env: NodeJS.ProcessEnv, logName: string): Promise<T> {
  const log = logFile(logName);
  const child = fork(script, scriptArgs, { execArgv: ['--import', 'tsx', ...profiling], env, stdio: ['ignore', log, 'inherit', 'ipc'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready; ${seeLogs}`)));
  });
}

/** The gateway alone, as `npm run serve` runs it in the cluster, in front of the stack's services. */
async function startSeparateGateway(services: Record<string, { http: string; grpc: string }>, env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort();
  const peers = Object.fromEntries(Object.entries(services).flatMap(([name, address]) => [[`${name.toUpperCase()}_HTTP_URL`, address.http], [`${name.toUpperCase()}_GRPC_ADDR`, address.grpc]]));
  const log = logFile('gateway');
  const child = fork(path.join(here, '..', 'scripts', 'serve.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...env, ...peers, INKWELL_SERVICE: 'gateway', GATEWAY_PORT: String(port) }, stdio: ['ignore', log, 'inherit', 'ipc'] });
  servers.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}; ${seeLogs}`);
    const ready = await fetch(`${url}/api/genre`).then((response) => response.ok, () => false);
    if (ready) return url;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(options: autocannon.Options): Promise<Sample> {
  // Warm-up: fills caches and connection pools; not counted.
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The store's processes of the variant being measured (stopped before the next variant starts). */
let storeServers: ChildProcess[] = [];

/** Starts the store for one variant, measures every call `ROUNDS` times next to the hello-world, prints and answers its rows. */
async function measureStore(variant: Variant | undefined, hello: { url: string }, sink: OtlpSink | undefined) {
  const loadBefore = os.loadavg();
  const named = variant ? ` [${variant}]` : '';
  console.log(`Starting the store (${TOPOLOGY})${named} with the demo catalogue (first start renders the demo art; this takes a while) ...`);
  const env: NodeJS.ProcessEnv = variantEnv(variant, {
    ...process.env,
    // One client sends tens of thousands of requests a second, over a million a minute on a fast
    // machine; the limiter still counts every one of them but must not refuse any.
    RATE_LIMIT_MAX: '1000000000',
    ...(TOPOLOGY === 'separate-gateway' ? { REDIS_URL, CACHE_NAMESPACE: `inkwell-bench:${process.pid}:${variant ?? ''}:` } : {}),
  }, sink);
  const before = servers.length;
  const stack = await start<{ url: string; services: Record<string, { http: string; grpc: string }> }>(path.join(here, 'support', 'stack-server.ts'), [dataDir], env, `stack${variant ? `-${variant}` : ''}`);
  const storeUrl = TOPOLOGY === 'separate-gateway' ? await startSeparateGateway(stack.services, { ...env, DATA_DIR: dataDir }) : stack.url;
  storeServers = servers.slice(before);

  const page = (await (await fetch(`${storeUrl}/api/discover/v2?sort=7&count=1`)).json()) as { response: Array<{ id: number; name: string }> };
  const product = page.response[0]!;
  const searchWord = product.name.split(/\s+/)[0]!.toLowerCase();
  let counter = 0;
  const targets: Array<{ name: string; path: string; options: autocannon.Options }> = [
    { name: 'discover/v2 (cached)', path: '/api/discover/v2?sort=0&count=24', options: { url: `${storeUrl}/api/discover/v2?sort=0&count=24` } },
    { name: 'product/{id} (cached)', path: `/api/product/${product.id}`, options: { url: `${storeUrl}/api/product/${product.id}` } },
    { name: 'search/V3 (cached per query)', path: `/api/search/V3?query=${searchWord}`, options: { url: `${storeUrl}/api/search/V3?query=${encodeURIComponent(searchWord)}` } },
    {
      // A different query every request: what search costs when nothing is cached.
      name: 'search/V3 (uncached, new query each time)',
      path: '/api/search/V3?query=<varies>',
      options: {
        url: storeUrl,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/search/V3?query=${encodeURIComponent(`${searchWord.slice(0, 4)}${'abcdefghijklmnopqrstuvwxyz'[counter++ % 26]}${counter}`)}` }) }],
      },
    },
  ];

  const rounds: Array<{ baseline: Sample; samples: Sample[] }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`Round ${round} of ${ROUNDS}${named} ...`);
    const baseline = await measure({ url: `${hello.url}/` });
    const samples: Sample[] = [];
    for (const target of targets) samples.push(await measure(target.options));
    rounds.push({ baseline, samples });
  }
  const loadAfter = os.loadavg();

  const rows = [{ name: 'hello-world (baseline)', path: '/', of: (round: (typeof rounds)[number]) => round.baseline }, ...targets.map((target, index) => ({ ...target, of: (round: (typeof rounds)[number]) => round.samples[index]! }))].map((row) => {
    const samples = rounds.map(row.of);
    return {
      name: row.name,
      path: row.path,
      requestsPerSecond: median(samples.map((sample) => sample.requestsPerSecond)),
      ratio: median(rounds.map((round) => row.of(round).requestsPerSecond / round.baseline.requestsPerSecond)),
      p50: median(samples.map((sample) => sample.p50)),
      p99: Math.max(...samples.map((sample) => sample.p99)),
      errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
      non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
      rounds: samples,
    };
  });

  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`\nTopology ${TOPOLOGY}${named}; ${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} round(s), ${os.cpus().length} cores; load average before ${load(loadBefore)}, after ${load(loadAfter)}`);
  console.log('req/s and p50: medians over rounds; ratio: median of each round\'s req/s over that round\'s hello-world; p99: worst round\n');
  console.log('| what | req/s | ratio | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.ratio.toFixed(2)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`);
  const targetsMet = [
    ...rows.slice(1, 3).map((row) => [`${row.name}: >= 0.30 of baseline, p99 < 25 ms`, row.ratio >= 0.3 && row.p99 < 25] as const),
    ...rows.slice(3).map((row) => [`${row.name}: p99 < 50 ms`, row.p99 < 50] as const),
    // A refused or failed request is answered fast; figures that include any say nothing.
    ...rows.filter((row) => row.errors > 0 || row.non2xx > 0).map((row) => [`${row.name}: every request answered 2xx (${row.errors} errors, ${row.non2xx} non-2xx)`, false] as const),
  ];
  console.log('');
  for (const [target, met] of targetsMet) console.log(`${met ? 'met    ' : 'NOT MET'}  ${target}`);
  await stopProcesses(storeServers);
  storeServers = [];
  return { variant, loadBefore, loadAfter, rows };
}

let sink: OtlpSink | undefined;
try {
  const hello = await start<{ url: string }>(path.join(here, 'support', 'hello-server.ts'), [], process.env, 'hello');
  if (VARIANT_LIST?.includes('traces')) sink = await startOtlpSink();
  const runs = [];
  for (const variant of VARIANT_LIST ?? [undefined]) runs.push(await measureStore(variant, hello, sink));
  if (VARIANT_LIST) {
    const figures: VariantFigure[] = runs.flatMap((run) => run.rows.slice(1).map((row) => ({ variant: run.variant!, row: row.name, rate: row.requestsPerSecond, normalized: row.ratio, p99: row.p99 })));
    printVariantComparison(figures, 'req/s');
    if (sink) console.log(`\n(the traces variant exported ${sink.received()} OTLP batches to the sink)`);
  }
  await saveResults('catalog', { topology: TOPOLOGY, connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, cores: os.cpus().length, ...(VARIANT_LIST ? { variants: runs } : { loadBefore: runs[0]!.loadBefore, loadAfter: runs[0]!.loadAfter, results: runs[0]!.rows }) });
} finally {
  await stopProcesses(servers);
  await sink?.close();
  if (!keptData) await rm(dataDir, { recursive: true, force: true });
}
