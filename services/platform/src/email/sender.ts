/** A rendered mail as it is handed to a transport. */
export interface OutgoingEmail {
  /** Message-ID header, chosen before the first attempt so every retry carries the same one. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where answers go (a support ticket's reply address). */
  replyTo?: string;
  /** Threading (RFC 5322): the Message-ID answered, and the chain of the conversation's Message-IDs. */
  inReplyTo?: string;
  references?: string;
  /** Further headers (e.g. `List-Unsubscribe`); names and values must be single lines. */
  headers?: Record<string, string>;
}

/** What the transport said when it accepted a mail. */
export interface SendReceipt {
  messageId: string;
  /** The transport's own words, kept with the mail's Delivery event (e.g. the SMTP reply). */
  response: string;
}

/**
 * A transport refused or failed to take a mail. `permanent` failures (the server rejected the
 * recipient or the message) are not retried; anything else (server unreachable, busy, timed out,
 * credentials refused) is retried with backoff.
 */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}

/**
 * The email port. Drivers: `StoredEmailSender` (default, no settings: mails are kept in the
 * sent-emails table and written to the log with their links) and `SmtpEmailSender` (chosen when `SMTP_URL` is set); `createEmailSender` in
 * drivers.ts picks one from configuration.
 */
export interface EmailSender {
  readonly driver: 'stored' | 'smtp' | 'ses';
  /** Resolves once the transport has accepted the mail; throws `SendFailure` otherwise. */
  send(email: OutgoingEmail): Promise<SendReceipt>;
  close(): Promise<void>;
}
