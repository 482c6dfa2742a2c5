import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { SERVICE_INFO, askPeer, createGrpcClient, createGrpcServer, type GrpcServer, type ServiceInfoService } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';

class TryAgainLater extends Error {}

async function startPeer(port: number, answer: string): Promise<{ server: GrpcServer; port: number }> {
  const server = createGrpcServer({ logger: testLogger, service: 'peer', shutdownGraceMs: 100 });
  server.addService<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, {
    describe: async () => ({ service: answer, version: '1', startedAt: new Date(0).toISOString(), drivers: {} }),
  });
  return { server, port: await server.listen('127.0.0.1', port) };
}

/**
 * A rolling restart: the peer's process stops and its replacement listens on the same address. A
 * call made meanwhile waits for it (within its deadline) instead of failing at once; a peer that
 * stays away still fails the call with the caller's own error once the deadline passes.
 */
describe('calls to a restarting peer', () => {
  it('wait for the peer to be back within the deadline', async () => {
    const first = await startPeer(0, 'first');
    const client = createGrpcClient<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, `127.0.0.1:${first.port}`, { deadlineMs: 15_000 });
    let second: Awaited<ReturnType<typeof startPeer>> | undefined;
    try {
      assert.equal((await client.describe({})).service, 'first');
      await first.server.shutdown();
      // Made while nothing listens; answered by the replacement.
      const during = askPeer(() => client.describe({}), () => new TryAgainLater());
      second = await startPeer(first.port, 'second');
      assert.equal((await during).service, 'second');
    } finally {
      client.close();
      await second?.server.shutdown();
    }
  });

  it('still fail with the caller\'s error when the peer stays away past the deadline', async () => {
    const gone = await startPeer(0, 'gone');
    await gone.server.shutdown();
    const client = createGrpcClient<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, `127.0.0.1:${gone.port}`, { deadlineMs: 300 });
    try {
      await assert.rejects(askPeer(() => client.describe({}), () => new TryAgainLater()), TryAgainLater);
    } finally {
      client.close();
    }
  });
});
