import { Counter, Histogram, register, type Metric } from 'prom-client';

/**
 * The reader's ingestion instruments (issue 21), in prom-client's process-wide default registry
 * the platform serves on the metrics port. `kind` is the job's kind (upload: a new file; encode: a
 * re-encode from the stored master) and `outcome` how it ended: completed, refused (the archive
 * broke a rule: the uploader's to fix) or failed (our side). The catalog records each completed
 * ingestion with the same names (kind `catalog-record`), so they read as one pipeline.
 */
function existing<M extends Metric>(name: string, create: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? create();
}

/** Seconds from a few hundred milliseconds (a small CBZ) to ten minutes (a large PDF drawn page by page). */
export const INGESTION_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

export const ingestionJobs = existing(
  'inkwell_ingestion_jobs_total',
  () => new Counter({ name: 'inkwell_ingestion_jobs_total', help: 'Comic ingestion jobs that ended, by kind and outcome (completed, refused, failed)', labelNames: ['kind', 'outcome'] }),
) as Counter<'kind' | 'outcome'>;

export const ingestionJobDuration = existing(
  'inkwell_ingestion_job_duration_seconds',
  () => new Histogram({ name: 'inkwell_ingestion_job_duration_seconds', help: 'Time a comic ingestion job ran, start to end, by kind', labelNames: ['kind'], buckets: INGESTION_BUCKETS }),
) as Histogram<'kind'>;

export type IngestionOutcome = 'completed' | 'refused' | 'failed';
