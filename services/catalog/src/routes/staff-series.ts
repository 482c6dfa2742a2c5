import { Type } from '@sinclair/typebox';
import {
  CreatedSchema,
  DashboardSeriesSchema,
  SeriesAlterBodySchema,
  SeriesListQuerySchema,
  SeriesNoteInputSchema,
  SeriesPageSchema,
  SeriesSaveBodySchema,
  StatusChangedSchema,
} from '@inkwell/contracts/dashboard-catalogue';
import { EnvelopeOf, NotFoundError, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { staffActor } from '../store/audit';
import { addStaffSeriesNote, alterStaffSeries, createStaffSeries, listStaffSeries, loadStaffSeries, setStaffSeriesStatus } from '../store/staff-series';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const ById = Type.Object({ id: NumericId({ errorMessage: 'id must be a series id (a whole number from 1).' }) });

/**
 * The series editor's calls (dashboard spec §7 "Series and bundles"; the series' products are
 * GET /dashboard/product/for/series/{id}). Each change commits with its series.changed event and
 * its audit entry, or not at all.
 */
export async function staffSeriesRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/series', {
    ...admin,
    schema: { tags, security, summary: 'Series, a page at a time (query, start, count, publishStatus, sortBy, sortDirection)', querystring: SeriesListQuerySchema, response: { 200: EnvelopeOf(SeriesPageSchema) } },
    handler: async (request) => success(await listStaffSeries(db, request.query)),
  });

  app.post('/api/dashboard/series', {
    ...admin,
    schema: { tags, security, summary: 'Series, a page at a time, the filters in the body', body: SeriesListQuerySchema, response: { 200: EnvelopeOf(SeriesPageSchema) } },
    handler: async (request) => success(await listStaffSeries(db, request.body)),
  });

  app.get('/api/dashboard/series/:id', {
    ...admin,
    schema: { tags, security, summary: 'A series with every field the editor shows, its notes and its product count', params: ById, response: { 200: EnvelopeOf(DashboardSeriesSchema) } },
    handler: async (request) => {
      const series = await loadStaffSeries(db, request.params.id);
      if (!series) throw new NotFoundError();
      return success(series);
    },
  });

  app.post('/api/dashboard/series/new', {
    ...admin,
    schema: { tags, security, summary: 'Create a series (Draft unless the body says Published or Removed)', body: SeriesSaveBodySchema, response: { 200: EnvelopeOf(CreatedSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const id = await db.transaction((tx) => createStaffSeries({ tx, outbox }, actor, request.body));
      return success({ id });
    },
  });

  app.post('/api/dashboard/series/alter', {
    ...admin,
    schema: { tags, security, summary: 'Save a list of series, all or none; newNotes adds notes', body: SeriesAlterBodySchema, response: { 200: EnvelopeOf(Type.Array(DashboardSeriesSchema)) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => alterStaffSeries({ tx, outbox }, actor, request.body));
      const saved = await Promise.all(request.body.map((item) => loadStaffSeries(db, item.id)));
      return success(saved.flatMap((series) => series ?? []));
    },
  });

  for (const [path, to, summary] of [
    ['/api/dashboard/series/publish', 'Published', 'Publish a series (title, description and at least one genre needed)'],
    ['/api/dashboard/series/unpublish', 'Draft', 'Take a series out of the storefront (back to Draft)'],
  ] as const) {
    app.post(path, {
      ...admin,
      schema: { tags, security, summary, querystring: ById, response: { 200: EnvelopeOf(StatusChangedSchema) } },
      handler: async (request) => {
        const actor = staffActor(request);
        const status = await db.transaction((tx) => setStaffSeriesStatus({ tx, outbox }, actor, request.query.id, to));
        return success({ id: request.query.id, status });
      },
    });
  }

  app.post('/api/dashboard/series/:id/notes', {
    ...admin,
    schema: { tags, security, summary: 'Add a note to a series without saving it (beyond the spec)', params: ById, body: SeriesNoteInputSchema, response: { 200: EnvelopeOf(DashboardSeriesSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => addStaffSeriesNote({ tx, outbox }, actor, request.params.id, request.body));
      return success((await loadStaffSeries(db, request.params.id))!);
    },
  });
}
