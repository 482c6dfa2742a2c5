import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { RenderQueue } from '../../src/drivers/render-queue';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('RenderQueue', () => {
  it('runs at most `concurrency` tasks at once and hands each freed slot to the next waiting', async () => {
    const queue = new RenderQueue(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, index) => queue.run(`k${index}`, async () => {
      started.push(index);
      await g.opened;
      return index;
    }));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1]);
    gates[1]!.open();
    assert.equal(await done[1], 1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1, 2]);
    for (const g of gates) g.open();
    assert.deepEqual(await Promise.all(done), [0, 1, 2, 3]);
  });

  it('runs a key once while it is running, and again after', async () => {
    const queue = new RenderQueue(1);
    let runs = 0;
    const g = gate();
    const work = async () => {
      runs += 1;
      await g.opened;
      return runs;
    };
    const first = queue.run('page-1', work);
    const second = queue.run('page-1', work);
    g.open();
    assert.deepEqual(await Promise.all([first, second]), [1, 1]);
    assert.equal(await queue.run('page-1', work), 2);
  });

  it('frees the slot of a failed task, and drain waits for everything', async () => {
    const queue = new RenderQueue(1);
    await assert.rejects(queue.run('bad', async () => {
      throw new Error('no such font');
    }), /no such font/);
    let finished = false;
    void queue.run('good', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      finished = true;
    });
    await queue.drain();
    assert.equal(finished, true);
  });
});
