import { X509Certificate, createVerify } from 'node:crypto';

/**
 * Amazon SNS HTTP(S) messages (what an SES configuration set's event destination posts to
 * `POST /api/email-events/ses`) and their signatures, checked with node:crypto only. Pure: the
 * certificate is fetched (and cached) by the caller.
 * https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html
 */
export const SNS_MESSAGE_TYPES = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const;
export type SnsMessageType = (typeof SNS_MESSAGE_TYPES)[number];

export interface SnsMessage {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: '1' | '2';
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
  UnsubscribeURL?: string;
}

/** Why an SNS message is refused (the answer's message: names no secret, repeats nothing sent). */
export const SNS_REFUSALS = {
  notSns: 'Not an Amazon SNS message.',
  signatureVersion: 'Unsupported SNS signature version.',
  certUrl: 'The signing certificate is not Amazon SNS’s.',
  certificate: 'The signing certificate could not be read or has expired.',
  signature: 'The SNS signature does not match.',
  topic: 'Notifications from this topic are not accepted.',
} as const;

const isText = (value: unknown): value is string => typeof value === 'string';

/** The SNS message in a body, or null when it is not one (a field missing or of the wrong kind). */
export function parseSnsMessage(body: unknown): SnsMessage | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const m = body as Record<string, unknown>;
  if (!SNS_MESSAGE_TYPES.includes(m.Type as SnsMessageType)) return null;
  for (const key of ['MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL']) {
    if (!isText(m[key]) || (m[key] as string).length === 0) return null;
  }
  for (const key of ['Subject', 'SubscribeURL', 'Token', 'UnsubscribeURL']) {
    if (m[key] !== undefined && m[key] !== null && !isText(m[key])) return null;
  }
  if (m.Type !== 'Notification' && (!isText(m.SubscribeURL) || !isText(m.Token))) return null;
  return m as unknown as SnsMessage;
}

/** The region of a topic (`arn:aws:sns:eu-west-1:123456789012:name` → `eu-west-1`), or null. */
export function topicRegion(topicArn: string): string | null {
  const match = /^arn:aws[a-z-]*:sns:([a-z0-9-]+):\d{12}:[A-Za-z0-9_.-]{1,256}$/.exec(topicArn);
  return match?.[1] ?? null;
}

/** Amazon SNS's own host for the topic's region: the signing certificate and SubscribeURL must be there. */
export function isSnsUrl(raw: string, region: string, { pem = false } = {}): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  if (url.hostname !== `sns.${region}.amazonaws.com`) return false;
  return !pem || url.pathname.endsWith('.pem');
}

/** The string SNS signs: chosen fields as `Name\nvalue\n`, in this order (Subject only when given). */
export function snsStringToSign(message: SnsMessage): string {
  const keys =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  let text = '';
  for (const key of keys) {
    const value = (message as unknown as Record<string, unknown>)[key];
    if (key === 'Subject' && (value === undefined || value === null)) continue;
    text += `${key}\n${String(value)}\n`;
  }
  return text;
}

/**
 * Throws with one of `SNS_REFUSALS` unless `message` is signed by the key of `certificatePem`
 * (SignatureVersion 1: RSA SHA1, 2: RSA SHA256) and the certificate is valid at `now`.
 */
export function verifySnsSignature(message: SnsMessage, certificatePem: string, now: Date = new Date()): void {
  const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : message.SignatureVersion === '2' ? 'RSA-SHA256' : null;
  if (!algorithm) throw new SnsRefusal(SNS_REFUSALS.signatureVersion);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    throw new SnsRefusal(SNS_REFUSALS.certificate);
  }
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo)) throw new SnsRefusal(SNS_REFUSALS.certificate);
  const verifier = createVerify(algorithm);
  verifier.update(snsStringToSign(message), 'utf8');
  let valid: boolean;
  try {
    valid = verifier.verify(certificate.publicKey, message.Signature, 'base64');
  } catch {
    valid = false;
  }
  if (!valid) throw new SnsRefusal(SNS_REFUSALS.signature);
}

export class SnsRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnsRefusal';
  }
}

/** The SES event an SNS notification carries, reduced to what the delivery record needs. */
export interface SesEventSummary {
  type: 'Delivery' | 'Bounce' | 'Complaint' | 'Reject';
  /** SES's MessageId of the mail (our `sent_emails.external_id` for the SES driver). */
  messageId: string;
  /** The recipients concerned (bounced or complaining ones; every delivered one). */
  recipients: string[];
  permanent: boolean;
  detail: string;
  at?: Date;
}

const SES_TYPES: Record<string, SesEventSummary['type']> = { Delivery: 'Delivery', Bounce: 'Bounce', Complaint: 'Complaint', Reject: 'Reject' };

/**
 * Reads an SES event (event publishing's `eventType` or identity notifications' `notificationType`)
 * from a notification's Message. Other SES events (Send, Open, Click, …) and anything unreadable → null.
 * The detail keeps SES's classification and diagnostic codes, not the mail's content.
 */
export function parseSesEvent(text: string): SesEventSummary | null {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null) return null;
  const type = SES_TYPES[String(event.eventType ?? event.notificationType ?? '')];
  const mail = event.mail as { messageId?: unknown } | undefined;
  if (!type || typeof mail?.messageId !== 'string' || !mail.messageId) return null;
  const addresses = (list: unknown, key = 'emailAddress'): string[] =>
    Array.isArray(list) ? list.map((item) => (typeof item === 'string' ? item : (item as Record<string, unknown>)?.[key])).filter(isText) : [];
  const when = (value: unknown) => (isText(value) && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined);
  switch (type) {
    case 'Delivery': {
      const delivery = (event.delivery ?? {}) as Record<string, unknown>;
      const at = when(delivery.timestamp);
      return { type, messageId: mail.messageId, recipients: addresses(delivery.recipients), permanent: false, detail: `SES Delivery: ${String(delivery.smtpResponse ?? 'delivered')}`.slice(0, 500), ...(at ? { at } : {}) };
    }
    case 'Bounce': {
      const bounce = (event.bounce ?? {}) as Record<string, unknown>;
      const permanent = bounce.bounceType === 'Permanent';
      const recipients = Array.isArray(bounce.bouncedRecipients) ? (bounce.bouncedRecipients as Array<Record<string, unknown>>) : [];
      const codes = recipients.map((r) => r?.diagnosticCode ?? r?.status).filter(isText).join('; ');
      const at = when(bounce.timestamp);
      return {
        type,
        messageId: mail.messageId,
        recipients: addresses(recipients),
        permanent,
        detail: `SES Bounce: ${String(bounce.bounceType ?? 'Undetermined')}/${String(bounce.bounceSubType ?? 'Undetermined')}${codes ? ` (${codes})` : ''}`.slice(0, 1000),
        ...(at ? { at } : {}),
      };
    }
    case 'Complaint': {
      const complaint = (event.complaint ?? {}) as Record<string, unknown>;
      const at = when(complaint.timestamp);
      return {
        type,
        messageId: mail.messageId,
        recipients: addresses(complaint.complainedRecipients),
        permanent: true,
        detail: `SES Complaint: ${String(complaint.complaintFeedbackType ?? complaint.complaintSubType ?? 'reported')}`.slice(0, 500),
        ...(at ? { at } : {}),
      };
    }
    case 'Reject': {
      const reject = (event.reject ?? {}) as Record<string, unknown>;
      return { type, messageId: mail.messageId, recipients: [], permanent: true, detail: `SES Reject: ${String(reject.reason ?? 'rejected')}`.slice(0, 500) };
    }
  }
}
