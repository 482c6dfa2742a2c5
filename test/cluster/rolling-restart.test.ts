import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createLogger, type ServiceName } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import { startCluster, type Cluster } from '../../scripts/cluster';
import { createProduct } from '../../services/catalog/test/factories';
import { deleteNamespace, serviceDatabases, waitFor as waitUntil } from './support';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const databaseUrl = process.env.TEST_DATABASE_URL;
const kafkaBrokers = process.env.TEST_KAFKA_BROKERS;
const redisUrl = process.env.TEST_REDIS_URL;
const skip = databaseUrl && kafkaBrokers ? false : 'TEST_KAFKA_BROKERS (and TEST_DATABASE_URL) not set: the cluster of two processes per service was not started in this run';

const RUN = randomBytes(4).toString('hex');
const REPLICAS = 2;
/** Shoppers at once, each going round its journey until every replica has been restarted. */
const SHOPPERS = 3;
/** Each call's own bound: a call that gets no answer in this time counts as failed. */
const CALL_TIMEOUT_MS = 30_000;
/** How long a paid purchase may take to complete, and the events to reach their consumers, once the shoppers are done. */
const SETTLE_MS = 180_000;
const POLL_MS = 500;
/** Waits as the shared `waitFor` does, within this file's bound. */
const waitFor = <T>(what: string, probe: (seen: { last?: unknown }) => Promise<T | undefined>) => waitUntil(what, probe, { timeoutMs: SETTLE_MS, pollMs: POLL_MS });
const TEST_TIMEOUT_MS = 1_800_000;

/** A call that did not get the answer it should have: a 5xx, an unexpected status, or no answer at all. */
interface Failure {
  call: string;
  got: string;
}

/**
 * A zero-downtime rollout on one machine: every service runs as two processes (as a Deployment's
 * two replicas), and while shoppers browse, sign up, log in, fill carts and check out through the
 * gateway, every service process is stopped with SIGTERM (a graceful shutdown, as Kubernetes does)
 * and started again, one at a time, each back and ready before the next goes. No shopper's call
 * may fail: no 5xx, no refused or cut connection, every answer the one the call should get (a
 * 4xx only where it is expected). Afterwards, from the services' own databases: every event of the
 * run reached each consumer group once, with exactly its effect (a library entry per bought item,
 * one confirmation email per order, one welcome email per account, one analytics record per event).
 */
describe('rolling restart of every service process under load', { skip: skipBecause(skip) }, () => {
  const name = `rolling_${RUN}`;
  const logger = createLogger('rolling-restart', 'silent');
  let cluster: Cluster | undefined;
  let dataDir: string;
  let failed = false;
  const { db, close: closeDatabases } = serviceDatabases(() => cluster, logger);
  const products: Array<{ id: number; variantId: number; url: string }> = [];

  let requests = 0;
  const failures: Failure[] = [];

  /**
   * One call through the gateway, once: an answer other than `expected` (or none) is a failure,
   * recorded for the final assertion, and the journey it belongs to stops there.
   */
  async function call(method: string, route: string, expected: number, { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Json> {
    requests += 1;
    const what = `${method} ${route.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`;
    let got: string;
    try {
      const response = await fetch(cluster!.url + route, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status === expected) return text ? JSON.parse(text) : undefined;
      got = `${response.status} ${text.slice(0, 300)}`;
    } catch (error) {
      got = `no answer: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`;
    }
    failures.push({ call: what, got });
    throw new Error(`${what}: ${got}`);
  }

  /** A new shopper: browses, signs up, logs in, puts a comic in a cart and buys it with a card that pays. */
  async function journey(shopper: number, round: number): Promise<void> {
    const email = `rolling-${RUN}-${shopper}-${round}@example.com`;
    const password = 'a long shopper password';
    const product = products[(shopper + round) % products.length]!;
    await call('GET', '/api/home/V2', 200);
    await call('GET', `/api/product/${product.url}`, 200);
    await call('GET', `/api/product/no-such-comic-${RUN}`, 404);
    await call('POST', '/api/account/signupCustomerV2', 200, { body: { email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') } });
    const token: string = (await call('POST', '/api/account/token', 200, { body: { UserName: email, Password: password } })).response.access_token;
    const cartId = randomUUID();
    await call('PATCH', `/api/cart/${cartId}`, 200, { token, body: { productId: product.id, VariantId: product.variantId, Amount: 1 } });
    await call('GET', `/api/cart/${cartId}`, 200, { token });
    const address = { firstName: 'Rolling', surName: 'Shopper', country: 'US', address: '1 Main Street', locality: 'Beverly Hills', postalCode: '90210', administrativeArea: 'CA', phoneNumber: '+1 310 555 0100', email };
    const purchaseId: string = (await call('POST', '/api/purchase-request', 200, { token, body: { cartId, billingAddress: address, shippingAddress: address, paymentMethod: 'Card' } })).response.id;
    await call('POST', '/api/order/purchase', 200, { token, headers: { 'idempotency-key': randomUUID() }, body: { purchaseId, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' } });
    for (const deadline = Date.now() + SETTLE_MS; ; ) {
      const state = (await call('GET', `/api/order/purchase/${purchaseId}`, 200, { token })).response.state;
      if (state === 'Completed') break;
      if (Date.now() > deadline || ['Failed', 'Compensated', 'Quoted'].includes(state)) {
        failures.push({ call: `purchase ${purchaseId}`, got: `ended ${state}, not Completed` });
        return;
      }
      await delay(POLL_MS);
    }
    await call('GET', '/api/mycomics', 200, { token });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-rolling-'));
    cluster = await startCluster({
      name,
      databaseUrl: databaseUrl!,
      kafkaBrokers: kafkaBrokers!,
      ...(redisUrl ? { redisUrl } : {}),
      dataDir,
      ephemeral: true,
      replicas: REPLICAS,
      env: {
        LOG_LEVEL: 'warn',
        // A partition per replica, so both processes of a service consume.
        KAFKA_TOPIC_PARTITIONS: String(REPLICAS),
        // Every shopper comes from 127.0.0.1: the per-address limit is not under test here.
        RATE_LIMIT_MAX: '1000000',
      },
    });
    for (let n = 1; n <= 4; n++) {
      const url = `rolling-volume-${n}`;
      const id = await createProduct(db('catalog'), { name: `Rolling Thunder, Vol. ${n}`, readableUrl: url, variants: [{ type: 'Digital', priceCents: 300 + n * 100 }] });
      const { rows } = await db('catalog').query<{ id: string }>('SELECT id FROM variants WHERE product_id = $1', [id]);
      products.push({ id, variantId: Number(rows[0]!.id), url });
    }
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    if (failed && cluster) console.error(`Logs of the cluster's processes:\n${await cluster.logTails(60)}`);
    await cluster?.stop();
    await closeDatabases();
    if (kafkaBrokers) await deleteNamespace(kafkaBrokers.split(','), `${name}.`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (cluster && !failed) await rm(cluster.logDir, { recursive: true, force: true });
  }, TEST_TIMEOUT_MS);

  it('restarts every service process one at a time with SIGTERM while shoppers buy: no call fails, every event is handled once', { timeout: TEST_TIMEOUT_MS }, async () => {
    try {
      // The rollout: each replica of each service in turn, stopped gracefully and back before the next.
      const services = cluster!.processes.filter((entry) => entry.workload !== 'gateway').map((entry) => entry.name);
      const restarted: string[] = [];
      const endings: string[] = [];
      let rolling = true;
      const rollout = (async () => {
        try {
          await delay(3_000);
          for (const processName of services) {
            endings.push(`${processName}: ${await cluster!.kill(processName, 'SIGTERM')}`);
            await cluster!.restart(processName);
            restarted.push(processName);
          }
        } finally {
          rolling = false;
        }
      })();

      let journeys = 0;
      await Promise.all(
        Array.from({ length: SHOPPERS }, async (_, shopper) => {
          for (let round = 0; round === 0 || rolling; round++) {
            journeys += 1;
            // A failed call is recorded; the shopper goes on with a new journey.
            await journey(shopper, round).catch(() => undefined);
          }
        }),
      );
      await rollout;
      assert.deepEqual(restarted, services, 'every service process was restarted');
      assert.deepEqual(endings, services.map((processName) => `${processName}: exit code 0`), 'every process stopped by SIGTERM exited by itself, with 0');

      assert.deepEqual(failures, [], `${failures.length} of ${requests} calls failed`);

      // The run's events (its shoppers'), once their producers' relays have published every one of them.
      const events = (service: ServiceName, types: string[], shoppers: string, like: string | string[]) =>
        waitFor(`${service} publishes the run's ${types.join(', ')}`, async () => {
          const { rows } = await db(service).query<{ id: string; type: string; data: Json; published: boolean }>(
            `SELECT id, type, data, published_at IS NOT NULL AS published FROM outbox WHERE type = ANY($1) AND ${shoppers}`,
            [types, like],
          );
          return rows.every((row) => row.published) ? rows : undefined;
        });
      const accountsCreated = await events('account', ['account.created'], "data->>'email' LIKE $2", `rolling-${RUN}-%`);
      const userIds = accountsCreated.map((event) => event.data.userId as string);
      const orderEvents = await events('order', ['order.placed', 'order.completed'], "data->>'userId' = ANY($2)", userIds);
      const placed = orderEvents.filter((event) => event.type === 'order.placed');
      const completed = orderEvents.filter((event) => event.type === 'order.completed');
      assert.equal(accountsCreated.length, journeys, 'an account per journey');

      // Every purchase of the run completed, as one order.
      const { rows: purchases } = await db('order').query<{ id: string; state: string }>('SELECT id, state FROM purchases WHERE user_id = ANY($1)', [userIds]);
      assert.equal(purchases.length, journeys, 'a purchase per journey');
      assert.deepEqual(purchases.filter((purchase) => purchase.state !== 'Completed'), [], 'every purchase completed');
      assert.deepEqual(placed.map((event) => event.data.purchaseId).sort(), purchases.map((purchase) => purchase.id).sort(), 'an order placed per purchase');
      assert.deepEqual(completed.map((event) => event.data.orderId).sort(), placed.map((event) => event.data.orderId).sort(), 'every order completed');

      // Each consumer group has handled each event once (its inbox holds one row per event at most).
      const expectations: Array<[ServiceName, string, Array<{ id: string }>]> = [
        ['support', 'support.emails', accountsCreated],
        ['support', 'support.order-emails', orderEvents],
        ['reader', 'reader.ownership', completed],
        ['reader', 'reader.awaiting-orders', orderEvents],
        ['analytics', 'analytics.domain-events', [...accountsCreated, ...orderEvents]],
      ];
      for (const [service, group, expected] of expectations) {
        await waitFor(`${group} handles the run's ${expected.length} events`, async () => {
          const { rows } = await db(service).query<{ event_id: string }>('SELECT event_id FROM inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])', [group, expected.map((event) => event.id)]);
          return rows.length === expected.length ? true : undefined;
        });
      }

      // Their effects, exactly: a library entry per item bought, one confirmation per order, one
      // welcome per account, one analytics record per event.
      const bought = completed.flatMap((event) => (event.data.items as Json[]).map((item) => `${event.data.userId} ${item.productId} ${event.data.orderId}`)).sort();
      const { rows: library } = await db('reader').query<{ entry: string }>(
        "SELECT user_id || ' ' || product_id || ' ' || order_id AS entry FROM entitlement_purchases WHERE user_id = ANY($1) ORDER BY 1",
        [userIds],
      );
      assert.deepEqual(library.map((row) => row.entry), bought, 'the library holds exactly what was bought, once');
      const mailsFor = async (eventIds: string[]) => {
        const { rows } = await db('support').query<{ source_event_id: string; count: number }>(
          'SELECT source_event_id, count(*) AS count FROM sent_emails WHERE source_event_id = ANY($1::uuid[]) GROUP BY source_event_id',
          [eventIds],
        );
        return rows;
      };
      const confirmations = await mailsFor(placed.map((event) => event.id));
      assert.equal(confirmations.length, placed.length, 'a confirmation email per order');
      assert.deepEqual(confirmations.filter((row) => row.count !== 1), [], 'one confirmation email per order');
      const welcomes = await mailsFor(accountsCreated.map((event) => event.id));
      assert.equal(welcomes.length, accountsCreated.length, 'an email per new account');
      assert.deepEqual(welcomes.filter((row) => row.count !== 1), [], 'one email per new account');
      const { rows: recorded } = await db('analytics').query<{ count: number }>('SELECT count(*) AS count FROM domain_events WHERE event_id = ANY($1::uuid[])', [
        [...accountsCreated, ...orderEvents].map((event) => event.id),
      ]);
      assert.equal(recorded[0]!.count, accountsCreated.length + orderEvents.length, 'one analytics record per event');

      console.log(
        `rolling restart: ${requests} requests, 0 failed; ${journeys} shopper journeys, ${purchases.length} orders completed; ` +
          `${restarted.length} graceful restarts (${restarted.join(', ')}); ${accountsCreated.length + orderEvents.length} events, each handled once by each of its ${expectations.length} groups`,
      );
    } catch (error) {
      failed = true;
      throw error;
    }
  });
});

