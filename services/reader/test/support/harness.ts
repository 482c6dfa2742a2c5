import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { catalogService } from '@inkwell/catalog';
import { buildService, createEnvelope, InProcessEventBus, type App, type Database, type ServiceContext } from '@inkwell/platform';
import { buildTestService, createTestDatabase, signTestToken, testCache, testLogger, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { pageStoreOf, readerService } from '../../src';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Json;
}

export interface ReaderHarness {
  app: App;
  context: ServiceContext;
  /** The catalog the reader asks over gRPC; create products in it with the catalog's factories. */
  catalogDb: Database;
  request(method: 'GET' | 'POST' | 'PATCH', url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Answer>;
  /** Delivers an event as its owning service would, `times` times (a redelivery keeps its id). */
  deliver(source: string, type: string, data: unknown, times?: number): Promise<void>;
  /** order.completed for digital copies of `productIds`. */
  completeOrder(userId: string, productIds: readonly number[], times?: number): Promise<void>;
  /** Stores `count` plain pages of `width` × `height` for a product. */
  ingestPages(productId: number, count: number, size?: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real reader service and the real catalog service it asks over gRPC (on a free port), on fresh
 * databases, one in-process bus between them, images in a temporary folder.
 */
export async function startReader(options: { demoData?: boolean } = {}): Promise<ReaderHarness> {
  const bus = new InProcessEventBus(testLogger);
  const catalog: TestService = await buildTestService(catalogService, { bus });
  const catalogPort = await catalog.context.grpc.listen('127.0.0.1', 0);
  const database = await createTestDatabase('reader');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-reader-'));
  const base = testServiceConfig('reader', database.url, { dataDir, demoData: options.demoData ?? false });
  const config = { ...base, peers: { ...base.peers, catalog: { ...base.peers.catalog, grpcAddress: `127.0.0.1:${catalogPort}` } } };
  const cache = testCache();
  const reader = await buildService(readerService, { config, logger: testLogger, bus, cache, relay: { pollIntervalMs: 50, baseBackoffMs: 20, maxBackoffMs: 200 } });
  await bus.start();

  const deliver = async (source: string, type: string, data: unknown, times = 1) => {
    const event = createEnvelope(source, { type, key: 'test', data });
    for (let delivery = 0; delivery < times; delivery++) await bus.publish(event);
  };

  return {
    app: reader.app,
    context: reader.context,
    catalogDb: catalog.context.db,
    async request(method, url, { token, body, headers = {} } = {}) {
      const response = await reader.app.inject({
        method,
        url,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
      return { status: response.statusCode, headers: response.headers, body: isJson ? response.json() : response.rawPayload };
    },
    deliver,
    async completeOrder(userId, productIds, times = 1) {
      await deliver('order', 'order.completed', orderCompleted(`order-${userId}-${productIds.join('-')}`, userId, productIds), times);
    },
    async ingestPages(productId, count, size = { width: 1200, height: 1800 }) {
      const pages = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          sharp({ create: { ...size, channels: 3, background: { r: 20 * index, g: 120, b: 200 } } }).png().toBuffer(),
        ),
      );
      await pageStoreOf(reader.context).ingest(String(productId), pages);
    },
    async close() {
      await reader.stop();
      await catalog.close();
      await cache.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function orderCompleted(orderId: string, userId: string, productIds: readonly number[], distributionType = 'Digital') {
  const price = { cents: 0, currency: 'USD' };
  return {
    orderId,
    userId,
    total: price,
    items: productIds.map((productId) => ({ productId: String(productId), variantId: '1', distributionType, quantity: 1, price })),
  };
}

/** Tokens for the usual cast: a signed-in reader, an owner, and staff. */
export async function tokens() {
  return {
    reader: await signTestToken({ userId: 'reader-1' }),
    owner: await signTestToken({ userId: 'owner-1' }),
    admin: await signTestToken({ userId: 'staff-1', roles: ['admin'] }),
  };
}
