import { ConflictError, EnvelopeOf, NotFoundError, paginate, staffActorOf, success, type App, type ServiceContext } from '@inkwell/platform';
import { Type } from '@sinclair/typebox';
import { PaginatedOf } from '@inkwell/contracts/dashboard';
import {
  EmailBudgetSchema,
  IdParamsSchema,
  SUPPORT_MESSAGES,
  ScheduledEmailMetricsSchema,
  ScheduledEmailSchema,
  ScheduledEmailSearchBodySchema,
} from '@inkwell/contracts/dashboard-support';
import { DAILY_BUDGET } from '../flows/email-scheduler';
import { budgetUsedToday, cancelScheduledEmail, getScheduledEmail, listScheduledEmails, nextUtcMidnight } from '../store/scheduled-emails';

const tags = ['dashboard'];
const security = [{ bearer: [] }];

/** Dashboard spec §7 "Email provider and delivery": scheduled emails, the daily budget and what waits. */
export async function scheduledEmailRoutes(app: App, context: ServiceContext): Promise<void> {
  app.post('/api/dashboard/scheduled-emails/post-pagination', {
    preHandler: context.auth.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Scheduled emails, the latest send time first; search by recipient, template or reason; filter by status',
      body: ScheduledEmailSearchBodySchema,
      response: { 200: EnvelopeOf(PaginatedOf(ScheduledEmailSchema)) },
    },
    handler: async (request) => {
      const { pageNumber, pageSize, search, statuses } = request.body;
      const [{ items, total }, all] = await Promise.all([
        listScheduledEmails(context.db, { pageNumber, pageSize, search, statuses }),
        context.db.query<{ n: number }>('SELECT count(*) AS n FROM scheduled_emails'),
      ]);
      return success(paginate(items, request.body, total, Number(all.rows[0]?.n ?? 0)));
    },
  });

  app.get('/api/dashboard/scheduled-emails/budgets', {
    preHandler: context.auth.requireAdmin,
    schema: { tags, security, summary: 'The daily sending budget of scheduled emails and what is left of it today (UTC)', response: { 200: EnvelopeOf(Type.Array(EmailBudgetSchema)) } },
    handler: async () => {
      const cap = context.config.email.dailySendCap;
      const used = await budgetUsedToday(context.db, DAILY_BUDGET);
      return success([{ name: DAILY_BUDGET, dailyCap: cap, usedToday: used, remainingToday: Math.max(0, cap - used), resetsAt: nextUtcMidnight(new Date()).toISOString() }]);
    },
  });

  app.get('/api/dashboard/scheduled-emails/metrics', {
    preHandler: context.auth.requireAdmin,
    schema: { tags, security, summary: 'How many scheduled emails are due, later, deferred, sent today, failed and cancelled; the next 14 days by day', response: { 200: EnvelopeOf(ScheduledEmailMetricsSchema) } },
    handler: async () => {
      const counts = await context.db.query<{ due: number; later: number; deferred: number; sent_today: number; failed: number; cancelled: number }>(
        `SELECT count(*) FILTER (WHERE status IN ('Scheduled', 'Deferred') AND send_from <= now())::int AS due,
                count(*) FILTER (WHERE status IN ('Scheduled', 'Deferred') AND send_from > now())::int AS later,
                count(*) FILTER (WHERE status = 'Deferred')::int AS deferred,
                count(*) FILTER (WHERE status = 'Sent' AND sent_at >= (now() AT TIME ZONE 'UTC')::date::timestamp AT TIME ZONE 'UTC')::int AS sent_today,
                count(*) FILTER (WHERE status = 'Failed')::int AS failed,
                count(*) FILTER (WHERE status = 'Cancelled')::int AS cancelled
           FROM scheduled_emails`,
      );
      const days = await context.db.query<{ date: string; count: number }>(
        `SELECT to_char(d, 'YYYY-MM-DD') AS date,
                (SELECT count(*)::int FROM scheduled_emails s
                  WHERE s.status IN ('Scheduled', 'Deferred')
                    AND (s.send_from AT TIME ZONE 'UTC')::date = d) AS count
           FROM generate_series((now() AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date + 13, interval '1 day') AS g(d)
          ORDER BY d`,
      );
      const c = counts.rows[0]!;
      return success({ due: c.due, later: c.later, deferred: c.deferred, sentToday: c.sent_today, failed: c.failed, cancelled: c.cancelled, upcoming: days.rows });
    },
  });

  app.post('/api/dashboard/scheduled-emails/cancel/:id', {
    preHandler: context.auth.requireAdmin,
    schema: { tags, security, summary: 'Cancels a scheduled email that still waits (409 once sent, failed or cancelled)', params: IdParamsSchema, response: { 200: EnvelopeOf(ScheduledEmailSchema) } },
    handler: async (request) => {
      const actor = staffActorOf(request.principal);
      const { id } = request.params;
      const outcome = await context.db.transaction((tx) => cancelScheduledEmail(tx, id, actor.email ?? actor.id));
      if (outcome === 'not-found') throw new NotFoundError();
      if (outcome === 'not-cancellable') throw new ConflictError(SUPPORT_MESSAGES.scheduledNotCancellable);
      return success((await getScheduledEmail(context.db, id))!);
    },
  });
}
