import { Type } from '@sinclair/typebox';
import { BadRequestError, EnvelopeOf, EVENTS, NumericId, success, UnixTime, type App } from '@inkwell/platform';
import { READER_MESSAGES } from '../domain';
import type { ReaderDeps } from './deps';

/** A reading session is one sitting; this bounds what one call may carry. */
const MAX_PAGE_SESSIONS = 5000;

/** ISO 8601 text or unix milliseconds: the reader sends what its clock gives. */
const Instant = Type.Union([Type.String({ format: 'date-time' }), UnixTime()], {
  errorMessage: READER_MESSAGES.sessionTimes,
});

/**
 * `POST /account/instrumentation` (storefront spec §3 reading session, §7): how long each page of a
 * comic was on screen. Accepted from anyone reading and handed to analytics as a
 * `reading.session-recorded` event. The reader sends a session again until it gets a 200.
 */
export async function instrumentationRoutes(app: App, { context }: ReaderDeps): Promise<void> {
  const { db, outbox } = context;

  app.post('/api/account/instrumentation', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['reader'],
      summary: 'Record a reading session (pages and the time each was shown) for analytics',
      body: Type.Object({
        comicId: Type.Union([NumericId(), Type.String({ minLength: 1, maxLength: 200 })]),
        mode: Type.String({ minLength: 1, maxLength: 40 }),
        platform: Type.String({ minLength: 1, maxLength: 40 }),
        pageSessions: Type.Array(Type.Object({ pageNumber: Type.Integer({ minimum: 1, maximum: 100_000 }), start: Instant, end: Instant }), { maxItems: MAX_PAGE_SESSIONS }),
      }),
      response: { 200: EnvelopeOf(Type.Null()) },
    },
    handler: async (request) => {
      const { comicId, mode, platform, pageSessions } = request.body;
      const pages = pageSessions.map((session, index) => {
        const start = new Date(session.start);
        const end = new Date(session.end);
        if (end.getTime() < start.getTime()) throw new BadRequestError(READER_MESSAGES.sessionEndsBeforeStart(index), { field: `pageSessions.${index}.end` });
        return { pageNumber: session.pageNumber, start: start.toISOString(), end: end.toISOString() };
      });
      const userId = request.principal?.userId;
      await db.transaction((tx) =>
        outbox.add(tx, { type: EVENTS.readingSessionRecorded.type, key: String(comicId), data: { ...(userId ? { userId } : {}), comicId: String(comicId), mode, platform, pages } }),
      );
      return success(null);
    },
  });
}
