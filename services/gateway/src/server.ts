import { existsSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { anonymousReadCacheKey, contentTypeOfKey, createFileStorage, createHttpApp, failure, isPageImageKey, isValidKey, READ_CACHE_CONTENT_TYPE, mediaDir, REQUEST_BODY_LIMIT, SERVICE_NAMES, TooManyRequestsError, type App, type Cache, type GatewayConfig, type Logger, type ServiceName } from '@inkwell/platform';
import { routeFor } from './route-table';
import { checkServices } from './health';
import { comicOfReaderPath, indexHtmlReader, readerDocument, DOCUMENT_SCRIPT_SOURCE, type ComicPages } from './reader-document';
import { contentSecurityPolicy, securityHeaders, type PolicyOptions } from './security-headers';
import { mergeOpenApi } from './openapi';

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
export async function createGateway({ config, logger, catalogReads }: GatewayOptions): Promise<App> {
  // Bodies larger than the services accept are refused here (413), before any of them is forwarded.
  const app = await createHttpApp({ name: 'gateway', logger, bodyLimit: REQUEST_BODY_LIMIT, ownNotFoundHandler: true, trustProxy: config.trustedProxies });
  const upstream = (service: ServiceName) => config.peers[service].httpUrl.replace(/\/$/, '');

  const headers = securityHeaders(config.publicUrl, paymentPolicy(config));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    const report = await checkServices(SERVICE_NAMES.map((name) => ({ name, url: upstream(name), grpcAddress: config.peers[name].grpcAddress })));
    const healthy = Object.values(report).every((entry) => entry.status === 'ok');
    return reply.status(healthy ? 200 : 503).send({
      status: { type: healthy ? 'Success' : 'Degraded', ...(healthy ? {} : { message: 'One or more services are not ready.' }) },
      response: { gateway: 'ok', services: report },
    });
  });

  app.get('/api/docs', { schema: { hide: true } }, async () =>
    mergeOpenApi(await Promise.all(SERVICE_NAMES.map(async (name) => ({ name, url: upstream(name) })))),
  );

  await app.register(async (api) => {
    // The body is read up to the limit, so an oversized one (chunked ones too) gets its 413 here
    // rather than a connection the service cut off halfway; it is then passed on byte for byte as
    // a stream, headers untouched, and only the service parses and validates it.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, Readable.from([body])));
    // The app logs every request once on completion; reply-from's own two lines per request would
    // triple the gateway's log volume.
    await api.register(replyFrom, { disableRequestLogging: true, undici: { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 } });
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
        return new TooManyRequestsError(`Too many requests. Please wait ${seconds} seconds and try again.`, seconds);
      },
    });
    await api.register(async (uploads) => streamedUploads(uploads, config, upstream('reader')));
    api.all('/api/*', async (request, reply) => {
      const service = routeFor(request.url);
      if (!service) {
        return reply.status(404).send(failure('NotFound', `No such API call: ${request.method} ${request.url.split('?')[0]}`));
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
        // The client as the gateway judged it (through TRUSTED_PROXIES), replacing whatever chain the
        // client sent: the services believe this header from the gateway only.
        rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
        onError: (proxyReply, { error }) => {
          request.log.warn({ err: error, service }, 'upstream service failed');
          proxyReply.status(503).send(failure('ServiceUnavailable', 'This part of the store is temporarily unavailable. Please try again in a moment.'));
        },
      });
    });
  });

  await serveMedia(app, config);
  await serveReaderDocument(app, config, upstream('reader'));
  await serveSinglePageApp(app, config.dashboardDist, '/dashboard/', logger);
  await serveSinglePageApp(app, config.webDist, '/', logger);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname)) {
      const [root, dist] = pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? ['/dashboard/', config.dashboardDist] : ['/', config.webDist];
      if (existsSync(path.join(dist, 'index.html'))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
      }
      return reply.status(503).type('text/plain').send(`The ${root === '/' ? 'storefront' : 'dashboard'} has not been built yet: run npm run build.`);
    }
    return reply.status(404).send(failure('NotFound', `Not found: ${request.method} ${pathname}`));
  });

  return app;
}

/** Room for the multipart framing around an uploaded file (boundaries, part headers, small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Comic uploads (`POST /api/dashboard/ingest/upload/…`, to the reader) are forwarded as they
 * arrive instead of read whole first: they may be hundreds of megabytes. Their limit is their own
 * (INGEST_MAX_UPLOAD_BYTES and the multipart framing): a declared length over it is refused before
 * anything is forwarded, and a body that grows past it (chunked) is cut off, the reader then
 * refusing the part it got and keeping nothing.
 */
async function streamedUploads(uploads: App, config: GatewayConfig, reader: string): Promise<void> {
  const limit = config.media.ingestMaxUploadBytes + MULTIPART_OVERHEAD_BYTES;
  const tooLarge = () => `The upload is larger than the ${formatMegabytes(config.media.ingestMaxUploadBytes)} a comic archive may be.`;
  uploads.removeAllContentTypeParsers();
  uploads.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      const error = Object.assign(new Error(tooLarge()), { statusCode: 413 });
      return done(error, undefined);
    }
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        if (received > limit) return next(Object.assign(new Error(tooLarge()), { statusCode: 413 }));
        next(null, chunk);
      },
    });
    payload.on('error', (error) => counted.destroy(error));
    done(null, payload.pipe(counted));
  });
  uploads.post('/api/dashboard/ingest/upload/*', { schema: { hide: true } }, async (request, reply) => {
    // Closing after the answer spares reading the rest of a refused body.
    if (request.headers['content-length'] === undefined) reply.header('connection', 'close');
    return reply.from(reader + request.url, {
      rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
      onError: (proxyReply, { error }) => {
        const cutOff = (error as { statusCode?: number }).statusCode === 413 || /larger than/.test(String((error as Error).message));
        if (cutOff) return proxyReply.header('connection', 'close').status(413).send(failure('PayloadTooLarge', tooLarge()));
        request.log.warn({ err: error, service: 'reader' }, 'upstream service failed');
        return proxyReply.status(503).send(failure('ServiceUnavailable', 'This part of the store is temporarily unavailable. Please try again in a moment.'));
      },
    });
  });
}

function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** How long the reader's document keeps a comic's page list, and for how many comics. */
const READER_DOCUMENT_CACHE_MS = 30_000;
const READER_DOCUMENT_CACHE_ENTRIES = 1_000;

/** Stripe's script, frames and API are allowed when the store pays through Stripe. */
function paymentPolicy(config: GatewayConfig): PolicyOptions {
  return config.payments.stripePublishableKey ? { paymentProvider: 'stripe' } : {};
}

/**
 * `/reader/{comic}/`: the storefront's document with the comic's first page in it when a visitor may
 * read it without signing in (see reader-document.ts); otherwise the plain document, as any page.
 */
async function serveReaderDocument(app: App, config: GatewayConfig, readerUrl: string): Promise<void> {
  const indexHtml = indexHtmlReader(config.webDist);
  const withFirstPage = contentSecurityPolicy({ ...paymentPolicy(config), scriptSources: [DOCUMENT_SCRIPT_SOURCE] });
  // The document is the same for every visitor of one comic from one country (it is asked for
  // without credentials, and its links are signed for an expiry bucket), so its page list is kept
  // briefly: far shorter than a link lives, and a change of the comic shows within that time.
  // Concurrent first requests share one call to the reader; a failed call is not kept.
  const pageLists = new LRUCache<string, { comic: ComicPages | null }, { requestId: string; ip: string; country: string | undefined; log: { warn(details: object, message: string): void } }>({
    max: READER_DOCUMENT_CACHE_ENTRIES,
    ttl: Math.min(READER_DOCUMENT_CACHE_MS, (config.media.urlTtlSeconds * 1000) / 4),
    fetchMethod: async (key, _stale, { context }) => {
      const idOrUrl = key.slice(key.indexOf('\n') + 1);
      try {
        const answer = await fetch(`${readerUrl}/api/comic/${encodeURIComponent(idOrUrl)}/pages`, {
          headers: { 'x-request-id': context.requestId, 'x-forwarded-for': context.ip, ...(context.country ? { [config.geoCountryHeader]: context.country } : {}) },
          signal: AbortSignal.timeout(2000),
        });
        if (answer.ok) return { comic: ((await answer.json()) as { response: ComicPages }).response };
        // The reader's refusal (not readable without signing in, not there) is an answer; its failure is not.
        if (answer.status < 500) return { comic: null };
        context.log.warn({ status: answer.status }, 'reader page list for the document unavailable; sending the plain document');
      } catch (error) {
        context.log.warn({ err: error }, 'reader page list for the document unavailable; sending the plain document');
      }
      return undefined;
    },
  });
  app.get('/reader/*', { schema: { hide: true } }, async (request, reply) => {
    const html = await indexHtml();
    if (html === null) return reply.status(503).type('text/plain').send('The storefront has not been built yet: run npm run build.');
    const idOrUrl = comicOfReaderPath(request.url.split('?')[0] ?? '');
    const header = request.headers[config.geoCountryHeader];
    const country = typeof header === 'string' ? header.trim().toUpperCase() : undefined;
    const comic = idOrUrl ? ((await pageLists.fetch(`${country ?? ''}\n${idOrUrl}`, { context: { requestId: request.id, ip: request.ip, country, log: request.log } }))?.comic ?? null) : null;
    // The page list holds signed, expiring links: the document is never stored by browsers or proxies.
    reply.header('cache-control', 'no-store');
    if (!comic || !idOrUrl) return reply.type('text/html; charset=utf-8').send(html);
    return reply.header('content-security-policy', withFirstPage).type('text/html; charset=utf-8').send(readerDocument(html, idOrUrl, comic));
  });
}

async function serveSinglePageApp(app: App, dist: string, prefix: string, logger: Logger): Promise<void> {
  if (!existsSync(dist)) {
    logger.warn({ dist }, 'frontend build not found; run npm run build');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix,
    decorateReply: prefix === '/',
    wildcard: true,
    index: 'index.html',
    // The build writes Brotli and gzip copies beside each script and style sheet (see
    // ui-kit/vite/precompress.ts); they are sent to browsers that accept them.
    preCompressed: true,
    // Vite fingerprints everything under assets/, so those can be kept for a year.
    setHeaders: (response, filePath) => {
      response.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

const MEDIA_HEADERS = { 'cache-control': 'public, max-age=86400', 'cross-origin-resource-policy': 'same-origin' };

/**
 * Covers, banners and other public files at `/media/`: from `DATA_DIR/media` for the local
 * file-storage driver, or read from the bucket for the S3 driver, so the gateway pod needs no copy
 * of them. Comic pages are stored there too but only ever handed out by the reader service, through
 * signed, expiring links that check reading access.
 */
async function serveMedia(app: App, config: GatewayConfig): Promise<void> {
  if (!config.media.s3) {
    await mkdir(mediaDir(config), { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir(config),
      prefix: '/media/',
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => !isPageImageKey(pathName),
      setHeaders: (response) => {
        for (const [name, value] of Object.entries(MEDIA_HEADERS)) response.header(name, value);
      },
    });
    return;
  }
  const files = createFileStorage(config);
  app.addHook('onClose', async () => files.close());
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const bytes = isValidKey(key) && !isPageImageKey(key) ? await files.get(key) : undefined;
    if (!bytes) return reply.callNotFound();
    return reply.headers(MEDIA_HEADERS).type(contentTypeOfKey(key)).send(bytes);
  });
}
