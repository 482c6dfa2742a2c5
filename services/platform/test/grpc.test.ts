/**
 * The platform's gRPC layer between real servers on loopback ports: a stand-in catalog serving
 * Catalog.GetProducts from memory, and a stand-in order whose ServiceInfo.Describe itself calls
 * the catalog, so every assertion goes over HTTP/2 through the same code the services use.
 */
import { afterAll, beforeAll, describe, test, type TestContext } from 'vitest';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, credentials, Metadata, type ClientReadableStream } from '@grpc/grpc-js';
import pino from 'pino';
import { NotFoundError } from '../src/http/errors';
import {
  CATALOG,
  HEALTH,
  INTERNAL_ERROR_DETAILS,
  SERVICE_INFO,
  GrpcCallError,
  askPeer,
  checkHealth,
  createGrpcClient,
  createGrpcServer,
  loadService,
  protoDir,
  type CatalogService,
  type CatalogVariant,
  type GrpcClient,
  type GrpcServer,
  type HealthCheckResponse,
  type HealthService,
  type ProductSummary,
  type ServiceContract,
  type ServiceHandlers,
  type ServiceInfoService,
  type ServingStatus,
} from '../src/grpc/index';

const HOST = '127.0.0.1';

function variant(overrides: Partial<CatalogVariant> = {}): CatalogVariant {
  return {
    id: 'v-digital',
    type: 'Digital',
    priceType: 'Paid',
    priceCents: '499',
    currency: 'USD',
    cartLimit: 0,
    scheduleDate: '',
    isPreOrder: false,
    fullPriceCents: '499',
    isOnSale: false,
    // A message field left out arrives as null.
    parcel: null,
    ...overrides,
  };
}

function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 'p-1',
    name: 'Skyward Vol. 1',
    readableUrl: 'skyward-vol-1',
    seriesId: 's-1',
    category: 'Publication',
    thumbnailUrl: 'https://cdn.example.com/p-1.jpg',
    variants: [variant()],
    ageRating: 't',
    restrictedTerritories: [],
    status: 'Published',
    subCategory: 'Volume',
    seriesTitle: 'Skyward',
    seriesReadableUrl: 'skyward',
    seriesStatus: 'Published',
    volumeNumber: { value: 1 },
    // Set though zero: the wrapper keeps 0 apart from none.
    chapterNumber: { value: 0 },
    pageCount: 192,
    reverseReadOrder: true,
    publishDate: '2025-01-01T00:00:00.000Z',
    readingPriceType: 'Paid',
    ...overrides,
  };
}

/** A logger whose JSON lines the test can read. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

interface Running {
  server: GrpcServer;
  address: string;
  lines: Array<Record<string, unknown>>;
}

/** A server on a free port, set up by `setup`, shut down when the test (or the suite) ends. */
async function start(
  cleanup: (fn: () => Promise<void>) => void,
  setup: (server: GrpcServer) => void,
  shutdownGraceMs?: number,
): Promise<Running> {
  const { logger, lines } = capturedLogger();
  const server = createGrpcServer({ logger, ...(shutdownGraceMs === undefined ? {} : { shutdownGraceMs }) });
  setup(server);
  const port = await server.listen(HOST, 0);
  assert.ok(port > 0, 'listening on port 0 reports the port actually bound');
  cleanup(() => server.shutdown());
  return { server, address: `${HOST}:${port}`, lines };
}

function client<T extends ServiceContract<T>>(
  t: TestContext,
  location: { proto: string; service: string },
  address: string,
  deadlineMs?: number,
) {
  const created = createGrpcClient<T>(location.proto, location.service, address, deadlineMs ? { deadlineMs } : {});
  t.onTestFinished(() => created.close());
  return created;
}

/** A catalog stand-in whose GetProducts is `getProducts`. */
function catalogWith(getProducts: ServiceHandlers<CatalogService>['getProducts']) {
  return (server: GrpcServer) => server.addService<Pick<CatalogService, 'getProducts'>>(CATALOG.proto, CATALOG.service, { getProducts });
}

function callError(code: string, details?: string) {
  return (error: unknown) => {
    assert.ok(error instanceof GrpcCallError, `expected a GrpcCallError, got ${String(error)}`);
    assert.equal(error.code, code);
    if (details !== undefined) assert.equal(error.details, details);
    return true;
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 2000) assert.fail(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe('calls between two services', () => {
  const print = variant({
    id: 'v-print',
    type: 'Print',
    priceType: 'Print',
    // Above 2^53: survives only because int64 travels as a string.
    priceCents: '9007199254740993',
    fullPriceCents: '9007199254740995',
    isOnSale: true,
    cartLimit: 5,
    scheduleDate: '2025-03-01T00:00:00.000Z',
    isPreOrder: true,
    parcel: { weightLb: 1.25, heightIn: 7.5, widthIn: 5, lengthIn: 0.75 },
  });
  const products = new Map<string, ProductSummary>([
    ['p-1', product({ variants: [variant(), print], restrictedTerritories: ['JP', 'KR'] })],
    // Every optional field at its zero value, which the wire leaves out and the loader fills back in.
    ['p-2', product({
      id: 'p-2', name: 'Skyward tote bag', readableUrl: '', seriesId: '', category: 'Merchandise', thumbnailUrl: '', ageRating: '', variants: [],
      subCategory: 'Apparel', seriesTitle: '', seriesReadableUrl: '', seriesStatus: '', volumeNumber: null, chapterNumber: null,
      pageCount: 0, reverseReadOrder: false, publishDate: '', readingPriceType: 'NotForSale',
    })],
  ]);
  const requestIdsSeenByCatalog: string[] = [];
  const startedAt = new Date().toISOString();
  const stops: Array<() => Promise<void>> = [];
  let catalog: Running;
  let order: Running;
  let catalogFromOrder: GrpcClient<CatalogService>;

  beforeAll(async () => {
    catalog = await start((fn) => stops.push(fn), catalogWith(async ({ ids }, metadata) => {
      requestIdsSeenByCatalog.push(...metadata.get('x-request-id').map(String));
      const found = [...new Set(ids)].flatMap((id) => products.get(id) ?? []);
      return { products: found };
    }));
    catalogFromOrder = createGrpcClient<CatalogService>(CATALOG.proto, CATALOG.service, catalog.address);
    order = await start((fn) => stops.push(fn), (server) =>
      server.addService<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, {
        describe: async (_request, metadata) => {
          const forwarded = new Metadata();
          for (const id of metadata.get('x-request-id')) forwarded.add('x-request-id', id);
          const { products: found } = await catalogFromOrder.getProducts(
            { ids: ['p-1', 'p-2', 'p-unknown'], country: 'US' },
            { metadata: forwarded },
          );
          return { service: 'order', version: '0.1.0', startedAt, drivers: { events: 'in-process', 'catalog.products': String(found.length) } };
        },
      }),
    );
  });

  afterAll(async () => {
    catalogFromOrder.close();
    await Promise.all(stops.map((stop) => stop()));
  });

  test('order answers Describe with data it fetched from catalog over gRPC', async (t) => {
    const orderInfo = client<ServiceInfoService>(t, SERVICE_INFO, order.address);
    const metadata = new Metadata();
    metadata.set('x-request-id', 'req-42');

    const info = await orderInfo.describe({}, { metadata });

    assert.deepEqual(info, {
      service: 'order',
      version: '0.1.0',
      startedAt,
      drivers: { events: 'in-process', 'catalog.products': '2' },
    });
    assert.deepEqual(requestIdsSeenByCatalog, ['req-42']);
  });

  test('GetProducts delivers every field of the contract, in the order asked', async (t) => {
    const catalogClient = client<CatalogService>(t, CATALOG, catalog.address);

    const { products: found } = await catalogClient.getProducts({ ids: ['p-2', 'p-unknown', 'p-1', 'p-2'], country: 'US' });

    assert.deepEqual(found, [products.get('p-2'), products.get('p-1')]);
    assert.equal(found[1]?.variants[1]?.priceCents, '9007199254740993');
  });

  test('Health reports registered services SERVING and others unknown', async (t) => {
    assert.equal(await checkHealth(catalog.address), 'SERVING');
    assert.equal(await checkHealth(catalog.address, CATALOG.service), 'SERVING');
    assert.equal(await checkHealth(order.address, SERVICE_INFO.service), 'SERVING');
    assert.equal(await checkHealth(order.address, CATALOG.service), 'SERVICE_UNKNOWN');
    assert.equal(await checkHealth(catalog.address, 'inkwell.nothing.v1.Nothing'), 'SERVICE_UNKNOWN');

    const health = client<HealthService>(t, HEALTH, catalog.address);
    await assert.rejects(health.check({ service: 'inkwell.nothing.v1.Nothing' }), callError('NOT_FOUND'));
  });

  test('setStatus changes what Health answers', async () => {
    catalog.server.setStatus(CATALOG.service, 'NOT_SERVING');
    assert.equal(await checkHealth(catalog.address, CATALOG.service), 'NOT_SERVING');
    catalog.server.setStatus(CATALOG.service, 'SERVING');
    assert.equal(await checkHealth(catalog.address, CATALOG.service), 'SERVING');
  });
});

describe('failures reach the caller as gRPC statuses', () => {
  test('a NOT_FOUND domain error arrives as NOT_FOUND with its message', async (t) => {
    const { address } = await start(t.onTestFinished, catalogWith(async ({ ids }) => {
      throw Object.assign(new Error(`No product ${ids.join(', ')}`), { code: 'NOT_FOUND' });
    }));
    const catalogClient = client<CatalogService>(t, CATALOG, address);

    await assert.rejects(
      catalogClient.getProducts({ ids: ['p-9'], country: '' }),
      callError('NOT_FOUND', 'No product p-9'),
    );
  });

  test("the platform's HTTP NotFoundError arrives as NOT_FOUND too", async (t) => {
    const { address } = await start(t.onTestFinished, catalogWith(async () => {
      throw new NotFoundError();
    }));
    const catalogClient = client<CatalogService>(t, CATALOG, address);

    await assert.rejects(
      catalogClient.getProducts({ ids: ['p-9'], country: '' }),
      callError('NOT_FOUND', 'Object does not exist in backend'),
    );
  });

  test('a NOT_FOUND from a downstream call passes through the middle service unchanged', async (t) => {
    const downstream = await start(t.onTestFinished, catalogWith(async () => {
      throw Object.assign(new Error('No product p-9'), { code: 'NOT_FOUND' });
    }));
    const downstreamClient = client<CatalogService>(t, CATALOG, downstream.address);
    const middle = await start(t.onTestFinished, catalogWith((request) => downstreamClient.getProducts(request)));
    const catalogClient = client<CatalogService>(t, CATALOG, middle.address);

    await assert.rejects(catalogClient.getProducts({ ids: ['p-9'], country: '' }), callError('NOT_FOUND', 'No product p-9'));
  });

  test('any other error is INTERNAL with a generic message, and logged in full on the server', async (t) => {
    const secret = 'connect ECONNREFUSED 10.0.4.7:5432 user=catalog password=hunter2';
    const { address, lines } = await start(t.onTestFinished, catalogWith(async () => {
      throw new Error(secret);
    }));
    const catalogClient = client<CatalogService>(t, CATALOG, address);

    let caught: unknown;
    await assert.rejects(catalogClient.getProducts({ ids: ['p-1'], country: '' }), (error) => {
      caught = error;
      return callError('INTERNAL', INTERNAL_ERROR_DETAILS)(error);
    });
    assert.ok(!String((caught as Error).message).includes('hunter2'), 'the error text must not reach the caller');

    const logged = lines.find((line) => line.msg === 'gRPC handler failed');
    assert.ok(logged, 'the real error is logged');
    assert.equal(logged.method, '/inkwell.catalog.v1.Catalog/GetProducts');
    assert.equal((logged.err as { message?: string }).message, secret);
  });

  test('a code outside the domain list is INTERNAL too', async (t) => {
    const { address } = await start(t.onTestFinished, catalogWith(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' });
    }));
    const catalogClient = client<CatalogService>(t, CATALOG, address);

    await assert.rejects(catalogClient.getProducts({ ids: ['p-1'], country: '' }), callError('INTERNAL', INTERNAL_ERROR_DETAILS));
  });

  test('a call outliving its deadline fails with DEADLINE_EXCEEDED; a per-call deadline overrides it', async (t) => {
    const { address } = await start(t.onTestFinished, catalogWith(async () => {
      await sleep(200);
      return { products: [product()] };
    }));
    const catalogClient = client<CatalogService>(t, CATALOG, address, 50);

    await assert.rejects(catalogClient.getProducts({ ids: ['p-1'], country: '' }), callError('DEADLINE_EXCEEDED'));
    const { products } = await catalogClient.getProducts({ ids: ['p-1'], country: '' }, { deadlineMs: 5000 });
    assert.equal(products.length, 1);
  });

  test('a handler for an RPC the service does not have is refused at registration', () => {
    const server = createGrpcServer({ logger: capturedLogger().logger });
    assert.throws(
      () => server.addService(CATALOG.proto, CATALOG.service, { getProduct: async () => ({ products: [] }) }),
      /inkwell\.catalog\.v1\.Catalog has no RPC getProduct/,
    );
  });
});

describe('askPeer: a peer that cannot be reached becomes the caller\'s own error', () => {
  class TryAgainLater extends Error {}

  test('a peer that is down, or answers too late, gives the caller\'s error; a refusal passes through', async (t) => {
    const slow = await start(t.onTestFinished, catalogWith(async () => {
      await sleep(500);
      return { products: [] };
    }));
    const tooLate = client<CatalogService>(t, CATALOG, slow.address, 50);
    await assert.rejects(askPeer(() => tooLate.getProducts({ ids: ['p-1'], country: '' }), () => new TryAgainLater()), TryAgainLater);

    const refusing = await start(t.onTestFinished, catalogWith(async () => {
      throw new NotFoundError();
    }));
    const refused = client<CatalogService>(t, CATALOG, refusing.address);
    await assert.rejects(askPeer(() => refused.getProducts({ ids: ['p-9'], country: '' }), () => new TryAgainLater()), callError('NOT_FOUND'));

    const { server, address } = await start(t.onTestFinished, catalogWith(async () => ({ products: [] })));
    const gone = client<CatalogService>(t, CATALOG, address, 1000);
    assert.deepEqual(await askPeer(() => gone.getProducts({ ids: [], country: '' }), () => new TryAgainLater()), { products: [] });
    await server.shutdown();
    await assert.rejects(askPeer(() => gone.getProducts({ ids: [], country: '' }), () => new TryAgainLater()), TryAgainLater);
  });
});

describe('health watch and shutdown', () => {
  /** Opens Health.Watch with grpc-js itself, since the platform client only wraps unary calls. */
  function watch(t: TestContext, address: string, service: string) {
    const health = loadService(HEALTH.proto, HEALTH.service);
    const method = health.Watch!;
    const raw = new Client(address, credentials.createInsecure());
    t.onTestFinished(() => raw.close());
    const call: ClientReadableStream<HealthCheckResponse> = raw.makeServerStreamRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      { service },
    );
    const seen: ServingStatus[] = [];
    const ending: { code?: number } = {};
    call.on('data', (message: HealthCheckResponse) => seen.push(message.status));
    call.on('status', (status) => (ending.code = status.code));
    call.on('error', () => undefined);
    return { seen, ending };
  }

  test('Watch sends the status now and on each change, and ends when the server shuts down', async (t) => {
    const { server, address } = await start(t.onTestFinished, catalogWith(async () => ({ products: [] })));
    const known = watch(t, address, CATALOG.service);
    const later = watch(t, address, 'inkwell.later.v1.Later');
    await until(() => known.seen.length === 1 && later.seen.length === 1, 'the first watch messages');
    assert.deepEqual(known.seen, ['SERVING']);
    assert.deepEqual(later.seen, ['SERVICE_UNKNOWN']);

    server.setStatus(CATALOG.service, 'NOT_SERVING');
    server.setStatus(CATALOG.service, 'NOT_SERVING');
    server.setStatus('inkwell.later.v1.Later', 'SERVING');
    await until(() => known.seen.length === 2 && later.seen.length === 2, 'the status changes');

    await server.shutdown();
    await until(() => known.ending.code !== undefined && later.ending.code !== undefined, 'the watches to end');
    assert.deepEqual(known.seen, ['SERVING', 'NOT_SERVING']);
    assert.deepEqual(later.seen, ['SERVICE_UNKNOWN', 'SERVING', 'NOT_SERVING']);
    assert.equal(known.ending.code, 0);
  });

  test('after shutdown the port is closed and a second shutdown is harmless', async (t) => {
    const { server, address } = await start(t.onTestFinished, catalogWith(async () => ({ products: [] })));
    assert.equal(await checkHealth(address), 'SERVING');

    await server.shutdown();
    await server.shutdown();

    await assert.rejects(checkHealth(address, '', { deadlineMs: 1000 }), callError('UNAVAILABLE'));
  });

  test('shutdown cuts off calls still running after the grace period', async (t) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    t.onTestFinished(() => release());
    const { server, address, lines } = await start(
      t.onTestFinished,
      catalogWith(async () => {
        await held;
        return { products: [] };
      }),
      100,
    );
    const catalogClient = client<CatalogService>(t, CATALOG, address, 5000);
    const pending = catalogClient.getProducts({ ids: ['p-1'], country: '' });
    pending.catch(() => undefined);
    await sleep(50);

    await server.shutdown();

    // Cut off by the server, long before the call's own 5 s deadline.
    await assert.rejects(pending, callError('CANCELLED'));
    assert.ok(lines.some((line) => line.level === 40 && String(line.msg).includes('grace period')));
  });
});

describe('proto folder', () => {
  test("is the repository's proto/ folder, found above the code", () => {
    const found = protoDir();
    assert.equal(path.basename(found), 'proto');
    assert.ok(existsSync(path.join(found, 'grpc', 'health', 'v1', 'health.proto')));
  });
});
