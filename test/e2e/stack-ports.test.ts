import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'vitest';
import { freePort } from '@inkwell/platform';
import { startTestStack } from '../support/stack';

/** Ports per start: an HTTP and a gRPC port for each of the seven services, and the gateway's. */
const PORTS_PER_START = 15;

describe('the stack on random ports', () => {
  it('starts again on other ports when a port it picked is taken before it listens', async () => {
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as net.AddressInfo).port;
    let picks = 0;
    // The first port handed out (the first service's HTTP port) is one another process holds.
    const pickPort = async () => (picks++ === 0 ? taken : freePort());
    const stack = await startTestStack({}, { pickPort });
    try {
      // A second set of ports after the first start failed; a third when a port of the second was
      // taken too (by another test file starting servers at the same moment), which is the same race.
      assert.ok(picks >= 2 * PORTS_PER_START && picks % PORTS_PER_START === 0, `${picks} ports picked: whole sets, more than one`);
      assert.ok(stack.services.every((service) => service.httpPort !== taken && service.grpcPort !== taken));
      const health = await fetch(`${stack.url}/api/health`);
      assert.equal(health.status, 200, 'every service of the second start answers');
    } finally {
      await stack.stop();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
