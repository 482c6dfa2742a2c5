import { Transform } from 'node:stream';
import { failure, type App, type GatewayConfig } from '@inkwell/platform';
import { bannerTooLargeMessage, SERVICE_UNAVAILABLE_MESSAGE, spreadsheetsTooLargeMessage, uploadTooLargeMessage } from '../domain/messages';

/** Room for the multipart framing around an uploaded file (boundaries, part headers, small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Comic uploads (`POST /api/dashboard/ingest/upload/…`, to the reader) are forwarded as they
 * arrive instead of read whole first: they may be hundreds of megabytes. Their limit is their own
 * (INGEST_MAX_UPLOAD_BYTES and the multipart framing): a declared length over it is refused before
 * anything is forwarded, and a body that grows past it (chunked) is cut off, the reader then
 * refusing the part it got and keeping nothing.
 */
export async function streamedUploads(uploads: App, config: GatewayConfig, reader: () => string): Promise<void> {
  const limit = config.media.ingestMaxUploadBytes + MULTIPART_OVERHEAD_BYTES;
  const tooLarge = () => uploadTooLargeMessage(megabytes(config.media.ingestMaxUploadBytes));
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
    return reply.from(reader() + request.url, {
      rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
      onError: (proxyReply, { error }) => {
        const cutOff = (error as { statusCode?: number }).statusCode === 413 || /larger than/.test(String((error as Error).message));
        if (cutOff) return proxyReply.header('connection', 'close').status(413).send(failure('PayloadTooLarge', tooLarge()));
        request.log.warn({ err: error, service: 'reader' }, 'upstream service failed');
        return proxyReply.status(503).send(failure('ServiceUnavailable', SERVICE_UNAVAILABLE_MESSAGE));
      },
    });
  });
}

/** The catalog's SALES_SPREADSHEET_LIMITS (contracts/src/dashboard-merchandising.ts): files per call, bytes per file. */
const SALES_SPREADSHEET_LIMITS = { files: 5, fileBytes: 10 * 1024 * 1024 } as const;

/**
 * Sales campaign spreadsheets (`POST /api/dashboard/sales/ValidateFromCsv` and `/CreateFromCsv`,
 * to the catalog) are forwarded as they arrive too: up to SALES_SPREADSHEET_LIMITS.files files of
 * SALES_SPREADSHEET_LIMITS.fileBytes each, far beyond the gateway's own body limit. Past that total
 * (and the multipart framing) the body is cut off; the catalog refuses each file past its own limit.
 */
export async function streamedSpreadsheets(uploads: App, catalog: () => string): Promise<void> {
  const limit = SALES_SPREADSHEET_LIMITS.files * SALES_SPREADSHEET_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES;
  const tooLarge = () => spreadsheetsTooLargeMessage(SALES_SPREADSHEET_LIMITS.files, megabytes(SALES_SPREADSHEET_LIMITS.fileBytes));
  uploads.removeAllContentTypeParsers();
  uploads.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return done(Object.assign(new Error(tooLarge()), { statusCode: 413 }), undefined);
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
  for (const path of ['/api/dashboard/sales/ValidateFromCsv', '/api/dashboard/sales/CreateFromCsv']) {
    uploads.post(path, { schema: { hide: true } }, async (request, reply) => {
      if (request.headers['content-length'] === undefined) reply.header('connection', 'close');
      return reply.from(catalog() + request.url, {
        rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
        onError: (proxyReply, { error }) => {
          const cutOff = (error as { statusCode?: number }).statusCode === 413 || /larger than/.test(String((error as Error).message));
          if (cutOff) return proxyReply.header('connection', 'close').status(413).send(failure('PayloadTooLarge', tooLarge()));
          request.log.warn({ err: error, service: 'catalog' }, 'upstream service failed');
          return proxyReply.status(503).send(failure('ServiceUnavailable', SERVICE_UNAVAILABLE_MESSAGE));
        },
      });
    });
  }
}

/** The catalog's BANNER_UPLOAD_LIMITS.bytes (contracts/src/dashboard-merchandising.ts): one wheel banner image. */
const BANNER_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Wheel banner uploads (`POST /api/dashboard/home/banners`, to the catalog) go on as they arrive,
 * up to one banner (BANNER_UPLOAD_BYTES, beyond the gateway's own body limit) and its framing; past
 * that the body is cut off and the answer is 413. The catalog checks the image itself.
 */
export async function streamedBanners(uploads: App, catalog: () => string): Promise<void> {
  const limit = BANNER_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
  const tooLarge = () => bannerTooLargeMessage(megabytes(BANNER_UPLOAD_BYTES));
  uploads.removeAllContentTypeParsers();
  uploads.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return done(Object.assign(new Error(tooLarge()), { statusCode: 413 }), undefined);
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
  uploads.post('/api/dashboard/home/banners', { schema: { hide: true } }, async (request, reply) => {
    if (request.headers['content-length'] === undefined) reply.header('connection', 'close');
    return reply.from(catalog() + request.url, {
      rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
      onError: (proxyReply, { error }) => {
        const cutOff = (error as { statusCode?: number }).statusCode === 413 || /larger than/.test(String((error as Error).message));
        if (cutOff) return proxyReply.header('connection', 'close').status(413).send(failure('PayloadTooLarge', tooLarge()));
        request.log.warn({ err: error, service: 'catalog' }, 'upstream service failed');
        return proxyReply.status(503).send(failure('ServiceUnavailable', SERVICE_UNAVAILABLE_MESSAGE));
      },
    });
  });
}

function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
