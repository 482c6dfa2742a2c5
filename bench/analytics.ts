/**
 * Analytics benchmark (issue 25): measured, not asserted — each target is printed met or NOT MET.
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/analytics.ts [--only ingest,queries,workbook]
 *       [--events 60000] [--connections 32] [--batch 50] [--rate 5000] [--calls 50] [--raw 10000000]
 *       [--orders-per-day 300] [--traffic-months 25]
 *
 * 1. ingest: storefront events POSTed through the gateway (gateway and analytics service in one
 *    process, as `npm start` runs them, with the Node options the service is deployed with —
 *    k8s/base/analytics.yaml's NODE_OPTIONS —, on a fresh database): one a request to
 *    /api/analytics/sendEvent, and `--batch` (50) a request to /api/analytics/sendEvents, as the
 *    storefront sends them; every event has its own id; events/s are the rows stored by the
 *    measured requests over their time, and the events sent are compared with the rows of
 *    raw_events afterwards (nothing lost). Baselines in the same run, same load: the same calls
 *    refused by the service's schema (400, no database work). `--only ingest,batch-only` skips the
 *    one-event row. sendEvents is measured as fast as `--connections` go (autocannon: the capacity;
 *    each connection sends its next request as soon as the last is answered, so its latency is
 *    queueing behind the others), then at a steady offered `--rate` events a second, open loop
 *    (bench/support/paced-load.ts: each request due at its time, evenly spaced, then as independent
 *    arrivals — a Poisson process —, its latency counted from when it was due). The rollups follow
 *    ingestion behind it (the applier): each paced row starts once the rows before it are applied,
 *    and how long that took is printed. Targets (sendEvents): ≥ 5,000 events/s, and at 5,000
 *    offered p99 < 50 ms with sent = stored.
 * 2. queries: two years of data on the database `bench_analytics` (kept between runs; loaded once,
 *    resumably, see bench/support/analytics-data.ts), every §7 call over the last 90 days (daily)
 *    and over the two years (monthly), `--calls` times each, one after another, as an admin, over
 *    the service's HTTP API. Baseline: a trivial admin call (the caller's report jobs) measured the
 *    same way. Targets: 90-day p99 < 150 ms, two-year monthly p99 < 300 ms.
 * 3. workbook: the reports workbook (asExcelFile) of the two years and of 90 days, downloaded while
 *    the service's process watches its own memory (RSS high-water mark, heap sampled every 2 ms).
 *    Target: memory flat — the two-year workbook's peak growth about the 90-day one's.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { saveResults, stopProcesses } from './support/outcome';
import { DATA_END, DATA_START } from './support/analytics-data';
import type { MemoryPeak } from './support/merchandising-memory';
import { pacedLoad, percentileOf, type Arrivals } from './support/paced-load';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const text = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const ONLY = new Set((text('only') ?? 'ingest,queries,workbook').split(','));
const EVENTS = Number(text('events') ?? 60_000);
const CONNECTIONS = Number(text('connections') ?? 32);
const BATCH = Number(text('batch') ?? 50);
const RATE = Number(text('rate') ?? 5_000);
const CALLS = Number(text('calls') ?? 50);
const RAW = Number(text('raw') ?? 10_000_000);
const ORDERS_PER_DAY = Number(text('orders-per-day') ?? 300);
const TRAFFIC_MONTHS = text('traffic-months');
if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server (the benchmark makes databases of its own there)');

/** The Node options the analytics service is deployed with (k8s/base/analytics.yaml), so the service measured here runs as it runs there. */
const DEPLOYED_NODE_OPTIONS = (/- name: NODE_OPTIONS\s+value: (.+)/.exec(readFileSync(path.join(here, '..', 'k8s', 'base', 'analytics.yaml'), 'utf8'))?.[1] ?? '').split(' ').filter(Boolean);

const processes: ChildProcess[] = [];
const figures: Record<string, unknown> = { machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version }, date: new Date().toISOString() };
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

function startServer<T>(scriptArgs: string[]): { child: ChildProcess; ready: Promise<T> } {
  const child = fork(path.join(here, 'support', 'analytics-server.ts'), scriptArgs, {
    execArgv: ['--import', 'tsx', '--expose-gc', ...DEPLOYED_NODE_OPTIONS],
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  processes.push(child);
  const ready = new Promise<T>((resolve, reject) => {
    child.on('message', (message: { type: string; line?: string }) => {
      if (message.type === 'log') console.log(message.line);
      if (message.type === 'ready') resolve(message as T);
    });
    child.once('exit', (code) => reject(new Error(`analytics-server exited with ${code} before it was ready`)));
  });
  return { child, ready };
}

const ask = <T>(child: ChildProcess, type: string, answer: string) =>
  new Promise<T>((resolve) => {
    const listen = (message: { type: string }) => {
      if (message.type !== answer) return;
      child.off('message', listen);
      resolve(message as T);
    };
    child.on('message', listen);
    child.send({ type });
  });

const md5ish = () => randomUUID().replaceAll('-', '');

/* ------------------------------------------------------------------ 1. ingestion */

async function ingestion() {
  console.log(`\n1. Ingestion through the gateway: ${CONNECTIONS} connections, ${EVENTS.toLocaleString('en')} events per row after a warm-up; sendEvents with ${BATCH} events a request (load average ${load()}) ...`);
  const server = startServer<{ gatewayUrl: string; token: string }>(['ingest']);
  const { gatewayUrl } = await server.ready;
  const sessions = Array.from({ length: 2000 }, md5ish);
  const visitors = Array.from({ length: 5000 }, md5ish);
  let counter = 0;
  const event = () => {
    counter++;
    const kind = counter % 10;
    return {
      eventId: randomUUID(),
      sessionId: sessions[counter % sessions.length],
      userProxy: visitors[counter % visitors.length],
      eventName: kind < 7 ? 'PAGE_VIEW' : kind === 7 ? 'view_product' : kind === 8 ? 'SEARCH' : 'add_to_cart',
      path: `/product/${counter % 500}`,
      extraData: kind === 8 ? { query: `word ${counter % 50}` } : kind === 9 ? { productId: counter % 500, variantId: 1, quantity: 1 } : {},
    };
  };
  const stored = async () => (await ask<{ rows: number }>(server.child, 'count', 'count')).rows;
  // The rollup applier works behind ingestion: a row starts once the rows before it are in the
  // rollups, so it measures its own load, not the backlog of the one before.
  const drained = async (after: string) => {
    const started = performance.now();
    let left = (await ask<{ rows: number }>(server.child, 'queued', 'queued')).rows;
    const backlog = left;
    while (left > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = (await ask<{ rows: number }>(server.child, 'queued', 'queued')).rows;
    }
    if (backlog > 0) console.log(`  (${backlog.toLocaleString('en')} events left for the rollups after ${after}, applied in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  const headers = { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' };
  interface Row { what: string; perRequest: number; requests: number; seconds: number; events: number; stores: boolean; p50: number; p99: number; errors: number; non2xx: number }
  // A fixed number of requests (not a duration), so every one is answered before counting; events
  // per second are the rows stored by the measured requests over the measured time.
  const measured = async (what: string, perRequest: number, stores: boolean, load: () => Promise<Omit<Row, 'what' | 'perRequest' | 'events' | 'stores'>>): Promise<Row> => {
    const before = stores ? await stored() : 0;
    const result = await load();
    const events = stores ? (await stored()) - before : result.requests * perRequest;
    return { what, perRequest, stores, events, ...result };
  };
  const run = async (what: string, options: autocannon.Options, perRequest: number, stores: boolean): Promise<Row> => {
    await autocannon({ ...options, connections: CONNECTIONS, amount: Math.max(CONNECTIONS * 10, Math.round(5_000 / perRequest)) });
    return measured(what, perRequest, stores, async () => {
      const started = performance.now();
      const result = await autocannon({ ...options, connections: CONNECTIONS, amount: Math.round(EVENTS / perRequest) });
      const seconds = (performance.now() - started) / 1000;
      return { requests: result.requests.total, seconds, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
    });
  };
  // At a steady offered rate: requests due evenly or as independent (Poisson) arrivals over the run,
  // each timed from when it was due (bench/support/paced-load.ts says why not autocannon's rate).
  const paced = (what: string, arrivals: Arrivals, body: () => string) =>
    measured(what, BATCH, true, async () => {
      const result = await pacedLoad({ url: `${gatewayUrl}/api/analytics/sendEvents`, method: 'POST', headers, body, rate: RATE / BATCH, requests: Math.round(EVENTS / BATCH), connections: CONNECTIONS, arrivals });
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return { requests: result.requests, seconds: result.seconds, p50: round(percentileOf(result.latencies, 50)), p99: round(percentileOf(result.latencies, 99)), errors: result.errors, non2xx: result.non2xx };
    });
  const url = `${gatewayUrl}/api/analytics/sendEvent`;
  const refused = JSON.stringify({ sessionId: 'not-md5', userProxy: 'x', eventName: 'PAGE_VIEW' });
  const rows: Row[] = [];
  rows.push(await run('gateway → analytics, one event refused by the schema (400, no database): baseline', { url, method: 'POST', headers, body: refused }, 1, false));
  rows.push(await run(`gateway → analytics, ${BATCH} events refused by the schema (400 at the last, no database): baseline`, { url: `${gatewayUrl}/api/analytics/sendEvents`, method: 'POST', headers, body: JSON.stringify({ events: [...Array.from({ length: BATCH - 1 }, event), JSON.parse(refused)] }) }, BATCH, false));
  const countedBefore = counter;
  const storedBefore = await stored();
  if (!ONLY.has('batch-only')) {
    rows.push(await run('sendEvent through the gateway, one event a request (stored; rollups applied behind)', { url, method: 'POST', headers, requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(event()) }) }] }, 1, true));
  }
  const batchBody = () => JSON.stringify({ events: Array.from({ length: BATCH }, event) });
  const sendEvents: autocannon.Options = {
    url: `${gatewayUrl}/api/analytics/sendEvents`,
    method: 'POST',
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, body: batchBody() }) }],
  };
  const capacity = await run(`sendEvents through the gateway, ${BATCH} events a request, as fast as it goes (stored; rollups applied behind): the capacity`, sendEvents, BATCH, true);
  rows.push(capacity);
  await drained('the capacity row');
  const even = await paced(`sendEvents through the gateway, ${BATCH} events a request, offered ${RATE.toLocaleString('en')} events/s evenly (stored; rollups applied behind)`, 'even', batchBody);
  await drained('the even row');
  const poisson = await paced(`sendEvents through the gateway, ${BATCH} events a request, offered ${RATE.toLocaleString('en')} events/s as independent arrivals (Poisson; stored; rollups applied behind)`, 'poisson', batchBody);
  rows.push(even, poisson);
  await drained('the Poisson row');
  const sent = counter - countedBefore;
  const storedNow = (await stored()) - storedBefore;
  await stopProcesses([server.child]);
  const baseline = rows[0]!;
  const eps = (row: Row) => row.events / row.seconds;
  console.log('\n| what | events a request | requests/s | events/s | ratio (events/s) | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.what} | ${row.perRequest} | ${Math.round(row.requests / row.seconds).toLocaleString('en')} | ${row.stores ? Math.round(eps(row)).toLocaleString('en') : `(${Math.round(eps(row)).toLocaleString('en')} refused)`} | ${(eps(row) / eps(baseline)).toFixed(2)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.stores ? row.non2xx : '(all, expected)'} |`);
  }
  console.log(`\nEvents sent by the storing rows (warm-up included): ${sent.toLocaleString('en')}; rows stored: ${storedNow.toLocaleString('en')}.`);
  const lost = sent - storedNow;
  // At the offered rate the stored rate is the rate when the store keeps up.
  const keptUp = (row: Row) => eps(row) >= RATE * 0.95;
  const clean = (row: Row) => row.errors === 0 && row.non2xx === 0;
  const latencyMet = (row: Row) => RATE >= 5000 && keptUp(row) && row.p99 < 50;
  console.log(
    `Targets (sendEvents): ≥ 5,000 events/s — ${verdict(eps(capacity) >= 5000)} (capacity ${Math.round(eps(capacity))}); ` +
      `p99 < 50 ms at ${RATE} offered — evenly ${verdict(latencyMet(even))} (${even.p99} ms, ${Math.round(eps(even))} stored/s), as independent arrivals ${verdict(latencyMet(poisson))} (${poisson.p99} ms, ${Math.round(eps(poisson))} stored/s); ` +
      `nothing lost — ${verdict(lost === 0 && [capacity, even, poisson].every(clean))} (${lost} not stored, ${capacity.errors + even.errors + poisson.errors} errors, ${capacity.non2xx + even.non2xx + poisson.non2xx} non-2xx).`,
  );
  console.log(`Load average after: ${load()}`);
  figures.ingestion = {
    connections: CONNECTIONS,
    events: EVENTS,
    batch: BATCH,
    rows: rows.map((row) => ({ what: row.what, perRequest: row.perRequest, requestsPerSecond: row.requests / row.seconds, eventsPerSecond: eps(row), p50: row.p50, p99: row.p99, errors: row.errors, non2xx: row.non2xx })),
    sent,
    stored: storedNow,
  };
}

/* ------------------------------------------------------------------ 2 and 3: a service with two years of data */

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const CALL_NAMES = [
  'getOrderData',
  'orderMetrics',
  'topSellingProducts',
  'newUserSignups',
  'uniqueLoggedInCustomers',
  'getCartData',
  'getPageViewMetrics',
  'getPageMetrics/V2',
  'getEventMetrics',
  'getStoreLinkMetrics',
  'getStoreLinkMetricsByTimespan',
] as const;

async function timed(url: string, token: string, times: number): Promise<{ p50: number; p99: number; max: number; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < times + 3; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
    bytes = body.byteLength;
    if (i >= 3) samples.push(ms); // 3 warm-up calls
  }
  samples.sort((a, b) => a - b);
  return { p50: percentileOf(samples, 50), p99: percentileOf(samples, 99), max: samples[samples.length - 1]!, bytes };
}

async function withData() {
  console.log(`\n2. Queries at scale: database bench_analytics, ${RAW.toLocaleString('en')} raw events and ${ORDERS_PER_DAY} orders a day from ${DATA_START} to ${DATA_END} (loaded now if not yet; load average ${load()}) ...`);
  const server = startServer<{ serviceUrl: string; token: string; loaded: { rawEvents: number; orders: number; lines: number; loadedNow: boolean }; loadSeconds: number }>(['query', String(RAW), String(ORDERS_PER_DAY), ...(TRAFFIC_MONTHS ? [TRAFFIC_MONTHS] : [])]);
  const { serviceUrl, token, loaded, loadSeconds } = await server.ready;
  console.log(`Data: ${loaded.rawEvents.toLocaleString('en')} raw events, ${loaded.orders.toLocaleString('en')} orders, ${loaded.lines.toLocaleString('en')} lines; the load took ${loadSeconds.toFixed(0)} s in all${loaded.loadedNow ? ' (this run)' : ' (an earlier run)'}.`);
  figures.data = { ...loaded, loadSeconds };

  if (ONLY.has('queries')) {
    const ninetyStart = addDays(DATA_END, -89);
    const baseline = await timed(`${serviceUrl}/api/dashboard/reports/jobs`, token, CALLS);
    const rows: Array<{ call: string; range: string; p50: number; p99: number; max: number; bytes: number; target: number }> = [];
    console.log(`\n${CALLS} calls each, one at a time, after 3 warm-up calls; ratio: p50 over the baseline's p50.\n`);
    console.log('| call | range | p50 ms | p99 ms | max ms | ratio (p50) | answer bytes | target p99 | verdict |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
    console.log(`| reports/jobs (trivial admin call): baseline | – | ${baseline.p50.toFixed(1)} | ${baseline.p99.toFixed(1)} | ${baseline.max.toFixed(1)} | 1.00 | ${baseline.bytes} | | |`);
    for (const call of CALL_NAMES) {
      const base = `${serviceUrl}/api/dashboard/analytics/${call}`;
      for (const [range, target, query] of [
        ['90 days, daily', 150, `start=${ninetyStart}&end=${DATA_END}&timespan=daily`],
        ['2 years, monthly', 300, `start=${DATA_START}&end=${DATA_END}&timespan=monthly`],
      ] as const) {
        const row = { call, range, target, ...(await timed(`${base}?${query}`, token, CALLS)) };
        rows.push(row);
        console.log(`| ${row.call} | ${row.range} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${(row.p50 / baseline.p50).toFixed(1)} | ${row.bytes.toLocaleString('en')} | < ${row.target} | ${verdict(row.p99 < row.target)} |`);
      }
    }
    const missed = rows.filter((row) => row.p99 >= row.target);
    console.log(`\nTargets: ${rows.length - missed.length} of ${rows.length} met${missed.length ? `; missed: ${missed.map((row) => `${row.call} (${row.range}) p99 ${row.p99.toFixed(0)} ms, ${(row.p99 / row.target).toFixed(1)}× the target`).join('; ')}` : ''}. Load average after: ${load()}`);
    figures.queries = { calls: CALLS, baseline, rows };
  }

  if (ONLY.has('workbook')) {
    console.log('\n3. The reports workbook (asExcelFile), memory of the service\'s process while it streams ...\n');
    const results: Array<{ range: string; ms: number; bytes: number; memory: MemoryPeak }> = [];
    for (const [range, start] of [['90 days', addDays(DATA_END, -89)], ['2 years', DATA_START]] as const) {
      await ask(server.child, 'watch', 'watching');
      const started = performance.now();
      const response = await fetch(`${serviceUrl}/api/dashboard/reports/asExcelFile?start=${start}&end=${DATA_END}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`asExcelFile answered ${response.status}: ${await response.text()}`);
      let bytes = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      const ms = performance.now() - started;
      const { memory } = await ask<{ memory: MemoryPeak }>(server.child, 'peak', 'peak');
      results.push({ range, ms, bytes, memory });
    }
    const mb = (value: number) => (value / 2 ** 20).toFixed(1);
    console.log('| workbook | ms | size KB | RSS at start MB | RSS peak MB | peak growth MB | heap at start MB | heap peak MB | heap growth MB |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const m = r.memory;
      console.log(`| ${r.range} | ${r.ms.toFixed(0)} | ${(r.bytes / 1024).toFixed(0)} | ${mb(m.rssStart)} | ${mb(m.rssPeak)} | ${mb(m.rssPeak - m.rssStart)} | ${mb(m.heapStart)} | ${mb(m.heapPeak)} | ${mb(m.heapPeak - m.heapStart)} |`);
    }
    const [short, long] = results as [(typeof results)[0], (typeof results)[0]];
    const growth = (r: (typeof results)[0]) => Math.max(r.memory.rssPeak - r.memory.rssStart, 1);
    const flat = growth(long) <= Math.max(2 * growth(short), 32 * 2 ** 20);
    console.log(`\nTarget: flat memory — ${verdict(flat)} (two years: ${mb(growth(long))} MB of RSS growth for ${(long.bytes / Math.max(short.bytes, 1)).toFixed(1)}× the bytes of 90 days' ${mb(growth(short))} MB; RSS peak is ${long.memory.exactRss ? "the kernel's high-water mark" : 'sampled'}).`);
    figures.workbook = results;
  }
  await stopProcesses([server.child]);
}

try {
  console.log(`Analytics benchmark, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, service Node options as deployed: ${DEPLOYED_NODE_OPTIONS.join(' ') || '(none)'}, load average ${load()}.`);
  if (ONLY.has('ingest')) await ingestion();
  if (ONLY.has('queries') || ONLY.has('workbook') || ONLY.has('load')) await withData();
  await saveResults('analytics', figures);
} finally {
  await stopProcesses(processes);
}
