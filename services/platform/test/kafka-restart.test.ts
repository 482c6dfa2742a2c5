import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '../src/testing/skip';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../src/db/embedded';
import { createEnvelope, type EventEnvelope } from '../src/events/envelope';
import { KafkaEventBus, type KafkaBusLogger } from '../src/events/kafka-bus';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RUN_ID = randomUUID().slice(0, 8);
const WAIT_MS = 60_000;
const silent: KafkaBusLogger = { info() {}, warn() {}, error() {} };

// A broker of its own, restarted under the bus; it needs the broker's jars, which the run against
// the shared broker (TEST_KAFKA_BROKERS, started by scripts/infra.sh) has fetched.
const skip = !process.env.TEST_KAFKA_BROKERS
  ? 'TEST_KAFKA_BROKERS not set: the Kafka restart was not tested in this run'
  : !existsSync(path.join(ROOT, 'infra/kafka/lib'))
    ? 'the Kafka broker jars are not fetched (scripts/infra.sh kafka fetch): the Kafka restart was not tested in this run'
    : false;

async function until(description: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('KafkaEventBus across a broker restart', { skip: skipBecause(skip) }, () => {
  let runDir: string;
  let env: NodeJS.ProcessEnv;
  let brokers: string[];
  const infra = (action: string) => run('bash', [path.join(ROOT, 'scripts/infra.sh'), 'kafka', action, ...(action === 'start' ? ['--background'] : [])], { cwd: ROOT, env, timeout: 240_000 });

  beforeAll(async () => {
    runDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-kafka-restart-'));
    const [port, controllerPort] = [await freePort(), await freePort()];
    env = { ...process.env, INFRA_RUN_DIR: runDir, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(controllerPort) };
    brokers = [`127.0.0.1:${port}`];
    await infra('start');
  }, 300_000);

  afterAll(async () => {
    if (env) await infra('stop').catch(() => undefined);
    if (runDir) await rm(runDir, { recursive: true, force: true });
  });

  it('publishes and consumes again once the broker is back, and loses nothing it acknowledged', { timeout: 300_000 }, async () => {
    const type = `test${RUN_ID}.restart.broker`;
    const received: EventEnvelope[] = [];
    const bus = new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger: silent });
    try {
      await bus.subscribe({ group: `test-${RUN_ID}.restart-broker`, types: [type], handler: async (event) => { received.push(event); } });
      await bus.start();
      const before = createEnvelope('platform-test', { type, key: 'aggregate-1', data: { n: 1 } });
      await bus.publish(before);
      await until('the event before the restart', () => received.some((event) => event.id === before.id));

      await infra('restart');

      // As the outbox relay does: a publish that fails is tried again later, never hangs.
      const afterRestart = createEnvelope('platform-test', { type, key: 'aggregate-1', data: { n: 2 } });
      await until('a publish to succeed after the restart', () => bus.publish(afterRestart).then(() => true, () => false));
      await until('the event after the restart to be consumed', () => received.some((event) => event.id === afterRestart.id));
      assert.deepEqual([...new Set(received.map((event) => (event.data as { n: number }).n))], [1, 2]);
    } finally {
      await bus.stop();
    }
  });
});
