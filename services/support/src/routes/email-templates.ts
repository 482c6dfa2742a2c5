import { Type } from '@sinclair/typebox';
import { BadRequestError, DomainError, EnvelopeOf, Int4, NotFoundError, paginate, success, type App, type ServiceContext } from '@inkwell/platform';
import { MESSAGES } from '../domain/messages';
import { MissingValuesError, renderEmail } from '../domain/render';
import type { MailQueue } from '../store/mail-queue';
import { contentOf, createTemplate, findTemplateById, findTemplateByName, listTemplates, pageTemplates, updateTemplate } from '../store/templates';
import { AlterTemplateBody, EmailTemplateSchema, NewTemplateBody, PageRequest, PaginatedEnvelope, TestEmailBody, pageWindow } from './schemas';

const PREFIX = '/api/dashboard/emailTemplates';
const TemplateId = Type.Object({ id: Int4({ minimum: 1, errorMessage: MESSAGES.templateId }) });
const nameTaken = (name: string) => new DomainError(409, 'Conflict', MESSAGES.nameTaken(name), { field: 'name' });

/**
 * Dashboard spec §7 "Email templates": the authentication templates the account mails are made
 * from (read-only) and the database templates staff write, try out with a test email, and change.
 */
export async function emailTemplateRoutes(app: App, context: ServiceContext, queue: MailQueue): Promise<void> {
  const { db } = context;
  const staff = { preHandler: context.auth.requireAdmin };
  const tags = ['dashboard'];
  const security = [{ bearer: [] }];

  app.get(`${PREFIX}/auth-templates`, {
    ...staff,
    schema: { tags, security, summary: 'The authentication templates (verification, password reset, email change)', response: { 200: EnvelopeOf(Type.Array(EmailTemplateSchema)) } },
    handler: async () => success(await listTemplates(db, 'auth')),
  });

  app.get(`${PREFIX}/auth-templates/:name`, {
    ...staff,
    schema: { tags, security, summary: 'One authentication template by name', params: Type.Object({ name: Type.String({ maxLength: 100 }) }), response: { 200: EnvelopeOf(EmailTemplateSchema) } },
    handler: async (request) => {
      const template = await findTemplateByName(db, 'auth', request.params.name);
      if (!template) throw new NotFoundError();
      return success(template);
    },
  });

  app.post(`${PREFIX}/db-templates`, {
    ...staff,
    schema: { tags, security, summary: 'Database templates, by name; search matches name, description or subject', body: PageRequest, response: { 200: PaginatedEnvelope(EmailTemplateSchema) } },
    handler: async (request) => {
      const { items, filtered, unfiltered } = await pageTemplates(db, 'db', pageWindow(request.body));
      return success(paginate(items, request.body, filtered, unfiltered));
    },
  });

  app.post(`${PREFIX}/db-templates/new`, {
    ...staff,
    schema: { tags, security, summary: 'Create a database template', body: NewTemplateBody, response: { 200: EnvelopeOf(EmailTemplateSchema) } },
    handler: async (request) => {
      const body = request.body;
      const created = await createTemplate(db, 'db', { ...body, name: body.name.trim(), description: body.description ?? '' }, request.principal?.email ?? null);
      if (!created) throw nameTaken(body.name.trim());
      return success(created);
    },
  });

  app.get(`${PREFIX}/db-templates/:id`, {
    ...staff,
    schema: { tags, security, summary: 'One database template', params: TemplateId, response: { 200: EnvelopeOf(EmailTemplateSchema) } },
    handler: async (request) => {
      const template = await findTemplateById(db, 'db', request.params.id);
      if (!template) throw new NotFoundError();
      return success(template);
    },
  });

  app.post(`${PREFIX}/db-templates/:id/alter`, {
    ...staff,
    schema: { tags, security, summary: 'Change a database template (fields left out stay as they are)', params: TemplateId, body: AlterTemplateBody, response: { 200: EnvelopeOf(EmailTemplateSchema) } },
    handler: async (request) => {
      const current = await findTemplateById(db, 'db', request.params.id);
      if (!current) throw new NotFoundError();
      const body = request.body;
      const input = {
        name: body.name?.trim() ?? current.name,
        description: body.description ?? current.description,
        subject: body.subject ?? current.subject,
        htmlBody: body.htmlBody ?? current.htmlBody,
        textBody: body.textBody ?? current.textBody,
      };
      const updated = await updateTemplate(db, 'db', current.id, input, request.principal?.email ?? null).catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') throw nameTaken(input.name);
        throw error;
      });
      if (!updated) throw new NotFoundError();
      return success(updated);
    },
  });

  app.post(`${PREFIX}/db-templates/:id/test-email`, {
    ...staff,
    schema: {
      tags,
      security,
      summary: 'Send a database template to the given addresses, filled with MetaData',
      params: TemplateId,
      body: TestEmailBody,
      response: { 200: EnvelopeOf(Type.Object({ sentEmailIds: Type.Array(Type.String()) })) },
    },
    handler: async (request) => {
      const template = await findTemplateById(db, 'db', request.params.id);
      if (!template) throw new NotFoundError();
      let content;
      try {
        content = renderEmail(contentOf(template), request.body.MetaData ?? {});
      } catch (error) {
        if (error instanceof MissingValuesError) throw new BadRequestError(MESSAGES.metaDataMissing(error.missing), { field: 'MetaData' });
        throw error;
      }
      const sentEmailIds = await db.transaction(async (tx) => {
        const ids: string[] = [];
        for (const to of new Set(request.body.ToAddresses.map((address) => address.trim()))) {
          ids.push(await queue.add(tx, { to, content, templateName: template.name, category: 'test' }));
        }
        return ids;
      });
      return success({ sentEmailIds });
    },
  });
}
