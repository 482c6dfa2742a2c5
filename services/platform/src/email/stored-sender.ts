import type { Logger } from '../logger';
import type { EmailSender, OutgoingEmail, SendReceipt } from './sender';

/**
 * The embedded driver (no `SMTP_URL`): the sent-emails table is the mailbox. Every mail is written
 * there, bodies included, before any driver sees it, so accepting it is delivering it; staff read
 * it in the dashboard's Sent emails and tests read it through the same call.
 */
export class StoredEmailSender implements EmailSender {
  readonly driver = 'stored';

  constructor(private readonly logger: Logger) {}

  async send(email: OutgoingEmail): Promise<SendReceipt> {
    this.logger.info({ to: email.to, subject: email.subject, messageId: email.messageId }, 'email stored (no SMTP_URL): read it in the dashboard under Sent emails');
    return { messageId: email.messageId, response: 'Stored: readable in the dashboard under Sent emails.' };
  }

  async close(): Promise<void> {}
}
