import { CallMetrics, type CallMetricsConfig } from './call-metrics';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration, type Metric } from 'prom-client';

/**
 * Prometheus instruments, all in prom-client's process-wide default registry: under `npm start`
 * every service shares one process, so each per-service series carries a `service` label, and
 * the registry is served once (see ./server.ts). Labels are code-defined values only (route
 * templates, RPC paths, status classes), never user input, so the number of series stays bounded.
 */

let enabled = true;
let defaultsCollected = false;

/**
 * Switches the instruments on or off for the process (`METRICS_ENABLED`); on, the default Node
 * metrics (CPU, memory, event-loop lag, GC) are collected once per process. What is built after
 * instruments go off adds no hooks at all, which is the benchmarks' baseline.
 */
export function configureMetrics({ enabled: on }: { enabled: boolean }): void {
  enabled = on;
  if (on && !defaultsCollected) {
    defaultsCollected = true;
    collectDefaultMetrics();
  }
}

/** Whether instruments record (METRICS_ENABLED). */
export function metricsEnabled(): boolean {
  return enabled;
}

/** The process's registry as Prometheus text, and its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

/**
 * The metric named `config.name`, created on first use: a module evaluated twice in one process
 * (two test files, a script importing a service) gets the same instrument instead of prom-client's
 * "already registered" error.
 */
function existing<M extends Metric>(name: string, create: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? create();
}

export function defineCounter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  return existing(config.name, () => new Counter(config));
}

export function defineGauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  return existing(config.name, () => new Gauge(config));
}

export function defineHistogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  return existing(config.name, () => new Histogram(config));
}

/** Request durations from 5 ms to 10 s. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function defineCallMetrics<L extends string>(config: CallMetricsConfig<L>): CallMetrics<L> {
  const known = register.getSingleMetric(config.calls.name) as { owner?: CallMetrics<L> } | undefined;
  return known?.owner ?? new CallMetrics(config);
}

/**
 * `inkwell_http_requests_total{service,method,route,status_class}` and
 * `inkwell_http_request_duration_seconds{service,method,route}`: recorded once per request, so kept
 * by CallMetrics (a few additions a request) rather than prom-client's label hashing.
 */
export const httpCalls = defineCallMetrics({
  calls: { name: 'inkwell_http_requests_total', help: 'HTTP requests answered, by route template and status class' },
  duration: { name: 'inkwell_http_request_duration_seconds', help: 'Time to answer an HTTP request, by route template', buckets: DURATION_BUCKETS },
  labelNames: ['service', 'method', 'route'] as const,
  outcomeLabel: 'status_class',
});

/** `inkwell_grpc_server_calls_total{service,method,code}` and `inkwell_grpc_server_duration_seconds{service,method}`. */
export const grpcServerCalls = defineCallMetrics({
  calls: { name: 'inkwell_grpc_server_calls_total', help: 'gRPC calls served, by method and status code' },
  duration: { name: 'inkwell_grpc_server_duration_seconds', help: 'Time to serve a gRPC call, by method', buckets: DURATION_BUCKETS },
  labelNames: ['service', 'method'] as const,
  outcomeLabel: 'code',
});

/** Cache reads per service and result, counted as plain numbers and read when scraped. */
const cacheLookups = new Map<string, { hit: number; miss: number }>();

/** The counts of `service`'s cache reads (one object per service: keep it, add to it). */
export function cacheLookupCounts(service: string): { hit: number; miss: number } {
  let counts = cacheLookups.get(service);
  if (!counts) {
    counts = { hit: 0, miss: 0 };
    cacheLookups.set(service, counts);
  }
  return counts;
}

defineCounter({
  name: 'inkwell_cache_lookups_total',
  help: 'Cache reads, by result (hit or miss)',
  labelNames: ['service', 'result'] as const,
  collect() {
    this.reset();
    for (const [service, counts] of cacheLookups) {
      this.inc({ service, result: 'hit' }, counts.hit);
      this.inc({ service, result: 'miss' }, counts.miss);
    }
  },
});

/** The methods a label may name; anything else (never seen from browsers) is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

export function statusClass(statusCode: number): string {
  return `${Math.min(5, Math.max(1, Math.floor(statusCode / 100)))}xx`;
}

/**
 * Comic ingestion, one pipeline under one pair of names: the reader's jobs (`upload`: a new file;
 * `encode`: a re-encode from the stored master) and the catalog's recording of what they made
 * (`catalog-record`). `outcome` is how a job ended: completed, refused (the archive broke a rule:
 * the uploader's to fix) or failed (our side).
 */
const ingestionJobsTotal = defineCounter({
  name: 'inkwell_ingestion_jobs_total',
  help: 'Comic ingestion jobs that ended, by kind and outcome (completed, refused, failed)',
  labelNames: ['kind', 'outcome'] as const,
});

const ingestionJobDuration = defineHistogram({
  name: 'inkwell_ingestion_job_duration_seconds',
  help: 'Time a comic ingestion job ran, start to end, by kind',
  labelNames: ['kind'] as const,
  // From a few hundred milliseconds (a small CBZ) to ten minutes (a large PDF drawn page by page).
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});

export type IngestionKind = 'upload' | 'encode' | 'catalog-record';
export type IngestionOutcome = 'completed' | 'refused' | 'failed';

/** Starts timing an ingestion job; the returned function records how it ended and how long it took (nothing when METRICS_ENABLED is off). */
export function timeIngestionJob(kind: IngestionKind): (outcome: IngestionOutcome) => void {
  if (!metricsEnabled()) return () => undefined;
  const stop = ingestionJobDuration.startTimer({ kind });
  return (outcome) => {
    stop();
    ingestionJobsTotal.inc({ kind, outcome });
  };
}
