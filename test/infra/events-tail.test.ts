/**
 * `npm run events:tail -- <type> [--from-beginning]` (scripts/events-tail.ts): its command line, its
 * message without KAFKA_BROKERS, and, against the real broker of TEST_KAFKA_BROKERS (scripts/infra.sh
 * kafka start), that it prints the events of its type, one envelope per line, with a group of its own.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, test } from 'vitest';
import { createEnvelope, loadKafkaSettings } from '@inkwell/platform';
import { skipBecause, testLogger } from '@inkwell/platform/testing';
import { KafkaEventBus } from '../../services/platform/src/events/kafka-bus';
import { parseTailArgs, TAIL_USAGE, tailEvents } from '../../scripts/events-tail';

const run = promisify(execFile);
const brokers = (process.env.TEST_KAFKA_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);

describe('events:tail command line', () => {
  test('takes one catalogue event type and --from-beginning', () => {
    assert.deepEqual(parseTailArgs(['order.completed']), { type: 'order.completed', fromBeginning: false });
    assert.deepEqual(parseTailArgs(['--from-beginning', 'cart.updated']), { type: 'cart.updated', fromBeginning: true });
  });

  test('refuses no type, two types, an unknown option and a type not in the catalogue', () => {
    assert.deepEqual(parseTailArgs([]), { error: TAIL_USAGE });
    assert.match((parseTailArgs(['order.placed', 'order.completed']) as { error: string }).error, /^One event type at a time \(got order\.placed and order\.completed\)/);
    assert.match((parseTailArgs(['order.placed', '--follow']) as { error: string }).error, /^Unknown option --follow\./);
    assert.match((parseTailArgs(['order.paid']) as { error: string }).error, /^order\.paid is not an event type of the catalogue\. Known types: .*order\.placed/);
  });

  test('without KAFKA_BROKERS it says so and exits 2', async () => {
    const env = { ...process.env };
    delete env.KAFKA_BROKERS;
    const failure = await run('npx', ['tsx', 'scripts/events-tail.ts', 'order.completed'], { env }).then(
      () => assert.fail('events:tail ran without KAFKA_BROKERS'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failure.code, 2);
    assert.match(failure.stderr, /^KAFKA_BROKERS is not set/);
  });

  test('a bad type exits 2 before touching Kafka', async () => {
    const failure = await run('npx', ['tsx', 'scripts/events-tail.ts', 'nope'], { env: { ...process.env, KAFKA_BROKERS: '127.0.0.1:1' } }).then(
      () => assert.fail('events:tail accepted an unknown type'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failure.code, 2);
    assert.match(failure.stderr, /nope is not an event type of the catalogue/);
  });
});

describe('events:tail on Kafka', () => {
  test(
    'prints the events of its type from the beginning, one envelope per line, and not those of other types',
    { skip: skipBecause(brokers.length > 0 ? false : 'TEST_KAFKA_BROKERS not set: events:tail was not run against a broker in this run') },
    async () => {
      const namespace = `test-${randomUUID().slice(0, 8)}.`;
      const settings = loadKafkaSettings({ KAFKA_BROKERS: brokers.join(','), KAFKA_NAMESPACE: namespace })!;
      const bus = new KafkaEventBus({ brokers, clientId: 'inkwell-test-tail', logger: testLogger, namespace });
      const completed = createEnvelope('order', { type: 'order.completed', key: 'o-1', data: { orderId: 'o-1', total: { cents: 499, currency: 'EUR' }, items: [] } });
      const placed = createEnvelope('order', { type: 'order.placed', key: 'o-2', data: { orderId: 'o-2' } });
      const later = createEnvelope('order', { type: 'order.completed', key: 'o-3', data: { orderId: 'o-3', total: { cents: 0, currency: 'EUR' }, items: [] } });
      try {
        await bus.publish(completed);
        await bus.publish(placed);
        const lines: string[] = [];
        let seen: () => void = () => undefined;
        const both = new Promise<void>((resolve) => {
          seen = resolve;
        });
        const tail = await tailEvents(settings, { type: 'order.completed', fromBeginning: true }, (line) => {
          lines.push(line);
          if (lines.length === 2) seen();
        });
        try {
          await bus.publish(later);
          await both;
        } finally {
          await tail.stop();
        }
        assert.deepEqual(lines.map((line) => JSON.parse(line)), [completed, later]);
        for (const line of lines) assert.ok(!line.includes('\n'));
      } finally {
        await bus.stop();
      }
    },
  );
});
