import { Type } from '@sinclair/typebox';
import { PublishStatusChangeSchema } from '@inkwell/contracts/catalog';
import { BadRequestError, EnvelopeOf, NotFoundError, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES, canTransition, publishStatusFromCode, type PublishStatus } from '../domain';

const SCHEDULABLE = ['Published', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon'] as const;

/**
 * Staff publishing of products (dashboard spec §7 Products: publish, schedule, unpublish). The
 * change and its event commit together; search and caches follow from the event.
 */
export async function staffPublishingRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  const setStatus = async (id: number, to: PublishStatus, publishDate: string | undefined) => {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ status: number }>('SELECT status FROM products WHERE id = $1 FOR UPDATE', [id]);
      const row = rows[0];
      if (!row) throw new NotFoundError();
      const from = publishStatusFromCode(row.status) ?? 'Draft';
      if (from !== to && !canTransition(from, to)) throw new BadRequestError(`A ${from} product cannot be changed to ${to}.`);
      await tx.query(
        `UPDATE products SET status = $2::smallint, publish_date = COALESCE($3::timestamptz, CASE WHEN $2::smallint = ${PUBLISH_STATUS_CODES.Published} THEN COALESCE(publish_date, now()) ELSE publish_date END), updated_at = now() WHERE id = $1`,
        [id, PUBLISH_STATUS_CODES[to as keyof typeof PUBLISH_STATUS_CODES], publishDate ?? null],
      );
      const type = to === 'Draft' ? 'product.unpublished' : to === 'Published' ? 'product.published' : 'product.changed';
      await outbox.add(tx, { type, key: String(id), data: { productId: String(id) } });
      return { id, status: to };
    });
  };

  app.post('/api/dashboard/product/publish', {
    ...admin,
    schema: {
      tags: ['dashboard'],
      summary: 'Publish a product now, or schedule it',
      querystring: Type.Object({
        id: NumericId(),
        publishDate: Type.Optional(Type.String({ format: 'date-time' })),
        publishStatus: Type.Optional(Type.Union([Type.String({ enum: [...SCHEDULABLE] }), Type.Integer({ enum: SCHEDULABLE.map((name) => PUBLISH_STATUS_CODES[name]) })])),
      }),
      response: { 200: EnvelopeOf(PublishStatusChangeSchema) },
    },
    handler: async (request) => {
      const { id, publishDate, publishStatus } = request.query;
      const to = ((typeof publishStatus === 'number' ? publishStatusFromCode(publishStatus) : publishStatus) ?? 'Published') as PublishStatus;
      if (to !== 'Published' && !publishDate) throw new BadRequestError('A scheduled product needs a publishDate.');
      // Sent to Postgres in UTC: the format admits offsets (up to ±23:59) that Postgres refuses.
      const at = publishDate === undefined ? undefined : new Date(publishDate);
      if (at && Number.isNaN(at.getTime())) throw new BadRequestError('publishDate is not a date and time, e.g. 2025-01-31T18:04:05Z.');
      return success(await setStatus(id, to, at?.toISOString()));
    },
  });

  app.post('/api/dashboard/product/unpublish', {
    ...admin,
    schema: { tags: ['dashboard'], summary: 'Take a product out of the storefront', querystring: Type.Object({ id: NumericId() }), response: { 200: EnvelopeOf(PublishStatusChangeSchema) } },
    handler: async (request) => success(await setStatus(request.query.id, 'Draft', undefined)),
  });
}
