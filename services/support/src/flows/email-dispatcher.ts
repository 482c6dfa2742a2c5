import { recordDeliveryEventIn, isSuppressed } from '../store/delivery-events';
import { PolledQueue, SendFailure, claimDue, type Database, type EmailSender, type Logger, type Transaction } from '@inkwell/platform';

export interface DispatcherOptions {
  /** How often due mails (retries) are looked for when nothing nudges the dispatcher. */
  pollIntervalMs?: number;
  /** Attempts before a mail is given up as Failed. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

type DueMail = {
  id: string;
  external_id: string;
  from_address: string;
  to_address: string;
  subject: string;
  html_body: string;
  text_body: string;
  attempts: number;
  reply_to: string | null;
  in_reply_to: string | null;
  references_header: string | null;
};

type MailEventType = 'Send' | 'Delivery' | 'Failure' | 'Suppressed';

/**
 * Sends queued mails through the email port, one row per transaction: the row is locked with
 * `FOR UPDATE SKIP LOCKED` while its mail is handed over, so replicas never send the same mail
 * twice, and its outcome commits with the lock's release: a suppressed recipient ends Suppressed
 * (never handed over); the stored and SMTP drivers' acceptance is the delivery (Delivered with a
 * Delivery event); SES's is Sent (its Delivery comes from the SES event feed); a recipient refused
 * for good at RCPT is a hard Bounce that suppresses it; other failures retry, then Failed. A process dying mid-send leaves the row Queued, to be
 * sent again: delivery is at least once, like the events it answers. The polling, claiming and
 * backoff are the platform's polled queue.
 */
export class EmailDispatcher {
  private readonly queue: PolledQueue<DueMail>;
  private readonly maxAttempts: number;

  constructor(
    db: Database,
    private readonly sender: EmailSender,
    private readonly logger: Logger,
    options: DispatcherOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.queue = new PolledQueue<DueMail>({
      db,
      logger,
      failureMessage: 'sending queued emails failed; will retry',
      pollIntervalMs: options.pollIntervalMs ?? 5_000,
      batchSize: 1,
      backoff: { baseMs: options.baseBackoffMs ?? 30_000, maxMs: options.maxBackoffMs ?? 3_600_000 },
      claim: (tx, limit) =>
        claimDue<DueMail>(
          tx,
          {
            table: 'sent_emails',
            columns: 'id, external_id, from_address, to_address, subject, html_body, text_body, attempts, reply_to, in_reply_to, references_header',
            where: "status = 'Queued'",
            orderBy: 'next_attempt_at, mail_created_at',
          },
          limit,
        ),
      work: async (tx, mails) => {
        for (const mail of mails) await this.send(tx, mail);
        return mails.length;
      },
    });
  }

  start(): void {
    this.queue.start();
  }

  /** A mail was queued and committed: send it now rather than at the next poll. */
  nudge(): void {
    this.queue.nudge();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Sends every mail that is due now; resolves with how many were attempted. */
  drain(): Promise<number> {
    return this.queue.drain();
  }

  private async send(tx: Transaction, mail: DueMail): Promise<void> {
    const attempts = mail.attempts + 1;
    // A recipient that bounced permanently or complained is not mailed again.
    if (await isSuppressed(tx, mail.to_address)) {
      await tx.query(`UPDATE sent_emails SET status = 'Suppressed', attempts = $2, last_error = NULL WHERE id = $1`, [mail.id, mail.attempts]);
      await addEvent(tx, mail.id, 'Suppressed', 'Not sent: the recipient is on the suppression list (an earlier bounce or complaint).');
      return;
    }
    await addEvent(tx, mail.id, 'Send', `Handed to the ${this.sender.driver} driver (attempt ${attempts}).`);
    try {
      const receipt = await this.sender.send({
        messageId: mail.external_id,
        from: mail.from_address,
        to: mail.to_address,
        subject: mail.subject,
        html: mail.html_body,
        text: mail.text_body,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        ...(mail.in_reply_to ? { inReplyTo: mail.in_reply_to } : {}),
        ...(mail.references_header ? { references: mail.references_header } : {}),
      });
      if (this.sender.driver === 'ses') {
        // SES accepted it; whether it was delivered comes later from SES's event feed.
        await tx.query(`UPDATE sent_emails SET status = 'Sent', attempts = $2, external_id = $3, sent_at = now(), last_error = NULL WHERE id = $1`, [mail.id, attempts, receipt.messageId]);
      } else {
        // The stored and SMTP drivers' acceptance is the delivery: the mail is kept, or the receiving server took it.
        await tx.query(
          `UPDATE sent_emails SET status = 'Delivered', attempts = $2, external_id = $3, sent_at = now(), delivered_at = now(), last_error = NULL WHERE id = $1`,
          [mail.id, attempts, receipt.messageId],
        );
        await addEvent(tx, mail.id, 'Delivery', receipt.response);
      }
    } catch (error) {
      const failure = error instanceof SendFailure ? error : new SendFailure(error instanceof Error ? error.message : String(error), false);
      if (failure.recipientRefused) {
        // The receiving server refused the address for good: a hard bounce, and the address is suppressed.
        await tx.query(`UPDATE sent_emails SET attempts = $2, sent_at = now() WHERE id = $1`, [mail.id, attempts]);
        await recordDeliveryEventIn(tx, { sentEmailId: mail.id, type: 'Bounce', permanent: true, detail: failure.message });
        this.logger.warn({ sentEmailId: mail.id, attempts }, 'an email bounced; its recipient is suppressed');
        return;
      }
      const final = failure.permanent || attempts >= this.maxAttempts;
      const delay = this.queue.retryDelayMs(attempts);
      const outcome = failure.permanent
        ? 'Refused by the server; not retried.'
        : final
          ? `Given up after ${attempts} attempts.`
          : `Will retry in ${Math.ceil(delay / 1000)} s.`;
      await tx.query(
        `UPDATE sent_emails SET status = $2, attempts = $3, last_error = $4, next_attempt_at = now() + ($5 || ' milliseconds')::interval WHERE id = $1`,
        [mail.id, final ? 'Failed' : 'Queued', attempts, failure.message.slice(0, 2000), String(delay)],
      );
      await addEvent(tx, mail.id, 'Failure', `${failure.message} ${outcome}`.slice(0, 4000));
      this.logger.warn({ sentEmailId: mail.id, attempts, final, err: failure }, 'sending an email failed');
    }
  }
}

function addEvent(tx: Transaction, sentEmailId: string, type: MailEventType, detail: string): Promise<unknown> {
  return tx.query('INSERT INTO sent_email_events (sent_email_id, event_type, detail) VALUES ($1, $2, $3)', [sentEmailId, type, detail]);
}
