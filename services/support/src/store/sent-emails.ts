import type { Queryable } from '@inkwell/platform';
import type { DeliveryStatisticsPoint, SentEmail as ContractSentEmail } from '@inkwell/contracts/dashboard-support';
import { EMAIL_TIMELINE_STEP_MS, type SentEmailStatus } from '@inkwell/contracts/support-rules';
import { likePattern } from './templates';

/** Dashboard spec §3 "Sent email", as the contract has it (bodies, category, status, events). */
export type SentEmail = ContractSentEmail;
export type SentEmailEvent = SentEmail['events'][number];

type SentEmailRow = {
  id: string;
  external_id: string | null;
  from_address: string;
  to_address: string;
  subject: string;
  html_body: string;
  text_body: string;
  template_name: string | null;
  user_id: string | null;
  category: string;
  status: SentEmailStatus;
  attempts: number;
  last_error: string | null;
  mail_created_at: Date;
  sent_at: Date | null;
  events: Array<{ id: number; event_type: SentEmailEvent['eventType']; event_at: string; detail: string }>;
};

function toSentEmail(row: SentEmailRow): SentEmail {
  return {
    id: row.id,
    externalId: row.external_id,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    htmlBody: row.html_body,
    textBody: row.text_body,
    templateName: row.template_name,
    userId: row.user_id,
    category: row.category,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    mailCreatedDateTime: row.mail_created_at.toISOString(),
    sentAtDateTime: row.sent_at?.toISOString() ?? null,
    events: row.events.map((event) => ({
      id: event.id,
      sentEmailId: row.id,
      eventType: event.event_type,
      eventDateTime: new Date(event.event_at).toISOString(),
      completeEventString: event.detail,
    })),
  };
}

export interface SentEmailFilter {
  offset: number;
  limit: number;
  /** Part of the recipient's address or of the subject, ignoring case. */
  search?: string | undefined;
  statuses?: readonly SentEmailStatus[] | undefined;
  category?: string | undefined;
}

/** Newest first, filtered by search (recipient or subject), statuses and category. */
export async function pageSentEmails(db: Queryable, page: SentEmailFilter): Promise<{ items: SentEmail[]; filtered: number; unfiltered: number }> {
  const pattern = page.search ? likePattern(page.search) : null;
  const statuses = page.statuses && page.statuses.length > 0 ? [...page.statuses] : null;
  const category = page.category?.trim() ? page.category.trim() : null;
  const filter = `($1::text IS NULL OR lower(e.to_address) LIKE $1 OR lower(e.subject) LIKE $1)
    AND ($2::text[] IS NULL OR e.status = ANY($2::text[]))
    AND ($3::text IS NULL OR e.category = $3)`;
  const counts = await db.query<{ filtered: number; unfiltered: number }>(
    `SELECT count(*) FILTER (WHERE ${filter}) AS filtered, count(*) AS unfiltered FROM sent_emails e`,
    [pattern, statuses, category],
  );
  const { rows } = await db.query<SentEmailRow>(
    `SELECT e.id, e.external_id, e.from_address, e.to_address, e.subject, e.html_body, e.text_body, e.template_name, e.user_id,
            e.category, e.status, e.attempts, e.last_error, e.mail_created_at, e.sent_at,
            COALESCE((SELECT json_agg(json_build_object('id', v.id, 'event_type', v.event_type, 'event_at', v.event_at, 'detail', v.detail) ORDER BY v.id)
                        FROM sent_email_events v WHERE v.sent_email_id = e.id), '[]'::json) AS events
       FROM sent_emails e
      WHERE ${filter}
      ORDER BY e.mail_created_at DESC, e.id DESC
      LIMIT $4 OFFSET $5`,
    [pattern, statuses, category, page.limit, page.offset],
  );
  return { items: rows.map(toSentEmail), filtered: counts.rows[0]!.filtered, unfiltered: counts.rows[0]!.unfiltered };
}

/** The start of the 15-minute step `at` falls in (steps counted from the epoch, in UTC). */
export function stepStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / EMAIL_TIMELINE_STEP_MS) * EMAIL_TIMELINE_STEP_MS);
}

type PointRow = { step: Date; sends: number; deliveries: number; bounces: number; complaints: number; rejects: number; failures: number; queued: number };

async function stepRows(q: Queryable, from: Date, to: Date): Promise<Map<number, PointRow>> {
  const { rows } = await q.query<PointRow>(
    `SELECT date_bin('15 minutes', event_at, TIMESTAMPTZ '1970-01-01 00:00:00+00') AS step,
            count(*) FILTER (WHERE event_type = 'Send')::int AS sends,
            count(*) FILTER (WHERE event_type = 'Delivery')::int AS deliveries,
            count(*) FILTER (WHERE event_type = 'Bounce')::int AS bounces,
            count(*) FILTER (WHERE event_type = 'Complaint')::int AS complaints,
            count(*) FILTER (WHERE event_type = 'Reject')::int AS rejects,
            count(*) FILTER (WHERE event_type = 'Failure')::int AS failures,
            count(*) FILTER (WHERE event_type = 'Queued')::int AS queued
       FROM sent_email_events
      WHERE event_at >= $1 AND event_at < $2
      GROUP BY 1`,
    [from, to],
  );
  return new Map(rows.map((row) => [new Date(row.step).getTime(), row]));
}

/**
 * Dashboard spec §3 "Email delivery statistics point", one per 15-minute step from the step `from`
 * falls in up to `to` (exclusive), every step present (zeros where nothing happened), counted from
 * the sent-email events: deliveryAttempts are Send events.
 */
export async function deliveryPoints(q: Queryable, from: Date, to: Date): Promise<DeliveryStatisticsPoint[]> {
  return (await timeline(q, from, to)).points;
}

export interface EmailTimeline {
  points: DeliveryStatisticsPoint[];
  totals: { deliveryAttempts: number; deliveries: number; bounces: number; complaints: number; rejects: number; failures: number; queued: number };
}

/** The points and their totals (with failures and queued, which the points do not carry). */
export async function timeline(q: Queryable, from: Date, to: Date): Promise<EmailTimeline> {
  const first = stepStart(from);
  const byStep = await stepRows(q, first, to);
  const points: DeliveryStatisticsPoint[] = [];
  const totals = { deliveryAttempts: 0, deliveries: 0, bounces: 0, complaints: 0, rejects: 0, failures: 0, queued: 0 };
  for (let at = first.getTime(); at < to.getTime(); at += EMAIL_TIMELINE_STEP_MS) {
    const row = byStep.get(at);
    const point = {
      timestamp: new Date(at).toISOString(),
      deliveryAttempts: row?.sends ?? 0,
      deliveries: row?.deliveries ?? 0,
      bounces: row?.bounces ?? 0,
      complaints: row?.complaints ?? 0,
      rejects: row?.rejects ?? 0,
    };
    points.push(point);
    totals.deliveryAttempts += point.deliveryAttempts;
    totals.deliveries += point.deliveries;
    totals.bounces += point.bounces;
    totals.complaints += point.complaints;
    totals.rejects += point.rejects;
    totals.failures += row?.failures ?? 0;
    totals.queued += row?.queued ?? 0;
  }
  return { points, totals };
}
