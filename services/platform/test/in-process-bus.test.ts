import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, it } from 'vitest';
import { Database, InProcessEventBus, createEnvelope, type EventEnvelope, type InProcessEventBusOptions } from '@inkwell/platform';
import { createTestDatabase, testLogger, type TestDatabase } from '@inkwell/platform/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const run = promisify(execFile);

/** Waits until `condition` holds, failing with `what` after a generous bound. */
async function eventually(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A promise a test resolves when it chooses. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const changed = (key: string, n: number) => createEnvelope('catalog', { type: 'product.changed', key, data: { productId: `${key}-${n}` } });
const idOf = (event: EventEnvelope) => (event.data as { productId: string }).productId;

describe('the embedded event bus (per-group queues in Postgres)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database for the bus, dropped after the test. */
  async function busDatabase(): Promise<{ database: TestDatabase; db: Database }> {
    const database = await createTestDatabase('bus');
    const db = new Database(database.url, testLogger);
    cleanups.push(async () => {
      await db.close();
      await database.drop();
    });
    return { database, db };
  }

  /** A bus over `db` with quick polls and retries, stopped after the test. */
  function newBus(db: Database, options: InProcessEventBusOptions = {}): InProcessEventBus {
    const bus = new InProcessEventBus(db, testLogger, { pollIntervalMs: 20, baseBackoffMs: 5, maxBackoffMs: 40, ...options });
    cleanups.push(() => bus.stop());
    return bus;
  }

  const rowsOf = async (db: Database, group: string) =>
    (
      await db.query<{ event_id: string; attempts: number; dead_at: Date | null; leased_until: Date | null; last_error: string | null }>(
        'SELECT event_id, attempts, dead_at, leased_until, last_error FROM bus_deliveries WHERE consumer_group = $1 ORDER BY seq',
        [group],
      )
    ).rows;

  it('accepts a publish while a consumer is still handling an earlier event, and delivers it after', async () => {
    const { db } = await busDatabase();
    const bus = newBus(db);
    const slow = gate();
    const started: string[] = [];
    const handled: string[] = [];
    await bus.subscribe({
      group: 'test.slow',
      types: ['product.changed'],
      handler: async (event) => {
        started.push(idOf(event));
        if (idOf(event) === 'a-1') await slow.opened;
        handled.push(idOf(event));
      },
    });
    await bus.start();

    const [a1, a2, b1] = [changed('a', 1), changed('a', 2), changed('b', 1)];
    try {
      await bus.publish(a1);
      await eventually('the slow handler to start', () => started.includes('a-1'));
      // Both resolve while a-1's handler is blocked: publishing never waits for a consumer.
      await bus.publish(a2);
      await bus.publish(b1);
      assert.deepEqual(handled.filter((id) => id.startsWith('a')), [], 'a-1 is still being handled');
      // b-1 may be handled (and its row deleted) already; a-1's and a-2's rows cannot be.
      const waiting = (await rowsOf(db, 'test.slow')).map((row) => row.event_id);
      assert.ok(waiting.includes(a1.id) && waiting.includes(a2.id), 'a-1 and a-2 are rows of the group');
      await eventually('b-1, which does not wait behind key a', () => handled.includes('b-1'));
      assert.ok(!started.includes('a-2'), 'a-2 waits behind a-1');
    } finally {
      // Also on a failed assertion, so the bus can stop.
      slow.open();
    }
    await bus.idle();
    assert.deepEqual(handled, ['b-1', 'a-1', 'a-2']);
    assert.deepEqual(await rowsOf(db, 'test.slow'), [], 'handled rows are deleted');
  });

  it("keeps each key's order in every group while keys go side by side", async () => {
    const { db } = await busDatabase();
    const bus = newBus(db, { keyConcurrency: 3 });
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
    const seen = new Map<string, string[]>();
    // The first events of k1 and k2 each wait until both have started, which only keys handled
    // side by side can do.
    const overlapped = new Set<string>();
    for (const group of ['test.first', 'test.second']) {
      seen.set(group, []);
      const groupFirsts = new Set<string>();
      await bus.subscribe({
        group,
        types: ['product.changed'],
        handler: async (event) => {
          const id = idOf(event);
          if (id === 'k1-0' || id === 'k2-0') {
            groupFirsts.add(id);
            await eventually('k1 and k2 to be handled at the same time', () => groupFirsts.size === 2).then(
              () => overlapped.add(`${group}/${id}`),
              () => undefined,
            );
          }
          for (let yielded = 0; yielded < (id.length + Number(id.at(-1))) % 4; yielded += 1) await new Promise((resolve) => setImmediate(resolve));
          seen.get(group)!.push(id);
        },
      });
    }
    await bus.start();
    const events = Array.from({ length: 8 }, (_, n) => keys.map((key) => changed(key, n))).flat();
    await bus.publishBatch(events.slice(0, 20));
    for (const event of events.slice(20)) await bus.publish(event);
    await bus.idle();

    assert.equal(overlapped.size, 4, 'in each group, k1 and k2 were handled at the same time');
    for (const [group, ids] of seen) {
      assert.equal(ids.length, events.length, `${group} handled every event once`);
      for (const key of keys) {
        assert.deepEqual(
          ids.filter((id) => id.startsWith(`${key}-`)),
          Array.from({ length: 8 }, (_, n) => `${key}-${n}`),
          `${group} took ${key}'s events in order`,
        );
      }
    }
  });

  it('retries only the group that failed; the others handle the event once', async () => {
    const { db } = await busDatabase();
    const bus = newBus(db);
    const calls = { 'test.ok-one': 0, 'test.ok-two': 0, 'test.flaky': 0 };
    for (const group of Object.keys(calls) as Array<keyof typeof calls>) {
      await bus.subscribe({
        group,
        types: ['product.changed'],
        handler: async () => {
          calls[group] += 1;
          if (group === 'test.flaky' && calls[group] < 3) throw new Error('mail server hiccup');
        },
      });
    }
    await bus.start();
    await bus.publish(changed('p', 1));
    await bus.idle();
    assert.deepEqual(calls, { 'test.ok-one': 1, 'test.ok-two': 1, 'test.flaky': 3 });
    assert.equal((await db.query('SELECT 1 FROM bus_deliveries')).rowCount, 0);
  });

  it('keeps a poison event as a dead letter after the configured attempts, moves its key on, and re-drives it', async () => {
    const { db } = await busDatabase();
    const bus = newBus(db, { maxDeliveryAttempts: 3 });
    let fixed = false;
    const attempts: string[] = [];
    const handled: string[] = [];
    await bus.subscribe({
      group: 'test.poisoned',
      types: ['product.changed'],
      handler: async (event) => {
        attempts.push(idOf(event));
        if (idOf(event) === 'p-1' && !fixed) throw new Error('cannot handle p-1');
        handled.push(idOf(event));
      },
    });
    await bus.start();
    const poison = changed('p', 1);
    await bus.publishBatch([poison, changed('p', 2), changed('q', 1)]);
    await bus.idle();

    assert.deepEqual(attempts.filter((id) => id === 'p-1').length, 3, 'delivered three times, then set aside');
    assert.deepEqual(handled.sort(), ['p-2', 'q-1'], 'the key moved on past its dead letter');
    const [dead, ...others] = await rowsOf(db, 'test.poisoned');
    assert.equal(others.length, 0);
    assert.equal(dead!.event_id, poison.id);
    assert.equal(dead!.attempts, 3);
    assert.ok(dead!.dead_at);
    assert.match(dead!.last_error!, /cannot handle p-1/);

    fixed = true;
    assert.equal(await bus.redrive('test.poisoned'), 1);
    await bus.idle();
    assert.deepEqual(handled.sort(), ['p-1', 'p-2', 'q-1']);
    assert.deepEqual(await rowsOf(db, 'test.poisoned'), []);
    assert.equal(await bus.redrive('test.poisoned'), 0, 'nothing twice');
  });

  it('re-drives with `npm run events:redrive` when Kafka is not configured', async () => {
    const { database, db } = await busDatabase();
    const bus = newBus(db, { maxDeliveryAttempts: 1 });
    await bus.subscribe({ group: 'test.redrive-command', types: ['product.changed'], handler: async () => { throw new Error('not yet'); } });
    await bus.start();
    await bus.publish(changed('r', 1));
    await bus.idle();
    await bus.stop();
    assert.ok((await rowsOf(db, 'test.redrive-command'))[0]!.dead_at);

    const { KAFKA_BROKERS: _unset, ...env } = process.env;
    const command = ['--import', 'tsx', path.join(ROOT, 'scripts/redrive-events.ts'), 'test.redrive-command'];
    const { stdout } = await run(process.execPath, command, { cwd: ROOT, env: { ...env, BUS_DATABASE_URL: database.url, LOG_LEVEL: 'silent' } });
    assert.match(stdout, /Re-drove 1 dead-lettered event\(s\) to test.redrive-command/);
    const [row] = await rowsOf(db, 'test.redrive-command');
    assert.equal(row!.dead_at, null);
    assert.equal(row!.attempts, 0);
  });

  it('leaves what a stopped bus did not deliver for the next one over the same database', async () => {
    const { db } = await busDatabase();
    const first = newBus(db);
    const slow = gate();
    const handledFirst: string[] = [];
    await first.subscribe({
      group: 'test.restarted',
      types: ['product.changed'],
      handler: async (event) => {
        if (idOf(event) === 'a-1') await slow.opened;
        handledFirst.push(idOf(event));
      },
    });
    await first.start();
    await first.publishBatch([changed('a', 1), changed('a', 2), changed('a', 3)]);
    await eventually('a-1 to be leased', async () => (await rowsOf(db, 'test.restarted')).some((row) => row.leased_until));
    const stopped = first.stop();
    slow.open();
    await stopped;
    assert.deepEqual(handledFirst, ['a-1'], 'stop waits for the running handler and claims nothing more');
    assert.equal((await rowsOf(db, 'test.restarted')).length, 2);

    const second = newBus(db);
    const handledSecond: string[] = [];
    await second.subscribe({ group: 'test.restarted', types: ['product.changed'], handler: async (event) => void handledSecond.push(idOf(event)) });
    await second.start();
    await second.idle();
    assert.deepEqual(handledSecond, ['a-2', 'a-3']);
  });

  it('delivers again, after a restart, what a killed process had accepted and was handling', async () => {
    const { database, db } = await busDatabase();
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/bus-handle-and-die.ts'), database.url, 'test.killed', 'k'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(child.signal, 'SIGKILL', `the process must die by SIGKILL while handling (stderr: ${child.stderr})`);
    const left = await rowsOf(db, 'test.killed');
    assert.equal(left.length, 3, 'every accepted event survived the crash');
    assert.ok(left[0]!.leased_until, 'the first was being handled');

    const bus = newBus(db);
    const handled: string[] = [];
    await bus.subscribe({ group: 'test.killed', types: ['product.changed'], handler: async (event) => void handled.push(idOf(event)) });
    await bus.start();
    await bus.idle();
    assert.deepEqual(handled, ['k-1', 'k-2', 'k-3']);
  });

  it('gives a group only the types it subscribed to, and a group subscribed later what is published after', async () => {
    const { db } = await busDatabase();
    const bus = newBus(db);
    const received = new Map<string, string[]>();
    const subscribe = async (group: string, types: string[]) => {
      received.set(group, []);
      await bus.subscribe({ group, types, handler: async (event) => void received.get(group)!.push(event.type) });
    };
    await subscribe('test.products', ['product.changed']);
    await subscribe('test.orders', ['order.completed']);
    await subscribe('test.both', ['product.changed', 'order.completed']);
    await bus.start();
    const order = createEnvelope('order', { type: 'order.completed', key: 'o1', data: {} });
    await bus.publishBatch([changed('a', 1), order]);
    await subscribe('test.late', ['order.completed']);
    await bus.publish({ ...order, id: createEnvelope('order', { type: 'order.completed', key: 'o1', data: {} }).id });
    await bus.idle();
    assert.deepEqual(received.get('test.products'), ['product.changed']);
    assert.deepEqual(received.get('test.orders'), ['order.completed', 'order.completed']);
    assert.deepEqual(received.get('test.both')!.sort(), ['order.completed', 'order.completed', 'product.changed']);
    assert.deepEqual(received.get('test.late'), ['order.completed']);
  });

  it('refuses a publish before it starts, and is idle while a retry waits beyond its horizon', async () => {
    const { db } = await busDatabase();
    const bus = newBus(db, { baseBackoffMs: 600_000, maxBackoffMs: 600_000 });
    let calls = 0;
    await bus.subscribe({
      group: 'test.later',
      types: ['product.changed'],
      handler: async () => {
        calls += 1;
        throw new Error('down for a while');
      },
    });
    await assert.rejects(bus.publish(changed('a', 1)), /not started/);
    await bus.start();
    await bus.publish(changed('a', 1));
    await bus.idle();
    assert.equal(calls, 1);
    const [row] = await rowsOf(db, 'test.later');
    assert.equal(row!.attempts, 1);
    assert.equal(row!.dead_at, null, 'still to be retried, ten minutes on');
  });
});
