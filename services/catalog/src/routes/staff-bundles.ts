import { Type } from '@sinclair/typebox';
import { BundleAlterBodySchema, BundleListQuerySchema, BundlePageSchema, BundleSaveBodySchema, CreatedSchema, DashboardBundleSchema, StatusChangedSchema } from '@inkwell/contracts/dashboard-catalogue';
import { EnvelopeOf, NotFoundError, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { staffActor } from '../store/audit';
import { alterStaffBundle, createStaffBundle, listStaffBundles, loadStaffBundle, setStaffBundleStatus } from '../store/staff-bundles';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const ById = Type.Object({ id: NumericId({ errorMessage: 'id must be a bundle id (a whole number from 1).' }) });

/**
 * The bundle editor's calls (dashboard spec §7 "Series and bundles"; …/iaps/add is served with the
 * products' Apple submissions). Each change commits with its bundle.changed event and audit entry.
 */
export async function staffBundleRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/bundles', {
    ...admin,
    schema: { tags, security, summary: 'Bundles, newest first, a page at a time', querystring: BundleListQuerySchema, response: { 200: EnvelopeOf(BundlePageSchema) } },
    handler: async (request) => success(await listStaffBundles(db, request.query)),
  });

  app.get('/api/dashboard/bundles/:id', {
    ...admin,
    schema: { tags, security, summary: 'A bundle with its items and prices', params: ById, response: { 200: EnvelopeOf(DashboardBundleSchema) } },
    handler: async (request) => {
      const bundle = await loadStaffBundle(db, request.params.id);
      if (!bundle) throw new NotFoundError();
      return success(bundle);
    },
  });

  app.post('/api/dashboard/bundles/new', {
    ...admin,
    schema: { tags, security, summary: 'Create a Draft bundle; the answer holds its id', body: BundleSaveBodySchema, response: { 200: EnvelopeOf(CreatedSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const id = await db.transaction((tx) => createStaffBundle({ tx, outbox }, actor, request.body));
      return success({ id });
    },
  });

  app.post('/api/dashboard/bundles/alter', {
    ...admin,
    schema: { tags, security, summary: 'Save a bundle (fields left out keep their value; items replaces the list)', body: BundleAlterBodySchema, response: { 200: EnvelopeOf(DashboardBundleSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => alterStaffBundle({ tx, outbox }, actor, request.body));
      return success((await loadStaffBundle(db, request.body.id))!);
    },
  });

  for (const [path, to, summary] of [
    ['/api/dashboard/bundles/publish', 'Published', 'Publish a bundle (name, description and default thumbnail needed)'],
    ['/api/dashboard/bundles/unpublish', 'Draft', 'Take a bundle out of the storefront (back to Draft)'],
    ['/api/dashboard/bundles/remove', 'Removed', 'Remove a bundle'],
  ] as const) {
    app.post(path, {
      ...admin,
      schema: { tags, security, summary, querystring: ById, response: { 200: EnvelopeOf(StatusChangedSchema) } },
      handler: async (request) => {
        const actor = staffActor(request);
        const status = await db.transaction((tx) => setStaffBundleStatus({ tx, outbox }, actor, request.query.id, to));
        return success({ id: request.query.id, status });
      },
    });
  }
}
