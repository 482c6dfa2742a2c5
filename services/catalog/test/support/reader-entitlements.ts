import { createGrpcServer, ENTITLEMENTS, type EntitlementsService, type ServiceConfig } from '@inkwell/platform';
import { testLogger, testServiceConfig } from '@inkwell/platform/testing';

export interface ReaderEntitlements {
  /** Settings that point a catalog at this server. */
  config: Partial<ServiceConfig>;
  /** Products each user owns, as the reader would answer; tests set it. */
  owned: Map<string, string[]>;
  /** ListEntitlements calls answered so far. */
  calls: number;
  close(): Promise<void>;
}

/**
 * A gRPC server speaking the reader's Entitlements contract with answers the test sets, so the
 * catalog's own tests can say who owns what without a reader service. That the catalog and the
 * real reader agree is tested in the reader's suite, which runs both.
 */
export async function startReaderEntitlements(): Promise<ReaderEntitlements> {
  const server = createGrpcServer({ logger: testLogger, shutdownGraceMs: 100 });
  const state: ReaderEntitlements = {
    config: {},
    owned: new Map(),
    calls: 0,
    close: () => server.shutdown(),
  };
  server.addService<EntitlementsService>(ENTITLEMENTS.proto, ENTITLEMENTS.service, {
    async listEntitlements({ userId }) {
      state.calls += 1;
      return { productIds: state.owned.get(userId) ?? [] };
    },
  });
  const port = await server.listen('127.0.0.1', 0);
  const { peers } = testServiceConfig('catalog', 'postgres://unused');
  state.config = { peers: { ...peers, reader: { ...peers.reader, grpcAddress: `127.0.0.1:${port}` } } };
  return state;
}
