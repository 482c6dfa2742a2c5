import nodemailer, { type Transporter } from 'nodemailer';
import { SendFailure, type EmailSender, type OutgoingEmail, type SendReceipt } from './sender';

interface SmtpError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  /** The SMTP command that failed (`RCPT TO`, `DATA`, …). */
  command?: string;
}

/**
 * Production driver: SMTP through nodemailer, configured by `SMTP_URL`
 * (`smtp://user:pass@host:587` upgrades with STARTTLS when offered, `smtps://…:465` is TLS from the
 * start). Timeouts are shorter than nodemailer's two minutes so a dead server shows up as a retried
 * failure rather than a stuck queue.
 */
export class SmtpEmailSender implements EmailSender {
  readonly driver = 'smtp';
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  }

  async send(email: OutgoingEmail): Promise<SendReceipt> {
    try {
      const info = await this.transport.sendMail({
        messageId: email.messageId,
        from: email.from,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        ...(email.inReplyTo ? { inReplyTo: email.inReplyTo } : {}),
        ...(email.references ? { references: email.references } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
      });
      return { messageId: String(info.messageId ?? email.messageId), response: String(info.response ?? '') };
    } catch (error) {
      const failure = error as SmtpError;
      const message = failure.message ?? String(error);
      const reply = failure.response && !message.includes(failure.response) ? ` (${failure.response})` : '';
      // 5xx replies are the server's final word on this mail; a refused login is a setting to fix,
      // after which the queued mails should still go out.
      const permanent = typeof failure.responseCode === 'number' && failure.responseCode >= 500 && failure.code !== 'EAUTH';
      // nodemailer names the refused command; every recipient refused is EENVELOPE at RCPT TO.
      const recipientRefused = permanent && (failure.command === 'RCPT TO' || failure.code === 'EENVELOPE');
      throw new SendFailure(`${message}${reply}`, permanent, recipientRefused);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
