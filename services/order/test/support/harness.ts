import { randomUUID } from 'node:crypto';
import { catalogService } from '@inkwell/catalog';
import { cartService, type CartParts } from '@inkwell/cart';
import { createReaderService } from '@inkwell/reader';
import { createGrpcClient, ENTITLEMENTS, freePort, type App, type Database, type EntitlementsService } from '@inkwell/platform';
import { buildTestService, createTestEventBus, signTestToken, testServiceConfig, type TestEventBus, type TestService } from '@inkwell/platform/testing';
import { createProduct } from '../../../catalog/test/factories';
import { createOrderService, type OrderParts } from '../../src';
import { startTcpLink, type TcpLink } from './tcp-link';

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
  headers?: Record<string, string>;
}

export interface OrderHarness {
  order: TestService<OrderParts>;
  cart: TestService<CartParts>;
  reader: TestService;
  catalogDb: Database;
  bus: TestEventBus;
  /** The order service's link to the cart's gRPC port: cut it and the cart is down for the order service. */
  cartLink: TcpLink;
  /** The order service's app (purchase, orders, shipping, webhooks). */
  app: App;
  request(method: 'GET' | 'POST' | 'PATCH', url: string, options?: RequestOptions): Promise<Answer>;
  /** A call to the cart service (to fill carts as the storefront does). */
  cartRequest(method: 'GET' | 'PATCH' | 'POST', url: string, options?: RequestOptions): Promise<Answer>;
  /** Product ids the account owns, as the reader (owner of entitlements) answers. */
  owned(userId: string): Promise<number[]>;
  /** Moves the order service's clock (a pre-order's release day). */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/**
 * The real order service with the real cart, catalog and reader services it works with: cart and
 * catalog over gRPC on free ports, one in-process bus, every outbox relayed as under `npm start`,
 * each on a fresh database. The order service's clock can be moved.
 */
export async function startOrder(): Promise<OrderHarness> {
  const bus = await createTestEventBus();
  const readerGrpcPort = await freePort();
  const cartGrpcPort = await freePort();
  const { peers } = testServiceConfig('catalog', 'postgres://unused');
  const readerAt = { ...peers.reader, grpcAddress: `127.0.0.1:${readerGrpcPort}` };
  const catalog: TestService = await buildTestService(catalogService, { bus, config: { peers: { ...peers, reader: readerAt } } });
  const catalogAt = { ...peers.catalog, grpcAddress: `127.0.0.1:${await catalog.grpc.listen('127.0.0.1', 0)}` };
  const reader: TestService = await buildTestService(createReaderService(), { bus, config: { peers: { ...peers, catalog: catalogAt } } });
  await reader.grpc.listen('127.0.0.1', readerGrpcPort);
  const cart: TestService<CartParts> = await buildTestService(cartService, { bus, config: { peers: { ...peers, catalog: catalogAt, reader: readerAt } } });
  await cart.grpc.listen('127.0.0.1', cartGrpcPort);
  const cartLink = await startTcpLink({ host: '127.0.0.1', port: cartGrpcPort });
  const cartAt = { ...peers.cart, grpcAddress: cartLink.address };
  let now: Date | null = null;
  const order: TestService<OrderParts> = await buildTestService(
    createOrderService({ now: () => now ?? new Date(), sweeper: { intervalMs: 200, staleAfterMs: 60_000, batchSize: 50 } }),
    { bus, config: { peers: { ...peers, catalog: catalogAt, reader: readerAt, cart: cartAt } } },
  );
  const entitlements = createGrpcClient<EntitlementsService>(ENTITLEMENTS.proto, ENTITLEMENTS.service, readerAt.grpcAddress);
  await bus.start();
  for (const service of [catalog, reader, cart, order]) service.relay.start();

  const inject = async (app: App, method: string, url: string, { token, body, headers }: RequestOptions = {}): Promise<Answer> => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };

  return {
    order,
    cart,
    reader,
    catalogDb: catalog.context.db,
    bus,
    cartLink,
    app: order.app,
    request: (method, url, options) => inject(order.app, method, url, options),
    cartRequest: (method, url, options) => inject(cart.app, method, url, options),
    async owned(userId) {
      const { productIds } = await entitlements.listEntitlements({ userId });
      return productIds.map(Number).sort((a, b) => a - b);
    },
    setNow(date) {
      now = date;
    },
    async close() {
      entitlements.close();
      await bus.close();
      await order.close();
      await cartLink.close();
      await cart.close();
      await reader.close();
      await catalog.close();
    },
  };
}

export async function waitFor(condition: () => Promise<boolean>, what = 'condition', timeoutMs = 10_000): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 25) {
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const tokenFor = (userId: string, roles: string[] = []) => signTestToken({ userId, roles });

export { address } from './address';

export interface CatalogItems {
  digital: { productId: number; variantId: number };
  print: { productId: number; variantId: number };
  preorder: { productId: number; variantId: number };
  free: { productId: number; variantId: number };
}

/** A Paid Digital volume ($9.99), a Print box set ($49.99, with a parcel), a Digital pre-order ($7.99) and a free one. */
export async function createItems(db: Database): Promise<CatalogItems> {
  const release = new Date(Date.now() + 20 * 86_400_000);
  const ids = {
    digital: await createProduct(db, { name: 'Moon Garden, Vol. 1', variants: [{ type: 'Digital', priceCents: 999 }] }),
    print: await createProduct(db, { name: 'Moon Garden Box Set', variants: [{ type: 'Print', priceType: 'Print', priceCents: 4999, cartLimit: 5, stock: { weight: 3.2, height: 7.6, width: 5.5, length: 4.1 } }] }),
    preorder: await createProduct(db, { name: 'Moon Garden, Vol. 9', variants: [{ type: 'Digital', priceCents: 799, isPreOrder: true }] }),
    free: await createProduct(db, { name: 'Moon Garden, Chapter 1', variants: [{ type: 'Digital', priceType: 'FreeToReadAndPurchaseble', priceCents: 0 }] }),
  };
  await db.query('UPDATE variants SET schedule_date = $2 WHERE product_id = $1', [ids.preorder, release]);
  const { rows } = await db.query<{ id: string; product_id: string }>('SELECT id, product_id FROM variants WHERE product_id = ANY($1::bigint[])', [Object.values(ids)]);
  const variantOf = (productId: number) => Number(rows.find((row) => Number(row.product_id) === productId)!.id);
  return {
    digital: { productId: ids.digital, variantId: variantOf(ids.digital) },
    print: { productId: ids.print, variantId: variantOf(ids.print) },
    preorder: { productId: ids.preorder, variantId: variantOf(ids.preorder) },
    free: { productId: ids.free, variantId: variantOf(ids.free) },
  };
}

/** A new cart id with these items in it, added as the storefront adds them. */
export async function fillCart(harness: OrderHarness, token: string | undefined, items: Array<{ productId: number; variantId: number; amount?: number }>): Promise<string> {
  const cartId = randomUUID();
  for (const item of items) {
    const added = await harness.cartRequest('PATCH', `/api/cart/${cartId}`, { ...(token ? { token } : {}), body: { productId: item.productId, VariantId: item.variantId, Amount: item.amount ?? 1 } });
    if (added.status !== 200) throw new Error(`adding ${item.productId} answered ${added.status}: ${JSON.stringify(added.body)}`);
  }
  return cartId;
}
