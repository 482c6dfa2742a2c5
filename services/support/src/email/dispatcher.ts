import { SendFailure, backoffMs, type Database, type EmailSender, type Logger, type Transaction } from '@inkwell/platform';

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
};

type MailEventType = 'Send' | 'Delivery' | 'Failure';

/**
 * Sends queued mails through the email port, one row per transaction: the row is locked with
 * `FOR UPDATE SKIP LOCKED` while its mail is handed over, so replicas never send the same mail
 * twice, and its outcome (Sent with a Delivery event, or a Failure event and a retry time, or
 * Failed) commits with the lock's release. A process dying mid-send leaves the row Queued, to be
 * sent again: delivery is at least once, like the events it answers.
 */
export class EmailDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Passes run one after another; `drain()` callers wait for a pass that started after they asked. */
  private chain: Promise<unknown> = Promise.resolve();
  private pending: Promise<number> | undefined;
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(
    private readonly db: Database,
    private readonly sender: EmailSender,
    private readonly logger: Logger,
    options: DispatcherOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.baseBackoffMs = options.baseBackoffMs ?? 30_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.poll();
  }

  /** A mail was queued and committed: send it now rather than at the next poll. */
  nudge(): void {
    if (this.running) void this.drain().catch((error: unknown) => this.logger.error({ err: error }, 'sending queued emails failed; will retry'));
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  /** Sends every mail that is due now; resolves with how many were attempted. */
  drain(): Promise<number> {
    if (this.pending) return this.pending;
    const pass = this.chain.then(() => {
      this.pending = undefined;
      return this.sendDue();
    });
    this.pending = pass;
    this.chain = pass.catch(() => undefined);
    return pass;
  }

  private poll(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      void this.drain()
        .catch((error: unknown) => this.logger.error({ err: error }, 'sending queued emails failed; will retry'))
        .finally(() => this.poll());
    }, this.pollIntervalMs);
  }

  private async sendDue(): Promise<number> {
    let attempted = 0;
    while (await this.sendNext()) attempted += 1;
    return attempted;
  }

  private async sendNext(): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<DueMail>(
        `SELECT id, external_id, from_address, to_address, subject, html_body, text_body, attempts
           FROM sent_emails
          WHERE status = 'Queued' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, mail_created_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED`,
      );
      const mail = rows[0];
      if (!mail) return false;
      const attempts = mail.attempts + 1;
      await addEvent(tx, mail.id, 'Send', `Handed to the ${this.sender.driver} driver (attempt ${attempts}).`);
      try {
        const receipt = await this.sender.send({
          messageId: mail.external_id,
          from: mail.from_address,
          to: mail.to_address,
          subject: mail.subject,
          html: mail.html_body,
          text: mail.text_body,
        });
        await tx.query(`UPDATE sent_emails SET status = 'Sent', attempts = $2, external_id = $3, sent_at = now(), last_error = NULL WHERE id = $1`, [mail.id, attempts, receipt.messageId]);
        await addEvent(tx, mail.id, 'Delivery', receipt.response);
      } catch (error) {
        const failure = error instanceof SendFailure ? error : new SendFailure(error instanceof Error ? error.message : String(error), false);
        const final = failure.permanent || attempts >= this.maxAttempts;
        const delay = backoffMs(attempts, this.baseBackoffMs, this.maxBackoffMs);
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
        this.logger.warn({ sentEmailId: mail.id, to: mail.to_address, attempts, final, err: failure }, 'sending an email failed');
      }
      return true;
    });
  }
}

function addEvent(tx: Transaction, sentEmailId: string, type: MailEventType, detail: string): Promise<unknown> {
  return tx.query('INSERT INTO sent_email_events (sent_email_id, event_type, detail) VALUES ($1, $2, $3)', [sentEmailId, type, detail]);
}
