import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { catalogService } from '@inkwell/catalog';
import { buildService, createEnvelope, freePort, type App, type Database, type EventEnvelope, type ServiceConfig, type ServiceContext } from '@inkwell/platform';
import { buildTestService, createTestDatabase, createTestEventBus, signTestToken, testCache, testLogger, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { createReaderService } from '../../src';
import type { IngestLimits } from '../../src/domain/ingest-limits';
import type { PageSource } from '../../src/drivers/page-source';

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
  request(method: 'GET' | 'POST' | 'PATCH', url: string, options?: RequestOptions): Promise<Answer>;
  /** A call to the catalog's storefront API, which asks the reader over gRPC what a visitor owns. */
  catalogRequest(method: 'GET' | 'POST', url: string, options?: RequestOptions): Promise<Answer>;
  /** Delivers an event as its owning service would, `times` times (a redelivery keeps its id), and waits until it is handled. */
  deliver(source: string, type: string, data: unknown, times?: number): Promise<void>;
  /** Hands one event to the bus as it is, e.g. to redeliver it later or out of order, and waits until it is handled. */
  publish(event: EventEnvelope): Promise<void>;
  /** order.completed for digital copies of `productIds`. */
  completeOrder(userId: string, productIds: readonly number[], times?: number): Promise<void>;
  /** Publishes the reader's pending outbox events to the bus now (the harness runs no relay loop). */
  drainOutbox(): Promise<number>;
  /** Stores `count` plain pages of `width` × `height` for a product. */
  ingestPages(productId: number, count: number, size?: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call(app: App, method: string, url: string, { token, body, headers = {} }: RequestOptions = {}): Promise<Answer> {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return { status: response.statusCode, headers: response.headers, body: isJson ? response.json() : response.rawPayload };
}

/**
 * A real reader service and the real catalog service, each asking the other over gRPC (on free
 * ports), on fresh databases, one in-process bus between them, images in a temporary folder.
 */
export async function startReader(options: { drawnPages?: PageSource; ingestLimits?: Partial<IngestLimits>; config?: Partial<ServiceConfig> } = {}): Promise<ReaderHarness> {
  const bus = await createTestEventBus();
  // The catalog asks the reader what visitors own, so the reader's gRPC port is chosen first.
  const readerGrpcPort = await freePort();
  const { peers } = testServiceConfig('catalog', 'postgres://unused');
  const catalog: TestService = await buildTestService(catalogService, { bus, config: { peers: { ...peers, reader: { ...peers.reader, grpcAddress: `127.0.0.1:${readerGrpcPort}` } } } });
  const catalogPort = await catalog.grpc.listen('127.0.0.1', 0);
  const database = await createTestDatabase('reader');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-reader-'));
  const base = testServiceConfig('reader', database.url, { dataDir, demoData: options.drawnPages !== undefined });
  const config = { ...base, ...options.config, peers: { ...base.peers, catalog: { ...base.peers.catalog, grpcAddress: `127.0.0.1:${catalogPort}` } } };
  const cache = testCache();
  // Given a page source, the reader runs in demo mode and draws pages for publications without a set, as under `npm start`.
  const readerService = createReaderService({ ...(options.drawnPages ? { drawnPages: options.drawnPages } : {}), ...(options.ingestLimits ? { ingestLimits: options.ingestLimits } : {}) });
  const reader = await buildService(readerService, { config, logger: testLogger, bus, cache, relay: { pollIntervalMs: 50, baseBackoffMs: 20, maxBackoffMs: 200 } });
  await reader.grpc.listen('127.0.0.1', readerGrpcPort);
  await bus.start();

  const deliver = async (source: string, type: string, data: unknown, times = 1) => {
    const event = createEnvelope(source, { type, key: 'test', data });
    for (let delivery = 0; delivery < times; delivery++) await bus.publish(event);
    await bus.idle();
  };

  return {
    app: reader.app,
    context: reader.context,
    catalogDb: catalog.context.db,
    request: (method, url, options) => call(reader.app, method, url, options),
    catalogRequest: (method, url, options) => call(catalog.app, method, url, options),
    deliver,
    async publish(event) {
      await bus.publish(event);
      await bus.idle();
    },
    drainOutbox: () => reader.relay.drain(),
    async completeOrder(userId, productIds, times = 1) {
      await deliver('order', 'order.completed', orderCompleted(`order-${userId}-${productIds.join('-')}`, userId, productIds), times);
    },
    async ingestPages(productId, count, size = { width: 1200, height: 1800 }) {
      const pages = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          sharp({ create: { ...size, channels: 3, background: { r: 20 * index, g: 120, b: 200 } } }).png().toBuffer(),
        ),
      );
      await reader.exposed.pages.ingest(String(productId), pages);
    },
    async close() {
      await bus.close();
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
