import { Type } from '@sinclair/typebox';
import { SearchActiveNotUploadedSchema, SearchOrphansSchema, SearchRemovedSchema, SearchUploadJobSchema } from '@inkwell/contracts/dashboard-catalogue';
import { EnvelopeOf, NotFoundError, success, type App, type ServiceContext } from '@inkwell/platform';
import type { SearchMaintenance } from '../flows/search-maintenance';
import { staffActor } from '../store/audit';

const tags = ['dashboard'];
const security = [{ bearer: [] }];

/** Search maintenance (dashboard spec §7 "Search maintenance"), and the upload job's progress (beyond the spec). */
export async function staffSearchRoutes(app: App, context: ServiceContext, maintenance: SearchMaintenance): Promise<void> {
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/search/getOrphans', {
    ...admin,
    schema: { tags, security, summary: 'Documents in the search index whose item no longer exists or is not listed', response: { 200: EnvelopeOf(SearchOrphansSchema) } },
    handler: async () => {
      const items = await maintenance.orphans();
      return success({ items, count: items.length });
    },
  });

  app.get('/api/dashboard/search/getActiveNotUploaded', {
    ...admin,
    schema: { tags, security, summary: 'Listed series and products missing from the search index', response: { 200: EnvelopeOf(SearchActiveNotUploadedSchema) } },
    handler: async () => {
      const items = await maintenance.activeNotUploaded();
      return success({ items, count: items.length });
    },
  });

  app.post('/api/dashboard/search/removeInactiveFromSearch', {
    ...admin,
    schema: { tags, security, summary: 'Remove exactly the orphans from the search index', response: { 200: EnvelopeOf(SearchRemovedSchema) } },
    handler: async (request) => success({ removed: await maintenance.removeOrphans(staffActor(request)) }),
  });

  app.post('/api/dashboard/search/uploadAllToSearch', {
    ...admin,
    schema: { tags, security, summary: 'Rebuild the search index as a job; poll its progress by jobId', response: { 200: EnvelopeOf(SearchUploadJobSchema) } },
    handler: async (request) => success(await maintenance.startUpload(staffActor(request))),
  });

  app.get('/api/dashboard/search/uploadAllToSearch/:jobId', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Progress of an upload-all job (beyond the spec)',
      params: Type.Object({ jobId: Type.String({ format: 'uuid', errorMessage: 'jobId must be the jobId uploadAllToSearch answered.' }) }),
      response: { 200: EnvelopeOf(SearchUploadJobSchema) },
    },
    handler: async (request) => {
      const job = await maintenance.job(request.params.jobId);
      if (!job) throw new NotFoundError();
      return success(job);
    },
  });
}
