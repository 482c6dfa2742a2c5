import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, it } from 'vitest';
import type { DeadLetter, EventBus } from '../src/events/bus';
import { createEnvelope, type EventEnvelope } from '../src/events/envelope';
import { KafkaEventBus } from '../src/events/kafka-bus';
import { createTestEventBus, testLogger, type TestEventBus } from '../src/testing';
import { skipBecause } from '../src/testing/skip';

const RUN_ID = randomUUID().slice(0, 8);
const brokers = (process.env.TEST_KAFKA_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);
const MAX_ATTEMPTS = 2;
const KAFKA_NAMESPACE = `test-${RUN_ID}.`;
const TIMEOUT_MS = 120_000;

/** Waits until `condition` holds, failing with `what` after a generous bound. */
async function eventually(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Driver {
  name: string;
  skip: string | false;
  /** A bus whose groups give an event up after MAX_ATTEMPTS deliveries, and the event type to use on it. */
  bus(): Promise<{ bus: EventBus; type: string; close(): Promise<void> }>;
  /** How many of `group`'s dead letters the bus keeps itself. */
  ownDeadLetters(bus: EventBus, group: string): Promise<number>;
}

const drivers: Driver[] = [
  {
    name: 'the embedded bus',
    skip: false,
    async bus() {
      const bus = await createTestEventBus({ maxDeliveryAttempts: MAX_ATTEMPTS });
      return { bus, type: 'product.changed', close: () => bus.close() };
    },
    ownDeadLetters: async (bus, group) => (await (bus as TestEventBus).deliveries(group)).filter((delivery) => delivery.dead).length,
  },
  {
    name: 'Kafka',
    skip: brokers.length > 0 ? false : 'TEST_KAFKA_BROKERS not set: the dead-letter hook was not tested on Kafka in this run',
    async bus() {
      const bus = new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger: testLogger, namespace: KAFKA_NAMESPACE, maxDeliveryAttempts: MAX_ATTEMPTS });
      return { bus, type: `test${RUN_ID}.hook.${randomUUID().slice(0, 4)}`, close: () => bus.stop() };
    },
    // The dead-letter topic's messages, moved back by another client (the group's bus is stopped by then).
    async ownDeadLetters(_bus, group) {
      const other = new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger: testLogger, namespace: KAFKA_NAMESPACE });
      try {
        return await other.redrive(group);
      } finally {
        await other.stop();
      }
    },
  },
];

for (const driver of drivers) {
  describe(`the dead-letter hook of a subscription on ${driver.name}`, { skip: skipBecause(driver.skip), timeout: TIMEOUT_MS }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** A group whose handler fails on events with `poison` in their data, with `deadLetter` as its hook. */
    async function poisoned(deadLetter: (letter: DeadLetter) => Promise<void>) {
      const { bus, type, close } = await driver.bus();
      cleanups.push(close);
      const group = `test-${RUN_ID}.hook-${randomUUID().slice(0, 6)}`;
      const handled: string[] = [];
      await bus.subscribe({
        group,
        types: [type],
        handler: async (event) => {
          if ((event.data as { poison?: boolean }).poison) throw new Error('cannot handle this one');
          handled.push(event.id);
        },
        deadLetter,
      });
      await bus.start();
      const event = (data: object): EventEnvelope => createEnvelope('catalog', { type, key: 'aggregate-1', data: { productId: 'p-1', ...data } });
      return { bus, group, handled, event };
    }

    it("hands an event it gives up on to the group's hook once, and keeps none of its own", async () => {
      const letters: DeadLetter[] = [];
      const { bus, group, handled, event } = await poisoned(async (letter) => {
        letters.push(letter);
      });
      const poison = event({ poison: true });
      const after = event({});
      await bus.publish(poison);
      await bus.publish(after);
      await eventually('the event behind the poison one', () => handled.includes(after.id));
      assert.equal(letters.length, 1);
      assert.deepEqual(letters[0]!.event, poison);
      assert.equal(letters[0]!.error, 'Error: cannot handle this one');
      assert.equal(letters[0]!.attempts, MAX_ATTEMPTS);
      await bus.stop();
      assert.equal(await driver.ownDeadLetters(bus, group), 0);
    });

    it('keeps the dead letter itself when the hook fails', async () => {
      let hookCalls = 0;
      const { bus, group, handled, event } = await poisoned(async () => {
        hookCalls += 1;
        throw new Error("the service's database is away");
      });
      const poison = event({ poison: true });
      const after = event({});
      await bus.publish(poison);
      await bus.publish(after);
      await eventually('the event behind the poison one', () => handled.includes(after.id));
      assert.equal(hookCalls, 1);
      await bus.stop();
      assert.equal(await driver.ownDeadLetters(bus, group), 1);
    });
  });
}
