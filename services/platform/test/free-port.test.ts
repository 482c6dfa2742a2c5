import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, it } from 'vitest';
import { freePort } from '../src/db/embedded';

describe('freePort', () => {
  it('hands out distinct ports a server can bind, below the source ports of outgoing connections', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    assert.equal(new Set(ports).size, ports.length, 'never the same port twice');
    const ephemeralFrom = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    for (const port of ports) assert.ok(port < ephemeralFrom, `${port} is below ${ephemeralFrom}`);
    const servers = await Promise.all(
      ports.map(
        (port) =>
          new Promise<net.Server>((resolve, reject) => {
            const server = net.createServer();
            server.once('error', reject);
            server.listen(port, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
