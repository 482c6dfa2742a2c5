import { SERVICE_INFO, createGrpcClient, type ServiceInfoService } from '@inkwell/platform';

export interface ServiceHealth {
  status: 'ok' | 'unavailable';
  ms: number;
  /** What the service says of itself over gRPC: version and the driver of each port. */
  version?: string;
  drivers?: Record<string, string>;
  detail?: unknown;
}

/**
 * Asks each service's HTTP readiness probe and its gRPC ServiceInfo in parallel, each with a short
 * timeout: a service is ok when it is ready and answers on both ports.
 */
export async function checkServices(
  services: Array<{ name: string; url: string; grpcAddress: string }>,
  timeoutMs = 2000,
): Promise<Record<string, ServiceHealth>> {
  const entries = await Promise.all(
    services.map(async ({ name, url, grpcAddress }) => {
      const started = performance.now();
      const client = createGrpcClient<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, grpcAddress, { deadlineMs: timeoutMs });
      try {
        const [response, info] = await Promise.all([
          fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) }),
          client.describe({}),
        ]);
        const body = (await response.json().catch(() => null)) as { checks?: unknown } | null;
        const health: ServiceHealth = { status: response.ok ? 'ok' : 'unavailable', ms: Math.round(performance.now() - started), version: info.version, drivers: info.drivers };
        if (!response.ok) health.detail = body?.checks ?? `HTTP ${response.status}`;
        return [name, health] as const;
      } catch (error) {
        return [name, { status: 'unavailable', ms: Math.round(performance.now() - started), detail: error instanceof Error ? error.message : String(error) }] as const;
      } finally {
        client.close();
      }
    }),
  );
  return Object.fromEntries(entries);
}
