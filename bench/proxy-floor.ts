/**
 * What one proxy hop costs on this machine, whatever the store does: a bare Fastify hello-world
 * against the same hello-world behind a bare @fastify/reply-from proxy (the gateway's settings, no
 * logging, headers or rate limit), with the proxy in its own process and in the hello-world's
 * process. A store read that crosses the gateway to a service cannot do better than these ratios.
 *
 *   npx tsx bench/proxy-floor.ts [--duration 10] [--connections 10] [--rounds 3]
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const number = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const DURATION = number('duration', 10);
const CONNECTIONS = number('connections', 10);
const ROUNDS = number('rounds', 3);
const servers: ChildProcess[] = [];

function start(script: string, scriptArgs: string[] = []): Promise<string> {
  const child = fork(path.join(here, 'support', script), scriptArgs, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

async function requestsPerSecond(url: string): Promise<{ rate: number; p99: number }> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const loadBefore = os.loadavg();
  const hello = await start('hello-server.ts');
  const targets = [
    { name: 'proxy (own process) -> hello-world', url: await start('proxy-server.ts', [hello]) },
    { name: 'proxy and hello-world in one process', url: await start('proxy-server.ts') },
  ];
  const rounds: Array<{ baseline: { rate: number; p99: number }; samples: Array<{ rate: number; p99: number }> }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const baseline = await requestsPerSecond(`${hello}/`);
    const samples = [];
    for (const target of targets) samples.push(await requestsPerSecond(`${target.url}/`));
    rounds.push({ baseline, samples });
  }
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} round(s), ${os.cpus().length} cores; load average before ${load(loadBefore)}, after ${load(os.loadavg())}\n`);
  console.log('| what | req/s (median) | ratio (median) | p99 ms (worst) |');
  console.log('|---|---:|---:|---:|');
  console.log(`| hello-world (baseline) | ${median(rounds.map((round) => round.baseline.rate)).toFixed(0)} | 1.00 | ${Math.max(...rounds.map((round) => round.baseline.p99))} |`);
  targets.forEach((target, index) => {
    const rate = median(rounds.map((round) => round.samples[index]!.rate));
    const ratio = median(rounds.map((round) => round.samples[index]!.rate / round.baseline.rate));
    console.log(`| ${target.name} | ${rate.toFixed(0)} | ${ratio.toFixed(2)} | ${Math.max(...rounds.map((round) => round.samples[index]!.p99))} |`);
  });
} finally {
  for (const child of servers) child.kill('SIGTERM');
}
