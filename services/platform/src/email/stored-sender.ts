import type { Logger } from '../logger';
import { emailLinks } from './links';
import type { EmailSender, OutgoingEmail, SendReceipt } from './sender';

/**
 * The embedded driver (no `SMTP_URL`): the sent-emails table is the mailbox. Every mail is written
 * there, bodies included, before any driver sees it, so accepting it is delivering it; tests read
 * it through the support service's sent-emails call.
 *
 * Like a development mail backend (Django's console backend, Rails' letter_opener) it also writes
 * each mail to the log at info level: recipient, subject and every link, in the message itself so
 * the JSON line reads as a sentence. That is how someone trying the store under `npm start` opens a
 * verification or password-reset link.
 *
 * Those links are secrets (whoever holds one verifies the account or sets its password), and
 * showing them is the point here: this driver is for development only. Production sets `SMTP_URL`,
 * which selects `SmtpEmailSender` instead (`createEmailSender` in drivers.ts), and nothing is logged.
 */
export class StoredEmailSender implements EmailSender {
  readonly driver = 'stored';

  constructor(private readonly logger: Logger) {}

  async send(email: OutgoingEmail): Promise<SendReceipt> {
    const links = emailLinks(email);
    const linkText = links.length > 0 ? `, links: ${links.join(' ')}` : ', no links';
    this.logger.info(
      { to: email.to, subject: email.subject, messageId: email.messageId, links },
      `email stored (no SMTP_URL) to ${email.to}, subject "${email.subject}"${linkText}`,
    );
    return { messageId: email.messageId, response: 'Stored (no SMTP_URL) and written to the log with its links.' };
  }

  async close(): Promise<void> {}
}
