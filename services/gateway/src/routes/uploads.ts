import { Transform } from 'node:stream';
import { failure, type App, type GatewayConfig } from '@inkwell/platform';
import { bannerTooLargeMessage, SERVICE_UNAVAILABLE_MESSAGE, spreadsheetsTooLargeMessage, uploadTooLargeMessage } from '../domain/messages';

/** Room for the multipart framing around an uploaded file (boundaries, part headers, small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

interface StreamedUpload {
  /** The calls forwarded this way. */
  paths: readonly string[];
  /** The service that takes them, by name (logs) and base URL. */
  service: string;
  upstream: () => string;
  /** Bytes a body may have, framing included. */
  limit: number;
  tooLarge: () => string;
}

/**
 * Uploads larger than the gateway's own body limit are forwarded as they arrive instead of read
 * whole first. Each has its limit: a declared length over it is refused before anything is
 * forwarded, and a body that grows past it (chunked) is cut off with a 413, the service then
 * refusing the part it got and keeping nothing.
 */
async function streamedUpload(uploads: App, { paths, service, upstream, limit, tooLarge }: StreamedUpload): Promise<void> {
  const refusal = () => Object.assign(new Error(tooLarge()), { statusCode: 413 });
  uploads.removeAllContentTypeParsers();
  uploads.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return done(refusal(), undefined);
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        if (received > limit) return next(refusal());
        next(null, chunk);
      },
    });
    payload.on('error', (error) => counted.destroy(error));
    done(null, payload.pipe(counted));
  });
  for (const path of paths) {
    uploads.post(path, { schema: { hide: true } }, async (request, reply) => {
      // Closing after the answer spares reading the rest of a refused body.
      if (request.headers['content-length'] === undefined) reply.header('connection', 'close');
      return reply.from(upstream() + request.url, {
        rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
        onError: (proxyReply, { error }) => {
          const cutOff = (error as { statusCode?: number }).statusCode === 413 || /larger than/.test(String((error as Error).message));
          if (cutOff) return proxyReply.header('connection', 'close').status(413).send(failure('PayloadTooLarge', tooLarge()));
          request.log.warn({ err: error, service }, 'upstream service failed');
          return proxyReply.status(503).send(failure('ServiceUnavailable', SERVICE_UNAVAILABLE_MESSAGE));
        },
      });
    });
  }
}

/** Comic uploads (`POST /api/dashboard/ingest/upload/…`, to the reader): up to INGEST_MAX_UPLOAD_BYTES, hundreds of megabytes. */
export function streamedUploads(uploads: App, config: GatewayConfig, reader: () => string): Promise<void> {
  return streamedUpload(uploads, {
    paths: ['/api/dashboard/ingest/upload/*'],
    service: 'reader',
    upstream: reader,
    limit: config.media.ingestMaxUploadBytes + MULTIPART_OVERHEAD_BYTES,
    tooLarge: () => uploadTooLargeMessage(megabytes(config.media.ingestMaxUploadBytes)),
  });
}

/** The catalog's SALES_SPREADSHEET_LIMITS (contracts/src/dashboard-merchandising.ts): files per call, bytes per file. */
const SALES_SPREADSHEET_LIMITS = { files: 5, fileBytes: 10 * 1024 * 1024 } as const;

/**
 * Sales campaign spreadsheets (`POST /api/dashboard/sales/ValidateFromCsv` and `/CreateFromCsv`,
 * to the catalog): up to SALES_SPREADSHEET_LIMITS.files files of SALES_SPREADSHEET_LIMITS.fileBytes
 * each; the catalog refuses each file past its own limit.
 */
export function streamedSpreadsheets(uploads: App, catalog: () => string): Promise<void> {
  return streamedUpload(uploads, {
    paths: ['/api/dashboard/sales/ValidateFromCsv', '/api/dashboard/sales/CreateFromCsv'],
    service: 'catalog',
    upstream: catalog,
    limit: SALES_SPREADSHEET_LIMITS.files * SALES_SPREADSHEET_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES,
    tooLarge: () => spreadsheetsTooLargeMessage(SALES_SPREADSHEET_LIMITS.files, megabytes(SALES_SPREADSHEET_LIMITS.fileBytes)),
  });
}

/** The catalog's BANNER_UPLOAD_LIMITS.bytes (contracts/src/dashboard-merchandising.ts): one wheel banner image. */
const BANNER_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Wheel banner uploads (`POST /api/dashboard/home/banners`, to the catalog): one banner and its framing; the catalog checks the image itself. */
export function streamedBanners(uploads: App, catalog: () => string): Promise<void> {
  return streamedUpload(uploads, {
    paths: ['/api/dashboard/home/banners'],
    service: 'catalog',
    upstream: catalog,
    limit: BANNER_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
    tooLarge: () => bannerTooLargeMessage(megabytes(BANNER_UPLOAD_BYTES)),
  });
}

function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
