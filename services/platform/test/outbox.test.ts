import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  Database,
  Outbox,
  OutboxRelay,
  createEnvelope,
  handleOnce,
  migrate,
  type EventBus,
  type EventEnvelope,
  type Subscription,
} from '@inkwell/platform';
import { createTestDatabase, createTestEventBus, testLogger, type TestDatabase, type TestEventBus } from '@inkwell/platform/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const PLATFORM_MIGRATIONS = path.resolve(here, '../migrations');

/** Waits until `condition` holds, failing the test after `timeoutMs`. */
async function eventually(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The relay's side alone: a bus that records the product ids published, in order, after `before`
 * (which may throw to refuse the publish, or wait to hold it); `batches` counts batch hand-overs
 * when it is made to take batches.
 */
class RecordingBus implements EventBus {
  readonly driver = 'recording';
  readonly published: string[] = [];
  batches = 0;
  publishBatch?: (events: readonly EventEnvelope[]) => Promise<void>;

  constructor(
    private readonly before: (productId: string) => Promise<void> = async () => undefined,
    options: { batches?: boolean } = {},
  ) {
    if (options.batches) {
      this.publishBatch = async (events) => {
        for (const event of events) await this.before(productIdOf(event));
        this.batches += 1;
        this.published.push(...events.map(productIdOf));
      };
    }
  }

  async publish(event: EventEnvelope): Promise<void> {
    await this.before(productIdOf(event));
    this.published.push(productIdOf(event));
  }

  async subscribe(_subscription: Subscription): Promise<void> {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

const productIdOf = (event: EventEnvelope) => (event.data as { productId: string }).productId;

describe('transactional outbox, relay and inbox (real Postgres)', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase('outbox');
    db = new Database(database.url, testLogger);
    await migrate(db, 'platform', PLATFORM_MIGRATIONS, testLogger);
    await db.query('CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL)');
    await db.query('CREATE TABLE effects (consumer text NOT NULL, event_id uuid NOT NULL, at timestamptz DEFAULT now())');
  });

  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const buses: TestEventBus[] = [];
  beforeEach(async () => {
    await db.query('TRUNCATE notes, effects, outbox, inbox');
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
  });

  /** The embedded bus on a database of its own, closed after the test. */
  const embeddedBus = async () => {
    const bus = await createTestEventBus();
    buses.push(bus);
    return bus;
  };

  const effectCount = async (consumer?: string) =>
    Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM effects ${consumer ? 'WHERE consumer = $1' : ''}`, consumer ? [consumer] : [])).rows[0]!.n);

  const recordEffect = (consumer: string) =>
    handleOnce(db, consumer, async (tx, event) => {
      await tx.query('INSERT INTO effects (consumer, event_id) VALUES ($1, $2)', [consumer, event.id]);
    });

  it('delivers a committed change to every subscribed group, once each, even when one fails its first attempt', async () => {
    const bus = await embeddedBus();
    let flakyAttempts = 0;
    const flaky = recordEffect('support.emails');
    await bus.subscribe({ group: 'analytics.all', types: ['product.created'], handler: recordEffect('analytics.all') });
    await bus.subscribe({
      group: 'support.emails',
      types: ['product.created'],
      handler: async (event) => {
        flakyAttempts += 1;
        if (flakyAttempts === 1) throw new Error('mail server hiccup');
        await flaky(event);
      },
    });
    await bus.subscribe({ group: 'cart.other', types: ['order.completed'], handler: recordEffect('cart.other') });
    await bus.start();
    const relay = new OutboxRelay(db, bus, testLogger, { pollIntervalMs: 20, baseBackoffMs: 10, maxBackoffMs: 40 });
    const outbox = new Outbox('catalog', () => relay.nudge());
    relay.start();

    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES ('p1', 'new product')");
      await outbox.add(tx, { type: 'product.created', key: 'p1', data: { productId: 'p1' } });
    });

    await eventually(async () => (await effectCount('support.emails')) === 1);
    await relay.stop();
    await bus.idle();
    assert.equal(flakyAttempts, 2, 'the failing group was retried');
    assert.equal(await effectCount('analytics.all'), 1, 'the healthy group took effect once');
    assert.equal(await effectCount('support.emails'), 1);
    assert.equal(await effectCount('cart.other'), 0, 'a group not subscribed to the type gets nothing');
    const row = (await db.query<{ published_at: Date | null; attempts: number }>('SELECT published_at, attempts FROM outbox')).rows[0]!;
    assert.ok(row.published_at, 'the row is marked published');
    assert.equal(row.attempts, 1, 'published once: the bus retried the failing group itself');
  });

  it('never waits for consumers: the running relay publishes while a consumer is still handling an earlier event', async () => {
    const bus = await embeddedBus();
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    const handled: string[] = [];
    await bus.subscribe({
      group: 'reader.grants',
      types: ['product.changed'],
      handler: async (event) => {
        if (productIdOf(event) === 'slow-1') await slowReleased;
        handled.push(productIdOf(event));
      },
    });
    await bus.start();
    const relay = new OutboxRelay(db, bus, testLogger, { pollIntervalMs: 20 });
    const outbox = new Outbox('catalog', () => relay.nudge());
    relay.start();
    await db.transaction((tx) => outbox.add(tx, { type: 'product.changed', key: 'slow', data: { productId: 'slow-1' } }));
    await db.transaction((tx) => outbox.add(tx, { type: 'product.changed', key: 'slow', data: { productId: 'slow-2' } }, { type: 'product.changed', key: 'other', data: { productId: 'other-1' } }));
    await eventually(async () => (await db.query('SELECT 1 FROM outbox WHERE published_at IS NULL')).rowCount === 0);
    assert.deepEqual(handled.filter((id) => id.startsWith('slow')), [], 'every event is published while slow-1 is still being handled');
    releaseSlow();
    await relay.stop();
    await bus.idle();
    assert.deepEqual(handled.filter((id) => id.startsWith('slow')), ['slow-1', 'slow-2']);
    assert.ok(handled.includes('other-1'));
  });

  it('publishes nothing for a rolled-back change', async () => {
    const outbox = new Outbox('catalog');
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('p2', 'doomed')");
        await outbox.add(tx, { type: 'product.created', key: 'p2', data: { productId: 'p2' } });
        throw new Error('validation failed half-way');
      }),
      /validation failed/,
    );
    const bus = new RecordingBus();
    assert.equal(await new OutboxRelay(db, bus, testLogger).drain(), 0);
    assert.deepEqual(bus.published, []);
    assert.equal((await db.query('SELECT * FROM outbox')).rowCount, 0);
    assert.equal((await db.query('SELECT * FROM notes')).rowCount, 0);
  });

  it('delivers, after a restart, events committed by a process killed before it relayed them', async () => {
    const noteId = `p-${randomUUID()}`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/write-and-die.ts'), database.url, noteId], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(child.signal, 'SIGKILL', `the writer must die by SIGKILL (stderr: ${child.stderr})`);
    assert.equal((await db.query('SELECT * FROM outbox WHERE published_at IS NULL')).rowCount, 1, 'the event survived the crash unpublished');

    const received: EventEnvelope[] = [];
    const bus = await embeddedBus();
    await bus.subscribe({ group: 'after-restart', types: ['product.created'], handler: async (event) => void received.push(event) });
    await bus.start();
    const relay = new OutboxRelay(db, bus, testLogger, { pollIntervalMs: 20 });
    relay.start();
    await eventually(async () => received.length === 1);
    await relay.stop();
    assert.equal(received[0]!.key, noteId);
    assert.deepEqual(received[0]!.data, { productId: noteId });
    assert.equal(received[0]!.source, 'catalog');
  });

  it('gives a redelivered event id no second effect, also when deliveries race', async () => {
    const handler = recordEffect('reader.grants');
    const event = createEnvelope('order', { type: 'order.completed', key: 'o1', data: {} });
    await handler(event);
    await handler(event);
    await Promise.all([handler(event), handler(event), handler(event)]);
    assert.equal(await effectCount('reader.grants'), 1);
    await handler({ ...event, id: randomUUID() });
    assert.equal(await effectCount('reader.grants'), 2, 'a different event id does take effect');
  });

  it('rolls back the inbox record when the effect fails, so the retry can take effect', async () => {
    let fail = true;
    const handler = handleOnce(db, 'flaky', async (tx, event) => {
      await tx.query('INSERT INTO effects (consumer, event_id) VALUES ($1, $2)', ['flaky', event.id]);
      if (fail) throw new Error('effect failed after writing');
    });
    const event = createEnvelope('order', { type: 'order.completed', key: 'o2', data: {} });
    await assert.rejects(handler(event));
    assert.equal(await effectCount('flaky'), 0);
    fail = false;
    await handler(event);
    assert.equal(await effectCount('flaky'), 1);
  });

  /**
   * Outbox rows a-1, b-1, a-2 (keys a and b) for a bus that refuses the first publish of a-1;
   * `bus.published` lists the product ids it took, in order.
   */
  const orderedEventsWithFailingHead = async (options: { batches?: boolean } = {}) => {
    let failFirst = true;
    const bus = new RecordingBus(async (productId) => {
      if (productId === 'a-1' && failFirst) {
        failFirst = false;
        throw new Error('first attempt fails');
      }
    }, options);
    const outbox = new Outbox('catalog');
    await db.transaction((tx) =>
      outbox.add(
        tx,
        { type: 'product.changed', key: 'a', data: { productId: 'a-1' } },
        { type: 'product.changed', key: 'b', data: { productId: 'b-1' } },
        { type: 'product.changed', key: 'a', data: { productId: 'a-2' } },
      ),
    );
    return { bus, outbox };
  };

  it('keeps per-key order: a later event of a failing aggregate waits, other aggregates go ahead', async () => {
    const { bus } = await orderedEventsWithFailingHead();
    const relay = new OutboxRelay(db, bus, testLogger, { baseBackoffMs: 1, maxBackoffMs: 1 });
    await relay.drain();
    assert.deepEqual(bus.published, ['b-1'], 'a-2 waits behind the failed a-1');
    await eventually(async () => (await relay.drain()) > 0);
    assert.deepEqual(bus.published, ['b-1', 'a-1', 'a-2']);
  });

  it('keeps per-key order across batches: a drain before the backoff ends publishes nothing of the waiting key', async () => {
    const { bus, outbox } = await orderedEventsWithFailingHead();
    const relay = new OutboxRelay(db, bus, testLogger, { baseBackoffMs: 60_000, maxBackoffMs: 60_000 });
    await relay.drain();
    assert.deepEqual(bus.published, ['b-1']);
    await db.transaction((tx) => outbox.add(tx, { type: 'product.changed', key: 'a', data: { productId: 'a-3' } }));
    assert.equal(await relay.drain(), 0, 'a-1 is still backing off');
    assert.deepEqual(bus.published, ['b-1'], 'a-2 and a-3 wait behind a-1 in a later batch too');

    await db.query("UPDATE outbox SET next_attempt_at = now() WHERE data->>'productId' = 'a-1'");
    assert.equal(await relay.drain(), 3);
    assert.deepEqual(bus.published, ['b-1', 'a-1', 'a-2', 'a-3']);
  });

  it('hands a whole batch to a bus that takes batches, in one call, and backs off every key of a refused batch', async () => {
    const { bus } = await orderedEventsWithFailingHead({ batches: true });
    const relay = new OutboxRelay(db, bus, testLogger, { baseBackoffMs: 60_000, maxBackoffMs: 60_000 });
    assert.equal(await relay.drain(), 0, 'the batch was refused as a whole');
    const rows = (await db.query<{ product_id: string; attempts: number; waiting: boolean }>(
      "SELECT data->>'productId' AS product_id, attempts, next_attempt_at > now() AS waiting FROM outbox ORDER BY seq",
    )).rows;
    assert.deepEqual(rows, [
      { product_id: 'a-1', attempts: 1, waiting: true },
      { product_id: 'b-1', attempts: 1, waiting: true },
      { product_id: 'a-2', attempts: 0, waiting: false },
    ], "each key's head backs off");

    await db.query('UPDATE outbox SET next_attempt_at = now()');
    assert.equal(await relay.drain(), 3);
    assert.equal(bus.batches, 1);
    assert.deepEqual(bus.published, ['a-1', 'b-1', 'a-2']);
  });

  it('keeps per-key order across replicas: a later event waits while another replica is still publishing the earlier one', async () => {
    let releaseFirst!: () => void;
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstArrived!: () => void;
    const firstInFlight = new Promise<void>((resolve) => (firstArrived = resolve));
    const bus = new RecordingBus(async (productId) => {
      if (productId === 'a-1') {
        firstArrived();
        await firstReleased;
      }
    });
    const outbox = new Outbox('catalog');
    await db.transaction((tx) => outbox.add(tx, { type: 'product.changed', key: 'a', data: { productId: 'a-1' } }));
    const replicaA = new OutboxRelay(db, bus, testLogger);
    const replicaB = new OutboxRelay(db, bus, testLogger);
    const drainA = replicaA.drain();
    await firstInFlight;
    // Committed after replica A claimed its batch, so only replica B can see it.
    await db.transaction((tx) =>
      outbox.add(tx, { type: 'product.changed', key: 'a', data: { productId: 'a-2' } }, { type: 'product.changed', key: 'b', data: { productId: 'b-1' } }),
    );
    assert.equal(await replicaB.drain(), 1);
    assert.deepEqual(bus.published, ['b-1'], 'a-2 waits while a-1 is locked by replica A');

    releaseFirst();
    assert.equal(await drainA, 1);
    assert.equal(await replicaB.drain(), 1);
    assert.deepEqual(bus.published, ['b-1', 'a-1', 'a-2']);
  });

  it('publishes different keys side by side, each key in order: a slow publish of one aggregate holds up only that aggregate', async () => {
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    const bus = new RecordingBus(async (productId) => {
      if (productId === 's-1') await slowReleased;
    });
    const outbox = new Outbox('catalog');
    await db.transaction((tx) =>
      outbox.add(
        tx,
        { type: 'product.changed', key: 's', data: { productId: 's-1' } },
        { type: 'product.changed', key: 's', data: { productId: 's-2' } },
        ...Array.from({ length: 5 }, (_, index) => ({ type: 'product.changed', key: `k${index}`, data: { productId: `k${index}-1` } })),
        { type: 'product.changed', key: 'k0', data: { productId: 'k0-2' } },
      ),
    );
    const relay = new OutboxRelay(db, bus, testLogger, { keyConcurrency: 4 });
    const drained = relay.drain();
    await eventually(async () => bus.published.length === 6);
    assert.deepEqual([...bus.published].sort(), ['k0-1', 'k0-2', 'k1-1', 'k2-1', 'k3-1', 'k4-1'], 'every other key went out while s-1 was being published');
    assert.ok(bus.published.indexOf('k0-1') < bus.published.indexOf('k0-2'), 'a key keeps its order');
    releaseSlow();
    assert.equal(await drained, 8);
    assert.deepEqual(bus.published.slice(-2), ['s-1', 's-2']);
    assert.equal(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0]!.n), 0);
  });

  it('relays a burst of one aggregate in a single drain', async () => {
    const bus = new RecordingBus();
    const outbox = new Outbox('catalog');
    const burst = Array.from({ length: 5 }, (_, index) => ({ type: 'product.changed', key: 'c', data: { productId: `c-${index}` } }));
    await db.transaction((tx) => outbox.add(tx, ...burst));
    const relay = new OutboxRelay(db, bus, testLogger, { batchSize: 2 });
    assert.equal(await relay.drain(), 5);
    assert.deepEqual(bus.published, ['c-0', 'c-1', 'c-2', 'c-3', 'c-4']);
  });

  it('refuses to write an event type missing from the catalogue or with malformed data', async () => {
    const outbox = new Outbox('catalog');
    await assert.rejects(
      db.transaction((tx) => outbox.add(tx, { type: 'product.exploded', key: 'x', data: {} })),
      /not declared in the event catalogue/,
    );
    await assert.rejects(
      db.transaction((tx) => outbox.add(tx, { type: 'product.created', key: 'x', data: { productId: 42 } })),
      /product.created data is invalid/,
    );
    assert.equal((await db.query('SELECT * FROM outbox')).rowCount, 0);
  });

  it('holds events in the outbox until the embedded bus has started, and a drain waits for their consumers', async () => {
    const bus = await embeddedBus();
    const received: string[] = [];
    await bus.subscribe({ group: 'late', types: ['product.removed'], handler: async (event) => void received.push(event.key) });
    await db.transaction((tx) => new Outbox('catalog').add(tx, { type: 'product.removed', key: 'r1', data: { productId: 'r1' } }));
    const relay = new OutboxRelay(db, bus, testLogger, { baseBackoffMs: 1, maxBackoffMs: 1 });
    assert.equal(await relay.drain(), 0);
    await bus.start();
    await eventually(async () => (await relay.drain()) === 1);
    assert.deepEqual(received, ['r1'], 'handled by the time drain returns');
  });
});
