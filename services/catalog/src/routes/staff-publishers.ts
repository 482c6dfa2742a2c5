import { Type } from '@sinclair/typebox';
import {
  CreatedSchema,
  DashboardPublisherSchema,
  PublisherAlterBodySchema,
  PublisherListBodySchema,
  PublisherNewBodySchema,
  PublisherPageSchema,
  PublisherVisibilityAnswerSchema,
  PublisherVisibilityBodySchema,
} from '@inkwell/contracts/dashboard-catalogue';
import { EnvelopeOf, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { staffActor } from '../store/audit';
import { alterStaffPublisher, createStaffPublisher, listStaffPublishers, loadStaffPublisher, removeStaffPublisher, setStaffPublishersHidden } from '../store/staff-publishers';

const tags = ['dashboard'];
const security = [{ bearer: [] }];

/** Publishers and their imprints (dashboard spec §7 "Publishers"): list, create, edit, remove, hide or show in batch. */
export async function staffPublisherRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.post('/api/dashboard/publisher/post-pagination', {
    ...admin,
    schema: { tags, security, summary: 'Publishers, a page at a time (query, start, count, hidden, sortBy, sortDirection)', body: PublisherListBodySchema, response: { 200: EnvelopeOf(PublisherPageSchema) } },
    handler: async (request) => success(await listStaffPublishers(db, request.body)),
  });

  app.post('/api/dashboard/publisher/new', {
    ...admin,
    schema: { tags, security, summary: 'Create a publisher with its imprints', body: PublisherNewBodySchema, response: { 200: EnvelopeOf(CreatedSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      return success({ id: await db.transaction((tx) => createStaffPublisher({ tx, outbox }, actor, request.body)) });
    },
  });

  app.post('/api/dashboard/publisher/alter', {
    ...admin,
    schema: { tags, security, summary: 'Edit a publisher; imprints, when sent, is the whole list', body: PublisherAlterBodySchema, response: { 200: EnvelopeOf(DashboardPublisherSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => alterStaffPublisher({ tx, outbox }, actor, request.body));
      return success((await loadStaffPublisher(db, request.body.id))!);
    },
  });

  app.post('/api/dashboard/publisher/remove', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Remove a publisher and its imprints (refused while series or products name them)',
      querystring: Type.Object({ id: NumericId({ errorMessage: 'id must be a publisher id (a whole number from 1).' }) }),
      response: { 200: EnvelopeOf(Type.Object({ id: NumericId() })) },
    },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => removeStaffPublisher({ tx, outbox }, actor, request.query.id));
      return success({ id: request.query.id });
    },
  });

  app.post('/api/dashboard/publisher/batch-visibility', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Hide or show several publishers; the body lists their ids',
      querystring: Type.Object({ hidden: Type.Boolean({ errorMessage: 'hidden must be true or false.' }) }),
      body: PublisherVisibilityBodySchema,
      response: { 200: EnvelopeOf(PublisherVisibilityAnswerSchema) },
    },
    handler: async (request) => {
      const actor = staffActor(request);
      const ids = await db.transaction((tx) => setStaffPublishersHidden({ tx, outbox }, actor, request.body, request.query.hidden));
      return success({ hidden: request.query.hidden, ids });
    },
  });
}
