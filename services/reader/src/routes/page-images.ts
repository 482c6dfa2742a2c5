import { Type } from '@sinclair/typebox';
import { DomainError, NotFoundError, type App } from '@inkwell/platform';
import { checkPageLink, PAGE_IMAGE_ROOT, pageImageFormatOf, READER_MESSAGES } from '../domain';
import type { ReaderDeps } from './deps';
import { ProductId } from './schemas';

/** 403 for a page link that was altered, made up, or has run out. */
export class PageLinkRefusedError extends DomainError {
  constructor(reason: 'forged' | 'expired') {
    super(403, 'Forbidden', reason === 'expired' ? READER_MESSAGES.pageLinkExpired : READER_MESSAGES.pageLinkInvalid);
  }
}

const CONTENT_TYPE = { webp: 'image/webp', jpeg: 'image/jpeg' } as const;

/**
 * `GET /reader/pages/{productId}/{page}/{width}.{webp|jpg}?exp=&sig=`: the image a signed link
 * names. Reading access was decided when the link was handed out; here only the signature and the
 * expiry count, so an image costs no catalog call and a browser and a CDN may keep it until the
 * link expires.
 */
export async function pageImageRoutes(app: App, { pages, mediaSecret }: ReaderDeps): Promise<void> {
  app.get(`${PAGE_IMAGE_ROOT}/:productId/:pageNumber/:file`, {
    schema: {
      tags: ['reader'],
      summary: 'A page image by signed link (WebP, or JPEG as the fallback)',
      params: Type.Object({
        productId: ProductId,
        pageNumber: Type.String({ pattern: '^[0-9]{1,6}$', errorMessage: READER_MESSAGES.pageNumber }),
        file: Type.String({ pattern: '^[0-9]{1,5}\\.(webp|jpg)$', errorMessage: READER_MESSAGES.pageImageName }),
      }),
      querystring: Type.Object({ exp: Type.Optional(Type.String({ maxLength: 20 })), sig: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: { description: 'The image', content: Object.fromEntries(Object.values(CONTENT_TYPE).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) } },
    },
    handler: async (request, reply) => {
      const { productId, pageNumber, file } = request.params;
      // The path exactly as sent is what was signed, so an id or page spelt another way fails.
      const check = checkPageLink(`${PAGE_IMAGE_ROOT}/${productId}/${pageNumber}/${file}`, request.query.exp ?? '', request.query.sig ?? '', mediaSecret, new Date());
      if (!check.valid) throw new PageLinkRefusedError(check.reason);
      const [width, extension] = file.split('.') as [string, string];
      const format = pageImageFormatOf(extension)!;
      const image = await pages.image(productId, Number(pageNumber), Number(width), format);
      if (!image) throw new NotFoundError();
      return reply
        .header('content-type', CONTENT_TYPE[format])
        .header('cache-control', `public, max-age=${check.secondsLeft}, immutable`)
        .send(image);
    },
  });
}
