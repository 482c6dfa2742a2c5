import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { READER_DENIED_BODY } from '@inkwell/catalog/domain';
import { signTestToken } from '@inkwell/platform/testing';
import { createProduct, createSeries } from '../../catalog/test/factories';
import { startReader, type Json, type ReaderHarness } from './support/harness';

const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 12, minute)).toISOString();

describe('reading progress: PATCH /mycomics/{id} and updateReadingProgressForPublication', () => {
  let harness: ReaderHarness;
  let ids: Record<string, number>;

  const save = (token: string, id: number | string, ReadingProgress: unknown, updatedAt?: string) =>
    harness.request('PATCH', `/api/mycomics/${id}`, { token, body: { ReadingProgress, ...(updatedAt ? { updatedAt } : {}) } });
  const progressEvents = async (userId: string): Promise<Json[]> => {
    const { rows } = await harness.context.db.query<{ data: Json }>("SELECT data FROM outbox WHERE type = 'reading.progress-updated' AND data->>'userId' = $1 ORDER BY occurred_at, id", [userId]);
    return rows.map((row) => row.data);
  };

  beforeAll(async () => {
    harness = await startReader();
    const db = harness.catalogDb;
    const series = await createSeries(db, { title: 'Glass Harbor' });
    const free = [{ priceType: 'Free' as const, priceCents: 0 }];
    ids = {
      synced: await createProduct(db, { name: 'Glass Harbor Vol. 1', readableUrl: 'glass-harbor-vol-1', seriesId: series, volumeNumber: 1, variants: free }),
      short: await createProduct(db, { name: 'Glass Harbor Vol. 2', seriesId: series, volumeNumber: 2, variants: free }),
      noSet: await createProduct(db, { name: 'Glass Harbor Vol. 3', seriesId: series, volumeNumber: 3, variants: free }),
      paid: await createProduct(db, { name: 'Glass Harbor Vol. 4', seriesId: series, volumeNumber: 4 }),
      registered: await createProduct(db, { name: 'Glass Harbor Extra', variants: [{ priceType: 'FreeForRegistered', priceCents: 0 }] }),
    };
    await harness.ingestPages(ids.synced!, 12, { width: 400, height: 600 });
    await harness.ingestPages(ids.short!, 4, { width: 400, height: 600 });
  });

  afterAll(() => harness?.close());

  it('syncs one reader across two sessions: the write made last on its device wins, whatever order they arrive in', async () => {
    const phone = await signTestToken({ userId: 'sync-reader', sessionId: 'phone' });
    const laptop = await signTestToken({ userId: 'sync-reader', sessionId: 'laptop' });
    const resumeOn = async (token: string) => (await harness.request('GET', `/api/comic/${ids.synced}/pages`, { token })).body.response.readingProgress;

    const first = await save(phone, ids.synced!, 5, at(1));
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.response, { publicationId: String(ids.synced), readingProgress: 5, pageCount: 12, completed: false, updatedAt: at(1) });
    assert.equal(await resumeOn(laptop), 5, 'the laptop resumes where the phone left off');

    assert.equal((await save(laptop, ids.synced!, 9, at(3))).body.response.readingProgress, 9);
    assert.equal(await resumeOn(phone), 9);

    const stale = await save(phone, ids.synced!, 6, at(2));
    assert.equal(stale.status, 200);
    assert.deepEqual(stale.body.response, { publicationId: String(ids.synced), readingProgress: 9, pageCount: 12, completed: false, updatedAt: at(3) }, 'an older write (queued offline) is answered with the newer progress');
    assert.equal(await resumeOn(laptop), 9);

    assert.equal((await save(phone, ids.synced!, 7, at(3))).body.response.readingProgress, 7, 'the same time goes to the later arrival');
    const shelf = await harness.request('GET', '/api/mycomics', { token: laptop });
    assert.deepEqual(shelf.body.response.map((item: Json) => [item.name, item.readingProgress, item.lastReadAt]), [['Glass Harbor Vol. 1', 7, at(3)]], 'reading puts the comic on the shelf');
    assert.deepEqual((await progressEvents('sync-reader')).map((event) => event.page), [5, 9, 7], 'only writes that won are announced');
  });

  it('does not let a device whose clock runs ahead win every later write', async () => {
    const token = await signTestToken({ userId: 'clock-reader' });
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const ahead = await save(token, ids.synced!, 8, future);
    assert.ok(Date.parse(ahead.body.response.updatedAt) <= Date.now(), 'kept as written now');
    assert.equal((await save(token, ids.synced!, 2)).body.response.readingProgress, 2);
  });

  it('completes a comic at page count minus 1, by either call, naming it by id or readable url', async () => {
    const token = await signTestToken({ userId: 'finisher' });
    const almost = await harness.request('POST', '/api/mycomics/updateReadingProgressForPublication', { token, body: { PublicationId: ids.short, ReadingProgress: 2 } });
    assert.deepEqual([almost.body.response.readingProgress, almost.body.response.completed, almost.body.response.pageCount], [2, false, 4]);
    const done = await harness.request('POST', '/api/mycomics/updateReadingProgressForPublication', { token, body: { PublicationId: String(ids.short), ReadingProgress: 3 } });
    assert.deepEqual([done.body.response.readingProgress, done.body.response.completed], [3, true]);
    assert.deepEqual((await progressEvents('finisher')).map((event) => [event.publicationId, event.page, event.completed]), [[String(ids.short), 2, false], [String(ids.short), 3, true]]);
    const byUrl = await harness.request('POST', '/api/mycomics/updateReadingProgressForPublication', { token, body: { PublicationId: 'glass-harbor-vol-1', ReadingProgress: 11 } });
    assert.deepEqual([byUrl.body.response.publicationId, byUrl.body.response.completed], [String(ids.synced), true]);
    const listed = await harness.request('GET', '/api/mycomics?sort=0', { token });
    assert.deepEqual(listed.body.response.map((item: Json) => [item.name, item.completed]), [['Glass Harbor Vol. 1', true], ['Glass Harbor Vol. 2', true]]);
  });

  it('counts the catalog page count for a comic without a page set yet', async () => {
    const token = await signTestToken({ userId: 'early-reader' });
    const last = await save(token, ids.noSet!, 31);
    assert.deepEqual([last.status, last.body.response.pageCount, last.body.response.completed], [200, 32, true]);
  });

  it('keeps progress only for comics the reader may read', async () => {
    const token = await signTestToken({ userId: 'limited-reader' });
    const paid = await save(token, ids.paid!, 1);
    assert.equal(paid.status, 403);
    assert.equal(paid.body.status.message, READER_DENIED_BODY);
    assert.equal((await save(token, ids.registered!, 1)).status, 200, 'free for registered readers');
    assert.equal((await save(token, 987654, 1)).status, 404);
  });

  it('answers out-of-range and malformed progress with 400 envelopes', async () => {
    const token = await signTestToken({ userId: 'careless-reader' });
    const outOfRange = await save(token, ids.short!, 4);
    assert.equal(outOfRange.status, 400);
    assert.equal(outOfRange.body.status.message, 'ReadingProgress must be a page index from 0 to 3 (the comic has 4 pages).');
    for (const bad of [-1, 1.5, '2x', [1, 2]]) assert.equal((await save(token, ids.short!, bad)).status, 400, String(bad));
    assert.equal((await save(token, ids.short!, 1, 'yesterday')).status, 400);
    assert.equal((await harness.request('PATCH', `/api/mycomics/${ids.short}`, { token, body: {} })).status, 400);
    assert.equal((await harness.request('POST', '/api/mycomics/updateReadingProgressForPublication', { token, body: { ReadingProgress: 1 } })).status, 400);
    assert.equal((await harness.request('POST', '/api/mycomics/updateReadingProgressForPublication', { token, body: { PublicationId: { id: 1 }, ReadingProgress: 1 } })).status, 400);
    assert.deepEqual(await progressEvents('careless-reader'), []);
  });

  it('names ReadingProgress as the problem of a page index outside the comic', async () => {
    const token = await signTestToken({ userId: 'field-reader' });
    const outOfRange = await save(token, ids.short!, 4);
    assert.deepEqual(outOfRange.body.status.problems, [{ field: 'ReadingProgress', message: 'ReadingProgress must be a page index from 0 to 3 (the comic has 4 pages).' }]);
  });
});
