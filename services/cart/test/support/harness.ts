import { catalogService } from '@inkwell/catalog';
import { createReaderService } from '@inkwell/reader';
import { createEnvelope, freePort, type App, type Database, type Outbox } from '@inkwell/platform';
import { buildTestService, createTestEventBus, signTestToken, testServiceConfig, type TestEventBus, type TestService } from '@inkwell/platform/testing';
import { cartService, type CartParts } from '../../src';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  country?: string;
}

export interface CartHarness {
  app: App;
  db: Database;
  outbox: Outbox;
  /** The catalog the cart asks over gRPC; create products with the catalog's factories. */
  catalogDb: Database;
  bus: TestEventBus;
  /** The cart's gRPC server (checkout's calls), on a free port. */
  grpcAddress: string;
  request(method: 'GET' | 'PATCH' | 'POST', url: string, options?: RequestOptions): Promise<Answer>;
  /** order.completed for digital copies of `productIds`, so the reader counts them owned. */
  own(userId: string, productIds: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real cart service, with the real catalog and reader services it asks over gRPC (on free
 * ports), each on a fresh database, one in-process bus between them.
 */
export async function startCart(): Promise<CartHarness> {
  const bus = await createTestEventBus();
  const readerGrpcPort = await freePort();
  const { peers } = testServiceConfig('catalog', 'postgres://unused');
  const readerAt = { ...peers.reader, grpcAddress: `127.0.0.1:${readerGrpcPort}` };
  const catalog: TestService = await buildTestService(catalogService, { bus, config: { peers: { ...peers, reader: readerAt } } });
  const catalogAt = { ...peers.catalog, grpcAddress: `127.0.0.1:${await catalog.grpc.listen('127.0.0.1', 0)}` };
  const reader: TestService = await buildTestService(createReaderService(), { bus, config: { peers: { ...peers, catalog: catalogAt } } });
  await reader.grpc.listen('127.0.0.1', readerGrpcPort);
  const cart: TestService<CartParts> = await buildTestService(cartService, { bus, config: { peers: { ...peers, catalog: catalogAt, reader: readerAt } } });
  const grpcAddress = `127.0.0.1:${await cart.grpc.listen('127.0.0.1', 0)}`;
  await bus.start();
  // The cart's own outbox is relayed as under `npm start`, so its events reach subscribers.
  cart.relay.start();

  return {
    app: cart.app,
    db: cart.context.db,
    outbox: cart.exposed.outbox,
    catalogDb: catalog.context.db,
    bus,
    grpcAddress,
    async request(method, url, { token, body, country } = {}) {
      const response = await cart.app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(country ? { 'cf-ipcountry': country } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async own(userId, productIds) {
      const price = { cents: 0, currency: 'USD' };
      const order = {
        orderId: `order-${userId}-${productIds.join('-')}`,
        userId,
        total: price,
        items: productIds.map((productId) => ({ productId: String(productId), variantId: '1', distributionType: 'Digital', quantity: 1, price })),
      };
      await bus.publish(createEnvelope('order', { type: 'order.completed', key: order.orderId, data: order }));
      await bus.idle();
    },
    async close() {
      await bus.close();
      await cart.close();
      await reader.close();
      await catalog.close();
    },
  };
}

export async function waitFor(condition: () => Promise<boolean>, what = 'condition'): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 20) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const tokenFor = (userId: string, roles: string[] = []) => signTestToken({ userId, roles });
