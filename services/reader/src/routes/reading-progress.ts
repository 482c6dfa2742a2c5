import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, EnvelopeOf, EVENTS, NumericId, success, type App } from '@inkwell/platform';
import { isCompleted, progressProblem, READER_MESSAGES, resumeAt, writtenAt } from '../domain';
import { saveProgress } from '../store/progress';
import { shelve } from '../store/shelf';
import { openForReading } from '../flows/reading';
import { viewerOf } from './viewer';
import type { ReaderDeps } from './deps';
import { ReadingProgressSchema } from '@inkwell/contracts/library';
import { PublicationParams } from './schemas';

const ProgressFields = {
  ReadingProgress: Type.Integer({ minimum: 0, maximum: 100_000, errorMessage: READER_MESSAGES.progressIndex }),
  updatedAt: Type.Optional(Type.String({ format: 'date-time', errorMessage: READER_MESSAGES.updatedAt })),
};

/**
 * Reading progress (storefront spec §7: PATCH /mycomics/{id}, POST
 * /mycomics/updateReadingProgressForPublication), synced across a reader's devices: each write
 * carries the device's time and the latest one wins. Progress may be kept for anything the reader
 * may read, free comics too, and keeping it puts the comic on the shelf.
 */
export async function readingProgressRoutes(app: App, { context, catalog, pages }: ReaderDeps): Promise<void> {
  const { db, config, outbox } = context;
  const signedIn = { preHandler: context.auth.requireUser };

  const record = async (request: FastifyRequest, param: string, progress: number, claimedAt: string | undefined) => {
    const userId = request.principal!.userId;
    const now = new Date();
    const { publication } = await openForReading(catalog, db, param, viewerOf(request, config.geoCountryHeader), now);
    const pageCount = (await pages.pageCounts([publication.id])).get(publication.id) ?? publication.pageCount;
    const problem = progressProblem(progress, pageCount);
    if (problem) throw new BadRequestError(problem, { field: 'ReadingProgress' });
    const stored = await db.transaction(async (tx) => {
      const saved = await saveProgress(tx, { userId, productId: publication.id, seriesId: publication.seriesId, page: progress, at: writtenAt(claimedAt ? new Date(claimedAt) : undefined, now) });
      await shelve(tx, userId, publication.id, null);
      if (saved.applied) {
        await outbox.add(tx, {
          type: EVENTS.readingProgressUpdated.type,
          key: publication.id,
          data: { userId, publicationId: publication.id, page: saved.page, completed: isCompleted(saved.page, pageCount) },
        });
      }
      return saved;
    });
    const readingProgress = resumeAt(stored.page, pageCount);
    return success({ publicationId: publication.id, readingProgress, pageCount, completed: isCompleted(readingProgress, pageCount), updatedAt: stored.updatedAt.toISOString() });
  };

  const response = { 200: EnvelopeOf(ReadingProgressSchema) };

  app.patch('/api/mycomics/:id', {
    ...signedIn,
    schema: {
      tags: ['library'],
      summary: 'Save the page to resume a comic at; answers the progress kept (a newer write from another device wins)',
      security: [{ bearer: [] }],
      params: PublicationParams,
      body: Type.Object(ProgressFields),
      response,
    },
    handler: async (request) => record(request, request.params.id, request.body.ReadingProgress, request.body.updatedAt),
  });

  app.post('/api/mycomics/updateReadingProgressForPublication', {
    ...signedIn,
    schema: {
      tags: ['library'],
      summary: 'Save the page to resume a comic at, naming the comic in the body',
      security: [{ bearer: [] }],
      body: Type.Object({
        PublicationId: Type.Union([NumericId(), Type.String({ minLength: 1, maxLength: 200 })], { errorMessage: READER_MESSAGES.publicationId }),
        ...ProgressFields,
      }),
      response,
    },
    handler: async (request) => record(request, String(request.body.PublicationId), request.body.ReadingProgress, request.body.updatedAt),
  });
}
