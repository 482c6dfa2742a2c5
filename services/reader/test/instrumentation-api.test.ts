import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signTestToken } from '@inkwell/platform/testing';
import { startReader, type Json, type ReaderHarness } from './support/harness';

describe('reading-session instrumentation: POST /account/instrumentation', () => {
  let harness: ReaderHarness;

  const sessions = async (): Promise<Json[]> => {
    const { rows } = await harness.context.db.query<{ key: string; data: Json }>("SELECT key, data FROM outbox WHERE type = 'reading.session-recorded' ORDER BY occurred_at, id");
    return rows.map((row) => ({ key: row.key, ...row.data }));
  };

  beforeAll(async () => {
    harness = await startReader();
  });

  afterAll(() => harness?.close());

  it('accepts a session from a signed-in reader and from a visitor, and hands each to analytics as an event', async () => {
    const token = await signTestToken({ userId: 'session-reader' });
    const signedIn = await harness.request('POST', '/api/account/instrumentation', {
      token,
      body: {
        comicId: 31581,
        mode: 'Page',
        platform: 'Web',
        pageSessions: [
          { pageNumber: 1, start: '2025-06-01T12:00:00.000Z', end: '2025-06-01T12:00:41.500Z' },
          { pageNumber: 2, start: Date.UTC(2025, 5, 1, 12, 0, 42), end: Date.UTC(2025, 5, 1, 12, 1, 10) },
        ],
      },
    });
    assert.equal(signedIn.status, 200);
    assert.deepEqual(signedIn.body, { status: { type: 'Success' }, response: null });
    const visitor = await harness.request('POST', '/api/account/instrumentation', { body: { comicId: '31582', mode: 'Strip', platform: 'Steam', pageSessions: [] } });
    assert.equal(visitor.status, 200);
    assert.deepEqual(await sessions(), [
      {
        key: '31581',
        userId: 'session-reader',
        comicId: '31581',
        mode: 'Page',
        platform: 'Web',
        pages: [
          { pageNumber: 1, start: '2025-06-01T12:00:00.000Z', end: '2025-06-01T12:00:41.500Z' },
          { pageNumber: 2, start: '2025-06-01T12:00:42.000Z', end: '2025-06-01T12:01:10.000Z' },
        ],
      },
      { key: '31582', comicId: '31582', mode: 'Strip', platform: 'Steam', pages: [] },
    ]);
  });

  it('answers malformed sessions with 400 envelopes and records nothing', async () => {
    const before = (await sessions()).length;
    const page = { pageNumber: 1, start: '2025-06-01T12:00:00Z', end: '2025-06-01T12:00:05Z' };
    const bad: unknown[] = [
      {},
      { comicId: 1, mode: 'Page', platform: 'Web' },
      { comicId: 1, mode: '', platform: 'Web', pageSessions: [page] },
      { comicId: 1, mode: 'Page', platform: 'Web', pageSessions: [{ ...page, pageNumber: 0 }] },
      { comicId: 1, mode: 'Page', platform: 'Web', pageSessions: [{ ...page, start: 'noon' }] },
      { comicId: 1, mode: 'Page', platform: 'Web', pageSessions: [{ ...page, end: 9e15 }] },
      { comicId: 1, mode: 'Page', platform: 'Web', pageSessions: [{ ...page, start: '2025-06-01T12:00:06Z' }] },
    ];
    for (const body of bad) {
      const answer = await harness.request('POST', '/api/account/instrumentation', { body });
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.body.status.type, 'BadRequest');
    }
    assert.equal((await sessions()).length, before);
  });
});
