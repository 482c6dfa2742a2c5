import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { Database, PolledQueue, Poller, backoffMs, claimDue, retryLater, type Transaction } from '@inkwell/platform';
import { createTestDatabase, testLogger, type TestDatabase } from '@inkwell/platform/testing';

type Job = { id: number; attempts: number };

/** A promise and the function that settles it: to hold a run or a claim open until the test lets go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function eventually(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 10) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const JOBS = { table: 'jobs', columns: 'id, attempts', where: 'done_at IS NULL', orderBy: 'id' };

describe('the polled queue (real Postgres)', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase('queue');
    db = new Database(database.url, testLogger, { max: 10 });
    await db.query(`CREATE TABLE jobs (
      id integer PRIMARY KEY,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz
    )`);
  });

  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  beforeEach(async () => {
    await db.query('TRUNCATE jobs');
  });

  const addJobs = (count: number) => db.query('INSERT INTO jobs (id) SELECT generate_series(1, $1)', [count]);

  const queueOf = (work: (tx: Transaction, rows: Job[]) => Promise<number>, options: { batchSize?: number; baseMs?: number; maxMs?: number } = {}) =>
    new PolledQueue<Job>({
      db,
      logger: testLogger,
      failureMessage: 'jobs failed',
      pollIntervalMs: 3_600_000,
      batchSize: options.batchSize ?? 10,
      backoff: { baseMs: options.baseMs ?? 1000, maxMs: options.maxMs ?? 60_000 },
      claim: (tx, limit) => claimDue<Job>(tx, JOBS, limit),
      work,
    });

  const finish = async (tx: Transaction, rows: Job[]) => {
    await tx.query('UPDATE jobs SET done_at = now() WHERE id = ANY($1::int[])', [rows.map((row) => row.id)]);
    return rows.length;
  };

  it('never lets two workers claim the same row: a batch one holds is skipped by the other', async () => {
    await addJobs(25);
    const held = gate();
    const claimedByA = gate();
    const workedByA: number[] = [];
    const workedByB: number[] = [];
    const a = queueOf(async (tx, rows) => {
      workedByA.push(...rows.map((row) => row.id));
      claimedByA.open();
      await held.opened;
      return finish(tx, rows);
    });
    const b = queueOf(async (tx, rows) => {
      workedByB.push(...rows.map((row) => row.id));
      return finish(tx, rows);
    });
    const drainA = a.drain();
    await claimedByA.opened;
    assert.equal(await b.drain(), 15, 'B works every row but the batch A holds');
    held.open();
    await drainA;
    assert.deepEqual(workedByA, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual([...workedByB].sort((x, y) => x - y), Array.from({ length: 15 }, (_, index) => index + 11));
  });

  it('shares a large table between workers draining at once, each row worked once', async () => {
    await addJobs(300);
    const worked: number[] = [];
    const work = async (tx: Transaction, rows: Job[]) => {
      worked.push(...rows.map((row) => row.id));
      return finish(tx, rows);
    };
    const workers = [queueOf(work), queueOf(work), queueOf(work)];
    const counts = await Promise.all(workers.map((worker) => worker.drain()));
    assert.equal(counts.reduce((sum, count) => sum + count, 0), 300);
    assert.equal(new Set(worked).size, 300, 'no row twice');
    assert.equal(worked.length, 300);
  });

  it('puts a failed row off by an exponential backoff with jitter, within its bounds, and does not claim it again before', async () => {
    await addJobs(1);
    const queue = queueOf(
      async (tx, rows) => {
        for (const row of rows) {
          const attempts = row.attempts + 1;
          await retryLater(tx, { table: 'jobs', keyColumn: 'id', key: row.id, attempts, error: new Error('down'), delayMs: queue.retryDelayMs(attempts) });
        }
        return 0;
      },
      { baseMs: 1000, maxMs: 8000 },
    );
    assert.equal(await queue.drain(), 0);
    const { rows } = await db.query<{ attempts: number; last_error: string }>('SELECT attempts, last_error FROM jobs');
    assert.equal(rows[0]!.attempts, 1);
    assert.equal(rows[0]!.last_error, 'down');
    assert.equal(await queue.drain(), 0, 'still backing off');
    assert.equal((await db.query('SELECT 1 FROM jobs WHERE next_attempt_at > now()')).rowCount, 1);

    for (let attempts = 1; attempts <= 8; attempts += 1) {
      const ceiling = Math.min(8000, 1000 * 2 ** (attempts - 1));
      const samples = Array.from({ length: 200 }, () => queue.retryDelayMs(attempts));
      for (const delay of samples) {
        assert.ok(delay >= Math.floor(ceiling * 0.8) && delay <= ceiling, `attempt ${attempts}: ${delay} ms within [${ceiling * 0.8}, ${ceiling}]`);
      }
      assert.ok(new Set(samples).size > 1, `attempt ${attempts}: jittered, not one fixed delay`);
    }
    assert.equal(backoffMs(50, 1000, 8000) <= 8000, true, 'capped however many attempts');
  });

  it('records the delay it was given in the row', async () => {
    await addJobs(1);
    // Measured from the failed try's transaction time, the now() retryLater adds the delay to.
    const stamps: Array<{ txNow: Date }> = [];
    const queue = queueOf(async (tx, rows) => {
      const { rows: now } = await tx.query<{ now: Date }>('SELECT now()');
      stamps.push({ txNow: now[0]!.now });
      await retryLater(tx, { table: 'jobs', keyColumn: 'id', key: rows[0]!.id, attempts: 1, error: 'refused', delayMs: 4321 });
      return 0;
    });
    await queue.drain();
    const { rows } = await db.query<{ next_attempt_at: Date }>('SELECT next_attempt_at FROM jobs');
    assert.equal(rows[0]!.next_attempt_at.getTime() - stamps[0]!.txNow.getTime(), 4321);
  });

  it('ends a run on a batch that did nothing, and goes on through full batches that did', async () => {
    await addJobs(25);
    let batches = 0;
    const queue = queueOf(async (tx, rows) => {
      batches += 1;
      return finish(tx, rows);
    });
    assert.equal(await queue.drain(), 25);
    assert.equal(batches, 3);
  });
});

describe('the poller', () => {
  /** A poller whose runs wait at `hold` when one is set, counting runs and the most at once. */
  function poller(intervalMs = 3_600_000) {
    const state = { runs: 0, running: 0, most: 0, hold: undefined as Promise<void> | undefined, started: gate() };
    const instance = new Poller({
      intervalMs,
      logger: testLogger,
      failureMessage: 'test run failed',
      run: async () => {
        state.runs += 1;
        state.running += 1;
        state.most = Math.max(state.most, state.running);
        state.started.open();
        try {
          await state.hold;
        } finally {
          state.running -= 1;
        }
        return 1;
      },
    });
    return { instance, state };
  }

  it('runs at once when nudged, without waiting for the interval', async () => {
    const { instance, state } = poller();
    instance.start();
    instance.nudge();
    await state.started.opened;
    assert.equal(state.runs, 1);
    await instance.stop();
  });

  it('does nothing on a nudge before it is started', async () => {
    const { instance, state } = poller();
    instance.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(state.runs, 0);
    await instance.stop();
  });

  it('never overlaps runs: nudges during a run make one more run after it', async () => {
    const { instance, state } = poller();
    const held = gate();
    state.hold = held.opened;
    instance.start();
    instance.nudge();
    await state.started.opened;
    instance.nudge();
    instance.nudge();
    const asked = instance.run();
    instance.nudge();
    state.hold = undefined;
    held.open();
    assert.equal(await asked, 1);
    await eventually(() => state.running === 0, 'the runs to end');
    assert.equal(state.runs, 2, 'the run in flight and one after it');
    assert.equal(state.most, 1);
    await instance.stop();
  });

  it('polls on its interval once started', async () => {
    const { instance, state } = poller(10);
    instance.start();
    await eventually(() => state.runs >= 3, 'three polls');
    await instance.stop();
    assert.equal(state.most, 1);
  });

  it('stop waits for the run in flight, and no run starts after it', async () => {
    const { instance, state } = poller(10);
    const held = gate();
    state.hold = held.opened;
    instance.start();
    instance.nudge();
    await state.started.opened;
    let stopped = false;
    const stopping = instance.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(stopped, false, 'still waiting for the run in flight');
    assert.equal(state.running, 1);
    held.open();
    await stopping;
    assert.equal(state.running, 0, 'the run had ended when stop resolved');
    const runs = state.runs;
    instance.nudge();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(state.runs, runs, 'neither a nudge nor the timer ran after stop');
  });

  it('keeps polling after a failed run', async () => {
    let runs = 0;
    const instance = new Poller({
      intervalMs: 10,
      logger: testLogger,
      failureMessage: 'test run failed',
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
        return 0;
      },
    });
    instance.start();
    instance.nudge();
    await eventually(() => runs >= 3, 'polls after the failure');
    await instance.stop();
  });
});
