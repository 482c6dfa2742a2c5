import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { register } from 'prom-client';
import type { DeadLetterList, RedriveResult, SystemStatus } from '@inkwell/contracts/dashboard-system';
import type { EventBus } from '../src/events/bus';
import { KafkaEventBus } from '../src/events/kafka-bus';
import type { ServiceDefinition } from '../src/service';
import { buildTestService, createTestEventBus, signTestToken, testLogger, type TestService } from '../src/testing';
import { skipBecause } from '../src/testing/skip';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUN_ID = randomUUID().slice(0, 8);
const brokers = (process.env.TEST_KAFKA_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);
/** Deliveries before a group gives an event up, in both drivers here. */
const MAX_ATTEMPTS = 3;
const GROUP = 'support.test-effects';
const BASE = '/api/dashboard/system/support';
const TIMEOUT_MS = 120_000;

/** What the test service's consumer does: fail with `error` while it is set, else record the event. */
interface ConsumerState {
  error: string | null;
}

/**
 * A service (named `support`, as the System area serves only real services) with one route that
 * writes an event through the outbox, one that fails, and one consumer group whose effect records
 * each event it handles in `effects` or fails as the test says.
 */
function testDefinition(state: ConsumerState): ServiceDefinition {
  return {
    name: 'support',
    migrationsDir: path.join(here, 'fixtures/system-area-migrations'),
    async setup({ db, outbox }) {
      return {
        async routes(app) {
          app.post('/api/test/publish', async () => {
            const [event] = await db.transaction((tx) => outbox.add(tx, { type: 'product.changed', key: `p-${randomUUID()}`, data: { productId: 'p-1' } }));
            return { id: event!.id };
          });
          app.get('/api/test/boom', async () => {
            throw new Error('SELECT password FROM secrets');
          });
        },
        subscriptions: [
          {
            group: 'test-effects',
            types: ['product.changed'],
            effect: async (tx, event) => {
              if (state.error) throw new Error(state.error);
              await tx.query('INSERT INTO effects (event_id) VALUES ($1)', [event.id]);
            },
          },
        ],
      };
    },
  };
}

/** Waits until `condition` holds, failing with `what` after a generous bound. */
async function eventually(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Driver {
  name: string;
  skip: string | false;
  bus(): Promise<EventBus & { close?(): Promise<void> }>;
}

const drivers: Driver[] = [
  { name: 'the embedded bus', skip: false, bus: () => createTestEventBus({ maxDeliveryAttempts: MAX_ATTEMPTS }) },
  {
    name: 'Kafka',
    skip: brokers.length > 0 ? false : 'TEST_KAFKA_BROKERS not set: the System area was not tested on Kafka in this run',
    bus: async () =>
      new KafkaEventBus({ brokers, clientId: `inkwell-test-${RUN_ID}`, logger: testLogger, namespace: `test-${RUN_ID}-${randomUUID().slice(0, 4)}.`, maxDeliveryAttempts: MAX_ATTEMPTS }),
  },
];

for (const driver of drivers) {
  describe(`the System area's dead letters and status on ${driver.name}`, { skip: skipBecause(driver.skip), timeout: TIMEOUT_MS }, () => {
    const state: ConsumerState = { error: null };
    let service: TestService<undefined, EventBus>;
    let bus: EventBus & { close?(): Promise<void> };
    let admin: string;
    let reader: string;

    beforeAll(async () => {
      bus = await driver.bus();
      service = await buildTestService(testDefinition(state), { bus });
      await bus.start();
      admin = await signTestToken({ userId: 'admin-7', email: 'ops@example.com', roles: ['admin'] });
      reader = await signTestToken({ userId: 'reader-1', roles: [] });
    }, TIMEOUT_MS);

    afterAll(async () => {
      await bus?.stop();
      await service?.close();
      await bus?.close?.();
    });

    const call = async <T>(method: 'GET' | 'POST', url: string, token: string | null = admin) => {
      const response = await service.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { statusCode: response.statusCode, body: response.json() as { status: { type: string; message?: string }; response: T } };
    };
    const publish = async () => (await service.app.inject({ method: 'POST', url: '/api/test/publish' })).json<{ id: string }>().id;
    const effects = async (eventId: string) => (await service.context.db.query('SELECT 1 FROM effects WHERE event_id = $1', [eventId])).rowCount ?? 0;
    const deadLetterRows = async () => (await service.context.db.query<{ id: string; event_id: string }>('SELECT id, event_id FROM dead_letters')).rows;
    const lastAction = async () =>
      (await service.context.db.query<{ actor_id: string; actor_email: string; action: string; target: string }>('SELECT * FROM staff_actions ORDER BY id DESC LIMIT 1')).rows[0];

    it('keeps an event the consumer gives up on, lists it, and re-drives it: failing again keeps it with the new error, fixed it is handled once', async () => {
      // Failed deliveries are counted per group for the process (both drivers' tests run in one).
      const before = await call<SystemStatus>('GET', `${BASE}/status`);
      const retriesBefore = before.body.response.consumers.find((consumer) => consumer.group === GROUP)!.retries;
      state.error = 'the mail server is down';
      const eventId = await publish();
      await service.relay.drain();
      await eventually('the dead letter', async () => (await deadLetterRows()).some((row) => row.event_id === eventId));
      assert.equal(await effects(eventId), 0);
      if ('deliveries' in bus) assert.deepEqual(await (bus as { deliveries(group: string): Promise<unknown[]> }).deliveries(GROUP), [], "the bus keeps no dead letter of its own");

      const status = await call<SystemStatus>('GET', `${BASE}/status`);
      assert.equal(status.statusCode, 200);
      assert.equal(status.body.response.service, 'support');
      assert.equal(status.body.response.ready, true, JSON.stringify(status.body.response.checks));
      assert.deepEqual(status.body.response.checks.map((check) => check.name).filter((name) => name !== 'cache'), ['database', 'events']);
      assert.equal(status.body.response.drivers.events, bus.driver);
      const group = status.body.response.consumers.find((consumer) => consumer.group === GROUP);
      assert.ok(group, 'the group is listed');
      assert.deepEqual(group.types, ['product.changed']);
      assert.equal(group.deadLetters, 1);
      assert.equal(group.retries - retriesBefore, MAX_ATTEMPTS, 'each failed delivery counted');
      assert.equal(typeof group.lag, 'number');
      const consumerError = status.body.response.lastErrors.find((error) => error.source === 'consumer');
      assert.equal(consumerError?.where, GROUP);
      assert.match(consumerError!.message, /the mail server is down/);
      assert.equal(status.body.response.outbox.backlog, 0);
      assert.equal(status.body.response.outbox.oldestAgeSeconds, null);

      const list = await call<DeadLetterList>('GET', `${BASE}/dead-letters`);
      assert.equal(list.statusCode, 200);
      assert.equal(list.body.response.total, 1);
      const [letter] = list.body.response.items;
      assert.equal(letter!.eventId, eventId);
      assert.equal(letter!.group, GROUP);
      assert.equal(letter!.eventType, 'product.changed');
      assert.equal(letter!.attempts, MAX_ATTEMPTS);
      assert.equal(letter!.error, 'Error: the mail server is down');

      // Re-driven while the cause is still there: kept, with the new error and one more attempt.
      state.error = 'the mail server is still down';
      const failed = await call<RedriveResult>('POST', `${BASE}/dead-letters/${letter!.id}/redrive`);
      assert.equal(failed.statusCode, 200);
      assert.equal(failed.body.response.outcome, 'failed');
      assert.equal(failed.body.response.deadLetter?.id, letter!.id);
      assert.equal(failed.body.response.deadLetter?.error, 'Error: the mail server is still down');
      assert.equal(failed.body.response.deadLetter?.attempts, MAX_ATTEMPTS + 1);
      assert.equal((await deadLetterRows()).length, 1, 'nothing lost');
      assert.equal(await effects(eventId), 0);
      const failedAction = await lastAction();
      assert.deepEqual([failedAction?.action, failedAction?.actor_id, failedAction?.actor_email], ['dead-letter.redrive-failed', 'admin-7', 'ops@example.com']);

      // Fixed: handled once, the dead letter gone, the re-drive recorded.
      state.error = null;
      const handled = await call<RedriveResult>('POST', `${BASE}/dead-letters/${letter!.id}/redrive`);
      assert.deepEqual(handled.body.response, { outcome: 'handled', deadLetter: null });
      assert.equal(await effects(eventId), 1);
      assert.deepEqual(await deadLetterRows(), []);
      const action = await lastAction();
      assert.equal(action?.action, 'dead-letter.redriven');
      assert.equal(action?.actor_id, 'admin-7');
      assert.match(action!.target, new RegExp(`${GROUP}.*${eventId}`));

      const again = await call<null>('POST', `${BASE}/dead-letters/${letter!.id}/redrive`);
      assert.equal(again.statusCode, 404);
      assert.equal(again.body.status.type, 'NotFound');
      assert.equal(await effects(eventId), 1, 'no second effect');

      const after = await call<SystemStatus>('GET', `${BASE}/status`);
      assert.equal(after.body.response.consumers.find((consumer) => consumer.group === GROUP)?.deadLetters, 0);
      assert.deepEqual(
        after.body.response.lastActions.slice(0, 2).map(({ action, actorId, actorEmail }) => ({ action, actorId, actorEmail })),
        [
          { action: 'dead-letter.redriven', actorId: 'admin-7', actorEmail: 'ops@example.com' },
          { action: 'dead-letter.redrive-failed', actorId: 'admin-7', actorEmail: 'ops@example.com' },
        ],
      );
    });

    it('delivers an event that succeeds once, without a dead letter', async () => {
      state.error = null;
      const eventId = await publish();
      await service.relay.drain();
      await eventually('the effect', async () => (await effects(eventId)) === 1);
      assert.equal((await deadLetterRows()).length, 0);
    });

    it("lists a 500 among the last errors with its route template and request id, never the error's text", async () => {
      const response = await service.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'req-boom-1' } });
      assert.equal(response.statusCode, 500);
      const status = await call<SystemStatus>('GET', `${BASE}/status`);
      const entry = status.body.response.lastErrors.find((error) => error.source === 'http');
      assert.deepEqual({ ...entry, at: undefined, traceId: undefined }, {
        at: undefined,
        traceId: undefined,
        source: 'http',
        requestId: 'req-boom-1',
        where: 'GET /api/test/boom',
        status: 500,
        message: 'Unhandled Error',
      });
      assert.doesNotMatch(JSON.stringify(status.body.response.lastErrors), /password|SELECT/);
    });

    it('answers 401 to anonymous callers and 403 to readers on every call, 400 for an id that is not a whole number and 404 for an unknown one', async () => {
      for (const [method, url] of [
        ['GET', `${BASE}/status`],
        ['GET', `${BASE}/dead-letters`],
        ['POST', `${BASE}/dead-letters/1/redrive`],
      ] as const) {
        const anonymous = await call<null>(method, url, null);
        assert.equal(anonymous.statusCode, 401, `${method} ${url}`);
        assert.equal(anonymous.body.response, null);
        const refused = await call<null>(method, url, reader);
        assert.equal(refused.statusCode, 403, `${method} ${url}`);
        assert.equal(refused.body.response, null);
      }
      for (const id of ['abc', '1.5', '0', '-3', '99999999999999999999']) {
        const bad = await call<null>('POST', `${BASE}/dead-letters/${id}/redrive`);
        assert.equal(bad.statusCode, 400, id);
        assert.equal(bad.body.status.type, 'BadRequest');
        assert.match(bad.body.status.message!, /dead letter id is a whole number/);
      }
      const unknown = await call<null>('POST', `${BASE}/dead-letters/424242/redrive`);
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.body.status.type, 'NotFound');
      assert.match(unknown.body.status.message!, /no dead letter 424242/);
    });

    it('publishes the outbox and consumer metrics of the service and its group', async () => {
      const eventId = await publish();
      await service.relay.drain();
      await eventually('the effect', async () => (await effects(eventId)) === 1);
      const metrics = await register.metrics();
      assert.match(metrics, /^inkwell_outbox_backlog\{service="support"\} 0$/m);
      assert.match(metrics, /^inkwell_outbox_oldest_age_seconds\{service="support"\} 0$/m);
      assert.match(metrics, /^inkwell_outbox_published_total\{service="support"\} [1-9]/m);
      assert.match(metrics, new RegExp(`^inkwell_consumer_handled_total\\{group="${GROUP}"\\} [1-9]`, 'm'));
      assert.match(metrics, new RegExp(`^inkwell_consumer_retries_total\\{group="${GROUP}"\\} \\d+$`, 'm'));
      assert.match(metrics, new RegExp(`^inkwell_consumer_duration_seconds_count\\{group="${GROUP}"\\} [1-9]`, 'm'));
      assert.match(metrics, new RegExp(`^inkwell_dead_letters\\{group="${GROUP}"\\} 0$`, 'm'));
      assert.match(metrics, new RegExp(`^inkwell_consumer_lag\\{group="${GROUP}"\\} \\d+$`, 'm'));
    });

    it('keeps no trace context in the outbox while tracing is off', async () => {
      const eventId = await publish();
      const { rows } = await service.context.db.query<{ trace_context: string | null }>('SELECT trace_context FROM outbox WHERE id = $1', [eventId]);
      assert.equal(rows[0]!.trace_context, null);
      await service.relay.drain();
      await eventually('the effect', async () => (await effects(eventId)) === 1);
    });

    it('follows one trace from the request that wrote the event, through its publish, into the consumer', async () => {
      const exporter = new InMemorySpanExporter();
      const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
      provider.register();
      try {
        const tracer = trace.getTracer('test');
        const request = tracer.startSpan('test request', { kind: SpanKind.CLIENT });
        const requestContext = trace.setSpan(context.active(), request);
        const headers: Record<string, string> = {};
        propagation.inject(requestContext, headers);
        const eventId = await context.with(requestContext, async () => (await service.app.inject({ method: 'POST', url: '/api/test/publish', headers })).json<{ id: string }>().id);
        request.end();
        const traceId = request.spanContext().traceId;

        const { rows } = await service.context.db.query<{ trace_context: string | null }>('SELECT trace_context FROM outbox WHERE id = $1', [eventId]);
        const stored = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(rows[0]!.trace_context ?? '');
        assert.ok(stored, `a traceparent is kept with the row: ${rows[0]!.trace_context}`);
        assert.equal(stored[1], traceId);

        await service.relay.drain();
        await eventually('the effect', async () => (await effects(eventId)) === 1);
        const spans = () => exporter.getFinishedSpans().filter((span) => span.attributes['messaging.message.id'] === eventId);
        await eventually('the consumer span', async () => spans().some((span) => span.kind === SpanKind.CONSUMER));
        const publishSpan = spans().find((span) => span.kind === SpanKind.PRODUCER) as ReadableSpan;
        const consumerSpan = spans().find((span) => span.kind === SpanKind.CONSUMER) as ReadableSpan;
        assert.equal(publishSpan.name, 'publish product.changed');
        assert.equal(publishSpan.spanContext().traceId, traceId);
        assert.equal(publishSpan.parentSpanContext?.spanId, stored[2], 'the publish continues the span that wrote the row');
        assert.equal(consumerSpan.name, 'process product.changed');
        assert.equal(consumerSpan.spanContext().traceId, traceId);
        assert.equal(consumerSpan.parentSpanContext?.spanId, publishSpan.spanContext().spanId, "the consumer's span is the publish span's child");
        assert.equal(consumerSpan.attributes['messaging.consumer.group.name'], GROUP);
      } finally {
        await provider.shutdown();
        trace.disable();
        propagation.disable();
        context.disable();
      }
    });
  });
}
