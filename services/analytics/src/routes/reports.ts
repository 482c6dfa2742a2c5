/**
 * The dashboard's Reports calls (dashboard spec §7 Reports, issue 25), admins only:
 * - `GET /dashboard/reports/asExcelFile?start&end` streams the workbook (domain/report-sheets.ts)
 *   into the reply as it is written;
 * - `POST /dashboard/reports/asExcelFileSendEmail?emails=…&emails=…(&start&end)` queues a job
 *   (flows/report-job.ts) and answers it at once; when written, each recipient gets an email (the
 *   support service, on `report.ready`) with a signed link that expires (REPORT_LINK_TTL_SECONDS).
 * Beyond the spec: `GET /dashboard/reports/jobs` (the caller's recent jobs), `/jobs/{id}`, and the
 * link itself, `GET /analytics/reports/file/{id}?expires&signature`, which needs no sign-in (the
 * signature is the credential), so it lives outside the staff area (whose guard wants a token),
 * as the account's user export link does: 403 linkInvalid when altered, 410 linkExpired when run out.
 * Without `start` and `end` a report covers the last 12 full months and this one, in the
 * reporting zone (REPORTING_TIME_ZONE).
 */
import { PassThrough } from 'node:stream';
import { Type } from '@sinclair/typebox';
import {
  ANALYTICS_MESSAGES,
  ReportEmailQuerySchema,
  ReportJobSchema,
  ReportQuerySchema,
  type ReportJob,
} from '@inkwell/contracts/dashboard-analytics';
import { BadRequestError, DomainError, EnvelopeOf, NotFoundError, staffActorOf, success, type App, type ServiceContext } from '@inkwell/platform';
import { dayInZone } from '../domain/periods';
import { XLSX_CONTENT_TYPE, checkReportLink, defaultReportRange, reportFileName, writeReportWorkbook, type ReportRange, type ReportSource } from '../domain/report-sheets';
import type { ReportJobWorker } from '../flows/report-job';
import { findReportJob, insertReportJob, listReportJobs, type ReportJobRow } from '../store/report-jobs';
import { parseAnalyticsRange } from './analytics-query';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
/** How many of the caller's jobs the list shows (newest first). */
export const REPORT_JOBS_LISTED = 50;
const base = '/api/dashboard/reports';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A binary body (typed loosely, as the account's export file is, so a stream may be sent). */
const WORKBOOK_REPLY: { description: string; content: Record<string, { schema: unknown }> } = {
  description: 'The workbook',
  content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
};

const JobIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** 403 for a link that was altered or made up; 410 for one that has run out. */
class ReportLinkRefusedError extends DomainError {
  constructor(reason: 'forged' | 'expired') {
    super(reason === 'expired' ? 410 : 403, reason === 'expired' ? 'Gone' : 'Forbidden', reason === 'expired' ? ANALYTICS_MESSAGES.linkExpired : ANALYTICS_MESSAGES.linkInvalid);
  }
}

export interface ReportRouteOptions {
  source: ReportSource;
  worker: Pick<ReportJobWorker, 'nudge'>;
  /** The link signing key (store/report-jobs reportLinkSecret). */
  linkKey: Buffer;
  /** The clock "today" and links are judged by (tests move it). */
  now?: () => Date;
}

/** The report's range: the days given (checked like every analytics range), else the default. */
export function reportRangeOf(query: { start?: string; end?: string }, today: string): ReportRange {
  const fallback = defaultReportRange(today);
  const range = parseAnalyticsRange({ start: query.start ?? (query.end && query.end < fallback.start ? query.end : fallback.start), end: query.end ?? (query.start && query.start > today ? query.start : today) });
  return { start: range.start, end: range.end };
}

/** The addresses asked for (repeated `emails`), lower-cased and without repeats; else the caller's. */
export function recipientsOf(emails: string | string[] | undefined, ownEmail: string | null): string[] {
  const given = emails === undefined ? [] : Array.isArray(emails) ? emails : [emails];
  const list = [...new Set(given.map((email) => email.trim().toLowerCase()).filter((email) => email !== ''))];
  if (list.length === 0 && ownEmail) list.push(ownEmail.toLowerCase());
  if (list.length === 0 || list.length > 10) throw new BadRequestError(ANALYTICS_MESSAGES.emails, { field: 'emails' });
  return list;
}

export async function reportRoutes(app: App, context: ServiceContext, { source, worker, linkKey, now = () => new Date() }: ReportRouteOptions): Promise<void> {
  const { db, files, config } = context;
  const admin = { preHandler: context.auth.requireAdmin };
  const timeZone = config.analytics.timeZone;
  const today = () => dayInZone(now(), timeZone);

  const isExpired = (row: ReportJobRow, at: Date) => row.status === 'Completed' && (row.file_deleted_at !== null || (row.expires_at !== null && at.getTime() >= row.expires_at.getTime()));

  const jobView = (row: ReportJobRow): ReportJob => ({
    id: row.id,
    status: row.status,
    start: row.range_start,
    end: row.range_end,
    recipients: row.recipient_count,
    requestedAt: row.requested_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    progress: row.progress,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    expiresAt: row.expires_at?.toISOString() ?? null,
    error: row.error,
  });

  app.get(`${base}/asExcelFile`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'The reports workbook (.xlsx, streamed): sales by day, product, series and format, refunds, new customers; default the last 12 full months and this one',
      querystring: ReportQuerySchema,
      response: { 200: WORKBOOK_REPLY },
    },
    handler: async (request, reply) => {
      staffActorOf(request.principal);
      const range = reportRangeOf(request.query, today());
      const body = new PassThrough();
      const log = request.log;
      // Written as the reply is read: a row is committed to the reply as soon as it is written. A
      // reader that goes away ends the writing at the next batch.
      const gone = new Error('the report download was closed before its end');
      body.on('error', () => undefined);
      writeReportWorkbook(body, source, range, {
        onBatch: async () => {
          if (body.destroyed) throw gone;
        },
      }).catch((error: unknown) => {
        if (error === gone) return log.info({ start: range.start, end: range.end }, 'report download closed early');
        log.error({ err: error }, 'report workbook failed while streaming');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${reportFileName(range)}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });

  app.post(`${base}/asExcelFileSendEmail`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Writes the reports workbook in the background and emails a signed link to it (valid 7 days) to the addresses given, else to the caller',
      querystring: ReportEmailQuerySchema,
      response: { 202: EnvelopeOf(ReportJobSchema) },
    },
    handler: async (request, reply) => {
      const actor = staffActorOf(request.principal);
      const recipients = recipientsOf(request.query.emails, actor.email);
      const range = reportRangeOf(request.query, today());
      const row = await insertReportJob(db, { ...range, recipients, requestedById: actor.id });
      worker.nudge();
      request.log.info({ reportJobId: row.id, recipients: recipients.length, start: range.start, end: range.end }, 'report asked for');
      return reply.status(202).send(success(jobView(row)));
    },
  });

  app.get(`${base}/jobs`, {
    ...admin,
    schema: { tags, security, summary: "The caller's report jobs, newest first", response: { 200: EnvelopeOf(Type.Array(ReportJobSchema)) } },
    handler: async (request) => {
      const actor = staffActorOf(request.principal);
      return success((await listReportJobs(db, actor.id, REPORT_JOBS_LISTED)).map(jobView));
    },
  });

  app.get(`${base}/jobs/:id`, {
    ...admin,
    schema: { tags, security, summary: 'One report job: status and progress', params: JobIdParams, response: { 200: EnvelopeOf(ReportJobSchema) } },
    handler: async (request) => {
      staffActorOf(request.principal);
      const id = request.params.id;
      const row = UUID.test(id) ? await findReportJob(db, id.toLowerCase()) : undefined;
      if (!row) throw new NotFoundError(ANALYTICS_MESSAGES.reportNotFound);
      return success(jobView(row));
    },
  });

  app.get(`/api/analytics/reports/file/:id`, {
    schema: {
      tags,
      summary: "A mailed report's workbook, by its signed link (expires, signature); no sign-in",
      params: JobIdParams,
      querystring: Type.Object({ expires: Type.Optional(Type.String({ maxLength: 20 })), signature: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: WORKBOOK_REPLY },
    },
    handler: async (request, reply) => {
      const id = request.params.id.toLowerCase();
      if (!UUID.test(id)) throw new ReportLinkRefusedError('forged');
      const at = now();
      const check = checkReportLink(linkKey, id, request.query.expires, request.query.signature, at);
      if (!check.valid) throw new ReportLinkRefusedError(check.reason);
      const row = await findReportJob(db, id);
      if (!row || row.status !== 'Completed' || !row.file_key) throw new NotFoundError(ANALYTICS_MESSAGES.reportNotFound);
      if (isExpired(row, at)) throw new ReportLinkRefusedError('expired');
      const stream = await files.getStream(row.file_key);
      if (!stream) throw new ReportLinkRefusedError('expired');
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${reportFileName({ start: row.range_start, end: row.range_end })}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
