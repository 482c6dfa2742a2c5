/**
 * An open-loop load at a steady offered rate, for reading latency at a given load.
 *
 * autocannon's `overallRate` is not that: each connection sends its share of a second's requests
 * back to back as each second starts, then waits for the next, so the server sees the whole
 * second's load as one burst at every tick; and its correction for coordinated omission takes the
 * expected interval as `ceil(1 / rate)` milliseconds (1 ms at any rate above 1 a second), adding a
 * made-up sample for every millisecond of a slow answer. Here each request has its time to be
 * sent, spread over the run (evenly, or as independent arrivals: exponential gaps, a Poisson
 * process, which bunches as real shoppers do), and its latency runs from that time to its answer,
 * so a request that waits for a free connection, or for a late client, counts the wait.
 */
import { Pool } from 'undici';

export type Arrivals = 'even' | 'poisson';

export interface PacedLoadOptions {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  /** The body of each request, made when it is due. */
  body: () => string;
  /** Requests a second offered. */
  rate: number;
  requests: number;
  connections: number;
  arrivals: Arrivals;
}

export interface PacedLoadResult {
  requests: number;
  seconds: number;
  /** Milliseconds from each request's due time to its answer, sorted. */
  latencies: number[];
  non2xx: number;
  errors: number;
}

/** The due times (ms from the start) of `count` requests at `rate` a second; Poisson gaps from a seeded generator, so runs compare. */
export function dueTimes(count: number, rate: number, arrivals: Arrivals): number[] {
  const gap = 1000 / rate;
  let seed = 0x2545f491;
  const uniform = () => {
    // xorshift32: a fixed sequence for a fixed seed.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) + 1) / 4_294_967_297;
  };
  const times: number[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    times.push(at);
    at += arrivals === 'even' ? gap : -Math.log(uniform()) * gap;
  }
  return times;
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const target = new URL(options.url);
  const pool = new Pool(target.origin, { connections: options.connections, pipelining: 1 });
  const due = dueTimes(options.requests, options.rate, options.arrivals);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const pending: Promise<void>[] = [];
  const send = (dueAt: number) => {
    const body = options.body();
    pending.push(
      pool
        .request({ path: target.pathname + target.search, method: options.method, headers: options.headers, body })
        .then(async (response) => {
          await response.body.dump();
          latencies.push(performance.now() - dueAt);
          if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
        })
        .catch(() => {
          errors++;
        }),
    );
  };
  const started = performance.now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < due.length && started + due[next]! <= now) send(started + due[next++]!);
      if (next >= due.length) return resolve();
      setTimeout(tick, Math.max(0, started + due[next]! - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { requests: options.requests, seconds, latencies, non2xx, errors };
}

/** The p-th percentile (nearest rank) of sorted values. */
export const percentileOf = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
