/**
 * What an inbound email is (pure): a customer's message that opens or joins a ticket, a delivery
 * report about a mail we sent (bounce or complaint: recorded on that mail, never a ticket), or mail
 * that must not open a ticket (auto-replies, loops from our own addresses or forged as them,
 * mailing lists, bulk mail, spam) — recorded in inbound_rejections with the reason.
 */

/** Why an inbound email opened no ticket (inbound_rejections.reason). */
export type InboundRejectionReason =
  | 'own-address'
  | 'auto-reply'
  | 'bulk'
  | 'mailing-list'
  | 'bounce'
  | 'complaint'
  | 'spam'
  | 'no-sender'
  | 'unparseable'
  | 'too-many-attachments'
  | 'unmatched-report';

export type InboundVerdict =
  | { action: 'ticket' }
  | { action: 'bounce-report' }
  | { action: 'complaint-report' }
  | { action: 'reject'; reason: InboundRejectionReason };

/** What the rules look at: the SMTP envelope's sender and the message's headers. */
export interface InboundFacts {
  /** MAIL FROM of the envelope: '' for the null sender `<>` (bounces). */
  envelopeFrom: string;
  /** The From: header's address ('' when there is none). */
  fromAddress: string;
  subject: string;
  /** Header lookup by lower-case name; values as written (unfolded). */
  header(name: string): string | undefined;
}

export interface OwnAddresses {
  /** EMAIL_FROM and SUPPORT_ADDRESS (any form: `Name <a@b>` or bare). */
  addresses: readonly string[];
}

/** The bare, lower-case address of `Name <a@b>` or `a@b`. */
export function bareAddress(address: string): string {
  return (/<([^<>]*)>\s*$/.exec(address)?.[1] ?? address).trim().toLowerCase();
}

function domainOf(address: string): string {
  const bare = bareAddress(address);
  const at = bare.lastIndexOf('@');
  return at < 0 ? '' : bare.slice(at + 1);
}

/** Our own domains: those of our sending and support addresses (staff write from them too). */
export function ownDomains(own: OwnAddresses): Set<string> {
  return new Set(own.addresses.map(domainOf).filter((domain) => domain !== ''));
}

/** Subjects of out-of-office and vacation replies (English and a few common others). */
const AUTO_REPLY_SUBJECT =
  /^\s*(?:auto(?:matic)?[\s-]*(?:reply|response|antwort)|out of (?:the )?office|abwesenheitsnotiz|r[ée]ponse automatique|absence|vacation|away from (?:my|the) (?:desk|office)|fuera de la oficina|respuesta autom[áa]tica)\b/i;

const DAEMON_LOCAL = /^(?:mailer-daemon|postmaster|mail-daemon|mailerdaemon)$/i;

/** `multipart/report; report-type=delivery-status` → 'delivery-status'. */
export function reportTypeOf(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/report\b/i.test(contentType)) return null;
  const match = /report-type\s*=\s*"?([a-z0-9-]+)"?/i.exec(contentType);
  return match?.[1] ? match[1].toLowerCase() : '';
}

/** The rules, in order: reports first (they come from daemons), then loops, then the rest. */
export function classifyInbound(facts: InboundFacts, own: OwnAddresses): InboundVerdict {
  const reportType = reportTypeOf(facts.header('content-type'));
  if (reportType === 'delivery-status') return { action: 'bounce-report' };
  if (reportType === 'feedback-report') return { action: 'complaint-report' };

  const from = bareAddress(facts.fromAddress);
  const fromLocal = from.slice(0, Math.max(0, from.lastIndexOf('@')));
  const envelopeLocal = bareAddress(facts.envelopeFrom).split('@')[0] ?? '';
  // A bounce that is not a standard report (or any mail to us with the null sender): a daemon's
  // mail never opens a ticket, or two auto-responders could answer each other for ever.
  if (facts.envelopeFrom.trim() === '' || DAEMON_LOCAL.test(fromLocal) || DAEMON_LOCAL.test(envelopeLocal)) return { action: 'reject', reason: 'bounce' };

  if (/^\s*yes\b/i.test(facts.header('x-spam-flag') ?? '')) return { action: 'reject', reason: 'spam' };
  if (!from.includes('@')) return { action: 'reject', reason: 'no-sender' };

  // Mail from our own addresses is a loop; mail claiming to be from our domains (staff) is forged
  // or a loop too: staff answer in the dashboard, never by mail to the desk.
  const ownBare = new Set(own.addresses.map(bareAddress));
  if (ownBare.has(from) || ownDomains(own).has(domainOf(from))) return { action: 'reject', reason: 'own-address' };
  if (facts.envelopeFrom && (ownBare.has(bareAddress(facts.envelopeFrom)) || ownDomains(own).has(domainOf(facts.envelopeFrom)))) {
    return { action: 'reject', reason: 'own-address' };
  }

  const autoSubmitted = (facts.header('auto-submitted') ?? '').trim().toLowerCase();
  if (autoSubmitted !== '' && !autoSubmitted.startsWith('no')) return { action: 'reject', reason: 'auto-reply' };
  // (X-Auto-Response-Suppress is not a sign: it asks *us* not to auto-reply and real people's mail carries it.)
  if (facts.header('x-autoreply') !== undefined || facts.header('x-autorespond') !== undefined) return { action: 'reject', reason: 'auto-reply' };
  const precedence = (facts.header('precedence') ?? '').trim().toLowerCase();
  if (precedence === 'auto_reply') return { action: 'reject', reason: 'auto-reply' };
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') return { action: 'reject', reason: 'bulk' };
  if (facts.header('list-id') !== undefined) return { action: 'reject', reason: 'mailing-list' };
  if (AUTO_REPLY_SUBJECT.test(facts.subject)) return { action: 'reject', reason: 'auto-reply' };
  return { action: 'ticket' };
}

/** One recipient's block of a delivery-status report (RFC 3464). */
export interface DeliveryStatusRecipient {
  recipient: string;
  action: string;
  status: string;
  diagnostic: string;
}

/**
 * The per-recipient fields of a `message/delivery-status` body: blocks separated by blank lines;
 * the first block is the per-message one (Reporting-MTA …).
 */
export function parseDeliveryStatus(body: string): DeliveryStatusRecipient[] {
  const blocks = body.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ').split(/\n\s*\n/);
  const recipients: DeliveryStatusRecipient[] = [];
  for (const block of blocks) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const final = fields.get('final-recipient') ?? fields.get('original-recipient');
    if (!final) continue;
    recipients.push({
      recipient: bareAddress(final.replace(/^[a-z0-9-]+\s*;\s*/i, '')),
      action: (fields.get('action') ?? '').toLowerCase(),
      status: fields.get('status') ?? '',
      diagnostic: (fields.get('diagnostic-code') ?? '').slice(0, 500),
    });
  }
  return recipients;
}

/** A bounce is permanent when the action failed with a 5.x.x status (4.x.x is a delay). */
export function isPermanentFailure(recipient: DeliveryStatusRecipient): boolean {
  return recipient.action === 'failed' && /^5\./.test(recipient.status);
}

/** The fields of an ARF `message/feedback-report` body (RFC 5965). */
export function parseFeedbackReport(body: string): { feedbackType: string; recipient: string | null } {
  const fields = new Map<string, string>();
  for (const line of body.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const recipient = fields.get('original-rcpt-to');
  return { feedbackType: (fields.get('feedback-type') ?? 'abuse').toLowerCase(), recipient: recipient ? bareAddress(recipient) : null };
}

/** The Message-ID in returned headers (text/rfc822-headers or a message/rfc822 part). */
export function messageIdInHeaders(headers: string): string | null {
  const unfolded = headers.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  const match = /^message-id:\s*(<[^<>\s]+>|[^<>\s]+)/im.exec(unfolded);
  return match?.[1] ?? null;
}

/** Message-IDs named by In-Reply-To and References (`<a@b> <c@d>`), newest last, at most 50. */
export function messageIdsIn(...values: Array<string | string[] | undefined | null>): string[] {
  const ids: string[] = [];
  for (const value of values) {
    for (const part of Array.isArray(value) ? value : value ? [value] : []) {
      for (const match of part.matchAll(/<[^<>\s]{1,250}>/g)) if (!ids.includes(match[0])) ids.push(match[0]);
    }
  }
  return ids.slice(-50);
}

/**
 * Attachments kept: images, PDF, text and common office documents. Everything else (executables,
 * scripts, archives — a zip bomb is never unpacked, nor kept — HTML, SVG with its scripts) is
 * dropped with a note on the message.
 */
const SAFE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/bmp',
  'image/tiff',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
]);

const SAFE_EXTENSIONS: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
};

/** Magic numbers of what the declared type claims; a mismatch drops the file. */
function contentMatches(type: string, head: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  switch (type) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return starts(0x47, 0x49, 0x46, 0x38);
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'application/pdf':
      return starts(0x25, 0x50, 0x44, 0x46);
    case 'image/bmp':
      return starts(0x42, 0x4d);
    default:
      return true;
  }
}

/** Executables and archives by their first bytes, whatever they are called. */
function looksExecutableOrArchive(head: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  return (
    starts(0x4d, 0x5a) || // MZ: Windows executables
    starts(0x7f, 0x45, 0x4c, 0x46) || // ELF
    starts(0xcf, 0xfa, 0xed, 0xfe) ||
    starts(0xca, 0xfe, 0xba, 0xbe) ||
    starts(0x1f, 0x8b) || // gzip
    starts(0x42, 0x5a, 0x68) || // bzip2
    starts(0x37, 0x7a, 0xbc, 0xaf) || // 7z
    starts(0x52, 0x61, 0x72, 0x21) || // rar
    starts(0x23, 0x21) // #! scripts
  );
}

export type AttachmentVerdict = { keep: true; contentType: string; extension: string } | { keep: false; note: string };

/**
 * Whether an attachment is kept, and as what type. The type must be on the safe list both by its
 * declared type (or, for application/octet-stream, its extension) and its extension must agree;
 * office documents are zip containers and are stored untouched (never unpacked).
 */
export function attachmentVerdict(a: { filename: string; contentType: string; size: number; head: Buffer }, maxBytes: number): AttachmentVerdict {
  if (a.size > maxBytes) return { keep: false, note: `Dropped: larger than ${maxBytes} bytes` };
  const extension = /\.([a-z0-9]{1,8})$/i.exec(a.filename)?.[1]?.toLowerCase() ?? '';
  const byExtension = SAFE_EXTENSIONS[extension];
  const declared = (a.contentType.split(';')[0] ?? '').trim().toLowerCase();
  const type = declared === 'application/octet-stream' || declared === '' ? byExtension : declared;
  if (!type || !SAFE_TYPES.has(type) || !byExtension) return { keep: false, note: `Dropped: ${declared || 'unknown'} attachments are not accepted` };
  // A file named .pdf that is really something else is dropped; office documents are zips by design.
  const isOffice = /officedocument|opendocument/.test(type);
  if (!isOffice && (looksExecutableOrArchive(a.head) || a.head.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004')) {
    return { keep: false, note: 'Dropped: the file is an executable or an archive' };
  }
  if (!contentMatches(type, a.head)) return { keep: false, note: `Dropped: the file is not the ${type} it claims to be` };
  return { keep: true, contentType: type, extension };
}
