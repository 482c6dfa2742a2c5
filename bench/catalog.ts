/**
 * Catalog read benchmark through the gateway: req/s and p50/p99 latency of /api/discover/v2,
 * /api/product/{id} and /api/search/V3 on the demo catalogue, each next to a bare Fastify
 * hello-world measured in the same run, printed as ratios. Servers run in their own processes;
 * autocannon runs here.
 *
 *   npx tsx bench/catalog.ts [--duration 10] [--connections 10] [--data DIR]
 *
 * `--data DIR` keeps the store's data (and its rendered demo art) in DIR between runs.
 *
 * Targets (issue 3): cached reads >= 30% of the hello-world rate with p99 < 25 ms at 10
 * connections; search p99 < 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const DURATION = option('duration', 10);
const keptData = args.includes('--data') ? path.resolve(args[args.indexOf('--data') + 1]!) : undefined;
const CONNECTIONS = option('connections', 10);

function startServer(script: string, extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'support', script), ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{"url"'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, child });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

interface Result {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string): Promise<Result> {
  // Warm-up: fills caches and connection pools; not counted.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    path: new URL(url).pathname + new URL(url).search,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const dataDir = keptData ?? (await mkdtemp(path.join(os.tmpdir(), 'inkwell-bench-')));
await mkdir(dataDir, { recursive: true });
const servers: ChildProcess[] = [];
try {
  console.log(`Starting the store with the demo catalogue (first start renders the demo art; this takes a while) ...`);
  const stack = await startServer('stack-server.ts', [dataDir]);
  servers.push(stack.child);
  const hello = await startServer('hello-server.ts');
  servers.push(hello.child);

  const page = (await (await fetch(`${stack.url}/api/discover/v2?sort=7&count=1`)).json()) as { response: Array<{ id: number; name: string }> };
  const product = page.response[0]!;
  const searchWord = product.name.split(/\s+/)[0]!.toLowerCase();

  const results: Result[] = [];
  results.push(await measure('hello-world (baseline)', `${hello.url}/`));
  results.push(await measure('discover/v2 (cached)', `${stack.url}/api/discover/v2?sort=0&count=24`));
  results.push(await measure('product/{id} (cached)', `${stack.url}/api/product/${product.id}`));
  results.push(await measure('search/V3 (cached per query)', `${stack.url}/api/search/V3?query=${encodeURIComponent(searchWord)}`));
  // A different query every request: what search costs when nothing is cached.
  let counter = 0;
  const uncached = await (async () => {
    await autocannon({ url: `${stack.url}/api/search/V3?query=warm`, connections: CONNECTIONS, duration: 1 });
    const result = await autocannon({
      url: stack.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/search/V3?query=${encodeURIComponent(`${searchWord.slice(0, 4)}${'abcdefghijklmnopqrstuvwxyz'[counter++ % 26]}${counter}`)}` }) }],
    });
    return { name: 'search/V3 (uncached, new query each time)', path: '/api/search/V3?query=<varies>', requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
  })();
  results.push(uncached);

  const baseline = results[0]!.requestsPerSecond;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores; ratio = req/s over the hello-world baseline of this run\n`);
  console.log('| what | req/s | ratio | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    console.log(`| ${result.name} | ${result.requestsPerSecond.toFixed(0)} | ${(result.requestsPerSecond / baseline).toFixed(2)} | ${result.p50} | ${result.p99} | ${result.errors} | ${result.non2xx} |`);
  }
  const targets = [
    ...results.slice(1, 3).map((result) => [`${result.name}: >= 0.30 of baseline, p99 < 25 ms`, result.requestsPerSecond / baseline >= 0.3 && result.p99 < 25] as const),
    ...results.slice(3).map((result) => [`${result.name}: p99 < 50 ms`, result.p99 < 50] as const),
  ];
  console.log('');
  for (const [target, met] of targets) console.log(`${met ? 'met    ' : 'NOT MET'}  ${target}`);
  await mkdir(path.join(here, 'results'), { recursive: true });
  await writeFile(path.join(here, 'results', `catalog-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ connections: CONNECTIONS, duration: DURATION, results }, null, 2));
} finally {
  for (const child of servers) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  if (!keptData) await rm(dataDir, { recursive: true, force: true });
}
