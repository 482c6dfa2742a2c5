import type { Database, Queryable, Transaction } from '@inkwell/platform';
import type { SentEmailStatus } from '@inkwell/contracts/support-rules';

export type DeliveryEventType = 'Delivery' | 'Bounce' | 'Complaint' | 'Reject';
export type SuppressionReason = 'Bounce' | 'Complaint' | 'Manual';

export interface DeliveryEvent {
  /** The provider's id of the mail: our Message-ID (`sent_emails.external_id`), with or without angle brackets. */
  messageId?: string;
  /** Our own id of the mail, when the caller knows it (the dispatcher, an SMTP refusal). */
  sentEmailId?: string;
  type: DeliveryEventType;
  detail: string;
  /** The provider's id of this notification: a notification delivered twice is recorded once. */
  providerEventId?: string;
  /** A Bounce: true for a hard (permanent) bounce, which suppresses the recipient. */
  permanent?: boolean;
  /** The recipient the event concerns (defaults to the mail's recipient). */
  recipient?: string;
  at?: Date;
}

/** The bare, lower-case address of `Name <a@b>` or `a@b`. */
export function normalizeAddress(address: string): string {
  const bracketed = /<([^<>]+)>\s*$/.exec(address)?.[1];
  return (bracketed ?? address).trim().toLowerCase();
}

/** Where an event moves a mail from its current status (null: it stays). A complaint outranks a bounce, which outranks the rest. */
function nextStatus(current: SentEmailStatus, type: DeliveryEventType): SentEmailStatus | null {
  switch (type) {
    case 'Delivery':
      return current === 'Queued' || current === 'Sent' ? 'Delivered' : null;
    case 'Bounce':
      return current === 'Complained' || current === 'Bounced' ? null : 'Bounced';
    case 'Complaint':
      return current === 'Complained' ? null : 'Complained';
    case 'Reject':
      return current === 'Queued' || current === 'Sent' ? 'Failed' : null;
  }
}

/**
 * The provider's word about a sent email (an SES notification, a bounce or complaint report, an
 * SMTP delivery or refusal): recorded once per `providerEventId`; it moves the email's status
 * (Delivered; Bounced; Complained; Reject → Failed) and a permanent Bounce or any Complaint
 * suppresses the recipient, all in one transaction. An unknown mail → false (nothing recorded).
 */
export async function recordDeliveryEvent(db: Database, e: DeliveryEvent): Promise<boolean> {
  return db.transaction((tx) => recordDeliveryEventIn(tx, e));
}

/** `recordDeliveryEvent` inside the caller's transaction. */
export async function recordDeliveryEventIn(tx: Transaction, e: DeliveryEvent): Promise<boolean> {
  const mail = await findMail(tx, e);
  if (!mail) return false;
  const detail = e.detail.slice(0, 4000);
  const inserted = await tx.query(
    `INSERT INTO sent_email_events (sent_email_id, event_type, detail, event_at, provider_event_id)
     VALUES ($1, $2, $3, COALESCE($4::timestamptz, clock_timestamp()), $5)
     ON CONFLICT (provider_event_id) WHERE provider_event_id IS NOT NULL DO NOTHING`,
    [mail.id, e.type, detail, e.at ?? null, e.providerEventId ?? null],
  );
  // The same notification again: already recorded, nothing more to do.
  if (inserted.rowCount === 0) return true;
  const status = nextStatus(mail.status, e.type);
  if (status) {
    await tx.query(
      `UPDATE sent_emails SET status = $2,
         delivered_at = CASE WHEN $2 = 'Delivered' THEN COALESCE($3::timestamptz, now()) ELSE delivered_at END,
         last_error = CASE WHEN $2 = 'Delivered' THEN last_error ELSE $4 END
       WHERE id = $1`,
      [mail.id, status, e.at ?? null, detail.slice(0, 2000)],
    );
  }
  if ((e.type === 'Bounce' && e.permanent) || e.type === 'Complaint') {
    await suppress(tx, e.recipient ?? mail.to_address, e.type, mail.id, detail);
  }
  return true;
}

async function findMail(tx: Queryable, e: DeliveryEvent): Promise<{ id: string; status: SentEmailStatus; to_address: string } | null> {
  if (e.sentEmailId) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(e.sentEmailId)) return null;
    const { rows } = await tx.query<{ id: string; status: SentEmailStatus; to_address: string }>(
      'SELECT id, status, to_address FROM sent_emails WHERE id = $1 FOR UPDATE',
      [e.sentEmailId],
    );
    return rows[0] ?? null;
  }
  const bare = e.messageId?.trim().replace(/^<|>$/g, '');
  if (!bare) return null;
  const { rows } = await tx.query<{ id: string; status: SentEmailStatus; to_address: string }>(
    'SELECT id, status, to_address FROM sent_emails WHERE external_id = ANY($1::text[]) ORDER BY mail_created_at DESC LIMIT 1 FOR UPDATE',
    [[bare, `<${bare}>`]],
  );
  return rows[0] ?? null;
}

/** True when mail to `address` is not sent (it bounced permanently, complained or staff suppressed it). */
export async function isSuppressed(q: Queryable, address: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM email_suppressions WHERE address = $1', [normalizeAddress(address)]);
  return rows.length > 0;
}

/** Stops mail to `address`; the first reason stays (suppressing twice changes nothing). */
export async function suppress(tx: Transaction, address: string, reason: SuppressionReason, sentEmailId: string | null, detail: string): Promise<void> {
  await tx.query(
    `INSERT INTO email_suppressions (address, reason, sent_email_id, detail) VALUES ($1, $2, $3, $4)
     ON CONFLICT (address) DO NOTHING`,
    [normalizeAddress(address), reason, sentEmailId, detail.slice(0, 2000)],
  );
}
