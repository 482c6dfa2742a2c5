export interface ServiceHealth {
  status: 'ok' | 'unavailable';
  ms: number;
  detail?: unknown;
}

/** Asks each service's readiness probe in parallel, each with its own short timeout. */
export async function checkServices(services: Array<{ name: string; url: string }>, timeoutMs = 2000): Promise<Record<string, ServiceHealth>> {
  const entries = await Promise.all(
    services.map(async ({ name, url }) => {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
        const body = (await response.json().catch(() => null)) as { checks?: unknown } | null;
        const health: ServiceHealth = { status: response.ok ? 'ok' : 'unavailable', ms: Math.round(performance.now() - started) };
        if (!response.ok) health.detail = body?.checks ?? `HTTP ${response.status}`;
        return [name, health] as const;
      } catch (error) {
        return [name, { status: 'unavailable', ms: Math.round(performance.now() - started), detail: error instanceof Error ? error.message : String(error) }] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
