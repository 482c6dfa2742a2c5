/**
 * Checkout benchmark (issue 13): completed orders per second end to end under `npm start`, with many
 * shoppers at once, next to a cached read through the same gateway measured in the same round.
 *
 *   npx tsx bench/checkout.ts [--duration 15] [--concurrency 16,64] [--rounds 1] [--max-orders 3000]  [--topology npm-start|cluster] [--cpu-prof DIR]
 *                             [--profile-orders 10] [--poll-ms 25] [--data DIR] [--logs DIR] [--variants off,metrics,traces]
 *
 * One order, as a signed-in reader's storefront makes it, every call through the gateway:
 * 1. PATCH /api/cart/{new uuid}: one Paid Digital volume the reader does not own yet;
 * 2. POST /api/purchase-request: the quote (a valid US billing address, Card);
 * 3. POST /api/order/purchase with an Idempotency-Key: paid with the simulated processor, state Completed;
 * 4. GET /api/mycomics polled until the volume is on the reader's shelf (the reader granted it from
 *    `order.completed`): the end of the order.
 * Each shopper is its own verified reader (made in the account database by
 * bench/support/checkout-store.ts; signed in once through POST /api/account/token before the clock
 * starts) and places orders one after another for `--duration` seconds, or until `--max-orders`
 * orders of that level were started. Every concurrency level gets readers of its own.
 *
 * The baseline, measured first in each round: the same anonymous cached product read through the
 * same gateway (autocannon, 10 connections), which the gateway answers from the catalog's read cache
 * — the cheapest call that crosses the store's front door. The store logs at info as in production,
 * to the null device unless `--logs DIR`. The store's CPU time over each level is read from its
 * process and its embedded Postgres (/proc), so "CPU ms per order" is what one order costs the store
 * whatever the neighbours do; the same is read over 2 s of quiet before each level. Before the
 * levels, one shopper alone places `--profile-orders` orders with the CPU read between steps: which
 * step costs the store what.
 *
 * `--variants off,metrics,traces` (issue 21) runs all of that once per variant, a store started
 * afresh for each (instruments off, metrics on, metrics and traces exported to a sink that drops
 * them; see support/variants.ts), and ends with each level's orders/s, and the store's CPU per
 * order, in every variant against `off`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { saveResults, stopProcesses } from './support/outcome';
import { printVariantComparison, startOtlpSink, variantEnv, variantsFrom, type OtlpSink, type Variant, type VariantFigure } from './support/variants';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const text = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const number = (name: string, fallback: number) => Number(text(name) ?? fallback);
const DURATION_S = number('duration', 15);
const ROUNDS = number('rounds', 1);
const MAX_ORDERS = number('max-orders', 3000);
const PROFILE_ORDERS = number('profile-orders', 10);
const LEVELS = (text('concurrency') ?? '16,64').split(',').map(Number);
/** npm-start: the store in one process on the embedded drivers; cluster: one process per service over Kafka (BENCH_DATABASE_URL, KAFKA_BROKERS). */
const TOPOLOGY = text('topology') ?? 'npm-start';
if (TOPOLOGY !== 'npm-start' && TOPOLOGY !== 'cluster') throw new Error('--topology is npm-start or cluster');
if (LEVELS.some((level) => !Number.isInteger(level) || level < 1)) throw new Error('--concurrency is a comma-separated list of positive integers');
const VARIANT_LIST = variantsFrom(text('variants'));
/** The money path's targets on a two-core machine (issue 19): orders/s from 64 shoppers up, p99 of one order at 64, CPU of one order alone. */
const TARGET_ORDERS_PER_SECOND = 50;
const TARGET_P99_MS_AT_64 = 2_000;
const TARGET_NODE_MS_PER_ORDER = 25;
const TARGET_POSTGRES_MS_PER_ORDER = 15;
/** How often a shopper asks My Comics whether the volume has arrived (each ask costs the store ~10 ms of CPU). */
const POLL_MS = number('poll-ms', 25);
/** An order whose volume is not on the shelf by then counts as failed. */
const ORDER_TIMEOUT_MS = 30_000;
const STEPS = ['cart', 'quote', 'pay', 'library'] as const;
type Step = (typeof STEPS)[number];

const keptData = text('data') === undefined ? undefined : path.resolve(text('data')!);
const dataDir = keptData ?? (await mkdtemp(path.join(os.tmpdir(), 'inkwell-bench-')));
const logDir = text('logs') === undefined ? undefined : path.resolve(text('logs')!);
if (logDir) await mkdir(logDir, { recursive: true });
const servers: ChildProcess[] = [];

interface Store {
  url: string;
  password: string;
  readers: string[];
  products: Array<{ productId: number; variantId: number }>;
}

function startStore(readers: number, variant: Variant | undefined, sink: OtlpSink | undefined): Promise<{ store: Store; child: ChildProcess }> {
  const log = openSync(logDir ? path.join(logDir, `store${variant ? `-${variant}` : ''}.log`) : os.devNull, 'w');
  // The limiter counts every request and must refuse none: thousands of shoppers come from one address.
  const env = variantEnv(variant, { ...process.env, RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, sink);
  const script = TOPOLOGY === 'cluster' ? 'checkout-cluster.ts' : 'checkout-store.ts';
  // --cpu-prof DIR: the store writes a V8 CPU profile of the whole run there when it stops.
  const profileDir = text('cpu-prof');
  const execArgv = ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [])];
  const child = fork(path.join(here, 'support', script), [dataDir, String(readers)], { execArgv, env, stdio: ['ignore', log, 'inherit', 'ipc'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ store: message as Store, child }));
    child.once('exit', (code) => reject(new Error(`the store exited with ${code} before it was ready${logDir ? `; see ${logDir}` : '; run again with --logs DIR to see why'}`)));
  });
}

/**
 * CPU seconds so far of the store's process and, apart, of its embedded Postgres (every process
 * below the store's), from /proc (schedstat: nanoseconds on a CPU): what the store's work costs
 * whatever the neighbours do. A process that ends in between takes its time with it; Postgres keeps
 * its pooled backends.
 */
interface CpuSnapshot {
  node: number;
  /** Each Postgres process's CPU seconds, by pid. */
  postgres: Map<number, number>;
}

async function storeCpu(pid: number): Promise<CpuSnapshot | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  const stats = new Map<number, { parent: number; seconds: number }>();
  await Promise.all(
    entries.filter((entry) => /^\d+$/.test(entry)).map(async (entry) => {
      const [stat, schedstat] = await Promise.all([readFile(`/proc/${entry}/stat`, 'utf8'), readFile(`/proc/${entry}/schedstat`, 'utf8')]).catch(() => []);
      if (!stat || !schedstat) return;
      // After the command name (which may hold spaces): state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      stats.set(Number(entry), { parent, seconds: Number(schedstat.split(' ')[0]) / 1e9 });
    }),
  );
  const below = (candidate: number): boolean => {
    for (let at = stats.get(candidate)?.parent; at !== undefined && at > 1; at = stats.get(at)?.parent) if (at === pid) return true;
    return false;
  };
  const postgres = new Map<number, number>();
  for (const [candidate, stat] of stats) if (below(candidate)) postgres.set(candidate, stat.seconds);
  return { node: stats.get(pid)?.seconds ?? 0, postgres };
}

/** CPU seconds spent between two snapshots; a Postgres process started in between counts whole, one that ended is lost. */
function spent(before: CpuSnapshot, after: CpuSnapshot): { node: number; postgres: number } {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return { node: after.node - before.node, postgres };
}

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

class CallFailed extends Error {}

async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const response = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Json;
  if (!response.ok) throw new CallFailed(`${method} ${new URL(url).pathname} answered ${response.status}: ${JSON.stringify(answer?.status ?? answer).slice(0, 200)}`);
  return answer.response;
}

/** A US address that passes the spec's rules (as the order service's tests use). */
const billingAddress = {
  firstName: 'Ada',
  surName: 'Lovelace',
  companyName: null,
  country: 'US',
  address: '1 Main Street',
  locality: 'Beverly Hills',
  postalCode: '90210',
  administrativeArea: 'CA',
  phoneNumber: '+1 310 555 0100',
  email: 'ada@example.com',
};

interface Order {
  totalMs: number;
  steps: Record<Step, number>;
  polls: number;
}

/** One order, end to end; each step's time. Throws on any refusal or when the shelf never shows the volume. */
async function placeOrder(url: string, token: string, item: { productId: number; variantId: number }, afterStep?: (step: Step | 'start') => Promise<void>): Promise<Order> {
  const auth = { authorization: `Bearer ${token}` };
  const steps = {} as Record<Step, number>;
  const started = performance.now();
  let mark = started;
  const lap = async (step: Step) => {
    const now = performance.now();
    steps[step] = now - mark;
    await afterStep?.(step);
    mark = performance.now();
  };
  await afterStep?.('start');
  const cartId = randomUUID();
  await call(`${url}/api/cart/${cartId}`, 'PATCH', { productId: item.productId, VariantId: item.variantId, Amount: 1 }, auth);
  await lap('cart');
  const purchase = await call(`${url}/api/purchase-request`, 'POST', { cartId, billingAddress, paymentMethod: 'Card' }, auth);
  await lap('quote');
  const paid = await call(`${url}/api/order/purchase`, 'POST', { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' }, { ...auth, 'idempotency-key': randomUUID() });
  if (paid.state !== 'Completed') throw new CallFailed(`the purchase ended ${paid.state}, not Completed`);
  await lap('pay');
  const wanted = String(item.productId);
  let polls = 0;
  for (;;) {
    polls += 1;
    // Newest on the shelf first is not promised, so the reader's whole first page is read.
    const shelf = (await call(`${url}/api/mycomics?count=100&onlyPurchased=true`, 'GET', undefined, auth)) as Array<{ productId: string; isOwned: boolean }>;
    if (shelf.some((comic) => comic.productId === wanted && comic.isOwned)) break;
    if (performance.now() - started > ORDER_TIMEOUT_MS) throw new CallFailed(`volume ${wanted} not in My Comics ${ORDER_TIMEOUT_MS} ms after the order started`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await lap('library');
  return { totalMs: performance.now() - started, steps, polls };
}

interface Level {
  shoppers: number;
  seconds: number;
  orders: Order[];
  failures: string[];
  ordersPerSecond: number;
  /** CPU ms per completed order, and cores kept busy over the level; idle: the store's before the level, in cores. */
  cpu?: { nodeMsPerOrder: number; postgresMsPerOrder: number; nodeCores: number; postgresCores: number; idleNodeCores: number; idlePostgresCores: number };
}

const IDLE_SAMPLE_MS = 2000;

function cpuFigures(idle: { node: number; postgres: number }, busy: { node: number; postgres: number }, seconds: number, orders: number): NonNullable<Level['cpu']> {
  const perOrder = (cpuSeconds: number) => (orders ? (cpuSeconds * 1000) / orders : NaN);
  return {
    nodeMsPerOrder: perOrder(busy.node),
    postgresMsPerOrder: perOrder(busy.postgres),
    nodeCores: busy.node / seconds,
    postgresCores: busy.postgres / seconds,
    idleNodeCores: idle.node / (IDLE_SAMPLE_MS / 1000),
    idlePostgresCores: idle.postgres / (IDLE_SAMPLE_MS / 1000),
  };
}

async function runLevel(store: Store, child: ChildProcess, readers: string[], items: Store['products']): Promise<Level> {
  const tokens = await Promise.all(
    readers.map(async (email) => (await call(`${store.url}/api/account/token`, 'POST', { UserName: email, Password: store.password })).access_token as string),
  );
  const orders: Order[] = [];
  const failures: string[] = [];
  let started = 0;
  const idleFrom = await storeCpu(child.pid!);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
  const cpuBefore = await storeCpu(child.pid!);
  const begin = performance.now();
  const deadline = begin + DURATION_S * 1000;
  await Promise.all(
    tokens.map(async (token, shopper) => {
      // Each reader walks the catalogue from its own place, so shoppers do not all buy the same volume.
      for (let next = 0; next < items.length && performance.now() < deadline && started < MAX_ORDERS; next++) {
        started += 1;
        const item = items[(shopper * 7 + next) % items.length]!;
        try {
          orders.push(await placeOrder(store.url, token, item));
        } catch (error) {
          if (!(error instanceof CallFailed) && !(error instanceof TypeError)) throw error;
          failures.push(error.message);
        }
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  const cpuAfter = await storeCpu(child.pid!);
  return {
    shoppers: readers.length,
    seconds,
    orders,
    failures,
    ordersPerSecond: orders.length / seconds,
    cpu: idleFrom && cpuBefore && cpuAfter ? cpuFigures(spent(idleFrom, cpuBefore), spent(cpuBefore, cpuAfter), seconds, orders.length) : undefined,
  };
}

/**
 * Where one order's CPU goes: one shopper alone places `count` orders one after another, and the
 * store's CPU (Node, Postgres) is read between steps. The reads of /proc between steps cost the
 * benchmark's process, not the store's.
 */
async function profileSteps(store: Store, child: ChildProcess, reader: string, items: Store['products'], count: number) {
  const token = (await call(`${store.url}/api/account/token`, 'POST', { UserName: reader, Password: store.password })).access_token as string;
  const totals = Object.fromEntries(STEPS.map((step) => [step, { node: 0, postgres: 0 }])) as Record<Step, { node: number; postgres: number }>;
  let polls = 0;
  let done = 0;
  for (let next = 0; next < count; next++) {
    let last = await storeCpu(child.pid!);
    if (!last) return undefined;
    const order = await placeOrder(store.url, token, items[(items.length - 1 - next) % items.length]!, async (step) => {
      const now = (await storeCpu(child.pid!))!;
      if (step !== 'start') {
        const used = spent(last!, now);
        totals[step].node += used.node;
        totals[step].postgres += used.postgres;
      }
      last = now;
    });
    polls += order.polls;
    done += 1;
  }
  return { orders: done, polls: polls / done, msPerOrder: Object.fromEntries(STEPS.map((step) => [step, { node: (totals[step].node * 1000) / done, postgres: (totals[step].postgres * 1000) / done }])) as Record<Step, { node: number; postgres: number }> };
}

async function baseline(url: string): Promise<{ requestsPerSecond: number; p50: number; p99: number; failed: number }> {
  const options = { url, connections: 10 };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: 5 });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.non2xx };
}

const cpuColumns = (cpu: Level['cpu']) =>
  cpu
    ? `${cpu.nodeMsPerOrder.toFixed(0)}, ${cpu.postgresMsPerOrder.toFixed(0)} | ${cpu.nodeCores.toFixed(2)}, ${cpu.postgresCores.toFixed(2)} (${cpu.idleNodeCores.toFixed(2)}, ${cpu.idlePostgresCores.toFixed(2)})`
    : 'n/a | n/a';
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Starts the store for one variant, runs every round, prints its tables and verdicts, stops it, and answers its figures. */
async function measureStore(variant: Variant | undefined, sink: OtlpSink | undefined) {
  const loadBefore = os.loadavg();
  const readersNeeded = (LEVELS.reduce((sum, level) => sum + level, 0) + 1) * ROUNDS;
  console.log(
    TOPOLOGY === 'cluster'
      ? `Starting the cluster (one process per service, Kafka at ${process.env.KAFKA_BROKERS}) with ${readersNeeded} readers ...`
      : `Starting the store (npm-start) with the demo catalogue and ${readersNeeded} readers (first start renders the demo art; this takes a while) ...`,
  );
  const { store, child } = await startStore(readersNeeded, variant, sink);

  // The volumes the cart sells now (not coming soon, not withdrawn): each put in a guest cart of its own.
  const items: Store['products'] = [];
  for (const candidate of store.products) {
    const response = await fetch(`${store.url}/api/cart/${randomUUID()}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: candidate.productId, VariantId: candidate.variantId, Amount: 1 }),
    });
    await response.arrayBuffer();
    if (response.ok) items.push(candidate);
  }
  if (items.length === 0) throw new Error('the demo catalogue shows no Paid Digital volume');
  console.log(`${items.length} Paid Digital volumes on sale; ${os.cpus().length} cores; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);

  let nextReader = 0;
  const rounds: Array<{ baseline: Awaited<ReturnType<typeof baseline>>; profile: Awaited<ReturnType<typeof profileSteps>>; levels: Level[] }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`Round ${round} of ${ROUNDS}${variant ? ` [${variant}]` : ''}: baseline ...`);
    const base = await baseline(`${store.url}/api/product/${items[0]!.productId}`);
    console.log(`Round ${round}: ${PROFILE_ORDERS} orders one at a time, the store's CPU read between steps ...`);
    const profile = await profileSteps(store, child, store.readers[nextReader++]!, items, PROFILE_ORDERS);
    const levels: Level[] = [];
    for (const shoppers of LEVELS) {
      console.log(`Round ${round}: ${shoppers} shoppers for ${DURATION_S} s ...`);
      levels.push(await runLevel(store, child, store.readers.slice(nextReader, (nextReader += shoppers)), items));
    }
    rounds.push({ baseline: base, profile, levels });
  }
  const loadAfter = os.loadavg();

  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  if (TOPOLOGY === 'cluster') console.log('\nCluster: in the CPU columns "store" is the launcher and "Postgres" is every service process (Node) below it; the Postgres server and Kafka are not read.');
  console.log(`\n${os.cpus().length} cores; load average before ${load(loadBefore)}, after ${load(loadAfter)}; ${DURATION_S} s per level; My Comics polled every ${POLL_MS} ms`);
  console.log('ratio: orders/s over the same round\'s cached product reads/s through the gateway; step columns: mean ms of each step of an order\n');
  console.log('| round | what | per s | ratio | p50 ms | p99 ms | failed | cart ms | quote ms | pay ms | until in My Comics ms (polls) | CPU ms/order: store, Postgres | CPU cores busy: store, Postgres (idle before) |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const summary = rounds.map(({ baseline: base, profile, levels }, index) => {
    console.log(`| ${index + 1} | product/{id} cached read (baseline) | ${base.requestsPerSecond.toFixed(0)} | 1.00 | ${base.p50} | ${base.p99} | ${base.failed} | | | | | | |`);
    return {
      baseline: base,
      profile,
      levels: levels.map((level) => {
        const totals = level.orders.map((order) => order.totalMs);
        const step = (name: Step) => mean(level.orders.map((order) => order.steps[name]));
        const row = {
          shoppers: level.shoppers,
          seconds: level.seconds,
          completed: level.orders.length,
          failed: level.failures.length,
          ordersPerSecond: level.ordersPerSecond,
          ratio: level.ordersPerSecond / base.requestsPerSecond,
          p50: percentile(totals, 50),
          p99: percentile(totals, 99),
          steps: Object.fromEntries(STEPS.map((name) => [name, step(name)])) as Record<Step, number>,
          polls: mean(level.orders.map((order) => order.polls)),
          cpu: level.cpu,
          firstFailures: [...new Set(level.failures)].slice(0, 5),
        };
        console.log(
          `| ${index + 1} | checkout, ${row.shoppers} shoppers (orders) | ${row.ordersPerSecond.toFixed(1)} | ${row.ratio.toFixed(4)} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.failed} | ${row.steps.cart.toFixed(0)} | ${row.steps.quote.toFixed(0)} | ${row.steps.pay.toFixed(0)} | ${row.steps.library.toFixed(0)} (${row.polls.toFixed(1)}) | ${cpuColumns(row.cpu)} |`,
        );
        return row;
      }),
    };
  });
  console.log('\nOne shopper alone, CPU ms per order by step (store Node process, Postgres):\n');
  console.log(`| round | ${STEPS.join(' | ')} | polls of My Comics per order |`);
  console.log(`|---|${STEPS.map(() => '---:|').join('')}---:|`);
  rounds.forEach(({ profile }, index) => {
    if (profile) console.log(`| ${index + 1} | ${STEPS.map((step) => `${profile.msPerOrder[step].node.toFixed(1)}, ${profile.msPerOrder[step].postgres.toFixed(1)}`).join(' | ')} | ${profile.polls.toFixed(1)} |`);
  });
  console.log('');
  const verdict = (met: boolean, text: string) => console.log(`${met ? 'met    ' : 'NOT MET'}  ${text}`);
  for (const { levels, profile } of summary) {
    const lowest = levels.find((level) => level.shoppers === Math.min(...LEVELS));
    for (const level of levels) {
      verdict(level.failed === 0, `${level.shoppers} shoppers: no failed order (${level.failed} failed)`);
      if (level.shoppers >= 64) verdict(level.ordersPerSecond >= TARGET_ORDERS_PER_SECOND, `${level.shoppers} shoppers: >= ${TARGET_ORDERS_PER_SECOND} completed orders/s (${level.ordersPerSecond.toFixed(1)}/s)`);
      if (level.shoppers === 64) verdict(level.p99 <= TARGET_P99_MS_AT_64, `64 shoppers: p99 of one order <= ${TARGET_P99_MS_AT_64} ms (${level.p99.toFixed(0)} ms)`);
      if (lowest && level.shoppers > lowest.shoppers) verdict(level.ordersPerSecond >= lowest.ordersPerSecond, `${level.shoppers} shoppers: not below ${lowest.shoppers} shoppers' throughput (${level.ordersPerSecond.toFixed(1)} vs ${lowest.ordersPerSecond.toFixed(1)}/s)`);
      for (const failure of level.firstFailures) console.log(`           e.g. ${failure}`);
    }
    // In the cluster the store's process only launches the services: its children (read as "Postgres"
    // above) are the services' Node processes, and the machine's Postgres and Kafka are not read.
    if (profile && TOPOLOGY === 'npm-start') {
      const total = (side: 'node' | 'postgres') => STEPS.reduce((sum, step) => sum + profile.msPerOrder[step][side], 0);
      verdict(total('node') <= TARGET_NODE_MS_PER_ORDER, `one order alone: <= ${TARGET_NODE_MS_PER_ORDER} ms of the store's Node CPU (${total('node').toFixed(1)} ms)`);
      // Postgres is read only when it runs below the store (embedded), not a server of the machine's.
      if (!process.env.DATABASE_URL) verdict(total('postgres') <= TARGET_POSTGRES_MS_PER_ORDER, `one order alone: <= ${TARGET_POSTGRES_MS_PER_ORDER} ms of Postgres CPU (${total('postgres').toFixed(1)} ms)`);
    }
  }
  await stopProcesses([child]);
  return { variant, loadBefore, loadAfter, summary };
}

let sink: OtlpSink | undefined;
try {
  if (VARIANT_LIST?.includes('traces')) sink = await startOtlpSink();
  const runs = [];
  for (const variant of VARIANT_LIST ?? [undefined]) runs.push(await measureStore(variant, sink));
  if (VARIANT_LIST) {
    const figures: VariantFigure[] = runs.flatMap((run) =>
      run.summary.flatMap((round, index) =>
        round.levels.flatMap((level) => [
          { variant: run.variant!, row: `round ${index + 1}, ${level.shoppers} shoppers: orders/s`, rate: level.ordersPerSecond, p99: level.p99 },
          // CPU per order, inverted so that higher is better like the other rates: orders per CPU second of the store's Node process.
          ...(level.cpu ? [{ variant: run.variant!, row: `round ${index + 1}, ${level.shoppers} shoppers: orders per store CPU second`, rate: 1000 / level.cpu.nodeMsPerOrder, p99: level.p99 }] : []),
        ]),
      ),
    );
    printVariantComparison(figures, 'per s');
    if (sink) console.log(`\n(the traces variant exported ${sink.received()} OTLP batches to the sink)`);
  }
  await saveResults('checkout', { duration: DURATION_S, pollMs: POLL_MS, levels: LEVELS, rounds: ROUNDS, cores: os.cpus().length, ...(VARIANT_LIST ? { variants: runs } : { loadBefore: runs[0]!.loadBefore, loadAfter: runs[0]!.loadAfter, results: runs[0]!.summary }) });
} finally {
  await stopProcesses(servers);
  await sink?.close();
  if (!keptData) await rm(dataDir, { recursive: true, force: true });
}
