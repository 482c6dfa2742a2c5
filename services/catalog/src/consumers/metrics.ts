import { defineCounter, defineHistogram, metricsEnabled } from '@inkwell/platform';

/**
 * The catalog's share of the ingestion instruments (issue 21): recording a comic the reader
 * ingested is the pipeline's last job, kind `catalog-record` (completed, or failed and redelivered
 * by the bus). The reader defines the same two metrics (services/reader/src/flows/metrics.ts) with
 * the same help, labels and buckets: under `npm start` both services share one process and one
 * default registry, and whichever module is loaded first makes them. Off with METRICS_ENABLED.
 */
const ingestionJobs = defineCounter({
  name: 'inkwell_ingestion_jobs_total',
  help: 'Comic ingestion jobs that ended, by kind and outcome (completed, refused, failed)',
  labelNames: ['kind', 'outcome'] as const,
});

const ingestionJobDuration = defineHistogram({
  name: 'inkwell_ingestion_job_duration_seconds',
  help: 'Time a comic ingestion job ran, start to end, by kind',
  labelNames: ['kind'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});

/** Starts timing one recording; the returned function records how it ended and how long it took. */
export function timeRecording(): (outcome: 'completed' | 'failed') => void {
  if (!metricsEnabled()) return () => undefined;
  const stop = ingestionJobDuration.startTimer({ kind: 'catalog-record' });
  return (outcome) => {
    stop();
    ingestionJobs.inc({ kind: 'catalog-record', outcome });
  };
}
