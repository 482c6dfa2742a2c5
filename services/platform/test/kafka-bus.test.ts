import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, type TestContext } from 'vitest';
import kafkajs from 'kafkajs';
import type { KafkaMessage } from 'kafkajs';
import { topicFor } from '../src/events/bus';
import { createEnvelope, type EventEnvelope } from '../src/events/envelope';
import {
  DEAD_LETTER_ATTEMPTS_HEADER,
  DEAD_LETTER_ERROR_HEADER,
  deadLetterTopicFor,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  KafkaEventBus,
  type KafkaBusLogger,
  type KafkaEventBusOptions,
} from '../src/events/kafka-bus';
import { skipBecause } from '../src/testing/skip';

const { Kafka, Partitioners, logLevel } = kafkajs;

const SKIP_REASON = 'TEST_KAFKA_BROKERS not set and no Docker engine for testcontainers: the Kafka bus was not tested in this run (scripts/infra.sh kafka start runs a broker)';
/** Bound on every wait for a delivery; a consumer group's first join takes a few seconds. */
const WAIT_MS = 30_000;
const TEST_TIMEOUT_MS = 90_000;

/** Unique per run, so topics and groups left on a shared Kafka never meet another run's. */
const RUN_ID = randomUUID().slice(0, 8);

const brokers = (process.env.TEST_KAFKA_BROKERS ?? '')
  .split(',')
  .map((broker) => broker.trim())
  .filter((broker) => broker !== '');

describe('KafkaEventBus', { skip: skipBecause(brokers.length > 0 ? false : SKIP_REASON) }, () => {
  function newBus(t: TestContext, options: Partial<KafkaEventBusOptions> = {}): { bus: KafkaEventBus; logger: RecordingLogger } {
    const logger = new RecordingLogger();
    const bus = new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger, ...options });
    t.onTestFinished(() => bus.stop());
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
    t.onTestFinished(() => consumer.disconnect());
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
    t.onTestFinished(() => producer.disconnect());
    await producer.connect();
    await producer.send({ topic: topicFor(type), messages: malformed.map((value) => ({ key, value })) });
    const valid = envelope(type, key, { n: 3 });
    await bus.publish(valid);

    await received.until('the valid event', (events) => events.some((e) => e.id === valid.id));
    assert.deepEqual(received.events, [valid]);
    const skipped = logger.entries.filter((entry) => entry.level === 'warn' && entry.message.startsWith('Skipped a malformed'));
    assert.equal(skipped.length, malformed.length);
  });

  it('creates its topics with the configured partition count', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { bus } = newBus(t, { topicPartitions: 4, replicationFactor: 1 });
    const type = uniqueType('partitions.checked');
    await bus.publish(envelope(type, 'aggregate-5', {}));
    const admin = rawKafka(brokers).admin();
    t.onTestFinished(() => admin.disconnect());
    await admin.connect();
    const { topics } = await admin.fetchTopicMetadata({ topics: [topicFor(type)] });
    assert.equal(topics[0]?.partitions.length, 4);
    assert.ok(topics[0]!.partitions.every((partition) => partition.replicas.length === 1));
  });

  it('moves a poison event to the dead-letter topic after the configured attempts, lets the partition move on, and re-drives it to that group only', { timeout: TEST_TIMEOUT_MS * 2 }, async (t) => {
    const { bus, logger } = newBus(t, { maxDeliveryAttempts: 3, topicPartitions: 1 });
    const type = uniqueType('poison.checked');
    const group = uniqueGroup('poison');
    const handled = new Received();
    const bystander = new Received();
    let poisonAttempts = 0;
    let fixed = false;
    await bus.subscribe({
      group,
      types: [type],
      handler: async (event) => {
        if ((event.data as { poison?: boolean }).poison && !fixed) {
          poisonAttempts += 1;
          throw new Error('cannot handle this one');
        }
        handled.add(event);
      },
    });
    await bus.subscribe({ group: uniqueGroup('bystander'), types: [type], handler: async (event) => bystander.add(event) });
    await bus.start();

    // One key, one partition: the event behind the poison waits for it.
    const poison = envelope(type, 'aggregate-6', { poison: true });
    const after = envelope(type, 'aggregate-6', { n: 2 });
    await bus.publish(poison);
    await bus.publish(after);
    await handled.until('the event behind the poison event', (events) => events.some((e) => e.id === after.id));
    assert.equal(poisonAttempts, 3);
    assert.deepEqual(handled.events.map((e) => e.id), [after.id]);
    const parked = logger.entries.filter((entry) => entry.level === 'error' && entry.fields['eventId'] === poison.id && entry.message.includes('dead-letter'));
    assert.equal(parked.length, 1);

    // The dead-letter topic holds the event as published, with the error and the attempts.
    const consumer = rawKafka(brokers).consumer({ groupId: uniqueGroup('dlq-reader') });
    t.onTestFinished(() => consumer.disconnect());
    await consumer.connect();
    await consumer.subscribe({ topics: [deadLetterTopicFor(group)], fromBeginning: true });
    const message = await within(
      new Promise<KafkaMessage>((resolve) => {
        void consumer.run({ eachMessage: async (payload) => resolve(payload.message) });
      }),
      WAIT_MS,
      'the dead-lettered message',
    );
    assert.deepEqual(JSON.parse(message.value!.toString()), poison);
    assert.equal(message.headers?.[EVENT_ID_HEADER]?.toString(), poison.id);
    assert.equal(message.headers?.[DEAD_LETTER_ATTEMPTS_HEADER]?.toString(), '3');
    assert.match(message.headers?.[DEAD_LETTER_ERROR_HEADER]?.toString() ?? '', /cannot handle this one/);

    // Once fixed, a re-drive hands it to the failing group and no other.
    await bystander.until('both events at the bystander', (events) => events.length >= 2);
    fixed = true;
    assert.equal(await bus.redrive(group), 1);
    await handled.until('the re-driven event', (events) => events.some((e) => e.id === poison.id));
    assert.equal(await bus.redrive(group), 0, 'a second re-drive finds nothing new');
    await bus.publish(envelope(type, 'aggregate-6', { marker: true }));
    await bystander.until('the marker at the bystander', (events) => events.length >= 3);
    assert.equal(bystander.events.filter((e) => e.id === poison.id).length, 1, 'the bystander does not get the re-driven copy');
  });

  it('keeps per-key order across partitions and a consumer restart, and loses nothing', { timeout: TEST_TIMEOUT_MS * 2 }, async (t) => {
    const type = uniqueType('restart.checked');
    const group = uniqueGroup('restart');
    const keys = ['k-1', 'k-2', 'k-3', 'k-4', 'k-5', 'k-6'];
    const received = new Received();
    const first = newBus(t, { topicPartitions: 3 }).bus;
    await first.subscribe({ group, types: [type], handler: async (event) => received.add(event) });
    await first.start();
    for (let seq = 0; seq < 5; seq += 1) for (const key of keys) await first.publish(envelope(type, key, { seq }));
    await received.until('the first half', (events) => events.length >= keys.length * 5);
    await first.stop();

    const publisher = newBus(t, { topicPartitions: 3 }).bus;
    for (let seq = 5; seq < 10; seq += 1) for (const key of keys) await publisher.publish(envelope(type, key, { seq }));
    const second = newBus(t).bus;
    await second.subscribe({ group, types: [type], handler: async (event) => received.add(event) });
    await second.start();
    await received.until('every event', (events) => new Set(events.map((e) => e.id)).size >= keys.length * 10);

    for (const key of keys) {
      // At least once: a redelivery after the restart may repeat, never reorder or skip.
      const sequence = received.events.filter((e) => e.key === key).map((e) => (e.data as { seq: number }).seq);
      const distinct = sequence.filter((seq, index) => index === 0 || seq !== sequence[index - 1]);
      assert.deepEqual(distinct, Array.from({ length: 10 }, (_, seq) => seq), `order of ${key}`);
    }
  });

  it('hands a member\'s partitions to the rest of its group when that member leaves, and loses nothing', { timeout: TEST_TIMEOUT_MS * 2 }, async (t) => {
    const type = uniqueType('rebalance.checked');
    const group = uniqueGroup('rebalance');
    const received = new Received();
    const members = [newBus(t, { topicPartitions: 4 }).bus, newBus(t, { topicPartitions: 4 }).bus];
    for (const member of members) {
      await member.subscribe({ group, types: [type], handler: async (event) => received.add(event) });
      await member.start();
    }
    const keys = Array.from({ length: 12 }, (_, index) => `member-key-${index}`);
    const publisher = newBus(t).bus;
    for (const key of keys) await publisher.publish(envelope(type, key, { seq: 0 }));
    await received.until('the first round', (events) => new Set(events.map((e) => e.id)).size >= keys.length);

    await members[0]!.stop();
    for (const key of keys) await publisher.publish(envelope(type, key, { seq: 1 }));
    await received.until('the second round, at the member left', (events) => new Set(events.map((e) => e.id)).size >= keys.length * 2);
    for (const key of keys) {
      assert.deepEqual([...new Set(received.events.filter((e) => e.key === key).map((e) => (e.data as { seq: number }).seq))], [0, 1], key);
    }
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
