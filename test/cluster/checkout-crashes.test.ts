import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createLogger, TokenSigner, type ServiceName } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import { startCluster, type Cluster } from '../../scripts/cluster';
import { createProduct } from '../../services/catalog/test/factories';
import { deleteNamespace, serviceDatabases } from './support';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const databaseUrl = process.env.TEST_DATABASE_URL;
const kafkaBrokers = process.env.TEST_KAFKA_BROKERS;
const skip = databaseUrl && kafkaBrokers ? false : 'TEST_KAFKA_BROKERS (and TEST_DATABASE_URL) not set: the cluster of one process per service was not started in this run';

const RUN = randomBytes(4).toString('hex');
const CHECKOUTS = 100;
/** Kills the run must see; on a fast machine 100 checkouts can end before the chaos gets to them, so shoppers go on until it has. */
const MIN_KILLS = 3;
/** Shoppers at once. */
const CONCURRENCY = 8;
/** The services killed at random (the gateway, the only public entry, stays up). */
const VICTIMS: readonly ServiceName[] = ['order', 'cart', 'reader', 'catalog'];
/** Bounds: every wait in this file ends. */
/** How long one call is retried while the service behind it restarts (a start takes tens of seconds on a loaded 2-core machine). */
const CALL_DEADLINE_MS = 240_000;
const SETTLE_POLLS = 240;
const RETRY_MS = 500;
const SETTLE_MS = 240_000;
const TEST_TIMEOUT_MS = 1_500_000;

interface Outcome {
  userId: string;
  purchaseId: string | null;
  /** What the shopper was told in the end. */
  result: 'paid' | 'declined' | 'failed' | 'unsettled';
  productIds: number[];
}

/**
 * Checkout under crashes: every service in its own process (the cluster of the infrastructure
 * issue), 100 shoppers checking out through the gateway as a browser would (retrying a call that
 * got no answer, with the same Idempotency-Key), while order, cart, reader and catalog processes are
 * killed with SIGKILL at random moments and restarted. Afterwards, from the databases: every charge
 * kept belongs to exactly one Completed purchase (a compensated one kept nothing), nothing is left
 * between states, and the reader grants exactly what Completed purchases bought.
 */
describe('checkout while service processes are killed', { skip: skipBecause(skip) }, () => {
  const name = `crash_${RUN}`;
  const logger = createLogger('crashes', 'silent');
  let cluster: Cluster | undefined;
  let dataDir: string;
  let failed = false;
  let signer: TokenSigner;
  const { db, close: closeDatabases } = serviceDatabases(() => cluster, logger);
  const digital: number[] = [];
  let print = 0;
  let variants = new Map<number, number>();

  /** One call through the gateway; a refused connection or a 5xx from a restarting process is retried. */
  async function call(method: string, route: string, { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    let last = '';
    for (const deadline = Date.now() + CALL_DEADLINE_MS; Date.now() < deadline; ) {
      try {
        const response = await fetch(cluster!.url + route, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
        const answer = { status: response.status, body: (await response.json()) as Json };
        // The gateway answers 502/503/504 while a service restarts: the same request again.
        if (answer.status < 502) return answer;
        last = `${answer.status} ${JSON.stringify(answer.body?.status)}`;
      } catch (error) {
        last = (error as Error).message;
      }
      await delay(RETRY_MS);
    }
    throw new Error(`${method} ${route}: no answer within ${CALL_DEADLINE_MS} ms (last: ${last})`);
  }

  /** A shopper: a cart, a purchase request, a payment (once per key), then the purchase until it settles. */
  async function checkout(index: number): Promise<Outcome> {
    const userId = `crash-${RUN}-${index}`;
    const { token } = await signer.sign({ userId, email: `${userId}@example.com`, roles: [], verified: true });
    const wanted = [digital[index % digital.length]!, ...(index % 4 === 0 ? [print] : [])];
    const cartId = randomUUID();
    for (const productId of wanted) {
      const added = await call('PATCH', `/api/cart/${cartId}`, { token, body: { productId, VariantId: variants.get(productId), Amount: 1 } });
      // A retried add whose first try went through (its answer lost to a restart) finds the copy there.
      const alreadyThere = added.status === 409 && /already in your cart/.test(added.body.status.message);
      assert.ok(added.status === 200 || alreadyThere, `add ${productId}: ${added.status} ${JSON.stringify(added.body.status)}`);
    }
    const addressOf = { firstName: 'Crash', surName: 'Tester', country: 'US', address: '1 Main Street', locality: 'Beverly Hills', postalCode: '90210', administrativeArea: 'CA', phoneNumber: '+1 310 555 0100', email: `${userId}@example.com` };
    const quoted = await call('POST', '/api/purchase-request', { token, body: { cartId, billingAddress: addressOf, shippingAddress: addressOf, paymentMethod: 'Card' } });
    assert.equal(quoted.status, 200, `purchase request: ${JSON.stringify(quoted.body.status)}`);
    const purchaseId: string = quoted.body.response.id;
    const declines = index % 10 === 9;
    const key = randomUUID();
    const paid = await call('POST', '/api/order/purchase', { token, headers: { 'idempotency-key': key }, body: { purchaseId, paymentMethod: 'Card', StripeNonce: declines ? 'pm_card_chargeDeclined' : 'pm_card_visa' } });
    if (paid.status === 400 && paid.body.status.type === 'CardError') return { userId, purchaseId, result: 'declined', productIds: wanted };
    // Anything else (done, in progress, an unknown outcome): the purchase as the store has it, until it settles.
    for (let poll = 1; poll <= SETTLE_POLLS; poll++) {
      const purchase = await call('GET', `/api/order/purchase/${purchaseId}`, { token });
      const state = purchase.body.response?.state;
      if (state === 'Completed') return { userId, purchaseId, result: 'paid', productIds: wanted };
      if (state === 'Failed' || state === 'Compensated' || state === 'Quoted') return { userId, purchaseId, result: 'failed', productIds: wanted };
      await delay(RETRY_MS * 2);
    }
    return { userId, purchaseId, result: 'unsettled', productIds: wanted };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-crashes-'));
    cluster = await startCluster({
      name,
      databaseUrl: databaseUrl!,
      kafkaBrokers: kafkaBrokers!,
      dataDir,
      ephemeral: true,
      // A killed consumer's partitions go to its successor sooner; the sweeper resumes purchases left
      // between states after 3 s untouched.
      env: { KAFKA_SESSION_TIMEOUT_MS: '10000', ORDER_SWEEP_INTERVAL_MS: '1000', ORDER_SWEEP_STALE_MS: '3000', LOG_LEVEL: 'warn' },
    });
    const account = cluster.env('account');
    signer = new TokenSigner(account.AUTH_PRIVATE_KEY!, account.AUTH_ISSUER ?? 'inkwell-account', account.AUTH_AUDIENCE ?? 'inkwell', 3600);
    for (let n = 1; n <= 3; n++) digital.push(await createProduct(db('catalog'), { name: `Crash Course, Vol. ${n}`, variants: [{ type: 'Digital', priceCents: 500 + n * 100 }] }));
    print = await createProduct(db('catalog'), { name: 'Crash Course Box Set', variants: [{ type: 'Print', priceType: 'Print', priceCents: 3999, cartLimit: 5, stock: { weight: 2.5, height: 7.5, width: 5.2, length: 3 } }] });
    const { rows } = await db('catalog').query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [[...digital, print]]);
    variants = new Map(rows.map((row) => [Number(row.product_id), Number(row.id)]));
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    if (failed && cluster) console.error(`Logs of the cluster's processes:\n${await cluster.logTails(60)}`);
    await cluster?.stop();
    await closeDatabases();
    if (kafkaBrokers) await deleteNamespace(kafkaBrokers.split(','), `${name}.`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (cluster && !failed) await rm(cluster.logDir, { recursive: true, force: true });
  }, TEST_TIMEOUT_MS);

  it(`${CHECKOUTS} checkouts while random services are killed: every charge has one completed or compensated purchase, no grant without a charge, nothing unreconciled`, { timeout: TEST_TIMEOUT_MS }, async () => {
    try {
      // Chaos: one process at a time, killed at a random moment and started again, until the shoppers are done.
      let shopping = true;
      const kills: string[] = [];
      const chaos = (async () => {
        while (shopping) {
          await delay(1_000 + Math.floor(Math.random() * 4_000));
          if (!shopping) break;
          const victim = VICTIMS[Math.floor(Math.random() * VICTIMS.length)]!;
          kills.push(victim);
          await cluster!.kill(victim, 'SIGKILL');
          await delay(Math.floor(Math.random() * 1_500));
          await cluster!.restart(victim);
        }
      })();

      const outcomes: Outcome[] = [];
      let next = 0;
      try {
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < CHECKOUTS || kills.length < MIN_KILLS) outcomes.push(await checkout(next++));
          }),
        );
      } finally {
        // Every process is back before anything is checked (or the cluster is stopped).
        shopping = false;
        await chaos;
      }
      assert.ok(kills.length >= MIN_KILLS, `processes were killed during the run (${kills.join(', ')})`);

      // Settled: nothing left between states once the sweeper has had its turn.
      const deadline = Date.now() + SETTLE_MS;
      for (;;) {
        // Between states, or owing an undo (a cart to give back, a refund) the sweeper has not done yet.
        const { rows } = await db('order').query<{ count: string; owed: string }>(
          `SELECT (SELECT count(*) FROM purchases WHERE state IN ('Paying', 'RequiresAction', 'Paid')) AS count,
                  (SELECT count(*) FROM purchase_steps WHERE status = 'undo_pending') AS owed`,
        );
        if (Number(rows[0]!.count) === 0 && Number(rows[0]!.owed) === 0) break;
        assert.ok(Date.now() < deadline, `${rows[0]!.count} purchases still between states, ${rows[0]!.owed} undos owed after ${SETTLE_MS} ms`);
        await delay(1_000);
      }

      const purchases = (await db('order').query<{ id: string; user_id: string; state: string; amount_due: string }>('SELECT id, user_id, state, amount_due FROM purchases WHERE user_id LIKE $1', [`crash-${RUN}-%`])).rows;
      const payments = (await db('order').query<{ purchase_id: string; amount: string; amount_refunded: string }>("SELECT purchase_id, amount, amount_refunded FROM simulated_processor.payments WHERE status = 'succeeded'")).rows;
      const kept = new Map<string, number>();
      const chargesOf = new Map<string, number>();
      for (const payment of payments) {
        kept.set(payment.purchase_id, (kept.get(payment.purchase_id) ?? 0) + Number(payment.amount) - Number(payment.amount_refunded));
        chargesOf.set(payment.purchase_id, (chargesOf.get(payment.purchase_id) ?? 0) + 1);
      }
      const byId = new Map(purchases.map((purchase) => [purchase.id, purchase]));
      for (const [purchaseId, amount] of kept) {
        const purchase = byId.get(purchaseId);
        assert.ok(purchase, `a charge of ${amount} for a purchase the store does not have (${purchaseId})`);
        if (amount > 0) assert.equal(purchase.state, 'Completed', `a charge kept for a ${purchase.state} purchase`);
      }
      const completed = purchases.filter((purchase) => purchase.state === 'Completed');
      for (const purchase of completed) {
        assert.equal(chargesOf.get(purchase.id), 1, `purchase ${purchase.id} charged once`);
        assert.equal(kept.get(purchase.id), Number(purchase.amount_due), `purchase ${purchase.id} keeps exactly its amount`);
      }
      // Compensated purchases: every order Cancelled with its refund recorded.
      const { rows: uncancelled } = await db('order').query<{ id: string }>(
        `SELECT o.id FROM orders o JOIN purchases p ON p.id = o.purchase_id WHERE p.state = 'Compensated' AND p.user_id LIKE $1 AND (o.status <> 'Cancelled' OR o.refund IS NULL)`,
        [`crash-${RUN}-%`],
      );
      assert.deepEqual(uncancelled, [], 'orders of compensated purchases are cancelled with their refund');
      // Carts: none is held by a purchase that is not being paid (every purchase has settled), and
      // every Completed purchase's cart is Closed by it.
      const { rows: carts } = await db('cart').query<{ id: string; status: string; held_by: string | null }>('SELECT id, status, held_by FROM carts WHERE account_id LIKE $1', [`crash-${RUN}-%`]);
      const held = carts.filter((cart) => cart.status === 'Purchasing');
      assert.deepEqual(held.map((cart) => `${cart.id} held by ${cart.held_by} (${byId.get(cart.held_by ?? '')?.state})`), [], 'no cart left held');
      const cartOf = new Map(carts.map((cart) => [cart.id, cart]));
      const { rows: cartIds } = await db('order').query<{ id: string; cart_id: string }>("SELECT id, cart_id FROM purchases WHERE state = 'Completed' AND user_id LIKE $1", [`crash-${RUN}-%`]);
      for (const { id, cart_id } of cartIds) assert.equal(cartOf.get(cart_id)?.status, 'Closed', `the cart of completed purchase ${id} is closed`);
      for (const outcome of outcomes) {
        assert.notEqual(outcome.result, 'unsettled', `${outcome.userId}'s purchase settled`);
        if (outcome.result === 'paid') assert.equal(byId.get(outcome.purchaseId!)?.state, 'Completed');
      }
      assert.ok(outcomes.filter((outcome) => outcome.result === 'paid').length >= CHECKOUTS / 2, `most checkouts completed (${outcomes.map((outcome) => outcome.result).join(' ')})`);

      // Grants: the reader owns, for each shopper, exactly the Digital items of their Completed purchases.
      const expected = new Map<string, Set<number>>();
      for (const outcome of outcomes) if (byId.get(outcome.purchaseId!)?.state === 'Completed') expected.set(outcome.userId, new Set(outcome.productIds.filter((id) => digital.includes(id))));
      const grantsDeadline = Date.now() + SETTLE_MS;
      for (;;) {
        const { rows } = await db('reader').query<{ user_id: string; product_id: string }>(
          `SELECT p.user_id, p.product_id FROM entitlement_purchases p
           WHERE p.user_id LIKE $1 AND NOT EXISTS (SELECT 1 FROM entitlement_refunds r WHERE r.order_id = p.order_id AND r.product_id = p.product_id)`,
          [`crash-${RUN}-%`],
        );
        const owned = new Map<string, Set<number>>();
        for (const row of rows) owned.set(row.user_id, (owned.get(row.user_id) ?? new Set()).add(Number(row.product_id)));
        for (const [userId, products] of owned) {
          for (const productId of products) assert.ok(expected.get(userId)?.has(productId), `${userId} owns ${productId} without a completed purchase of it`);
        }
        const missing = [...expected].filter(([userId, products]) => [...products].some((productId) => !owned.get(userId)?.has(productId)));
        if (missing.length === 0) break;
        assert.ok(Date.now() < grantsDeadline, `${missing.length} completed purchases not granted after ${SETTLE_MS} ms`);
        await delay(1_000);
      }
      console.log(`checkout under crashes: ${outcomes.filter((o) => o.result === 'paid').length} paid, ${outcomes.filter((o) => o.result === 'declined').length} declined, ${outcomes.filter((o) => o.result === 'failed').length} failed without a charge; ${kills.length} kills (${kills.join(', ')})`);
    } catch (error) {
      failed = true;
      throw error;
    }
  });
});
