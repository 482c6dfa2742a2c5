import { defineCounter, defineHistogram, metricsEnabled } from '@inkwell/platform';

/**
 * The reader's ingestion instruments (issue 21), in prom-client's process-wide default registry
 * the platform serves on the metrics port; nothing is recorded when METRICS_ENABLED is off.
 * `kind` is the job's kind (upload: a new file; encode: a re-encode from the stored master) and
 * `outcome` how it ended: completed, refused (the archive broke a rule: the uploader's to fix) or
 * failed (our side). The catalog records each completed ingestion under the same names (kind
 * `catalog-record`, services/catalog/src/consumers/metrics.ts, the same definitions: under
 * `npm start` both share one registry), so they read as one pipeline.
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
  // From a few hundred milliseconds (a small CBZ) to ten minutes (a large PDF drawn page by page).
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});

export type IngestionOutcome = 'completed' | 'refused' | 'failed';

/** Starts timing a job of `kind`; the returned function records how it ended and how long it took. */
export function timeIngestion(kind: 'upload' | 'encode'): (outcome: IngestionOutcome) => void {
  if (!metricsEnabled()) return () => undefined;
  const stop = ingestionJobDuration.startTimer({ kind });
  return (outcome) => {
    stop();
    ingestionJobs.inc({ kind, outcome });
  };
}
