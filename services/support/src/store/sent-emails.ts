import type { Queryable } from '@inkwell/platform';
import { likePattern } from './templates';

/** Dashboard spec §3 "Sent email event". */
export interface SentEmailEvent {
  id: number;
  sentEmailId: string;
  eventType: string;
  eventDateTime: string;
  completeEventString: string;
}

/**
 * Dashboard spec §3 "Sent email" (id, externalId, events, mailCreatedDateTime, from, to, subject),
 * with the bodies so staff can read what was sent, and where it stands.
 */
export interface SentEmail {
  id: string;
  externalId: string | null;
  from: string;
  to: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  templateName: string | null;
  userId: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  mailCreatedDateTime: string;
  sentAtDateTime: string | null;
  events: SentEmailEvent[];
}

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
  status: string;
  attempts: number;
  last_error: string | null;
  mail_created_at: Date;
  sent_at: Date | null;
  events: Array<{ id: number; event_type: string; event_at: string; detail: string }>;
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

/** Newest first; `search` matches part of the recipient's address, ignoring case. */
export async function pageSentEmails(
  db: Queryable,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ items: SentEmail[]; filtered: number; unfiltered: number }> {
  const pattern = page.search ? likePattern(page.search) : null;
  const filter = `($1::text IS NULL OR lower(e.to_address) LIKE $1)`;
  const counts = await db.query<{ filtered: number; unfiltered: number }>(
    `SELECT count(*) FILTER (WHERE ${filter}) AS filtered, count(*) AS unfiltered FROM sent_emails e`,
    [pattern],
  );
  const { rows } = await db.query<SentEmailRow>(
    `SELECT e.id, e.external_id, e.from_address, e.to_address, e.subject, e.html_body, e.text_body, e.template_name, e.user_id,
            e.status, e.attempts, e.last_error, e.mail_created_at, e.sent_at,
            COALESCE((SELECT json_agg(json_build_object('id', v.id, 'event_type', v.event_type, 'event_at', v.event_at, 'detail', v.detail) ORDER BY v.id)
                        FROM sent_email_events v WHERE v.sent_email_id = e.id), '[]'::json) AS events
       FROM sent_emails e
      WHERE ${filter}
      ORDER BY e.mail_created_at DESC, e.id DESC
      LIMIT $2 OFFSET $3`,
    [pattern, page.limit, page.offset],
  );
  return { items: rows.map(toSentEmail), filtered: counts.rows[0]!.filtered, unfiltered: counts.rows[0]!.unfiltered };
}
