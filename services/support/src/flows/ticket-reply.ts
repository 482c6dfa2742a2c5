import { BadRequestError, ConflictError, NotFoundError, insertStaffAudit, type Database, type Queryable, type StaffActor } from '@inkwell/platform';
import { SUPPORT_MESSAGES, type OutboundEmailMessage, type SendReplyBody } from '@inkwell/contracts/dashboard-support';
import {
  DEFAULT_STATUS_AFTER_REPLY,
  RETRYABLE_SENT_EMAIL_STATUSES,
  TICKET_FOLLOW_UP_DAYS,
  TICKET_STATUS_LABELS,
  canStaffMoveTicket,
  type SentEmailStatus,
  type TicketStatus,
} from '@inkwell/contracts/support-rules';
import { MissingValuesError, placeholdersOf, renderEmail, type EmailContent } from '../domain/render';
import { replyBody } from '../domain/reply-body';
import { displayNameOf, isOneLine, mailbox, normalizeMessageId, referencesChain, replySubject } from '../domain/reply-headers';
import { replyAddressFor } from '../domain/reply-address';
import type { MailQueue } from '../store/mail-queue';
import { cancelScheduledEmails, scheduleEmail } from '../store/scheduled-emails';
import { contentOf, findTemplateById } from '../store/templates';
import { addOutboundEmail, setTicketStatus } from '../store/ticket-writes';

/**
 * A staff reply to a ticket's customer (issue 24, dashboard spec §7 Support tickets `send-email`,
 * `retry-send-email/{id}`): the body from a database template or free text, sent from the support
 * address with the ticket's reply address as Reply-To and the conversation's Message-IDs as
 * In-Reply-To and References, queued in the same transaction that records the message, moves the
 * ticket and (re)schedules the follow-up.
 */

/** The template the scheduler sends when a PendingOnCustomer ticket has waited TICKET_FOLLOW_UP_DAYS. */
export const FOLLOW_UP_TEMPLATE = 'ticket-follow-up';

export interface ReplySettings {
  /** config.support.address: replies come from it, answers go to its `+token` form. */
  supportAddress: string;
  /** config.email.from: its display name is the store's name on the reply. */
  storeFrom: string;
}

interface TicketRow {
  id: number;
  status: TicketStatus;
  from_email: string;
  from_name: string | null;
  user_id: string | null;
  subject: string;
  reply_token: string;
}

/** What a reply becomes: the mail and its headers, before anything is written. */
export interface ComposedReply {
  to: string;
  from: string;
  replyTo: string;
  inReplyTo: string | null;
  references: string[];
  content: EmailContent;
  templateName: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findTicket(q: Queryable, id: number, lock: boolean): Promise<TicketRow> {
  const { rows } = await q.query<TicketRow>(
    `SELECT id, status, from_email, from_name, user_id, subject, reply_token FROM support_tickets WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (!rows[0]) throw new NotFoundError(SUPPORT_MESSAGES.ticketNotFound);
  return { ...rows[0], id: Number(rows[0].id) };
}

/** The values every reply template may use, beside the staff's templateData. */
export function ticketValues(ticket: Pick<TicketRow, 'id' | 'from_email' | 'from_name' | 'subject'>): Record<string, string> {
  const name = ticket.from_name?.trim() || ticket.from_email.split('@')[0] || ticket.from_email;
  return {
    customerName: name,
    customerEmail: ticket.from_email,
    ticketId: String(ticket.id),
    ticketReference: `#${ticket.id}`,
    ticketSubject: ticket.subject,
  };
}

/** Refusals that need no database: both or neither of template and body, a multi-line subject. */
function checkBodyShape(body: SendReplyBody): void {
  const hasBody = Boolean(body.htmlBody?.trim() || body.textBody?.trim());
  if (body.templateId !== undefined && hasBody) throw new BadRequestError(SUPPORT_MESSAGES.replyTemplateAndBody, { field: 'templateId' });
  if (body.templateId === undefined && !hasBody) throw new BadRequestError(SUPPORT_MESSAGES.replyBody, { field: 'htmlBody' });
  if (body.subject !== undefined && !isOneLine(body.subject)) throw new BadRequestError('subject is one line of at most 300 characters.', { field: 'subject' });
}

/** The Message-IDs of the ticket's emails, oldest first, and the customer's latest one. */
async function threadOf(q: Queryable, ticketId: number): Promise<{ latestInbound: string | null; chain: string[] }> {
  const { rows } = await q.query<{ direction: 'Inbound' | 'Outbound'; message_id: string | null }>(
    `SELECT m.direction, CASE WHEN m.direction = 'Inbound' THEN m.message_id_header ELSE s.external_id END AS message_id
       FROM ticket_messages m LEFT JOIN sent_emails s ON s.id = m.sent_email_id
      WHERE m.ticket_id = $1 AND m.type = 'Email'
      ORDER BY m.id`,
    [ticketId],
  );
  let latestInbound: string | null = null;
  for (const row of rows) {
    const id = normalizeMessageId(row.message_id);
    if (row.direction === 'Inbound' && id) latestInbound = id;
  }
  return { latestInbound, chain: referencesChain(rows.map((row) => row.message_id)) };
}

async function compose(q: Queryable, ticket: TicketRow, body: SendReplyBody, settings: ReplySettings): Promise<ComposedReply> {
  let content: EmailContent;
  let templateName: string | null = null;
  if (body.templateId !== undefined) {
    const template = await findTemplateById(q, 'db', body.templateId);
    if (!template) throw new NotFoundError(SUPPORT_MESSAGES.templateNotFound);
    const values = { ...ticketValues(ticket), ...(body.templateData ?? {}) };
    // A value that lands in the subject becomes a header: a line break there is an injection.
    for (const name of placeholdersOf({ subject: template.subject, html: '', text: '' })) {
      const value = values[name];
      if (typeof value === 'string' && !isOneLine(value)) throw new BadRequestError(`templateData.${name} goes into the subject and must be one line.`, { field: `templateData.${name}` });
    }
    try {
      content = renderEmail(contentOf(template), values);
    } catch (error) {
      if (error instanceof MissingValuesError) {
        throw new BadRequestError(`The template needs values for ${error.missing.join(', ')}.`, { field: 'templateData', missing: error.missing });
      }
      throw error;
    }
    templateName = template.name;
    if (body.subject !== undefined) content = { ...content, subject: body.subject.trim() };
  } else {
    const parts = replyBody(body);
    // Only markup that sanitising removed entirely (a script, an image) leaves nothing to send.
    if (!parts) throw new BadRequestError(SUPPORT_MESSAGES.replyBody, { field: 'htmlBody' });
    content = { subject: body.subject?.trim() || replySubject(ticket.subject), ...parts };
  }
  if (!isOneLine(content.subject) || content.subject === '') throw new BadRequestError('subject is one line of at most 300 characters.', { field: 'subject' });
  const thread = await threadOf(q, ticket.id);
  return {
    to: ticket.from_email,
    from: mailbox(displayNameOf(settings.storeFrom), settings.supportAddress),
    replyTo: replyAddressFor(settings.supportAddress, ticket.reply_token),
    inReplyTo: thread.latestInbound,
    references: thread.chain,
    content,
    templateName,
  };
}

/** POST preview-email: the reply as it would be sent; nothing is written. */
export async function previewTicketReply(db: Database, body: SendReplyBody, settings: ReplySettings): Promise<{ subject: string; html: string; text: string; to: string }> {
  checkBodyShape(body);
  const ticket = await findTicket(db, body.ticketId, false);
  const reply = await compose(db, ticket, body, settings);
  return { subject: reply.content.subject, html: reply.content.html, text: reply.content.text, to: reply.to };
}

/** POST send-email: one transaction — the ticket locked, the mail queued, the message recorded, the status moved, the follow-up (re)scheduled. */
export async function sendTicketReply(
  db: Database,
  queue: MailQueue,
  body: SendReplyBody,
  settings: ReplySettings,
  actor: StaffActor,
  idempotencyKey: string | null = null,
): Promise<OutboundEmailMessage> {
  checkBodyShape(body);
  const messageId = await db.transaction(async (tx) => {
    const ticket = await findTicket(tx, body.ticketId, true);
    if (idempotencyKey) {
      // Under the ticket's lock: a second request with the key waits for the first and answers its reply.
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM ticket_messages WHERE ticket_id = $1 AND idempotency_key = $2', [ticket.id, idempotencyKey]);
      if (rows[0]) return Number(rows[0].id);
    }
    if (ticket.status === 'Closed') throw new ConflictError(SUPPORT_MESSAGES.ticketClosed);
    const statusAfter = body.statusAfter ?? DEFAULT_STATUS_AFTER_REPLY;
    if (!canStaffMoveTicket(ticket.status, statusAfter)) {
      throw new ConflictError(SUPPORT_MESSAGES.statusMove(TICKET_STATUS_LABELS[ticket.status], TICKET_STATUS_LABELS[statusAfter]));
    }
    const reply = await compose(tx, ticket, body, settings);
    const sentEmailId = await queue.add(tx, {
      to: reply.to,
      content: reply.content,
      templateName: reply.templateName,
      userId: ticket.user_id,
      category: 'support',
      from: reply.from,
      replyTo: reply.replyTo,
      ...(reply.inReplyTo ? { inReplyTo: reply.inReplyTo } : {}),
      ...(reply.references.length > 0 ? { references: reply.references.join(' ') } : {}),
    });
    const id = await addOutboundEmail(tx, ticket.id, {
      sentEmailId,
      sendersUserId: UUID.test(actor.id) ? actor.id : null,
      sendersEmail: actor.email,
      subject: reply.content.subject,
      text: reply.content.text,
      toEmail: reply.to,
    });
    if (idempotencyKey) await tx.query('UPDATE ticket_messages SET idempotency_key = $2 WHERE id = $1', [id, idempotencyKey]);
    // Staff answering have read what came before.
    await tx.query('UPDATE support_tickets SET unread = false WHERE id = $1', [ticket.id]);
    await setTicketStatus(tx, ticket.id, statusAfter);
    await cancelScheduledEmails(tx, { ticketId: ticket.id }, actor.email);
    if (statusAfter === 'PendingOnCustomer') {
      await scheduleEmail(tx, {
        to: reply.to,
        userId: ticket.user_id,
        templateName: FOLLOW_UP_TEMPLATE,
        templateData: { ...ticketValues(ticket), replyAddress: reply.replyTo },
        sendFrom: new Date(Date.now() + TICKET_FOLLOW_UP_DAYS * 86_400_000),
        reason: FOLLOW_UP_TEMPLATE,
        dedupeKey: `${FOLLOW_UP_TEMPLATE}:${ticket.id}:${id}`,
        ticketId: ticket.id,
        createdBy: actor.email,
      });
    }
    await insertStaffAudit(tx, { entity: 'support-ticket', entityId: String(ticket.id), action: 'reply', actor, changes: ticket.status === statusAfter ? {} : { status: { from: ticket.status, to: statusAfter } } });
    return id;
  });
  return readOutboundMessage(db, messageId);
}

/** POST retry-send-email/{id}: the same sent email (same Message-ID) queued again when it failed. */
export async function retryTicketReply(db: Database, messageId: number, actor: StaffActor, nudge: () => void): Promise<OutboundEmailMessage> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ ticket_id: number; sent_email_id: string | null; status: SentEmailStatus | null }>(
      `SELECT m.ticket_id, m.sent_email_id, s.status
         FROM ticket_messages m LEFT JOIN sent_emails s ON s.id = m.sent_email_id
        WHERE m.id = $1 AND m.type = 'Email' AND m.direction = 'Outbound'
          FOR UPDATE OF m`,
      [messageId],
    );
    const message = rows[0];
    if (!message) throw new NotFoundError(SUPPORT_MESSAGES.messageNotFound);
    if (!message.sent_email_id || !message.status) throw new ConflictError(SUPPORT_MESSAGES.notRetryable);
    const locked = await tx.query<{ status: SentEmailStatus }>('SELECT status FROM sent_emails WHERE id = $1 FOR UPDATE', [message.sent_email_id]);
    if (!RETRYABLE_SENT_EMAIL_STATUSES.includes(locked.rows[0]!.status)) throw new ConflictError(SUPPORT_MESSAGES.notRetryable);
    await tx.query(`UPDATE sent_emails SET status = 'Queued', next_attempt_at = now() WHERE id = $1`, [message.sent_email_id]);
    await tx.query(`INSERT INTO sent_email_events (sent_email_id, event_type, detail) VALUES ($1, 'Queued', $2)`, [message.sent_email_id, `Retried by ${actor.email ?? actor.id}.`]);
    await insertStaffAudit(tx, { entity: 'support-ticket', entityId: String(message.ticket_id), action: 'retry-reply', actor, changes: { message: { from: null, to: messageId } } });
    tx.afterCommit(nudge);
  });
  return readOutboundMessage(db, messageId);
}

interface OutboundRow {
  id: number;
  created_at: Date;
  to_email: string | null;
  subject: string | null;
  body_text: string;
  senders_user_id: string | null;
  senders_email: string | null;
  sent_email_id: string | null;
  external_id: string | null;
  status: SentEmailStatus | null;
  last_error: string | null;
  sent_at: Date | null;
  html_body: string | null;
  text_body: string | null;
  template_name: string | null;
  s_to: string | null;
  s_subject: string | null;
}

/** An outbound ticket message as the dashboard shows it (spec §3 Ticket message, Email, Outbound). */
export async function readOutboundMessage(q: Queryable, id: number): Promise<OutboundEmailMessage> {
  const { rows } = await q.query<OutboundRow>(
    `SELECT m.id, m.created_at, m.to_email, m.subject, m.body_text, m.senders_user_id, m.senders_email, m.sent_email_id,
            s.external_id, s.status, s.last_error, s.sent_at, s.html_body, s.text_body, s.template_name, s.to_address AS s_to, s.subject AS s_subject
       FROM ticket_messages m LEFT JOIN sent_emails s ON s.id = m.sent_email_id
      WHERE m.id = $1 AND m.type = 'Email' AND m.direction = 'Outbound'`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError(SUPPORT_MESSAGES.messageNotFound);
  return {
    type: 'Email',
    direction: 'Outbound',
    id: Number(row.id),
    sentEmailId: row.sent_email_id ?? '',
    externalEmailId: row.external_id,
    status: row.status ?? 'Failed',
    lastError: row.last_error,
    sentAtDateTime: row.sent_at ? row.sent_at.toISOString() : null,
    createdDateTime: row.created_at.toISOString(),
    sendersUserId: row.senders_user_id,
    sendersUserIdEmailLookup: row.senders_email,
    toEmail: row.s_to ?? row.to_email ?? '',
    subject: row.s_subject ?? row.subject ?? '',
    htmlBody: row.html_body ?? '',
    textBody: row.text_body ?? row.body_text,
    templateName: row.template_name,
  };
}
