import { BadRequestError, EnvelopeOf, paginate, success, type App, type ServiceContext } from '@inkwell/platform';
import { Type } from '@sinclair/typebox';
import { PaginatedOf } from '@inkwell/contracts/dashboard';
import { EmailMetricsBodySchema, EmailMetricsSchema, SUPPORT_MESSAGES, SentEmailSchema, SentEmailSearchBodySchema } from '@inkwell/contracts/dashboard-support';
import { EMAIL_TIMELINE_MAX_RANGE_MS, EMAIL_TIMELINE_STEP_MS } from '@inkwell/contracts/support-rules';
import { pageSentEmails, timeline } from '../store/sent-emails';
import { PageRequest, pageWindow } from './schemas';

/** The contract's search body, its page fields worded as the other list calls of this service word them. */
const SentEmailSearchBody = Type.Object({ ...SentEmailSearchBodySchema.properties, ...PageRequest.properties });

/** A metrics range: start before end, at most 31 days; else 400 naming the field. */
export function metricsRange(body: { start: string; end: string }): { from: Date; to: Date } {
  const from = new Date(body.start);
  const to = new Date(body.end);
  if (Number.isNaN(from.getTime())) throw new BadRequestError(SUPPORT_MESSAGES.metricsRange, { field: 'start' });
  if (Number.isNaN(to.getTime()) || from.getTime() >= to.getTime() || to.getTime() - from.getTime() > EMAIL_TIMELINE_MAX_RANGE_MS) {
    throw new BadRequestError(SUPPORT_MESSAGES.metricsRange, { field: 'end' });
  }
  return { from, to };
}

/** Dashboard spec §7 "Email provider and delivery": what was sent, to whom, and what became of it. */
export async function sentEmailRoutes(app: App, context: ServiceContext): Promise<void> {
  app.post('/api/dashboard/sent-emails/post-pagination', {
    preHandler: context.auth.requireAdmin,
    schema: {
      tags: ['dashboard'],
      summary: 'Sent emails, newest first, with their bodies and delivery events; search by recipient or subject, filter by status and category',
      security: [{ bearer: [] }],
      body: SentEmailSearchBody,
      response: { 200: EnvelopeOf(PaginatedOf(SentEmailSchema)) },
    },
    handler: async (request) => {
      const { statuses, category } = request.body;
      const { items, filtered, unfiltered } = await pageSentEmails(context.db, { ...pageWindow(request.body), statuses, category });
      return success(paginate(items, request.body, filtered, unfiltered));
    },
  });

  app.post('/api/dashboard/sent-emails/metrics', {
    preHandler: context.auth.requireAdmin,
    schema: {
      tags: ['dashboard'],
      summary: 'Sends, deliveries, bounces, complaints and rejects per 15-minute step of a range (at most 31 days), every step present',
      security: [{ bearer: [] }],
      body: EmailMetricsBodySchema,
      response: { 200: EnvelopeOf(EmailMetricsSchema) },
    },
    handler: async (request) => {
      const { from, to } = metricsRange(request.body);
      const { points, totals } = await timeline(context.db, from, to);
      return success({ stepMs: EMAIL_TIMELINE_STEP_MS, points, totals });
    },
  });
}
