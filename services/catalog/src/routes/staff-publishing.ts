import { Type } from '@sinclair/typebox';
import { problem, WHOLE_REQUEST } from '@inkwell/contracts/problems';
import { BatchResultSchema, ProductStatusChangeSchema, SCHEDULE_STATUSES, type BatchResult } from '@inkwell/contracts/dashboard-products';
import { BadRequestError, DomainError, EnvelopeOf, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { publishStatusFromCode } from '../domain';
import { staffActor, type StaffActor } from '../store/audit';
import { changeProductStatus, type StatusRequest } from '../store/product-status';
import { batchVersionMessage, DATE_SCHEDULES_MESSAGE, notAScheduleStatusMessage, PUBLISH_DATE_NOT_AN_INSTANT_MESSAGE, publishDatePastMessage, scheduleNeedsDateMessage } from '../domain/messages';

type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

const StatusParam = Type.Union([Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0, maximum: 6 })]);
const IdQuery = Type.Object({ id: NumericId() });
const BATCH_API_VERSION = '4';
const MAX_BATCH = 100;

/** The publish call's meaning: publish now, or schedule (spec §7 Scheduling). Refuses naming the field. */
export function publishRequest(publishDate: string | undefined, publishStatus: string | number | undefined, now: Date): StatusRequest {
  // A query string's "3" arrives as text: a status is named or given by its code.
  const code = typeof publishStatus === 'string' && /^\d{1,2}$/.test(publishStatus) ? Number(publishStatus) : publishStatus;
  const name = typeof code === 'number' ? publishStatusFromCode(code) : code;
  if (name !== undefined && name !== 'Published' && !SCHEDULE_STATUSES.includes(name as ScheduleStatus)) {
    throw new BadRequestError(notAScheduleStatusMessage(String(publishStatus), SCHEDULE_STATUSES));
  }
  if (publishDate === undefined || publishDate === '') {
    if (name !== undefined && name !== 'Published') throw new BadRequestError(scheduleNeedsDateMessage(name));
    return { action: 'publish' };
  }
  if (name === 'Published') throw new BadRequestError(DATE_SCHEDULES_MESSAGE);
  const at = new Date(publishDate);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(publishDate) || at.getUTCFullYear() > 9999) {
    throw new BadRequestError(PUBLISH_DATE_NOT_AN_INSTANT_MESSAGE);
  }
  if (at.getTime() <= now.getTime()) throw new BadRequestError(publishDatePastMessage(publishDate));
  return { action: 'schedule', status: (name ?? 'Scheduled') as ScheduleStatus, publishDate: at };
}

/**
 * Staff status moves of products (dashboard spec §4, §7 Products): publish, schedule, unpublish,
 * remove, restore (beyond the spec's calls, §4 Restore), and the API-version-4 batches. Each move
 * writes its event and audit entry in its own transaction.
 */
export async function staffPublishingRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };
  const tags = ['dashboard'];
  const response = { 200: EnvelopeOf(ProductStatusChangeSchema) };

  const move = (actor: StaffActor, id: number, request: StatusRequest) => db.transaction((tx) => changeProductStatus({ tx, outbox }, actor, id, request));

  app.post('/api/dashboard/product/publish', {
    ...admin,
    schema: {
      tags,
      summary: 'Publish a product now, or schedule it (publishDate and publishStatus)',
      querystring: Type.Object({ id: NumericId(), publishDate: Type.Optional(Type.String({ maxLength: 40 })), publishStatus: Type.Optional(StatusParam) }),
      response,
    },
    handler: async (request) => {
      const { id, publishDate, publishStatus } = request.query;
      return success(await move(staffActor(request), id, publishRequest(publishDate, publishStatus, new Date())));
    },
  });

  const simple = (path: string, action: 'unpublish' | 'remove' | 'restore', summary: string) =>
    app.post(path, {
      ...admin,
      schema: { tags, summary, querystring: IdQuery, response },
      handler: async (request) => success(await move(staffActor(request), request.query.id, { action })),
    });
  simple('/api/dashboard/product/unpublish', 'unpublish', 'Take a product out of the storefront (Published → Draft)');
  simple('/api/dashboard/product/remove', 'remove', 'Remove a product (any status → Removed)');
  simple('/api/dashboard/product/restore', 'restore', 'Restore a removed product (Removed → Draft)');

  const checkVersion = (header: string | string[] | undefined, query: string | undefined) => {
    const version = query ?? (Array.isArray(header) ? header[0] : header);
    if (version?.trim() !== BATCH_API_VERSION) {
      throw new BadRequestError(batchVersionMessage(BATCH_API_VERSION, version));
    }
  };

  const batch = async (actor: StaffActor, ids: number[], request: StatusRequest): Promise<BatchResult> => {
    const results: BatchResult['results'] = [];
    // Per item: each id commits or fails on its own, so staff see which ones need fixing.
    for (const id of [...new Set(ids)]) {
      try {
        const changed = await move(actor, id, request);
        results.push({ id, ok: true, status: changed.status, problems: [] });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id, ok: false, status: null, problems: error.statusExtras.problems ?? [problem(WHOLE_REQUEST, error.message)] });
      }
    }
    const succeeded = results.filter((result) => result.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  };

  const BatchIds = Type.Array(NumericId(), { minItems: 1, maxItems: MAX_BATCH });
  const Version = Type.Optional(Type.String({ maxLength: 10 }));

  app.post('/api/dashboard/product/batchPublish', {
    ...admin,
    schema: {
      tags,
      summary: 'Publish or schedule several products (API version 4; per item)',
      querystring: Type.Object({ ids: BatchIds, publishDate: Type.Optional(Type.String({ maxLength: 40 })), publishStatus: Type.Optional(StatusParam), 'api-version': Version }),
      response: { 200: EnvelopeOf(BatchResultSchema) },
    },
    handler: async (request) => {
      checkVersion(request.headers['api-version'], request.query['api-version']);
      const what = publishRequest(request.query.publishDate, request.query.publishStatus, new Date());
      return success(await batch(staffActor(request), request.query.ids, what));
    },
  });

  app.post('/api/dashboard/product/batchUnPublish', {
    ...admin,
    schema: {
      tags,
      summary: 'Unpublish several products (API version 4; per item)',
      querystring: Type.Object({ ids: BatchIds, 'api-version': Version }),
      response: { 200: EnvelopeOf(BatchResultSchema) },
    },
    handler: async (request) => {
      checkVersion(request.headers['api-version'], request.query['api-version']);
      return success(await batch(staffActor(request), request.query.ids, { action: 'unpublish' }));
    },
  });
}
