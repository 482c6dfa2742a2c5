import { Type } from '@sinclair/typebox';
import { StatusChangedSchema } from '@inkwell/contracts/dashboard-catalogue';
import { CuratedListInputSchema, CuratedListPreviewSchema, CuratedListSchema } from '@inkwell/contracts/dashboard-merchandising';
import { EnvelopeOf, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { curatedListProblems } from '../domain/curated-list-rules';
import { staffActor } from '../store/audit';
import { refuseProblems } from '../store/catalogue-change';
import {
  PREVIEW_VISITOR,
  alterCuratedLists,
  createCuratedList,
  curatedListEntries,
  listCuratedLists,
  listItemsOf,
  loadCuratedLists,
  referenceProblems,
  removeCuratedList,
} from '../store/curated-lists';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const ById = Type.Object({ id: NumericId({ errorMessage: 'id must be a curated list id (a whole number from 1).' }) });
const PREVIEW_SIZE = 24;
const nothingOwned = async () => new Set<number>();

/**
 * Curated lists, the home page's carousels (dashboard spec §7 "Home page": GET /dashboard/carousels;
 * POST /new, /alter (list), /remove?id); /preview is beyond the spec (the editor's preview).
 */
export async function staffCarouselRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/carousels', {
    ...admin,
    schema: { tags, security, summary: 'Curated lists in their home-page order (removed ones last)', response: { 200: EnvelopeOf(Type.Array(CuratedListSchema)) } },
    handler: async () => success(await listCuratedLists(db)),
  });

  app.post('/api/dashboard/carousels/new', {
    ...admin,
    schema: { tags, security, summary: 'Create a curated list (Draft unless asked Published, which needs a title)', body: CuratedListInputSchema, response: { 200: EnvelopeOf(CuratedListSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const id = await db.transaction((tx) => createCuratedList({ tx, outbox }, actor, request.body));
      return success((await loadCuratedLists(db, [id]))[0]!);
    },
  });

  app.post('/api/dashboard/carousels/alter', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Save several curated lists, each with its id: all of them or, on any problem, none; answers them as saved',
      body: Type.Array(CuratedListInputSchema, { minItems: 1, maxItems: 100 }),
      response: { 200: EnvelopeOf(Type.Array(CuratedListSchema)) },
    },
    handler: async (request) => {
      const actor = staffActor(request);
      const ids = await db.transaction((tx) => alterCuratedLists({ tx, outbox }, actor, request.body));
      return success(await loadCuratedLists(db, ids));
    },
  });

  app.post('/api/dashboard/carousels/remove', {
    ...admin,
    schema: { tags, security, summary: 'Remove a curated list from the home page', querystring: ById, response: { 200: EnvelopeOf(StatusChangedSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => removeCuratedList({ tx, outbox }, actor, request.query.id));
      return success({ id: request.query.id, status: 'Removed' as const });
    },
  });

  app.post('/api/dashboard/carousels/preview', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'What a list would show a visitor who may see every rating: its first items and how many in all (beyond the spec)',
      body: CuratedListInputSchema,
      response: { 200: EnvelopeOf(CuratedListPreviewSchema) },
    },
    handler: async (request) => {
      const list = request.body;
      // The checks of a save as Draft (an unsaved list needs no title to be previewed).
      refuseProblems('Curated list', [...curatedListProblems(list, 'Draft'), ...(await referenceProblems(db, list, ''))]);
      const { entries, fullCount } = await curatedListEntries(db, list, PREVIEW_VISITOR, nothingOwned, { fromIndex: 0, count: PREVIEW_SIZE });
      return success({ items: await listItemsOf(db, entries, PREVIEW_VISITOR, nothingOwned), fullCount });
    },
  });
}
