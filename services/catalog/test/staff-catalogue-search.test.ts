import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresSearchIndex, type SearchDocument } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { createProduct, createSeries } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const document = (kind: SearchDocument['kind'], id: number, title: string): SearchDocument => ({
  kind, id, title, subtitle: '', body: '', readableUrl: null, displayType: kind === 'series' ? 'Series' : 'Volume', thumbnails: [], ageRating: 'e', restrictedTerritories: [], popularity: 0,
});

/**
 * Search maintenance against the real index the catalog writes (the Postgres driver here; the
 * OpenSearch driver's `indexedIds`, which maintenance relies on, is tested in the platform's suite).
 */
describe('staff search maintenance', () => {
  let service: TestService;
  let index: PostgresSearchIndex;
  let admin: string;
  const ids: Record<string, number> = {};

  const call = async (method: 'GET' | 'POST', url: string, token: string | null = admin): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const keys = (items: Json[]) => items.map((item) => `${item.kind}-${item.id}`).sort();

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    index = new PostgresSearchIndex(service.context.db);
    admin = await signTestToken({ roles: ['admin'], userId: 'staff-2', email: 'ops@inkwell.example' });
    const db = service.context.db;
    // Written straight to the tables, so nothing is indexed yet: the index starts out of step.
    ids.listedSeries = await createSeries(db, { title: 'Lantern Street', genres: ['Mystery'] });
    ids.listedProduct = await createProduct(db, { name: 'Lantern Street Vol. 1', seriesId: ids.listedSeries, volumeNumber: 1 });
    ids.standalone = await createProduct(db, { name: 'Art of Inkwell', type: 'Book' });
    ids.draftSeries = await createSeries(db, { title: 'Unfinished', status: 'Draft' });
    ids.draftProduct = await createProduct(db, { name: 'Not Yet', status: 'Draft' });
    // Planted orphans: a product that does not exist, and a series that is not listed.
    await index.upsert(document('product', 987654, 'Deleted long ago'));
    await index.upsert(document('series', ids.draftSeries, 'Unfinished'));
  });

  afterAll(() => service?.close());

  it('is for staff only', async () => {
    assert.equal((await call('GET', '/api/dashboard/search/getOrphans', null)).status, 401);
    assert.equal((await call('POST', '/api/dashboard/search/uploadAllToSearch', await signTestToken({ roles: [] }))).status, 403);
  });

  it('finds the orphans and the listed items missing from the index', async () => {
    const orphans = (await call('GET', '/api/dashboard/search/getOrphans')).body.response;
    assert.equal(orphans.count, 2);
    assert.deepEqual(
      orphans.items.map((item: Json) => [item.kind, item.id, item.reason, item.title]).sort(),
      [['product', 987654, 'missing', null], ['series', ids.draftSeries, 'not-listed', 'Unfinished']].sort(),
    );
    const missing = (await call('GET', '/api/dashboard/search/getActiveNotUploaded')).body.response;
    assert.deepEqual(keys(missing.items), [`product-${ids.listedProduct}`, `product-${ids.standalone}`, `series-${ids.listedSeries}`].sort());
    assert.equal(missing.count, 3);
  });

  it('removes exactly the orphans', async () => {
    await index.upsert(document('product', ids.listedProduct!, 'Lantern Street Vol. 1'));
    const removed = await call('POST', '/api/dashboard/search/removeInactiveFromSearch');
    assert.deepEqual(removed.body.response, { removed: 2 });
    assert.deepEqual(await index.indexedIds('series'), []);
    assert.deepEqual(await index.indexedIds('product'), [ids.listedProduct], 'a listed item stays');
    assert.equal((await call('GET', '/api/dashboard/search/getOrphans')).body.response.count, 0);
    assert.deepEqual((await call('POST', '/api/dashboard/search/removeInactiveFromSearch')).body.response, { removed: 0 });
    const trail = await service.context.db.query<{ action: string; changes: Json }>("SELECT action, changes FROM staff_audit WHERE entity = 'search' ORDER BY id");
    assert.deepEqual(trail.rows.map((row) => row.action), ['removed-inactive', 'removed-inactive']);
    assert.deepEqual([...trail.rows[0]!.changes.removed.from].sort(), ['product-987654', `series-${ids.draftSeries}`].sort());
  });

  it('uploads everything listed as a job with progress, and then nothing is missing', async () => {
    const started = await call('POST', '/api/dashboard/search/uploadAllToSearch');
    assert.equal(started.status, 200);
    const jobId = started.body.response.jobId;
    assert.match(jobId, /^[0-9a-f-]{36}$/);
    let job = started.body.response;
    for (let attempt = 0; job.state === 'running' && attempt < 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = (await call('GET', `/api/dashboard/search/uploadAllToSearch/${jobId}`)).body.response;
    }
    assert.equal(job.state, 'completed', JSON.stringify(job));
    assert.equal(job.total, 5, 'two series and three products handled');
    assert.equal(job.done, job.total);
    assert.equal(job.uploaded, 3, 'the listed ones written');
    assert.ok(job.finishedAt);
    assert.deepEqual((await call('GET', '/api/dashboard/search/getActiveNotUploaded')).body.response, { items: [], count: 0 });
    assert.deepEqual((await index.indexedIds('product')).sort(), [ids.listedProduct, ids.standalone].sort());
    assert.deepEqual(await index.indexedIds('series'), [ids.listedSeries]);
    const hits = await index.search({ text: 'Lantern', limit: 10 });
    assert.ok(hits.some((hit) => hit.kind === 'series' && hit.id === ids.listedSeries));
    const events = await service.context.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE type = 'catalog.cache-invalidated' AND key = 'search'");
    assert.equal(events.rows[0]!.n, 2, 'one for the orphans removed, one for the upload');
    assert.equal((await call('GET', '/api/dashboard/search/uploadAllToSearch/not-a-job')).status, 400);
    assert.equal((await call('GET', '/api/dashboard/search/uploadAllToSearch/00000000-0000-4000-8000-000000000000')).status, 404);
  });
});
