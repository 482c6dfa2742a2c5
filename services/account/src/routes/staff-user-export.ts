import { Type } from '@sinclair/typebox';
import {
  USER_MESSAGES,
  UserExportJobSchema,
  UserExportListEntrySchema,
  UserExportStartBodySchema,
  type UserExportJob,
} from '@inkwell/contracts/dashboard-customers';
import { BadRequestError, DomainError, EnvelopeOf, NotFoundError, success, type App, type ServiceContext } from '@inkwell/platform';
import { MESSAGES } from '../domain/messages';
import { checkExportFields, checkExportLink, exportFileName, exportLinkKey, exportLinkPath, EXPORT_CONTENT_TYPES } from '../domain/export-rows';
import type { UserExportWorker } from '../flows/user-export';
import { staffCaller } from './staff-users';
import { auditExportStarted, findUserExport, insertUserExport, listUserExports, type UserExportRow } from '../store/user-exports';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
/** How many jobs the list shows (newest first). */
const LIST_LIMIT = 100;

const ExportIdParams = Type.Object({ id: Type.String({ format: 'uuid', errorMessage: 'id must be an export id (a UUID).' }) });

/** 403 for a download link that was altered or made up; 410 for one that has run out. */
class ExportLinkRefusedError extends DomainError {
  constructor(reason: 'forged' | 'expired') {
    super(reason === 'expired' ? 410 : 403, reason === 'expired' ? 'Gone' : 'Forbidden', reason === 'expired' ? USER_MESSAGES.exportExpired : MESSAGES.exportLinkInvalid);
  }
}

export interface UserExportRouteOptions {
  worker: UserExportWorker;
  /** The clock links and `isExpired` are judged by (tests move it). */
  now?: () => Date;
}

/**
 * User export jobs (dashboard spec §3 "User export job", §4; issue 23): start (format csv unless
 * told, the spec's default fields unless told), list newest first, poll by id; the file is
 * downloaded through a signed link that expires, which is the credential (a browser download
 * carries no bearer token), so it lives under `/api/account`, outside the staff area's guard.
 */
export async function staffUserExportRoutes(app: App, context: ServiceContext, { worker, now = () => new Date() }: UserExportRouteOptions): Promise<void> {
  const { db, files, config } = context;
  if (!config.auth.privateKeyPem) throw new Error('the user export links need the account service signing key (AUTH_PRIVATE_KEY)');
  const linkKey = exportLinkKey(config.auth.privateKeyPem);
  const admin = { preHandler: context.auth.requireAdmin };

  const isExpired = (row: UserExportRow, at: Date) => row.status === 'completed' && (row.file_deleted_at !== null || (row.expires_at !== null && at.getTime() >= row.expires_at.getTime()));

  const jobView = (row: UserExportRow): UserExportJob => {
    const at = now();
    const expired = isExpired(row, at);
    return {
      id: row.id,
      type: 'users_export',
      status: row.status,
      format: row.format,
      fields: row.fields,
      created_at: row.created_at.toISOString(),
      // Relative: the dashboard is served from the gateway's origin, whatever PUBLIC_URL says.
      location: row.status === 'completed' && !expired && row.expires_at ? exportLinkPath(linkKey, row.id, row.expires_at) : null,
      isExpired: expired,
      rowsDone: row.rows_done,
      rowsTotal: row.rows_total,
      error: row.error,
      requestedById: row.requested_by_id,
      requestedByEmail: row.requested_by_email,
    };
  };

  app.post('/api/dashboard/users/user-export/start', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Start an export of the accounts (csv unless told; the default fields unless told); it runs in the background',
      body: UserExportStartBodySchema,
      response: { 202: EnvelopeOf(UserExportJobSchema) },
    },
    handler: async (request, reply) => {
      const actor = await staffCaller(db, request);
      const checked = checkExportFields(request.body.fields);
      if (!checked.ok) throw new BadRequestError(USER_MESSAGES.unknownField.replace('{field}', checked.field), { field: 'fields' });
      const format = request.body.format ?? 'csv';
      const id = await db.transaction(async (tx) => {
        const created = await insertUserExport(tx, { format, fields: checked.fields, requestedById: actor.id });
        await auditExportStarted(tx, { id: created, format, fields: checked.fields }, actor);
        return created;
      });
      worker.nudge();
      return reply.status(202).send(success(jobView((await findUserExport(db, id))!)));
    },
  });

  app.get('/api/dashboard/users/user-export', {
    ...admin,
    schema: { tags, security, summary: 'The user export jobs, newest first', response: { 200: EnvelopeOf(Type.Array(UserExportListEntrySchema)) } },
    handler: async (request) => {
      await staffCaller(db, request);
      const at = now();
      return success(
        (await listUserExports(db, LIST_LIMIT)).map((row) => ({
          jobId: row.id,
          created: row.created_at.toISOString(),
          isExpired: isExpired(row, at),
          requestedById: row.requested_by_id,
          requestedByEmail: row.requested_by_email,
          status: row.status,
          rowsDone: row.rows_done,
          rowsTotal: row.rows_total,
        })),
      );
    },
  });

  app.get('/api/dashboard/users/user-export/:id', {
    ...admin,
    schema: { tags, security, summary: 'One user export job: status, progress and, once completed, its download link', params: ExportIdParams, response: { 200: EnvelopeOf(UserExportJobSchema) } },
    handler: async (request) => {
      await staffCaller(db, request);
      const row = await findUserExport(db, request.params.id.toLowerCase());
      if (!row) throw new NotFoundError(USER_MESSAGES.unknownExport);
      return success(jobView(row));
    },
  });

  app.get('/api/account/user-export/:id/file', {
    schema: {
      tags,
      summary: "A finished user export's file, by the signed link its job gives (expires, signature)",
      params: ExportIdParams,
      querystring: Type.Object({ expires: Type.Optional(Type.String({ maxLength: 20 })), signature: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: {
        200: { description: 'The file', content: Object.fromEntries(Object.values(EXPORT_CONTENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) },
      },
    },
    handler: async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const at = now();
      const check = checkExportLink(linkKey, id, request.query.expires, request.query.signature, at);
      if (!check.valid) throw new ExportLinkRefusedError(check.reason);
      const row = await findUserExport(db, id);
      if (!row || row.status !== 'completed' || !row.file_key) throw new NotFoundError(USER_MESSAGES.unknownExport);
      if (isExpired(row, at)) throw new ExportLinkRefusedError('expired');
      const stream = await files.getStream(row.file_key);
      if (!stream) throw new ExportLinkRefusedError('expired');
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[row.format])
        .header('content-disposition', `attachment; filename="${exportFileName(row.created_at, row.format)}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
