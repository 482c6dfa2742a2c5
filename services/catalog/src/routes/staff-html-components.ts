import { Type } from '@sinclair/typebox';
import { StatusChangedSchema } from '@inkwell/contracts/dashboard-catalogue';
import { HtmlComponentInputSchema, HtmlComponentSchema, HtmlSanitisedSchema } from '@inkwell/contracts/dashboard-merchandising';
import { EnvelopeOf, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { sanitiseWithReport } from '../domain/html-sanitiser';
import { staffActor } from '../store/audit';
import { alterHtmlComponents, createHtmlComponent, listHtmlComponents, loadHtmlComponents, removeHtmlComponent } from '../store/html-components';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const ById = Type.Object({ id: NumericId({ errorMessage: 'id must be an HTML component id (a whole number from 1).' }) });

/**
 * HTML components of the home page (dashboard spec §7 "Home page": GET /dashboard/html-components;
 * POST /new, /alter (list)); /remove and /preview are beyond the spec. Content is sanitised on save.
 */
export async function staffHtmlComponentRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/html-components', {
    ...admin,
    schema: { tags, security, summary: 'HTML components, in their home-page order (removed ones last)', response: { 200: EnvelopeOf(Type.Array(HtmlComponentSchema)) } },
    handler: async () => success(await listHtmlComponents(db)),
  });

  app.post('/api/dashboard/html-components/new', {
    ...admin,
    schema: { tags, security, summary: 'Create an HTML component (content sanitised; Draft unless asked Published)', body: HtmlComponentInputSchema, response: { 200: EnvelopeOf(HtmlComponentSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const id = await db.transaction((tx) => createHtmlComponent({ tx, outbox }, actor, request.body));
      return success((await loadHtmlComponents(db, [id]))[0]!);
    },
  });

  app.post('/api/dashboard/html-components/alter', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Save several HTML components at once, each with its id: all of them or, on any problem, none',
      body: Type.Array(HtmlComponentInputSchema, { minItems: 1, maxItems: 100 }),
      response: { 200: EnvelopeOf(Type.Array(HtmlComponentSchema)) },
    },
    handler: async (request) => {
      const actor = staffActor(request);
      const ids = await db.transaction((tx) => alterHtmlComponents({ tx, outbox }, actor, request.body));
      return success(await loadHtmlComponents(db, ids));
    },
  });

  app.post('/api/dashboard/html-components/remove', {
    ...admin,
    schema: { tags, security, summary: 'Remove an HTML component from the home page (beyond the spec)', querystring: ById, response: { 200: EnvelopeOf(StatusChangedSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => removeHtmlComponent({ tx, outbox }, actor, request.query.id));
      return success({ id: request.query.id, status: 'Removed' as const });
    },
  });

  app.post('/api/dashboard/html-components/preview', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'The content as it would be stored, and what the sanitiser took out (beyond the spec)',
      body: Type.Object({ content: Type.String({ maxLength: 100_000 }) }),
      response: { 200: EnvelopeOf(HtmlSanitisedSchema) },
    },
    handler: async (request) => success(sanitiseWithReport(request.body.content)),
  });
}
