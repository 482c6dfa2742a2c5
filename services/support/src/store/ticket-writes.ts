import { randomBytes } from 'node:crypto';
import { ticketStatusOnCustomerMessage, type TicketStatus } from '@inkwell/contracts/support-rules';
import type { Queryable, Transaction } from '@inkwell/platform';

/**
 * Every write to tickets and their messages goes through here (inbound SMTP, forms, staff replies,
 * bulk edits), so the ticket's status, unread flag and timestamps follow one set of rules.
 */

export interface TicketOpening {
  fromEmail: string;
  fromName: string | null;
  userId: string | null;
  subject: string;
  type: 'Email' | 'SubmittedForm';
  platform: string | null;
}

export interface TicketRef {
  id: number;
  status: TicketStatus;
  fromEmail: string;
  replyToken: string;
  subject: string;
}

interface TicketRefRow {
  id: number;
  status: TicketStatus;
  from_email: string;
  reply_token: string;
  subject: string;
}

const REF_COLUMNS = 'id, status, from_email, reply_token, subject';

function refOf(row: TicketRefRow): TicketRef {
  return { id: Number(row.id), status: row.status, fromEmail: row.from_email, replyToken: row.reply_token, subject: row.subject };
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A reply token: 32 characters of [a-z0-9], drawn without modulo bias. */
export function newReplyToken(): string {
  let token = '';
  while (token.length < 32) {
    for (const byte of randomBytes(48)) {
      // 252 = 7 × 36: bytes above it would favour the first letters.
      if (byte < 252 && token.length < 32) token += TOKEN_ALPHABET[byte % 36];
    }
  }
  return token;
}

/** Opens a ticket: Open, unread, a new random reply token ([a-z0-9]{32}); follow_up_of when a closed one was answered. */
export async function openTicket(tx: Transaction, opening: TicketOpening, followUpOf: number | null = null): Promise<TicketRef> {
  const { rows } = await tx.query<TicketRefRow>(
    `INSERT INTO support_tickets (reply_token, from_email, from_name, user_id, type, subject, platform, status, unread,
       first_created, latest_update, latest_inbound_update, last_message_direction, follow_up_of)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'Open', true, clock_timestamp(), clock_timestamp(), clock_timestamp(), 'Inbound', $8)
     RETURNING ${REF_COLUMNS}`,
    [newReplyToken(), opening.fromEmail, opening.fromName, opening.userId, opening.type, opening.subject, opening.platform, followUpOf],
  );
  return refOf(rows[0]!);
}

/**
 * A customer's message arrived for `ticketId` (locks it FOR UPDATE): applies ticketStatusOnCustomerMessage
 * (support-rules.ts) — reopens, or for a Closed ticket opens a follow-up ticket with `opening` — and marks it
 * unread, latest_update/latest_inbound_update = now, last_message_direction 'Inbound'. Returns the ticket the message belongs to.
 * A Closed ticket whose follow-up is still in play sends the message to that follow-up.
 */
export async function ticketForCustomerMessage(tx: Transaction, ticketId: number, opening: TicketOpening): Promise<{ ticket: TicketRef; opened: boolean }> {
  const { rows } = await tx.query<TicketRefRow>(`SELECT ${REF_COLUMNS} FROM support_tickets WHERE id = $1 FOR UPDATE`, [ticketId]);
  const current = rows[0];
  if (!current) throw new Error(`support ticket ${ticketId} does not exist`);
  const next = ticketStatusOnCustomerMessage(current.status);
  if (next === 'new-ticket') {
    // The closed ticket is locked, so a second message to it waits here and then finds the
    // follow-up the first one opened: one conversation gets one follow-up, not one per message.
    const followUp = await tx.query<{ id: number }>(
      `SELECT id FROM support_tickets WHERE follow_up_of = $1 AND status <> 'Closed' ORDER BY id DESC LIMIT 1`,
      [ticketId],
    );
    if (followUp.rows[0]) return ticketForCustomerMessage(tx, Number(followUp.rows[0].id), opening);
    return { ticket: await openTicket(tx, opening, ticketId), opened: true };
  }
  const updated = await tx.query<TicketRefRow>(
    `UPDATE support_tickets
        SET status = $2, unread = true, latest_update = clock_timestamp(), latest_inbound_update = clock_timestamp(),
            last_message_direction = 'Inbound'
      WHERE id = $1
      RETURNING ${REF_COLUMNS}`,
    [ticketId, next],
  );
  return { ticket: refOf(updated.rows[0]!), opened: false };
}

export async function addInboundEmail(
  tx: Transaction,
  ticketId: number,
  m: {
    subject: string;
    text: string;
    html: string | null;
    fromEmail: string;
    fromName: string | null;
    toEmail: string;
    ccEmail: string | null;
    sizeBytes: number;
    bucketLocationKey: string;
    messageIdHeader: string | null;
    inReplyTo: string | null;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO ticket_messages (ticket_id, type, direction, subject, body_text, body_html, from_email, from_name, to_email,
       cc_email, size_bytes, bucket_location_key, message_id_header, in_reply_to)
     VALUES ($1, 'Email', 'Inbound', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     RETURNING id`,
    [ticketId, m.subject, m.text, m.html, m.fromEmail, m.fromName, m.toEmail, m.ccEmail, m.sizeBytes, m.bucketLocationKey, m.messageIdHeader, m.inReplyTo],
  );
  return Number(rows[0]!.id);
}

export async function addAttachment(
  tx: Transaction,
  messageId: number,
  a: { filename: string; contentType: string; sizeBytes: number; storageKey: string | null; note: string | null },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO ticket_attachments (message_id, filename, content_type, size_bytes, storage_key, note)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [messageId, a.filename, a.contentType, a.sizeBytes, a.storageKey, a.note],
  );
  return Number(rows[0]!.id);
}

export async function addFormMessage(
  tx: Transaction,
  ticketId: number,
  f: {
    formType: string;
    submittedEmail: string;
    submittedUserId: string | null;
    subject: string | null;
    text: string;
    userAgent: string | null;
    ipAddress: string | null;
    feedbackUrl: string | null;
    platform: string | null;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO ticket_messages (ticket_id, type, direction, subject, body_text, form_type, submitted_email, submitted_user_id,
       user_agent, ip_address, feedback_url, platform)
     VALUES ($1, 'SubmittedForm', NULL, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING id`,
    [ticketId, f.subject, f.text, f.formType, f.submittedEmail, f.submittedUserId, f.userAgent, f.ipAddress, f.feedbackUrl, f.platform],
  );
  return Number(rows[0]!.id);
}

/** A staff reply: sets last_message_direction 'Outbound', latest_update; the ticket's status is the caller's business. */
export async function addOutboundEmail(
  tx: Transaction,
  ticketId: number,
  o: { sentEmailId: string; sendersUserId: string | null; sendersEmail: string | null; subject: string; text: string; toEmail: string },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO ticket_messages (ticket_id, type, direction, subject, body_text, to_email, sent_email_id, senders_user_id, senders_email)
     VALUES ($1, 'Email', 'Outbound', $2, $3, $4, $5, $6, $7)
     RETURNING id`,
    [ticketId, o.subject, o.text, o.toEmail, o.sentEmailId, o.sendersUserId, o.sendersEmail],
  );
  await tx.query(`UPDATE support_tickets SET last_message_direction = 'Outbound', latest_update = clock_timestamp() WHERE id = $1`, [ticketId]);
  return Number(rows[0]!.id);
}

export async function setTicketStatus(tx: Transaction, ticketId: number, status: TicketStatus): Promise<void> {
  await tx.query(`UPDATE support_tickets SET status = $2, latest_update = clock_timestamp() WHERE id = $1 AND status <> $2`, [ticketId, status]);
}

export async function findTicketByReplyToken(q: Queryable, token: string): Promise<TicketRef | null> {
  if (!/^[a-z0-9]{32}$/.test(token)) return null;
  const { rows } = await q.query<TicketRefRow>(`SELECT ${REF_COLUMNS} FROM support_tickets WHERE reply_token = $1`, [token]);
  return rows[0] ? refOf(rows[0]) : null;
}

/** Message-IDs as headers carry them and as we store them: with and without the angle brackets. */
function messageIdForms(ids: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const raw of ids) {
    const id = raw.trim();
    if (!id) continue;
    const bare = id.replace(/^<|>$/g, '');
    forms.add(bare);
    forms.add(`<${bare}>`);
    // SES sends with `<its message id@…amazonses.com>` and answers the bare id, which we keep.
    const ses = /^([^@]+)@[a-z0-9.-]*amazonses\.com$/i.exec(bare);
    if (ses) forms.add(ses[1]!);
  }
  return [...forms];
}

/** The ticket a reply names through In-Reply-To/References: an inbound message's Message-ID or the external_id of a sent email carried by an outbound message. */
export async function findTicketByMessageIds(q: Queryable, messageIds: readonly string[]): Promise<TicketRef | null> {
  const ids = messageIdForms(messageIds);
  if (ids.length === 0) return null;
  // The most recently active ticket the conversation names (References lists the whole thread).
  const { rows } = await q.query<TicketRefRow>(
    `SELECT ${REF_COLUMNS.split(', ').map((c) => `t.${c}`).join(', ')}
       FROM support_tickets t
      WHERE t.id IN (
              SELECT m.ticket_id FROM ticket_messages m WHERE m.message_id_header = ANY($1::text[])
              UNION
              SELECT m.ticket_id FROM ticket_messages m JOIN sent_emails s ON s.id = m.sent_email_id
               WHERE m.direction = 'Outbound' AND s.external_id = ANY($1::text[]))
      ORDER BY t.latest_update DESC, t.id DESC
      LIMIT 1`,
    [ids],
  );
  return rows[0] ? refOf(rows[0]) : null;
}

/** The customer's latest ticket that is not Closed, updated within `days` (forms join it). */
export async function findRecentTicketOf(q: Queryable, fromEmail: string, days: number): Promise<TicketRef | null> {
  const { rows } = await q.query<TicketRefRow>(
    `SELECT ${REF_COLUMNS} FROM support_tickets
      WHERE lower(from_email) = lower($1) AND status <> 'Closed' AND latest_update > now() - make_interval(days => $2::int)
      ORDER BY latest_update DESC, id DESC
      LIMIT 1`,
    [fromEmail, days],
  );
  return rows[0] ? refOf(rows[0]) : null;
}
