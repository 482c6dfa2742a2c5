import type {
  FormMessage,
  InboundEmailMessage,
  OutboundEmailMessage,
  Ticket,
  TicketMessage,
  TicketPage,
  TicketSearchBody,
  TicketSummary,
} from '@inkwell/contracts/dashboard-support';
import {
  staffTicketStatusChoices,
  unknownEmailDirection,
  unknownTicketMessageType,
  type SentEmailStatus,
  type TicketStatus,
} from '@inkwell/contracts/support-rules';
import { paginate, type Queryable } from '@inkwell/platform';
import { likePattern } from './templates';

/** Staff reads of tickets: the inbox (filters, search, counts) and one ticket with every message. */

interface SummaryRow {
  id: number;
  from_email: string;
  from_name: string | null;
  user_id: string | null;
  type: 'Email' | 'SubmittedForm';
  subject: string;
  status: TicketStatus;
  assigned_to_user_id: string | null;
  assigned_to_email: string | null;
  first_created: Date;
  latest_update: Date;
  latest_inbound_update: Date | null;
  last_message_direction: 'Inbound' | 'Outbound' | null;
  platform: string | null;
  unread: boolean;
  tags: Array<{ id: number; name: string; color: string }>;
  message_count: number;
  preview: string | null;
}

/** How long the inbox's preview of the latest message is. */
const PREVIEW_LENGTH = 160;

const SUMMARY_COLUMNS = `t.id, t.from_email, t.from_name, t.user_id, t.type, t.subject, t.status, t.assigned_to_user_id,
  t.assigned_to_email, t.first_created, t.latest_update, t.latest_inbound_update, t.last_message_direction, t.platform, t.unread,
  COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY lower(g.name), g.id)
              FROM support_ticket_tags tt JOIN ticket_tags g ON g.id = tt.tag_id WHERE tt.ticket_id = t.id), '[]'::json) AS tags,
  (SELECT count(*) FROM ticket_messages c WHERE c.ticket_id = t.id) AS message_count,
  (SELECT left(regexp_replace(p.body_text, '\\s+', ' ', 'g'), ${PREVIEW_LENGTH}) FROM ticket_messages p
    WHERE p.ticket_id = t.id ORDER BY p.id DESC LIMIT 1) AS preview`;

function summaryOf(row: SummaryRow): TicketSummary {
  return {
    id: Number(row.id),
    from: row.from_email,
    fromName: row.from_name,
    userId: row.user_id,
    type: row.type,
    subject: row.subject,
    tags: row.tags.map((tag) => ({ id: Number(tag.id), name: tag.name, color: tag.color })),
    status: row.status,
    assignedToUserId: row.assigned_to_user_id,
    assignedToEmail: row.assigned_to_email,
    firstCreated: row.first_created.toISOString(),
    latestUpdate: row.latest_update.toISOString(),
    latestInboundUpdate: row.latest_inbound_update?.toISOString() ?? null,
    lastMessageDirection: row.last_message_direction,
    platform: row.platform,
    unread: row.unread,
    messageCount: Number(row.message_count),
    preview: (row.preview ?? '').trim(),
  };
}

const SORT_COLUMNS = {
  latestUpdate: 't.latest_update',
  firstCreated: 't.first_created',
  latestInboundUpdate: 't.latest_inbound_update',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A caller whose id is no UUID (a service token) has no tickets assigned. */
const uuidOrNull = (id: string) => (UUID.test(id) ? id : null);

/** The conditions of a search body, as SQL over `support_tickets t` with its parameters. */
function conditions(body: TicketSearchBody, callerId: string): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const search = body.search?.trim();
  if (search) {
    const pattern = param(likePattern(search));
    const alternatives = [
      `t.from_email ILIKE ${pattern}`,
      `t.from_name ILIKE ${pattern}`,
      `t.subject ILIKE ${pattern}`,
      `EXISTS (SELECT 1 FROM ticket_messages sm WHERE sm.ticket_id = t.id AND sm.body_text ILIKE ${pattern})`,
    ];
    // A ticket id, typed as staff see it (`123` or `#123`).
    const id = /^#?(\d{1,15})$/.exec(search)?.[1];
    if (id && Number(id) >= 1) alternatives.push(`t.id = ${param(Number(id))}`);
    where.push(`(${alternatives.join(' OR ')})`);
  }
  if (body.statuses && body.statuses.length > 0) where.push(`t.status = ANY(${param(body.statuses)}::text[])`);
  if (body.tagIds && body.tagIds.length > 0) {
    where.push(`EXISTS (SELECT 1 FROM support_ticket_tags ft WHERE ft.ticket_id = t.id AND ft.tag_id = ANY(${param(body.tagIds)}::int[]))`);
  }
  if (body.assignedTo === 'unassigned') where.push('t.assigned_to_user_id IS NULL');
  else if (body.assignedTo === 'me') where.push(`t.assigned_to_user_id = ${param(uuidOrNull(callerId))}::uuid`);
  else if (body.assignedTo) where.push(`t.assigned_to_user_id = ${param(body.assignedTo)}::uuid`);
  if (body.platform?.trim()) where.push(`lower(t.platform) = lower(${param(body.platform.trim())})`);
  if (body.type) where.push(`t.type = ${param(body.type)}`);
  if (body.waitingOnUs === true) where.push(`(t.status = 'Open' AND t.last_message_direction = 'Inbound')`);
  else if (body.waitingOnUs === false) where.push(`NOT (t.status = 'Open' AND t.last_message_direction IS NOT DISTINCT FROM 'Inbound')`);
  if (body.unread !== undefined) where.push(`t.unread = ${param(body.unread)}`);
  return { where, params };
}

/**
 * The inbox page. `counts` are the tabs' badges whatever the filters: open tickets; unread ones;
 * open ones whose last message is the customer's; and of the tickets still in play (Open or
 * PendingOnCustomer) those assigned to the caller and those assigned to nobody.
 */
export async function pageTickets(db: Queryable, body: TicketSearchBody, callerId: string): Promise<TicketPage> {
  const { where, params } = conditions(body, callerId);
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const column = SORT_COLUMNS[body.sortBy ?? 'latestUpdate'];
  const direction = body.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const nulls = direction === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST';
  const pageSize = body.pageSize;
  const offset = (body.pageNumber - 1) * pageSize;
  const [page, filtered, counts] = await Promise.all([
    db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM support_tickets t ${whereSql}
        ORDER BY ${column} ${direction} ${nulls}, t.id ${direction}
        LIMIT ${pageSize} OFFSET ${offset}`,
      params,
    ),
    db.query<{ count: number }>(`SELECT count(*) AS count FROM support_tickets t ${whereSql}`, params),
    db.query<{ unfiltered: number; open: number; unread: number; waiting: number; mine: number; unassigned: number }>(
      `SELECT count(*) AS unfiltered,
              count(*) FILTER (WHERE status = 'Open') AS open,
              count(*) FILTER (WHERE unread) AS unread,
              count(*) FILTER (WHERE status = 'Open' AND last_message_direction = 'Inbound') AS waiting,
              count(*) FILTER (WHERE status IN ('Open', 'PendingOnCustomer') AND assigned_to_user_id = $1::uuid) AS mine,
              count(*) FILTER (WHERE status IN ('Open', 'PendingOnCustomer') AND assigned_to_user_id IS NULL) AS unassigned
         FROM support_tickets`,
      [uuidOrNull(callerId)],
    ),
  ]);
  const c = counts.rows[0]!;
  return {
    ...paginate(page.rows.map(summaryOf), body, Number(filtered.rows[0]!.count), Number(c.unfiltered)),
    counts: { open: Number(c.open), unread: Number(c.unread), waitingOnUs: Number(c.waiting), mine: Number(c.mine), unassigned: Number(c.unassigned) },
  };
}

interface MessageRow {
  id: number;
  type: string;
  direction: string | null;
  created_at: Date;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  from_email: string | null;
  from_name: string | null;
  to_email: string | null;
  cc_email: string | null;
  size_bytes: number | null;
  bucket_location_key: string | null;
  sent_email_id: string | null;
  senders_user_id: string | null;
  senders_email: string | null;
  form_type: string | null;
  submitted_email: string | null;
  submitted_user_id: string | null;
  user_agent: string | null;
  ip_address: string | null;
  feedback_url: string | null;
  platform: string | null;
  // The sent email of an outbound message.
  s_external_id: string | null;
  s_status: SentEmailStatus | null;
  s_last_error: string | null;
  s_sent_at: Date | null;
  s_html_body: string | null;
  s_text_body: string | null;
  s_template_name: string | null;
  s_subject: string | null;
  s_to: string | null;
}

interface AttachmentRow {
  id: number;
  message_id: number;
  filename: string;
  content_type: string;
  size_bytes: number;
  storage_key: string | null;
  note: string | null;
}

/** One stored message in its schema; §8's errors for a kind or direction we do not know. */
export function messageOf(row: MessageRow, attachments: AttachmentRow[]): TicketMessage {
  if (row.type === 'SubmittedForm') {
    const form: FormMessage = {
      type: 'SubmittedForm',
      id: Number(row.id),
      formType: row.form_type ?? '',
      submittedEmail: row.submitted_email ?? '',
      submittedUserId: row.submitted_user_id,
      submittedDateTime: row.created_at.toISOString(),
      subject: row.subject,
      message: row.body_text,
      userAgent: row.user_agent,
      ipAddress: row.ip_address,
      feedbackUrl: row.feedback_url,
      platform: row.platform,
    };
    return form;
  }
  if (row.type !== 'Email') throw new Error(unknownTicketMessageType(row.type));
  if (row.direction === 'Inbound') {
    const inbound: InboundEmailMessage = {
      type: 'Email',
      direction: 'Inbound',
      id: Number(row.id),
      message: row.body_text,
      htmlBody: row.body_html,
      submittedDateTime: row.created_at.toISOString(),
      bucketLocationKey: row.bucket_location_key ?? '',
      fromEmail: row.from_email ?? '',
      fromName: row.from_name,
      subject: row.subject ?? '',
      ccEmail: row.cc_email,
      toEmail: row.to_email ?? '',
      emailSizeInBytes: Number(row.size_bytes ?? 0),
      attachments: attachments.map((a) => ({
        id: Number(a.id),
        filename: a.filename,
        contentType: a.content_type,
        sizeBytes: Number(a.size_bytes),
        kept: a.storage_key !== null,
        note: a.note,
      })),
    };
    return inbound;
  }
  if (row.direction === 'Outbound') {
    const outbound: OutboundEmailMessage = {
      type: 'Email',
      direction: 'Outbound',
      id: Number(row.id),
      sentEmailId: row.sent_email_id ?? '',
      externalEmailId: row.s_external_id,
      // A sent email removed (it cannot be: nothing deletes them) would leave the reply without a fate.
      status: row.s_status ?? 'Failed',
      lastError: row.s_last_error,
      sentAtDateTime: row.s_sent_at?.toISOString() ?? null,
      createdDateTime: row.created_at.toISOString(),
      sendersUserId: row.senders_user_id,
      sendersUserIdEmailLookup: row.senders_email,
      toEmail: row.s_to ?? row.to_email ?? '',
      subject: row.s_subject ?? row.subject ?? '',
      htmlBody: row.s_html_body ?? '',
      textBody: row.s_text_body ?? row.body_text,
      templateName: row.s_template_name,
    };
    return outbound;
  }
  throw new Error(unknownEmailDirection(String(row.direction)));
}

/** One ticket with every message oldest first, and the statuses staff may choose now; null when unknown. */
export async function loadTicket(db: Queryable, id: number): Promise<Ticket | null> {
  const summary = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM support_tickets t WHERE t.id = $1`, [id]);
  const row = summary.rows[0];
  if (!row) return null;
  const [messages, attachments] = await Promise.all([
    db.query<MessageRow>(
      `SELECT m.*, s.external_id AS s_external_id, s.status AS s_status, s.last_error AS s_last_error, s.sent_at AS s_sent_at,
              s.html_body AS s_html_body, s.text_body AS s_text_body, s.template_name AS s_template_name, s.subject AS s_subject,
              s.to_address AS s_to
         FROM ticket_messages m LEFT JOIN sent_emails s ON s.id = m.sent_email_id
        WHERE m.ticket_id = $1
        ORDER BY m.created_at, m.id`,
      [id],
    ),
    db.query<AttachmentRow>(
      `SELECT a.* FROM ticket_attachments a JOIN ticket_messages m ON m.id = a.message_id WHERE m.ticket_id = $1 ORDER BY a.id`,
      [id],
    ),
  ]);
  const byMessage = new Map<number, AttachmentRow[]>();
  for (const attachment of attachments.rows) {
    const key = Number(attachment.message_id);
    byMessage.set(key, [...(byMessage.get(key) ?? []), attachment]);
  }
  return {
    ...summaryOf(row),
    messages: messages.rows.map((message) => messageOf(message, byMessage.get(Number(message.id)) ?? [])),
    statusChoices: staffTicketStatusChoices(row.status),
  };
}

/** Ids among `ids` that are no ticket. */
export async function missingTicketIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM support_tickets WHERE id = ANY($1::bigint[])', [ids]);
  const found = new Set(rows.map((row) => Number(row.id)));
  return [...new Set(ids)].filter((id) => !found.has(id));
}

/** Marks tickets read (staff opened them) or unread again. Returns how many exist. */
export async function markTicketsRead(db: Queryable, ids: readonly number[], read: boolean): Promise<number> {
  const result = await db.query('UPDATE support_tickets SET unread = $2 WHERE id = ANY($1::bigint[])', [ids, !read]);
  return result.rowCount ?? 0;
}

/** The stored raw message of an inbound email message: 'unknown' for no message, 'not-inbound' for another kind (or one erased). */
export async function inboundRawKey(db: Queryable, messageId: number): Promise<{ key: string } | 'unknown' | 'not-inbound'> {
  const { rows } = await db.query<{ type: string; direction: string | null; bucket_location_key: string | null }>(
    'SELECT type, direction, bucket_location_key FROM ticket_messages WHERE id = $1',
    [messageId],
  );
  const row = rows[0];
  if (!row) return 'unknown';
  if (row.type !== 'Email' || row.direction !== 'Inbound' || !row.bucket_location_key) return 'not-inbound';
  return { key: row.bucket_location_key };
}

/** A kept attachment: where it is stored, its name and type; null when unknown or not kept. */
export async function keptAttachment(db: Queryable, id: number): Promise<{ key: string; filename: string; contentType: string } | null> {
  const { rows } = await db.query<{ storage_key: string | null; filename: string; content_type: string }>(
    'SELECT storage_key, filename, content_type FROM ticket_attachments WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row?.storage_key ? { key: row.storage_key, filename: row.filename, contentType: row.content_type } : null;
}
