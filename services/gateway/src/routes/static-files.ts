import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { contentTypeOfKey, createFileStorage, isPrivateFileKey, isValidKey, mediaDir, type App, type GatewayConfig, type Logger } from '@inkwell/platform';

export async function serveSinglePageApp(app: App, dist: string, prefix: string, logger: Logger): Promise<void> {
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
export async function serveMedia(app: App, config: GatewayConfig): Promise<void> {
  if (!config.media.s3) {
    await mkdir(mediaDir(config), { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir(config),
      prefix: '/media/',
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => !isPrivateFileKey(pathName),
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
    const bytes = isValidKey(key) && !isPrivateFileKey(key) ? await files.get(key) : undefined;
    if (!bytes) return reply.callNotFound();
    return reply.headers(MEDIA_HEADERS).type(contentTypeOfKey(key)).send(bytes);
  });
}
