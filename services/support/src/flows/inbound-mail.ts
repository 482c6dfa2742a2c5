import { createHash, randomUUID } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import type { Database, FileStorage, Logger } from '@inkwell/platform';
import {
  attachmentVerdict,
  bareAddress,
  classifyInbound,
  isPermanentFailure,
  messageIdInHeaders,
  messageIdsIn,
  parseDeliveryStatus,
  parseFeedbackReport,
  type InboundRejectionReason,
} from '../domain/inbound-rules';
import { sanitiseEmailHtml } from '../domain/mail-sanitiser';
import { replyTokenIn } from '../domain/reply-address';
import { recordDeliveryEvent } from '../store/delivery-events';
import { recordInboundRejection } from '../store/inbound-rejections';
import {
  addAttachment,
  addInboundEmail,
  findTicketByMessageIds,
  findTicketByReplyToken,
  openTicket,
  ticketForCustomerMessage,
  type TicketOpening,
  type TicketRef,
} from '../store/ticket-writes';

/**
 * One inbound email, after the SMTP listener took it whole: parsed, classified, and either added
 * to a ticket (opening one when it names none), recorded on the mail it reports on (a bounce or a
 * complaint report), or recorded as rejected. The raw message and the kept attachments go to file
 * storage under `support/` (never served at /media/); the ticket, its message and attachment rows
 * are written in one transaction.
 *
 * More attachments than SUPPORT_MAX_ATTACHMENTS: the whole message is refused (SMTP 554), so the
 * sender learns it did not arrive rather than staff seeing a message with files silently missing.
 * Attachments over SUPPORT_MAX_ATTACHMENT_BYTES or of a type not on the safe list are dropped and
 * noted on the message (the row stays, with its note and no file).
 */

export interface InboundMailSettings {
  supportAddress: string;
  /** EMAIL_FROM and SUPPORT_ADDRESS: mail from them (or their domains) is a loop or forged. */
  ownAddresses: readonly string[];
  maxAttachments: number;
  maxAttachmentBytes: number;
}

export interface InboundMailDeps {
  db: Database;
  files: FileStorage;
  logger: Logger;
  settings: InboundMailSettings;
}

export interface InboundEnvelope {
  /** MAIL FROM ('' for the null sender). */
  mailFrom: string;
  rcptTo: readonly string[];
}

export type InboundOutcome =
  | { kind: 'ticket'; ticketId: number; messageId: number; opened: boolean }
  | { kind: 'report'; type: 'Bounce' | 'Complaint'; recorded: number }
  | { kind: 'rejected'; reason: InboundRejectionReason }
  /** Refused in the SMTP answer (5xx): the sender's server bounces it back to them. */
  | { kind: 'refused'; reason: InboundRejectionReason; responseCode: number; message: string };

const MAX_TEXT_CHARS = 200_000;
const MAX_HTML_CHARS = 1_000_000;

/** `a` or its lines, in one line: header values never carry line breaks into our rows. */
function oneLine(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  const out: string[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.address) out.push(entry.address.toLowerCase());
      if (entry.group) walk(entry.group);
    }
  };
  for (const object of objects) walk(object.value);
  return out;
}

/** Header lines as written (unfolded), by lower-case name; the first occurrence wins. */
function headerLookup(mail: ParsedMail): (name: string) => string | undefined {
  const headers = new Map<string, string>();
  for (const { key, line } of mail.headerLines) {
    if (headers.has(key)) continue;
    const colon = line.indexOf(':');
    headers.set(key.toLowerCase(), line.slice(colon + 1).replace(/\r?\n[ \t]+/g, ' ').trim());
  }
  return (name) => headers.get(name);
}

function datedKey(kind: 'raw' | 'attachments', extension: string): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `support/${kind}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`;
}

/** A file name as shown to staff: no paths, no control characters, at most 200 characters. */
function safeFilename(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"<>]+/g, '').trim();
  return base.slice(-200) || 'attachment';
}

function isReportPart(attachment: Attachment): boolean {
  return /^(?:message\/(?:global-)?delivery-status|message\/feedback-report|text\/rfc822-headers|message\/rfc822|message\/global-headers)$/i.test(attachment.contentType);
}

export async function parseInbound(raw: Buffer): Promise<ParsedMail> {
  return simpleParser(raw, {
    keepDeliveryStatus: true,
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    maxHtmlLengthToParse: MAX_HTML_CHARS,
  });
}

export async function receiveInboundMail(deps: InboundMailDeps, raw: Buffer, envelope: InboundEnvelope): Promise<InboundOutcome> {
  const { db, settings } = deps;
  let mail: ParsedMail;
  try {
    mail = await parseInbound(raw);
  } catch (error) {
    // mailparser gives up on a message of too many parts (a thousand attachments) or one it cannot
    // read at all: refused, so the sender's server tells the sender it did not arrive.
    const tooMany = error instanceof Error && /child nodes|nest/i.test(error.message);
    const reason: InboundRejectionReason = tooMany ? 'too-many-attachments' : 'unparseable';
    await recordInboundRejection(db, { mailFrom: envelope.mailFrom || null, subject: null, reason });
    return {
      kind: 'refused',
      reason,
      responseCode: 554,
      message: tooMany ? `Too many attachments: at most ${settings.maxAttachments} per message` : 'The message could not be read',
    };
  }
  const header = headerLookup(mail);
  const from = mail.from?.value.find((entry) => entry.address)?.address ?? '';
  const subject = oneLine(mail.subject ?? '', 300);
  const verdict = classifyInbound(
    { envelopeFrom: envelope.mailFrom, fromAddress: from, subject, header },
    { addresses: settings.ownAddresses },
  );
  const reject = async (reason: InboundRejectionReason): Promise<InboundOutcome> => {
    await recordInboundRejection(db, { mailFrom: envelope.mailFrom || null, subject, reason });
    return { kind: 'rejected', reason };
  };
  if (verdict.action === 'reject') return reject(verdict.reason);
  if (verdict.action === 'bounce-report' || verdict.action === 'complaint-report') return receiveReport(deps, mail, raw, verdict.action, subject, envelope);

  const attachments = mail.attachments;
  if (attachments.length > settings.maxAttachments) {
    await recordInboundRejection(db, { mailFrom: envelope.mailFrom || null, subject, reason: 'too-many-attachments' });
    return {
      kind: 'refused',
      reason: 'too-many-attachments',
      responseCode: 554,
      message: `Too many attachments: at most ${settings.maxAttachments} per message`,
    };
  }
  return openOrJoinTicket(deps, mail, raw, envelope, { from: bareAddress(from), subject, header });
}

interface StoredFile {
  key: string;
}

async function openOrJoinTicket(
  deps: InboundMailDeps,
  mail: ParsedMail,
  raw: Buffer,
  envelope: InboundEnvelope,
  facts: { from: string; subject: string; header: (name: string) => string | undefined },
): Promise<InboundOutcome> {
  const { db, files, settings } = deps;
  const fromName = oneLine(mail.from?.value.find((entry) => entry.address)?.name ?? '', 200) || null;
  const to = addressesOf(mail.to);
  const cc = addressesOf(mail.cc);
  const messageIdHeader = mail.messageId ? oneLine(mail.messageId, 300) : null;
  const inReplyTo = mail.inReplyTo ? oneLine(mail.inReplyTo, 300) : null;
  const threadIds = messageIdsIn(mail.inReplyTo, mail.references);
  const token = replyTokenIn(settings.supportAddress, [...to, ...cc, ...envelope.rcptTo]);

  // The same message again (a sender's server retrying after a lost answer): kept once.
  if (messageIdHeader) {
    const { rows } = await db.query<{ id: number; ticket_id: number }>(
      `SELECT id, ticket_id FROM ticket_messages WHERE message_id_header = $1 AND direction = 'Inbound' AND lower(from_email) = $2 LIMIT 1`,
      [messageIdHeader, facts.from],
    );
    if (rows[0]) return { kind: 'ticket', ticketId: Number(rows[0].ticket_id), messageId: Number(rows[0].id), opened: false };
  }

  const stored: StoredFile[] = [];
  const rawKey = datedKey('raw', 'eml');
  await files.put(rawKey, raw, 'message/rfc822');
  stored.push({ key: rawKey });

  // Files first (storage is not transactional); removed again when the transaction fails.
  const kept: Array<{ filename: string; contentType: string; sizeBytes: number; storageKey: string | null; note: string | null }> = [];
  try {
    for (const attachment of mail.attachments) {
      const content = attachment.content;
      const filename = safeFilename(attachment.filename);
      const verdict = attachmentVerdict(
        { filename, contentType: attachment.contentType, size: content.length, head: content.subarray(0, 16) },
        settings.maxAttachmentBytes,
      );
      if (!verdict.keep) {
        kept.push({ filename, contentType: oneLine(attachment.contentType, 100), sizeBytes: content.length, storageKey: null, note: verdict.note });
        continue;
      }
      const key = datedKey('attachments', verdict.extension);
      await files.put(key, content, verdict.contentType);
      stored.push({ key });
      kept.push({ filename, contentType: verdict.contentType, sizeBytes: content.length, storageKey: key, note: null });
    }

    const text = (mail.text ?? '').slice(0, MAX_TEXT_CHARS);
    const html = mail.html ? sanitiseEmailHtml(mail.html.slice(0, MAX_HTML_CHARS)) : null;
    const opening: TicketOpening = {
      fromEmail: facts.from,
      fromName,
      userId: null,
      subject: facts.subject || '(no subject)',
      type: 'Email',
      platform: null,
    };
    return await db.transaction(async (tx) => {
      let named: TicketRef | null = token ? await findTicketByReplyToken(tx, token) : null;
      if (!named && threadIds.length > 0) {
        // Threading by Message-ID only for the ticket's own customer: Message-IDs are not secret
        // (they travel in every copy of a mail), the reply token is.
        const candidate = await findTicketByMessageIds(tx, threadIds);
        if (candidate && candidate.fromEmail.toLowerCase() === facts.from) named = candidate;
      }
      const { ticket, opened } = named ? await ticketForCustomerMessage(tx, named.id, opening) : { ticket: await openTicket(tx, opening), opened: true };
      const messageId = await addInboundEmail(tx, ticket.id, {
        subject: facts.subject,
        text,
        html,
        fromEmail: facts.from,
        fromName,
        toEmail: oneLine(to.join(', ') || envelope.rcptTo.join(', '), 1000),
        ccEmail: cc.length > 0 ? oneLine(cc.join(', '), 1000) : null,
        sizeBytes: raw.length,
        bucketLocationKey: rawKey,
        messageIdHeader,
        inReplyTo,
      });
      for (const attachment of kept) await addAttachment(tx, messageId, attachment);
      return { kind: 'ticket' as const, ticketId: ticket.id, messageId, opened };
    });
  } catch (error) {
    await Promise.all(stored.map((file) => files.delete(file.key).catch(() => undefined)));
    throw error;
  }
}

/**
 * A delivery-status report (bounce) or an ARF feedback report (complaint) about a mail we sent:
 * recorded on that mail (which suppresses the address), never a ticket. Reports naming no mail of
 * ours are recorded as rejected.
 */
async function receiveReport(
  deps: InboundMailDeps,
  mail: ParsedMail,
  raw: Buffer,
  kind: 'bounce-report' | 'complaint-report',
  subject: string,
  envelope: InboundEnvelope,
): Promise<InboundOutcome> {
  const { db } = deps;
  const parts = mail.attachments.filter(isReportPart);
  const returned = parts.find((part) => /^(?:text\/rfc822-headers|message\/rfc822|message\/global-headers)$/i.test(part.contentType));
  const originalId = (returned ? messageIdInHeaders(returned.content.toString('utf8')) : null) ?? messageIdsIn(mail.inReplyTo)[0] ?? null;
  // The report's own id keeps a report delivered twice from being recorded twice.
  const reportId = mail.messageId ? oneLine(mail.messageId, 300) : createHash('sha256').update(raw).digest('hex');
  let recorded = 0;
  const type = kind === 'bounce-report' ? 'Bounce' : 'Complaint';
  if (originalId) {
    if (kind === 'bounce-report') {
      const status = parts.find((part) => /^message\/(?:global-)?delivery-status$/i.test(part.contentType));
      const recipients = status ? parseDeliveryStatus(status.content.toString('utf8')) : [];
      for (const recipient of recipients) {
        // A delay (action delayed, 4.x.x) is not a bounce: the sending server keeps trying.
        if (recipient.action !== 'failed') continue;
        const ok = await recordDeliveryEvent(db, {
          messageId: originalId,
          type: 'Bounce',
          detail: oneLine(`${recipient.status} ${recipient.diagnostic}`, 1000),
          providerEventId: `inbound-dsn:${reportId}:${recipient.recipient}`,
          permanent: isPermanentFailure(recipient),
          ...(recipient.recipient.includes('@') ? { recipient: recipient.recipient } : {}),
        });
        if (ok) recorded += 1;
      }
    } else {
      const feedback = parts.find((part) => /^message\/feedback-report$/i.test(part.contentType));
      const report = feedback ? parseFeedbackReport(feedback.content.toString('utf8')) : { feedbackType: 'abuse', recipient: null };
      const ok = await recordDeliveryEvent(db, {
        messageId: originalId,
        type: 'Complaint',
        detail: oneLine(`feedback-type ${report.feedbackType}`, 200),
        providerEventId: `inbound-arf:${reportId}`,
        ...(report.recipient?.includes('@') ? { recipient: report.recipient } : {}),
      });
      if (ok) recorded += 1;
    }
  }
  const reason: InboundRejectionReason = recorded > 0 ? (type === 'Bounce' ? 'bounce' : 'complaint') : 'unmatched-report';
  await recordInboundRejection(db, { mailFrom: envelope.mailFrom || null, subject, reason });
  deps.logger.info({ type, recorded }, 'delivery report received');
  return recorded > 0 ? { kind: 'report', type, recorded } : { kind: 'rejected', reason };
}
