/**
 * Checkout benchmark (issue 13): completed orders per second end to end under `npm start`, with many
 * shoppers at once, next to a cached read through the same gateway measured in the same round.
 *
 *   npx tsx bench/checkout.ts [--duration 15] [--concurrency 16,64] [--rounds 1] [--max-orders 3000]
 *                             [--data DIR] [--logs DIR]
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
 * process (IPC), so "CPU ms per order" is what one order costs the store whatever the neighbours do.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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
const LEVELS = (text('concurrency') ?? '16,64').split(',').map(Number);
if (LEVELS.some((level) => !Number.isInteger(level) || level < 1)) throw new Error('--concurrency is a comma-separated list of positive integers');
/** Issue 13's target on a two-core machine. */
const TARGET_ORDERS_PER_SECOND = 183;
/** How often a shopper asks My Comics whether the volume has arrived. */
const POLL_MS = 10;
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

function startStore(readers: number): Promise<{ store: Store; child: ChildProcess }> {
  const log = openSync(logDir ? path.join(logDir, 'store.log') : os.devNull, 'w');
  // The limiter counts every request and must refuse none: thousands of shoppers come from one address.
  const env = { ...process.env, RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  const child = fork(path.join(here, 'support', 'checkout-store.ts'), [dataDir, String(readers)], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', log, 'inherit', 'ipc'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ store: message as Store, child }));
    child.once('exit', (code) => reject(new Error(`the store exited with ${code} before it was ready${logDir ? `; see ${logDir}` : '; run again with --logs DIR to see why'}`)));
  });
}

function storeCpuMicros(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const answer = (message: { cpu?: number }) => {
      if (message.cpu === undefined) return;
      child.off('message', answer);
      resolve(message.cpu);
    };
    child.on('message', answer);
    child.send({ cpu: true });
  });
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
async function placeOrder(url: string, token: string, item: { productId: number; variantId: number }): Promise<Order> {
  const auth = { authorization: `Bearer ${token}` };
  const steps = {} as Record<Step, number>;
  const started = performance.now();
  let mark = started;
  const lap = (step: Step) => {
    const now = performance.now();
    steps[step] = now - mark;
    mark = now;
  };
  const cartId = randomUUID();
  await call(`${url}/api/cart/${cartId}`, 'PATCH', { productId: item.productId, VariantId: item.variantId, Amount: 1 }, auth);
  lap('cart');
  const purchase = await call(`${url}/api/purchase-request`, 'POST', { cartId, billingAddress, paymentMethod: 'Card' }, auth);
  lap('quote');
  const paid = await call(`${url}/api/order/purchase`, 'POST', { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' }, { ...auth, 'idempotency-key': randomUUID() });
  if (paid.state !== 'Completed') throw new CallFailed(`the purchase ended ${paid.state}, not Completed`);
  lap('pay');
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
  lap('library');
  return { totalMs: performance.now() - started, steps, polls };
}

interface Level {
  shoppers: number;
  seconds: number;
  orders: Order[];
  failures: string[];
  ordersPerSecond: number;
  storeCpuMsPerOrder: number;
  storeCpuCores: number;
}

async function runLevel(store: Store, child: ChildProcess, readers: string[], items: Store['products']): Promise<Level> {
  const tokens = await Promise.all(
    readers.map(async (email) => (await call(`${store.url}/api/account/token`, 'POST', { UserName: email, Password: store.password })).access_token as string),
  );
  const orders: Order[] = [];
  const failures: string[] = [];
  let started = 0;
  const cpuBefore = await storeCpuMicros(child);
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
  const cpuMs = ((await storeCpuMicros(child)) - cpuBefore) / 1000;
  return {
    shoppers: readers.length,
    seconds,
    orders,
    failures,
    ordersPerSecond: orders.length / seconds,
    storeCpuMsPerOrder: orders.length ? cpuMs / orders.length : 0,
    storeCpuCores: cpuMs / 1000 / seconds,
  };
}

async function baseline(url: string): Promise<{ requestsPerSecond: number; p50: number; p99: number; failed: number }> {
  const options = { url, connections: 10 };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: 5 });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.non2xx };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

try {
  const loadBefore = os.loadavg();
  const readersNeeded = LEVELS.reduce((sum, level) => sum + level, 0) * ROUNDS;
  console.log(`Starting the store (npm-start) with the demo catalogue and ${readersNeeded} readers (first start renders the demo art; this takes a while) ...`);
  const { store, child } = await startStore(readersNeeded);

  // The volumes an anonymous visitor is shown (the cached read the baseline uses, too).
  const items: Store['products'] = [];
  for (const candidate of store.products) {
    const response = await fetch(`${store.url}/api/product/${candidate.productId}`);
    await response.arrayBuffer();
    if (response.ok) items.push(candidate);
  }
  if (items.length === 0) throw new Error('the demo catalogue shows no Paid Digital volume');
  console.log(`${items.length} Paid Digital volumes on sale; ${os.cpus().length} cores; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);

  let nextReader = 0;
  const rounds: Array<{ baseline: Awaited<ReturnType<typeof baseline>>; levels: Level[] }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`Round ${round} of ${ROUNDS}: baseline ...`);
    const base = await baseline(`${store.url}/api/product/${items[0]!.productId}`);
    const levels: Level[] = [];
    for (const shoppers of LEVELS) {
      console.log(`Round ${round}: ${shoppers} shoppers for ${DURATION_S} s ...`);
      levels.push(await runLevel(store, child, store.readers.slice(nextReader, (nextReader += shoppers)), items));
    }
    rounds.push({ baseline: base, levels });
  }
  const loadAfter = os.loadavg();

  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`\n${os.cpus().length} cores; load average before ${load(loadBefore)}, after ${load(loadAfter)}; ${DURATION_S} s per level`);
  console.log('ratio: orders/s over the same round\'s cached product reads/s through the gateway; step columns: mean ms of each step of an order\n');
  console.log('| round | what | per s | ratio | p50 ms | p99 ms | failed | cart ms | quote ms | pay ms | until in My Comics ms (polls) | store CPU ms/order | store CPU cores |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const summary = rounds.map(({ baseline: base, levels }, index) => {
    console.log(`| ${index + 1} | product/{id} cached read (baseline) | ${base.requestsPerSecond.toFixed(0)} | 1.00 | ${base.p50} | ${base.p99} | ${base.failed} | | | | | | |`);
    return {
      baseline: base,
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
          storeCpuMsPerOrder: level.storeCpuMsPerOrder,
          storeCpuCores: level.storeCpuCores,
          firstFailures: [...new Set(level.failures)].slice(0, 5),
        };
        console.log(
          `| ${index + 1} | checkout, ${row.shoppers} shoppers (orders) | ${row.ordersPerSecond.toFixed(1)} | ${row.ratio.toFixed(4)} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.failed} | ${row.steps.cart.toFixed(0)} | ${row.steps.quote.toFixed(0)} | ${row.steps.pay.toFixed(0)} | ${row.steps.library.toFixed(0)} (${row.polls.toFixed(1)}) | ${row.storeCpuMsPerOrder.toFixed(1)} | ${row.storeCpuCores.toFixed(2)} |`,
        );
        return row;
      }),
    };
  });
  console.log('');
  for (const { levels } of summary) {
    for (const level of levels) {
      const met = level.ordersPerSecond >= TARGET_ORDERS_PER_SECOND && level.failed === 0;
      console.log(`${met ? 'met    ' : 'NOT MET'}  ${level.shoppers} shoppers: >= ${TARGET_ORDERS_PER_SECOND} completed orders/s with none failed (${level.ordersPerSecond.toFixed(1)}/s, ${level.failed} failed)`);
      for (const failure of level.firstFailures) console.log(`           e.g. ${failure}`);
    }
  }
  await mkdir(path.join(here, 'results'), { recursive: true });
  await writeFile(
    path.join(here, 'results', `checkout-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ duration: DURATION_S, levels: LEVELS, rounds: ROUNDS, cores: os.cpus().length, loadBefore, loadAfter, results: summary }, null, 2),
  );
} finally {
  const stopped = (server: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  await Promise.all(servers.map(stopped));
  if (!keptData) await rm(dataDir, { recursive: true, force: true });
}
