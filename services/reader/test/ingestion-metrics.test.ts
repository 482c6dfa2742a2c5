import assert from 'node:assert/strict';
import { register, type MetricValue } from 'prom-client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createProduct } from '../../catalog/test/factories';
import { startReader, tokens, type Json, type ReaderHarness } from './support/harness';
import { multipartBody, zip } from './support/zip';

/** The value of one series in the process's default registry (0 when it has none yet); `suffix` picks a histogram's `_count`. */
async function series(name: string, labels: Record<string, string>, suffix = ''): Promise<number> {
  const metric = register.getSingleMetric(name);
  assert.ok(metric, `${name} is registered`);
  // A histogram's values name their series (`_bucket`, `_sum`, `_count`); a counter's do not.
  const values = (await metric.get()).values as Array<MetricValue<string> & { metricName?: string }>;
  const found = values.find(
    (value) => (value.metricName ?? name) === `${name}${suffix}` && Object.keys(labels).length === Object.keys(value.labels).length && Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted),
  );
  return found?.value ?? 0;
}

/** Waits (boundedly) for `condition`: a job's counters move just after its status is stored. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 400 && !(await condition()); attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
}

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 90, g: 80, b: 160 } } }).png().toBuffer();

/**
 * The ingestion instruments (issue 21) against the real reader and catalog (the harness): an
 * upload that completes is counted `completed` and timed, one the rules refuse is counted
 * `refused`, and the catalog's recording of the ingestion is counted as the pipeline's last job.
 */
describe('ingestion metrics', () => {
  let harness: ReaderHarness;
  let admin: string;

  const ingest = async (productId: number, archive: Buffer): Promise<Json> => {
    const { body, headers } = multipartBody(archive, 'comic.cbz');
    const answer = await harness.request('POST', `/api/dashboard/ingest/upload/${productId}`, { body, headers, token: admin });
    assert.equal(answer.status, 202, JSON.stringify(answer.body));
    for (let attempt = 0; attempt < 400; attempt++) {
      const job = (await harness.request('GET', `/api/dashboard/ingest/jobs/${answer.body.response.id}`, { token: admin })).body.response;
      if (['completed', 'failed'].includes(job.status)) return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the job did not finish');
  };
  const product = async (name: string) => createProduct(harness.catalogDb, { name, variants: [{ priceType: 'Free', priceCents: 0 }] });

  beforeAll(async () => {
    harness = await startReader();
    admin = (await tokens()).admin;
  });
  afterAll(() => harness?.close());

  it('counts a completed upload and times it; the catalog recording it counts as catalog-record', async () => {
    const productId = await product('Metrics Mill');
    const before = {
      completed: await series('inkwell_ingestion_jobs_total', { kind: 'upload', outcome: 'completed' }),
      timed: await series('inkwell_ingestion_job_duration_seconds', { kind: 'upload' }, '_count'),
      recorded: await series('inkwell_ingestion_jobs_total', { kind: 'catalog-record', outcome: 'completed' }),
    };
    const job = await ingest(productId, zip([{ name: 'p1.png', data: await png(400, 600) }, { name: 'p2.png', data: await png(400, 600) }]));
    assert.equal(job.status, 'completed', job.message);
    await until(async () => (await series('inkwell_ingestion_jobs_total', { kind: 'upload', outcome: 'completed' })) > before.completed);
    assert.equal(await series('inkwell_ingestion_jobs_total', { kind: 'upload', outcome: 'completed' }), before.completed + 1);
    assert.equal(await series('inkwell_ingestion_job_duration_seconds', { kind: 'upload' }, '_count'), before.timed + 1);
    // The catalog records it when the reader's comic.ingested reaches it.
    for (let attempt = 0; attempt < 200 && (await series('inkwell_ingestion_jobs_total', { kind: 'catalog-record', outcome: 'completed' })) === before.recorded; attempt++) {
      await harness.drainOutbox();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.equal(await series('inkwell_ingestion_jobs_total', { kind: 'catalog-record', outcome: 'completed' }), before.recorded + 1);
    assert.ok((await series('inkwell_ingestion_job_duration_seconds', { kind: 'catalog-record' }, '_count')) >= 1);
  });

  it('counts an archive the rules refuse as refused, not completed or failed', async () => {
    const productId = await product('Metrics Refused');
    const counts = () => Promise.all(['completed', 'refused', 'failed'].map((outcome) => series('inkwell_ingestion_jobs_total', { kind: 'upload', outcome })));
    const [completed, refused, failed] = await counts();
    const job = await ingest(productId, zip([{ name: 'notes.txt', data: Buffer.from('not a page') }]));
    assert.equal(job.status, 'failed');
    assert.match(job.message, /refused/i);
    await until(async () => (await counts())[1] !== refused);
    assert.deepEqual(await counts(), [completed, refused! + 1, failed]);
  });
});
