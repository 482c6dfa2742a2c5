import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createLogger } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import { startCluster, type Cluster } from '../../scripts/cluster';
import { createProduct } from '../../services/catalog/test/factories';
import { deleteNamespace, serviceDatabases, waitFor as waitUntil } from './support';

// Answers (the gateway's, Prometheus', Jaeger's) are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const databaseUrl = process.env.TEST_DATABASE_URL;
const kafkaBrokers = process.env.TEST_KAFKA_BROKERS;
const prometheusUrl = process.env.TEST_PROMETHEUS_URL;
const targetsFile = process.env.TEST_PROMETHEUS_TARGETS_FILE;
const otlpEndpoint = process.env.TEST_OTLP_ENDPOINT;
const jaegerUrl = process.env.TEST_JAEGER_URL;

const skip =
  databaseUrl && kafkaBrokers && prometheusUrl && targetsFile && otlpEndpoint && jaegerUrl
    ? false
    : 'TEST_PROMETHEUS_URL, TEST_PROMETHEUS_TARGETS_FILE, TEST_OTLP_ENDPOINT and TEST_JAEGER_URL (and TEST_DATABASE_URL, TEST_KAFKA_BROKERS) not set: no Prometheus or trace backend in this run (scripts/infra.sh prometheus|jaeger start runs them)';

const RUN = randomBytes(4).toString('hex');
/**
 * Bound on each wait for something that crosses processes and servers: a scrape every second, a
 * file_sd re-read every two, a span batch every half second, on a loaded 2-core machine.
 */
const WAIT_MS = 120_000;
const POLL_MS = 500;
/** Waits as the shared `waitFor` does, within this file's bound. */
const waitFor = <T>(what: string, probe: (seen: { last?: unknown }) => Promise<T | undefined>) => waitUntil(what, probe, { timeoutMs: WAIT_MS, pollMs: POLL_MS });
const STEP_TIMEOUT_MS = 600_000;


/** One instant query to Prometheus' HTTP API: the samples of its vector. */
async function promQuery(query: string): Promise<{ metric: Record<string, string>; value: number }[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query })}`);
  const body = (await response.json()) as Json;
  assert.equal(body.status, 'success', `${query}: ${JSON.stringify(body)}`);
  assert.equal(body.data.resultType, 'vector', query);
  return (body.data.result as Json[]).map((sample) => ({ metric: sample.metric, value: Number(sample.value[1]) }));
}

/** A span of a trace as Jaeger's query API gives it, with its process's service name resolved. */
interface TracedSpan {
  spanID: string;
  service: string;
  operation: string;
  kind: string | undefined;
  tags: Record<string, unknown>;
  parents: string[];
}

function spansOf(trace: Json): TracedSpan[] {
  return (trace.spans as Json[]).map((span) => {
    const tags = Object.fromEntries((span.tags as Json[]).map((tag) => [tag.key, tag.value]));
    return {
      spanID: span.spanID,
      service: trace.processes[span.processID]?.serviceName,
      operation: span.operationName,
      kind: tags['span.kind'] as string | undefined,
      tags,
      parents: ((span.references ?? []) as Json[]).map((reference) => reference.spanID),
    };
  });
}

/** A gRPC call's span (`rpc.system.name` of the current semantic conventions, `rpc.system` of older ones). */
const grpcSpan = (span: TracedSpan) => (span.tags['rpc.system.name'] ?? span.tags['rpc.system']) === 'grpc';

const describeSpan = (span: TracedSpan) => `${span.service}: ${span.operation} (${span.kind ?? 'internal'})`;

/**
 * The cluster watched as operations would watch it: every process of a cluster (scripts/cluster.ts)
 * serves its metrics on a port of its own, which a real Prometheus scrapes (the targets file this
 * test writes), and sends its spans by OTLP to a real trace backend (Jaeger). A shopper signs up,
 * fills a cart and checks out with the simulated processor, and the purchase reaches the reader's
 * library through its Kafka consumer. Then Prometheus answers for the completed order and the
 * gateway's request durations, and the checkout's trace (found by the `trace_id` of the order
 * service's log line of the request) holds the gateway's, the order's and the cart's gRPC spans,
 * the relay's Kafka publish and the reader's consumer span: one trace across five hops.
 */
describe('the cluster observed: Prometheus scrapes every process, Jaeger holds a checkout\'s trace', { skip: skipBecause(skip) }, () => {
  const name = `observe_${RUN}`;
  const logger = createLogger('observability', 'silent');
  let cluster: Cluster | undefined;
  let dataDir: string;
  let failed = false;
  const { db, close: closeDatabases } = serviceDatabases(() => cluster, logger);
  let targetsWritten = false;

  const call = async (method: string, route: string, { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
    const response = await fetch(cluster!.url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  /** Writes Prometheus' file_sd targets whole (a rename, so it never reads half a file). */
  const writeTargets = async (targets: unknown[]) => {
    const partial = `${targetsFile!}.${RUN}.partial`;
    await writeFile(partial, JSON.stringify(targets, null, 2));
    await rename(partial, targetsFile!);
  };

  /** Marks the run failed, so the processes' logs are printed. */
  const reportingFailure = (run: () => Promise<void>) => async () => {
    try {
      await run();
    } catch (error) {
      failed = true;
      throw error;
    }
  };

  beforeAll(
    reportingFailure(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-observe-'));
      cluster = await startCluster({
        name,
        databaseUrl: databaseUrl!,
        kafkaBrokers: kafkaBrokers!,
        dataDir,
        ephemeral: true,
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint!,
          // Spans leave each process every half second rather than every five.
          OTEL_BSP_SCHEDULE_DELAY: '500',
        },
      });
      // Every process's own metrics server, as a Prometheus in the cluster would discover it.
      await writeTargets(cluster.processes.map((each) => ({ targets: [each.metricsAddress], labels: { cluster: name, workload: each.workload, process: each.name } })));
      targetsWritten = true;
    }),
    STEP_TIMEOUT_MS,
  );

  afterAll(
    async () => {
      if (failed && cluster) console.error(`Logs of the cluster's processes:\n${await cluster.logTails(80)}`);
      // Prometheus stops scraping the cluster's ports before they go.
      if (targetsWritten) await writeTargets([]);
      await cluster?.stop();
      await closeDatabases();
      if (kafkaBrokers) await deleteNamespace(kafkaBrokers.split(','), `${name}.`);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      if (cluster && !failed) await rm(cluster.logDir, { recursive: true, force: true });
    },
    STEP_TIMEOUT_MS,
  );

  const step = (title: string, run: () => Promise<void>) => it(title, { timeout: STEP_TIMEOUT_MS }, reportingFailure(run));

  step('a shopper checks out through the gateway, and the purchase reaches the reader\'s library through Kafka', async () => {
    const email = `shopper-${RUN}@example.com`;
    const password = 'a long shopper password';
    const signup = await call('POST', '/api/account/signupCustomerV2', { body: { email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') } });
    assert.equal(signup.status, 200, JSON.stringify(signup.body.status));
    const login = await call('POST', '/api/account/token', { body: { UserName: email, Password: password } });
    assert.equal(login.status, 200, JSON.stringify(login.body.status));
    const token: string = login.body.response.access_token;

    const productId = await createProduct(db('catalog'), { name: `Lantern Keepers ${RUN}`, variants: [{ type: 'Digital', priceCents: 799 }] });
    const { rows } = await db('catalog').query<{ id: string }>('SELECT id FROM variants WHERE product_id = $1', [productId]);
    const cartId = randomUUID();
    const added = await call('PATCH', `/api/cart/${cartId}`, { token, body: { productId, VariantId: Number(rows[0]!.id), Amount: 1 } });
    assert.equal(added.status, 200, JSON.stringify(added.body.status));

    const address = { firstName: 'Ada', surName: 'Shopper', country: 'US', address: '1 Main Street', locality: 'Beverly Hills', postalCode: '90210', administrativeArea: 'CA', phoneNumber: '+1 310 555 0100', email };
    const quoted = await call('POST', '/api/purchase-request', { token, body: { cartId, billingAddress: address, shippingAddress: address, paymentMethod: 'Card' } });
    assert.equal(quoted.status, 200, JSON.stringify(quoted.body.status));
    const purchaseId: string = quoted.body.response.id;
    const paid = await call('POST', '/api/order/purchase', { token, headers: { 'idempotency-key': randomUUID() }, body: { purchaseId, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' } });
    assert.equal(paid.status, 200, JSON.stringify(paid.body.status));

    await waitFor(`purchase ${purchaseId} Completed`, async (seen) => {
      const purchase = await call('GET', `/api/order/purchase/${purchaseId}`, { token });
      seen.last = purchase.body.response?.state ?? purchase.body.status;
      return purchase.body.response?.state === 'Completed' ? true : undefined;
    });
    await waitFor(`product ${productId} in the shopper's library`, async (seen) => {
      const shelf = await call('GET', '/api/mycomics', { token });
      seen.last = shelf.body.response;
      return (shelf.body.response as Json[] | null)?.some((item) => item.productId === String(productId) && item.isOwned) ? true : undefined;
    });
  });

  step('Prometheus scrapes every process of the cluster', async () => {
    await waitFor('every process\'s metrics target up', async (seen) => {
      const body = (await (await fetch(`${prometheusUrl}/api/v1/targets?state=active`)).json()) as Json;
      const ours = (body.data.activeTargets as Json[]).filter((target) => target.labels.cluster === name);
      seen.last = ours.map((target) => `${target.labels.process} ${target.health} ${target.lastError ?? ''}`);
      const up = new Set(ours.filter((target) => target.health === 'up').map((target) => target.labels.process));
      return cluster!.processes.every((each) => up.has(each.name)) ? true : undefined;
    });
  });

  step('Prometheus answers for the completed order and the gateway\'s p99 per route', async () => {
    // Scraped series carry the target's `cluster` label: only this cluster's processes count.
    await waitFor('sum(inkwell_orders_completed_total) > 0', async (seen) => {
      const samples = await promQuery(`sum(inkwell_orders_completed_total{cluster="${name}"})`);
      seen.last = samples;
      return samples[0] && samples[0].value > 0 ? true : undefined;
    });

    const p99 = await waitFor('the gateway\'s p99 request duration per route', async (seen) => {
      // A rate over the last minute needs requests in it: one each time it is asked.
      assert.equal((await call('GET', '/api/health')).status, 200);
      const samples = await promQuery(`histogram_quantile(0.99, sum by (le, route) (rate(inkwell_http_request_duration_seconds_bucket{service="gateway",cluster="${name}"}[1m])))`);
      seen.last = samples;
      const known = samples.filter((sample) => Number.isFinite(sample.value) && sample.metric.route !== 'unmatched');
      return known.length > 0 ? known : undefined;
    });
    for (const { metric, value } of p99) assert.ok(value > 0, `p99 of ${metric.route}: ${value} s`);
  });

  step('the checkout is one trace: gateway, order, the cart over gRPC, the Kafka publish and the reader\'s consumer', async () => {
    // The order service's log line of the checkout request names its trace.
    const lines = (await readFile(path.join(cluster!.logDir, 'order.log'), 'utf8')).split('\n');
    const requestLine = lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Json)
      .find((entry) => entry.method === 'POST' && entry.url === '/api/order/purchase' && entry.statusCode === 200);
    assert.ok(requestLine, `the order service logged the checkout request:\n${lines.slice(-40).join('\n')}`);
    assert.match(String(requestLine.trace_id), /^[0-9a-f]{32}$/, `trace_id on ${JSON.stringify(requestLine)}`);
    assert.match(String(requestLine.span_id), /^[0-9a-f]{16}$/, `span_id on ${JSON.stringify(requestLine)}`);
    const traceId: string = requestLine.trace_id;

    const wanted: Record<string, (span: TracedSpan) => boolean> = {
      'the gateway\'s server span': (span) => span.service === 'gateway' && span.kind === 'server',
      'the order service\'s server span': (span) => span.service === 'order' && span.kind === 'server',
      'the cart\'s gRPC server span': (span) => span.service === 'cart' && span.kind === 'server' && grpcSpan(span),
      'the relay\'s Kafka publish of order.completed': (span) => span.service === 'order' && span.kind === 'producer' && span.operation === 'publish order.completed',
      'the reader\'s library consumer span of order.completed': (span) =>
        span.service === 'reader' && span.kind === 'consumer' && span.operation === 'process order.completed' && span.tags['messaging.consumer.group.name'] === 'reader.ownership',
    };
    const spans = await waitFor(`trace ${traceId} in Jaeger with every hop`, async (seen) => {
      const response = await fetch(`${jaegerUrl}/api/traces/${traceId}`);
      const body = (await response.json()) as Json;
      if (!response.ok || !body.data?.[0]) {
        seen.last = `${response.status} ${JSON.stringify(body.errors ?? body)}`;
        return undefined;
      }
      const found = spansOf(body.data[0]);
      const missing = Object.keys(wanted).filter((what) => !found.some(wanted[what]!));
      seen.last = { missing, spans: found.map(describeSpan) };
      return missing.length === 0 ? found : undefined;
    });

    // The hops hang together: the reader's consumer span is a child of a publish span of this trace.
    const publishes = new Set(spans.filter(wanted['the relay\'s Kafka publish of order.completed']!).map((span) => span.spanID));
    const consumers = spans.filter(wanted['the reader\'s library consumer span of order.completed']!);
    assert.ok(
      consumers.some((span) => span.parents.some((parent) => publishes.has(parent))),
      `a reader consumer span is a child of the publish span: ${consumers.map((span) => `${describeSpan(span)} ← ${span.parents.join(',')}`).join('; ')}`,
    );
    assert.ok(spans.some((span) => span.service === 'order' && span.kind === 'client' && grpcSpan(span)), `the order service's gRPC client span: ${spans.map(describeSpan).join('; ')}`);
  });
});
