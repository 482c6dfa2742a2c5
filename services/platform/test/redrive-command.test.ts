import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, it } from 'vitest';
import { skipBecause } from '../src/testing/skip';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createEnvelope, type EventEnvelope } from '../src/events/envelope';
import { KafkaEventBus, type KafkaBusLogger } from '../src/events/kafka-bus';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const brokers = (process.env.TEST_KAFKA_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);
const RUN_ID = randomUUID().slice(0, 8);
const WAIT_MS = 30_000;
const silent: KafkaBusLogger = { info() {}, warn() {}, error() {} };

/** Remembers the ids of the events the bus reports it dead-lettered. */
function deadLetterLog(): { logger: KafkaBusLogger; parked: Set<string> } {
  const parked = new Set<string>();
  return {
    parked,
    logger: {
      ...silent,
      error(fields: object, message?: string) {
        const { eventId } = fields as { eventId?: string };
        if (eventId && message?.includes('dead-letter topic')) parked.add(eventId);
      },
    },
  };
}

/** Polls `done` until it holds, failing with `description` after WAIT_MS. */
async function until(description: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run events:redrive', { skip: skipBecause(brokers.length > 0 ? false : 'TEST_KAFKA_BROKERS not set: the re-drive command was not tested in this run') }, () => {
  it('sends a group its dead-lettered events back, once, and refuses to run without a group', { timeout: 120_000 }, async () => {
    const type = `test${RUN_ID}.redrive.command`;
    const group = `test-${RUN_ID}.redrive-command`;
    const poison = createEnvelope('platform-test', { type, key: 'aggregate-1', data: { n: 1 } });

    // A handler that always fails: after one delivery the event is parked.
    const { logger, parked } = deadLetterLog();
    const failing = new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger, maxDeliveryAttempts: 1 });
    try {
      await failing.subscribe({ group, types: [type], handler: async () => { throw new Error('not yet'); } });
      await failing.start();
      await failing.publish(poison);
      await until('the event to be dead-lettered', () => parked.has(poison.id));
    } finally {
      await failing.stop();
    }

    const env = { ...process.env, KAFKA_BROKERS: brokers.join(','), LOG_LEVEL: 'silent' };
    const command = ['--import', 'tsx', path.join(ROOT, 'scripts/redrive-events.ts')];
    const { stdout } = await run(process.execPath, [...command, group], { cwd: ROOT, env });
    assert.match(stdout, /Re-drove 1 dead-lettered event\(s\) to /);
    assert.match((await run(process.execPath, [...command, group], { cwd: ROOT, env })).stdout, /Re-drove 0 /, 'nothing twice');

    const received: EventEnvelope[] = [];
    const fixed = new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger: silent });
    try {
      await fixed.subscribe({ group, types: [type], handler: async (event) => { received.push(event); } });
      await fixed.start();
      await until('the re-driven event', () => received.some((event) => event.id === poison.id));
    } finally {
      await fixed.stop();
    }
    assert.deepEqual(received.filter((event) => event.id === poison.id), [poison]);

    // Without KAFKA_BROKERS the command re-drives the embedded bus instead (in-process-bus.test.ts).
    await assert.rejects(run(process.execPath, command, { cwd: ROOT, env }), (error: { code: number; stderr: string }) => error.code === 2 && /Usage: npm run events:redrive/.test(error.stderr));
  });
});
