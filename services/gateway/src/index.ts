import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import replyFrom from '@fastify/reply-from';
import { Redis } from 'ioredis';
import { anonymousReadCacheKey, ASYNCAPI_PATH, asyncApiJson, configureMetrics, countCacheLookups, createHttpApp, failure, injectTraceContext, labelRoute, READ_CACHE_CONTENT_TYPE, REQUEST_BODY_LIMIT, SERVICE_NAMES, TooManyRequestsError, type App, type Cache, type GatewayConfig, type Logger, type ServiceName } from '@inkwell/platform';
import { SERVICE_UNAVAILABLE_MESSAGE, SERVICES_NOT_READY_MESSAGE, noSuchApiCallMessage, notBuiltMessage, notFoundMessage, tooManyRequestsMessage } from './domain/messages';
import { checkServices } from './peers/health';
import { Upstreams } from './peers/upstreams';
import { mergeOpenApi } from './routes/openapi';
import { serveReaderDocument } from './routes/reader-page';
import { matchRoute } from './routes/route-table';
import { paymentPolicy, securityHeaders } from './routes/security-headers';
import { serveMedia, serveSinglePageApp } from './routes/static-files';
import { streamedBanners, streamedSpreadsheets, streamedUploads } from './routes/uploads';

export { routeFor } from './routes/route-table';

export interface GatewayOptions {
  config: GatewayConfig;
  logger: Logger;
  /**
   * The cache the catalog keeps its storefront answers in, when the gateway can see the same one
   * (the in-process cache under `npm start`, the shared Redis in the cluster). Anonymous catalog
   * reads the catalog has already answered are then served from it without a hop to the catalog.
   */
  catalogReads?: Cache;
}

/**
 * The public origin: `/api/*` forwarded to the owning service by the route table (anonymous catalog
 * reads answered from the catalog's shared read cache when it has them), the storefront at `/` and
 * the dashboard at `/dashboard/` (both single-page apps, so unknown paths get their `index.html`),
 * security headers on everything and a per-client rate limit on the API.
 */
export async function createGateway({ config, logger, catalogReads: sharedReads }: GatewayOptions): Promise<App> {
  // Measured as service `gateway`; its metrics are served on a port of their own (never through it).
  configureMetrics({ enabled: config.metricsEnabled });
  const catalogReads = sharedReads && config.metricsEnabled ? countCacheLookups(sharedReads, 'gateway') : sharedReads;
  // Bodies larger than the services accept are refused here (413), before any of them is forwarded.
  const app = await createHttpApp({ name: 'gateway', logger, bodyLimit: REQUEST_BODY_LIMIT, ownNotFoundHandler: true, trustProxy: config.trustedProxies });
  // Each service's replicas in turn; a request that did not reach one is sent to the next (see Upstreams).
  const upstreams = new Upstreams(config.peers, { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 });
  app.addHook('onClose', () => upstreams.close());
  const upstream = (service: ServiceName) => upstreams.url(service);

  const headers = securityHeaders(config.publicUrl, paymentPolicy(config));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    const report = await checkServices(SERVICE_NAMES.map((name) => ({ name, url: upstream(name), grpcAddress: config.peers[name].grpcAddress })));
    const healthy = Object.values(report).every((entry) => entry.status === 'ok');
    return reply.status(healthy ? 200 : 503).send({
      status: { type: healthy ? 'Success' : 'Degraded', ...(healthy ? {} : { message: SERVICES_NOT_READY_MESSAGE }) },
      response: { gateway: 'ok', services: report },
    });
  });

  app.get('/api/docs', { schema: { hide: true } }, async () =>
    mergeOpenApi(await Promise.all(SERVICE_NAMES.map(async (name) => ({ name, url: upstream(name) })))),
  );

  // The event stream's published contract (AsyncAPI 3.0, from the event catalogue): public, and the
  // same until the next deployment, so caches may keep it for an hour.
  const asyncApi = asyncApiJson();
  const asyncApiTag = `"${createHash('sha256').update(asyncApi).digest('base64url').slice(0, 27)}"`;
  app.get(ASYNCAPI_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('etag', asyncApiTag);
    if (request.headers['if-none-match'] === asyncApiTag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(asyncApi);
  });

  await app.register(async (api) => {
    // The body is read up to the limit, so an oversized one (chunked ones too) gets its 413 here
    // rather than a connection the service cut off halfway; it is then passed on byte for byte,
    // its content type untouched, and only the service parses and validates it. Kept whole, it can
    // be sent again to another replica when the first could not be reached.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // The app logs every request once on completion; reply-from's own two lines per request would
    // triple the gateway's log volume.
    await api.register(replyFrom, { disableRequestLogging: true, undici: upstreams });
    // With Redis the counters are shared by every gateway replica.
    const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
    // Commands fail on their own while Redis is away (and the limiter then lets requests through);
    // the listener keeps ioredis from reporting each reconnect attempt as an unhandled error.
    redis?.on('error', () => undefined);
    if (redis) api.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await api.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      ...(redis ? { redis, nameSpace: `${config.cacheNamespace}ratelimit:`, skipOnError: true } : {}),
      // What the builder returns is thrown, so the app's error handler writes the envelope.
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new TooManyRequestsError(tooManyRequestsMessage(seconds), seconds);
      },
    });
    await api.register(async (uploads) => streamedUploads(uploads, config, () => upstream('reader')));
    await api.register(async (sheets) => streamedSpreadsheets(sheets, () => upstream('catalog')));
    await api.register(async (banners) => streamedBanners(banners, () => upstream('catalog')));
    api.all('/api/*', async (request, reply) => {
      const rule = matchRoute(request.url);
      const service = rule?.service;
      if (rule) labelRoute(request, `/api${rule.pattern}`);
      if (!service) {
        return reply.status(404).send(failure('NotFound', noSuchApiCallMessage(request.method, request.url.split('?')[0] ?? '/')));
      }
      // A request with any token goes on to the catalog, which judges the token and may answer per account.
      if (service === 'catalog' && catalogReads && request.method === 'GET' && request.headers.authorization === undefined) {
        const cached = await catalogReads.getText(anonymousReadCacheKey(request.url, request.headers[config.geoCountryHeader])).catch((error: unknown) => {
          request.log.warn({ err: error }, 'catalog read cache unavailable; asking the catalog');
          return undefined;
        });
        if (cached !== undefined) return reply.type(READ_CACHE_CONTENT_TYPE).send(cached);
      }
      return reply.from(upstream(service) + request.url, {
        // The body as it came (a JSON body is not encoded again), and whole, so it can be sent twice.
        ...(Buffer.isBuffer(request.body) ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
        // The client as the gateway judged it (through TRUSTED_PROXIES), replacing whatever chain the
        // client sent: the services believe this header from the gateway only. The request's trace
        // goes on in the service (traceparent) when tracing is on.
        rewriteRequestHeaders: (_original, headers) => ({ ...headers, ...injectTraceContext(), 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
        onError: (proxyReply, { error }) => {
          request.log.warn({ err: error, service }, 'upstream service failed');
          proxyReply.status(503).send(failure('ServiceUnavailable', SERVICE_UNAVAILABLE_MESSAGE));
        },
      });
    });
  });

  await serveMedia(app, config);
  await serveReaderDocument(app, config, () => upstream('reader'));
  await serveSinglePageApp(app, config.dashboardDist, '/dashboard/', logger);
  await serveSinglePageApp(app, config.webDist, '/', logger);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname)) {
      const [root, dist] = pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? ['/dashboard/', config.dashboardDist] : ['/', config.webDist];
      if (existsSync(path.join(dist, 'index.html'))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
      }
      return reply.status(503).type('text/plain').send(notBuiltMessage(root === '/' ? 'storefront' : 'dashboard'));
    }
    return reply.status(404).send(failure('NotFound', notFoundMessage(request.method, pathname)));
  });

  return app;
}
