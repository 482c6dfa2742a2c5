import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderMetrics } from './metrics';

export interface MetricsServer {
  /** The port bound (differs from the one asked for when that was 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the process's metrics as Prometheus text at `GET /metrics` on a port of its own (every
 * other path is 404). It is a plain node:http server, apart from the API's Fastify app, so the
 * gateway, which only forwards to API ports, can never expose it, and a scrape never competes with
 * the API's hooks and rate limits.
 */
export async function startMetricsServer(port: number, host = '0.0.0.0'): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`Metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  // Prometheus keeps its connection open between scrapes; close() must not wait for it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
