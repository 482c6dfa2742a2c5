import { randomUUID } from 'node:crypto';
import type { Transaction } from '@inkwell/platform';
import type { EmailContent } from '../domain/render';

export interface QueuedMail {
  to: string;
  content: EmailContent;
  templateName: string | null;
  userId?: string | null;
  /** The integration event the mail answers; one mail per event. */
  sourceEventId?: string;
  /** transactional (default), support, scheduled or test. */
  category?: 'transactional' | 'support' | 'scheduled' | 'test';
  /** A support ticket's reply address and the threading headers of the conversation. */
  replyTo?: string;
  /** Another sender than the queue's (support replies come from the support address). */
  from?: string;
  inReplyTo?: string;
  references?: string;
}

/** The domain of the sender's address, for Message-IDs: `Inkwell <no-reply@inkwell.example>` → `inkwell.example`. */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.split('@').pop()?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'inkwell.local';
}

/**
 * Writes mails into the sent-emails table inside the caller's transaction, like the outbox does for
 * events: the mail exists exactly when its cause commits, and after the commit the dispatcher is
 * nudged to send it.
 */
export class MailQueue {
  private readonly domain: string;

  constructor(
    readonly from: string,
    private readonly onCommitted: () => void = () => undefined,
  ) {
    this.domain = senderDomain(from);
  }

  async add(tx: Transaction, mail: QueuedMail): Promise<string> {
    const id = randomUUID();
    await tx.query(
      `INSERT INTO sent_emails (id, external_id, from_address, to_address, subject, html_body, text_body, template_name, user_id, source_event_id, category, reply_to, in_reply_to, references_header)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        `<${id}@${this.domain}>`,
        mail.from ?? this.from,
        mail.to,
        mail.content.subject,
        mail.content.html,
        mail.content.text,
        mail.templateName,
        mail.userId ?? null,
        mail.sourceEventId ?? null,
        mail.category ?? 'transactional',
        mail.replyTo ?? null,
        mail.inReplyTo ?? null,
        mail.references ?? null,
      ],
    );
    await tx.query(`INSERT INTO sent_email_events (sent_email_id, event_type, detail) VALUES ($1, 'Queued', 'Queued for sending.')`, [id]);
    tx.afterCommit(this.onCommitted);
    return id;
  }
}
