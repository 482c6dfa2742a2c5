interface OpenApiDocument {
  openapi?: string;
  info?: unknown;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

/**
 * One OpenAPI document for the public API, made of each service's own document (generated from its
 * route schemas). A service that does not answer is listed under `x-unavailable` instead of failing.
 */
export async function mergeOpenApi(services: Array<{ name: string; url: string }>): Promise<OpenApiDocument & { 'x-unavailable'?: string[] }> {
  const merged: OpenApiDocument & { 'x-unavailable'?: string[] } = {
    openapi: '3.1.0',
    info: { title: 'Inkwell public API', version: '1.4', description: 'Every answer is the envelope { status: { type, message?, geoRestriction?, fullCount? }, response }.' },
    paths: {},
    components: { schemas: {}, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
  const unavailable: string[] = [];
  await Promise.all(
    services.map(async ({ name, url }) => {
      try {
        const response = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(2000) });
        if (!response.ok) throw new Error(String(response.status));
        const document = (await response.json()) as OpenApiDocument;
        Object.assign(merged.paths!, document.paths ?? {});
        Object.assign(merged.components!.schemas!, document.components?.schemas ?? {});
      } catch {
        unavailable.push(name);
      }
    }),
  );
  if (unavailable.length > 0) merged['x-unavailable'] = unavailable.sort();
  return merged;
}
