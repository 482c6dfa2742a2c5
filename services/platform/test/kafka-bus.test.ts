import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it, type TestContext } from 'node:test';
import kafkajs from 'kafkajs';
import type { KafkaMessage } from 'kafkajs';
import { freePort } from '../src/db/embedded';
import { topicFor } from '../src/events/bus';
import { createEnvelope, type EventEnvelope } from '../src/events/envelope';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, KafkaEventBus, type KafkaBusLogger } from '../src/events/kafka-bus';
import { dockerUsable, removeContainer, startContainer } from '../src/testing/containers';

const { Kafka, Partitioners, logLevel } = kafkajs;

const KAFKA_IMAGE = 'apache/kafka:3.9.0';
const SKIP_REASON = 'no Kafka: set TEST_KAFKA_BROKERS or run where a Docker engine is available';
/** Bound on every wait for a delivery; a consumer group's first join takes a few seconds. */
const WAIT_MS = 30_000;
const TEST_TIMEOUT_MS = 90_000;
/** Startup of a container, including an image pull on a fresh machine. */
const CONTAINER_TIMEOUT_MS = 300_000;

/** Unique per run, so topics and groups left on a shared Kafka never meet another run's. */
const RUN_ID = randomUUID().slice(0, 8);

const configuredBrokers = (process.env.TEST_KAFKA_BROKERS ?? '')
  .split(',')
  .map((broker) => broker.trim())
  .filter((broker) => broker !== '');
const skip = configuredBrokers.length > 0 || dockerUsable() ? false : SKIP_REASON;

describe('KafkaEventBus', { skip }, () => {
  let brokers = configuredBrokers;
  let containerId: string | undefined;

  before(
    async () => {
      if (brokers.length > 0) return;
      const port = await freePort();
      const id = await startKafkaContainer(port);
      try {
        await waitForBroker([`127.0.0.1:${port}`], CONTAINER_TIMEOUT_MS);
      } catch (error) {
        await removeContainer(id);
        throw error;
      }
      containerId = id;
      brokers = [`127.0.0.1:${port}`];
    },
    { timeout: CONTAINER_TIMEOUT_MS },
  );

  after(async () => {
    if (containerId) await removeContainer(containerId);
  });

  function newBus(t: TestContext): { bus: KafkaEventBus; logger: RecordingLogger } {
    const logger = new RecordingLogger();
    const bus = new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger });
    t.after(() => bus.stop());
    return { bus, logger };
  }

  it('delivers a published event once to each subscribed group, as it was published', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { bus } = newBus(t);
    const type = uniqueType('delivery.checked');
    const received = { first: new Received(), second: new Received() };
    await bus.subscribe({ group: uniqueGroup('first'), types: [type], handler: async (event) => received.first.add(event) });
    await bus.subscribe({ group: uniqueGroup('second'), types: [type], handler: async (event) => received.second.add(event) });
    await bus.start();

    const event = envelope(type, 'aggregate-1', { title: 'Vol. 1', priceCents: 999 });
    // Same key, same partition: once the marker is delivered, every delivery of `event` has happened.
    const marker = envelope(type, 'aggregate-1', { marker: true });
    await bus.publish(event);
    await bus.publish(marker);

    for (const group of [received.first, received.second]) {
      await group.until('the marker event', (events) => events.some((e) => e.id === marker.id));
      assert.deepEqual(
        group.events.filter((e) => e.id === event.id),
        [event],
      );
    }
  });

  it('keys the message by aggregate id and carries the event id and type as headers', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { bus } = newBus(t);
    const type = uniqueType('headers.checked');
    const event = envelope(type, 'aggregate-7', { n: 7 });
    await bus.publish(event);

    const consumer = rawKafka(brokers).consumer({ groupId: uniqueGroup('raw') });
    t.after(() => consumer.disconnect());
    await consumer.connect();
    await consumer.subscribe({ topics: [topicFor(type)], fromBeginning: true });
    const message = await within(
      new Promise<KafkaMessage>((resolve) => {
        void consumer.run({ eachMessage: async (payload) => resolve(payload.message) });
      }),
      WAIT_MS,
      'the raw message',
    );

    assert.equal(message.key?.toString(), 'aggregate-7');
    assert.equal(message.headers?.[EVENT_ID_HEADER]?.toString(), event.id);
    assert.equal(message.headers?.[EVENT_TYPE_HEADER]?.toString(), event.type);
    assert.deepEqual(JSON.parse(message.value?.toString() ?? 'null'), event);
  });

  it('delivers an event again when its handler threw, until the handler succeeds', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { bus, logger } = newBus(t);
    const type = uniqueType('retry.checked');
    const handled = new Received();
    let attempts = 0;
    await bus.subscribe({
      group: uniqueGroup('retry'),
      types: [type],
      handler: async (event) => {
        attempts += 1;
        // A TypeError on its own would make kafkajs stop the group for good: the bus must still redeliver.
        if (attempts === 1) throw new TypeError('simulated failure on the first attempt');
        handled.add(event);
      },
    });
    await bus.start();

    const event = envelope(type, 'aggregate-2', { n: 2 });
    await bus.publish(event);
    await handled.until('the event to be handled', (events) => events.length > 0);

    assert.equal(attempts, 2);
    assert.deepEqual(handled.events, [event]);
    const failures = logger.entries.filter((entry) => entry.level === 'error' && entry.fields['eventId'] === event.id);
    assert.equal(failures.length, 1);
  });

  it('delivers the events of one key in the order they were published', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { bus } = newBus(t);
    const type = uniqueType('order.checked');
    const received = new Received();
    await bus.subscribe({ group: uniqueGroup('order'), types: [type], handler: async (event) => received.add(event) });
    await bus.start();

    const keys = ['aggregate-a', 'aggregate-b', 'aggregate-c'];
    const perKey = 10;
    for (let seq = 0; seq < perKey; seq += 1) {
      for (const key of keys) await bus.publish(envelope(type, key, { seq }));
    }
    await received.until(`${keys.length * perKey} events`, (events) => events.length >= keys.length * perKey);

    for (const key of keys) {
      const sequence = received.events.filter((e) => e.key === key).map((e) => (e.data as { seq: number }).seq);
      assert.deepEqual(sequence, Array.from({ length: perKey }, (_, seq) => seq), `order of ${key}`);
    }
  });

  it('skips malformed messages and delivers the valid event after them', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { bus, logger } = newBus(t);
    const type = uniqueType('malformed.checked');
    const received = new Received();
    await bus.subscribe({ group: uniqueGroup('malformed'), types: [type], handler: async (event) => received.add(event) });
    await bus.start();

    // The same key as the valid event puts them all on one partition, ahead of it.
    const key = 'aggregate-3';
    const malformed = ['not json', JSON.stringify({ data: { n: 1 } }), JSON.stringify({ id: randomUUID() }), null];
    const producer = rawKafka(brokers).producer({ createPartitioner: Partitioners.DefaultPartitioner });
    t.after(() => producer.disconnect());
    await producer.connect();
    await producer.send({ topic: topicFor(type), messages: malformed.map((value) => ({ key, value })) });
    const valid = envelope(type, key, { n: 3 });
    await bus.publish(valid);

    await received.until('the valid event', (events) => events.some((e) => e.id === valid.id));
    assert.deepEqual(received.events, [valid]);
    const skipped = logger.entries.filter((entry) => entry.level === 'warn' && entry.message.startsWith('Skipped a malformed'));
    assert.equal(skipped.length, malformed.length);
  });

  it('can be stopped twice, also concurrently, and refuses to publish once stopped', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { bus } = newBus(t);
    const type = uniqueType('stop.checked');
    const received = new Received();
    await bus.subscribe({ group: uniqueGroup('stop'), types: [type], handler: async (event) => received.add(event) });
    await bus.start();
    const event = envelope(type, 'aggregate-4', {});
    await bus.publish(event);
    await received.until('the event', (events) => events.length > 0);

    await Promise.all([bus.stop(), bus.stop()]);
    await bus.stop();
    await assert.rejects(bus.publish(envelope(type, 'aggregate-4', {})), /stopped/);
  });
});

function uniqueType(name: string): string {
  return `test${RUN_ID}.${name}`;
}

function uniqueGroup(name: string): string {
  return `test-${RUN_ID}.${name}`;
}

function envelope(type: string, key: string, data: unknown): EventEnvelope {
  return createEnvelope('platform-test', { type, key, data });
}

/** A kafkajs client for writing and reading raw messages, without the bus. */
function rawKafka(brokers: string[]) {
  return new Kafka({ brokers, clientId: `inkwell-test-raw-${RUN_ID}`, logLevel: logLevel.NOTHING });
}

interface LogEntry {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

class RecordingLogger implements KafkaBusLogger {
  readonly entries: LogEntry[] = [];

  info(fields: object, message = ''): void {
    this.entries.push({ level: 'info', fields: { ...fields }, message });
  }

  warn(fields: object, message = ''): void {
    this.entries.push({ level: 'warn', fields: { ...fields }, message });
  }

  error(fields: object, message = ''): void {
    this.entries.push({ level: 'error', fields: { ...fields }, message });
  }
}

/** The events one handler received, and a bounded wait for a condition on them. */
class Received {
  readonly events: EventEnvelope[] = [];
  private readonly listeners = new Set<() => void>();

  add(event: EventEnvelope): void {
    this.events.push(event);
    for (const listener of this.listeners) listener();
  }

  async until(description: string, done: (events: readonly EventEnvelope[]) => boolean): Promise<void> {
    let listener: (() => void) | undefined;
    const reached = new Promise<void>((resolve) => {
      listener = () => {
        if (done(this.events)) resolve();
      };
      this.listeners.add(listener);
      listener();
    });
    try {
      await within(reached, WAIT_MS, `${description} (received so far: ${this.events.length})`);
    } finally {
      if (listener) this.listeners.delete(listener);
    }
  }
}

/** Resolves as `promise` does, or fails naming what was awaited once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, description: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${description}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A single-node KRaft Kafka published on 127.0.0.1:`port`; returns the container id. */
async function startKafkaContainer(port: number): Promise<string> {
  const settings: Record<string, string> = {
    KAFKA_NODE_ID: '1',
    KAFKA_PROCESS_ROLES: 'broker,controller',
    KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
    KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
    KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
    KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
    KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
    KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    // Several partitions, so the per-key ordering case spreads keys over them.
    KAFKA_NUM_PARTITIONS: '3',
  };
  return startContainer({ name: `inkwell-test-kafka-${RUN_ID}`, image: KAFKA_IMAGE, hostPort: port, containerPort: 9092, env: settings, timeoutMs: CONTAINER_TIMEOUT_MS });
}

/** Waits until the broker answers metadata requests. */
async function waitForBroker(brokers: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const admin = new Kafka({ brokers, clientId: `inkwell-test-probe-${RUN_ID}`, logLevel: logLevel.NOTHING, retry: { retries: 0 } }).admin();
    try {
      await admin.connect();
      await admin.describeCluster();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Kafka at ${brokers.join(',')} was not ready within ${timeoutMs} ms: ${String(error)}`);
      // Polling interval while the broker boots, not an assertion.
      await delay(500);
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }
}
