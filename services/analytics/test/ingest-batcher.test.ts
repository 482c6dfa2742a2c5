import assert from 'node:assert/strict';
import { afterEach, describe, it, vi } from 'vitest';
import type { Queryable } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { IngestBatcher } from '../src/flows/ingest-batcher';

/** A store that records its batches and finishes each when told to. */
function recordingStore() {
  const batches: number[][] = [];
  const finish: Array<() => void> = [];
  const store = (_db: Queryable, items: number[]) =>
    new Promise<void>((resolve) => {
      batches.push(items);
      finish.push(resolve);
    });
  return { batches, finish, store };
}

const noDatabase = {} as Queryable;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the ingestion batcher (group commit)', () => {
  afterEach(() => vi.useRealTimers());

  it('flushes a lone request at once, without waiting for a timer, with every event added in the same turn', async () => {
    // Timers never fire here: a flush that waited for one would never start.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const { batches, finish, store } = recordingStore();
    const batcher = new IngestBatcher<number>(noDatabase, store, testLogger);
    const stored = Promise.all([1, 2, 3].map((item) => batcher.add(item)));
    await turn();
    assert.deepEqual(batches, [[1, 2, 3]]);
    finish[0]!();
    await stored;
  });

  it('gathers what arrives while the flushes run into the next batch, at most maxConcurrent flushes at once', async () => {
    const { batches, finish, store } = recordingStore();
    const batcher = new IngestBatcher<number>(noDatabase, store, testLogger, { maxConcurrent: 2, maxBatch: 3 });
    const first = batcher.add(1);
    await turn();
    const second = batcher.add(2);
    await turn();
    const waiting = [3, 4, 5, 6].map((item) => batcher.add(item));
    await turn();
    assert.deepEqual(batches, [[1], [2]], 'two flushes run; the others wait');
    finish[0]!();
    await first;
    await turn();
    assert.deepEqual(batches.slice(2), [[3, 4, 5]], 'the next flush takes what waited, up to maxBatch');
    finish[1]!();
    await second;
    await turn();
    assert.deepEqual(batches.slice(3), [[6]]);
    finish[2]!();
    finish[3]!();
    await Promise.all(waiting);
  });

  it('fails every request of a failed flush and goes on with the next', async () => {
    let calls = 0;
    const batcher = new IngestBatcher<number>(
      noDatabase,
      async () => {
        if (++calls === 1) throw new Error('the database went away');
      },
      testLogger,
    );
    const failed = [batcher.add(1), batcher.add(2)].map((added) => added.then(() => 'stored', () => 'failed'));
    assert.deepEqual(await Promise.all(failed), ['failed', 'failed']);
    await batcher.add(3);
    assert.equal(calls, 2);
  });
});
