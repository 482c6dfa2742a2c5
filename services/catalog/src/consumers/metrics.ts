import { Counter, Histogram, register, type Metric } from 'prom-client';

/**
 * The catalog's share of the ingestion instruments (issue 21): recording a comic the reader
 * ingested is the pipeline's last job, kind `catalog-record`. The reader defines the same two
 * metrics (services/reader/src/flows/metrics.ts) with the same help, labels and buckets: under
 * `npm start` both services share one process and one default registry, so whichever module is
 * loaded first makes them and the other takes them.
 */
function existing<M extends Metric>(name: string, create: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? create();
}

const INGESTION_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

export const ingestionJobs = existing(
  'inkwell_ingestion_jobs_total',
  () => new Counter({ name: 'inkwell_ingestion_jobs_total', help: 'Comic ingestion jobs that ended, by kind and outcome (completed, refused, failed)', labelNames: ['kind', 'outcome'] }),
) as Counter<'kind' | 'outcome'>;

export const ingestionJobDuration = existing(
  'inkwell_ingestion_job_duration_seconds',
  () => new Histogram({ name: 'inkwell_ingestion_job_duration_seconds', help: 'Time a comic ingestion job ran, start to end, by kind', labelNames: ['kind'], buckets: INGESTION_BUCKETS }),
) as Histogram<'kind'>;
