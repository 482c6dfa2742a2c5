import { Type } from '@sinclair/typebox';
import { EnvelopeOf, NotFoundError, success, type App } from '@inkwell/platform';
import type { Publication } from '../peers/publication';
import { isOutForReading, neighbours, resumeAt } from '../domain';
import { progressOf } from '../store/progress';
import { comicPages } from './comic-page';
import { geoStatus, openForReading } from '../flows/reading';
import { viewerOf } from './viewer';
import type { ReaderDeps } from './deps';
import { ComicPageSchema, ComicPagesSchema } from '@inkwell/contracts/reader';
import { PublicationParams } from './schemas';

function comicLink(publication: Publication | null) {
  return publication && { id: publication.id, name: publication.name, volumeNumber: publication.volumeNumber, chapterNumber: publication.chapterNumber };
}

/**
 * `GET /comic/{id}/pages` and `/comic/{id}/pages/{n}`: the page set of a publication the visitor may
 * read, with signed links to its images. The answer holds links that open pages, so no cache may
 * keep it for someone else.
 */
export async function comicPagesRoutes(app: App, { context, catalog, pages, mediaSecret }: ReaderDeps): Promise<void> {
  const { db, config } = context;
  const optionalUser = { preHandler: context.auth.optionalUser };

  const openPageSet = async (request: Parameters<typeof viewerOf>[0], param: string, now: Date) => {
    const opened = await openForReading(catalog, db, param, viewerOf(request, config.geoCountryHeader), now);
    const set = await pages.forPublication(opened.publication);
    if (!set || set.pages.length === 0) throw new NotFoundError();
    return { ...opened, set, pageOf: comicPages(set, mediaSecret, config.media.urlTtlSeconds, now) };
  };

  app.get('/api/comic/:id/pages', {
    ...optionalUser,
    schema: {
      tags: ['reader'],
      summary: 'The pages of a comic, with signed image links, if the visitor may read it',
      params: PublicationParams,
      response: { 200: EnvelopeOf(ComicPagesSchema) },
    },
    handler: async (request, reply) => {
      const now = new Date();
      const { publication, set, geo, pageOf } = await openPageSet(request, request.params.id, now);
      const userId = request.principal?.userId;
      const [stored, series] = await Promise.all([
        userId ? progressOf(db, userId, publication.id) : undefined,
        publication.seriesId ? catalog.ofSeries(publication.seriesId) : [],
      ]);
      const around = neighbours(publication, series.filter((entry) => entry.category === 'Publication' && isOutForReading(entry, false, now)));
      reply.header('cache-control', 'private, no-store');
      return success(
        {
          comicID: publication.id,
          name: publication.name,
          seriesId: publication.seriesId,
          seriesTitle: publication.seriesTitle,
          seriesReadableUrl: publication.seriesReadableUrl,
          volumeNumber: publication.volumeNumber,
          chapterNumber: publication.chapterNumber,
          pageCount: set.pages.length,
          reverseReadOrder: publication.reverseReadOrder,
          readingProgress: resumeAt(stored?.page, set.pages.length),
          previous: comicLink(around.previous),
          next: comicLink(around.next),
          pages: set.pages.map(pageOf),
        },
        geoStatus(geo),
      );
    },
  });

  app.get('/api/comic/:id/pages/:n', {
    ...optionalUser,
    schema: {
      tags: ['reader'],
      summary: 'One page of a comic (1-based), with signed image links',
      params: Type.Object({ ...PublicationParams.properties, n: Type.Integer({ minimum: 1, maximum: 100_000 }) }),
      response: { 200: EnvelopeOf(ComicPageSchema) },
    },
    handler: async (request, reply) => {
      const { set, geo, pageOf } = await openPageSet(request, request.params.id, new Date());
      const page = set.pages.find((candidate) => candidate.pageNumber === request.params.n);
      if (!page) throw new NotFoundError();
      reply.header('cache-control', 'private, no-store');
      return success(pageOf(page), geoStatus(geo));
    },
  });
}
