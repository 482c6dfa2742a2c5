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
    /** The receiving server refused the recipient itself for good (a hard bounce, at RCPT TO). */
    readonly recipientRefused = false,
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
  /** The provider's account (quota, identities): only the SES driver has one. */
  readonly account?: ProviderAccount;
}

/** The provider account's sending limits and standing (SES GetAccount). */
export interface ProviderQuota {
  max24HourSend: number;
  maxSendRate: number;
  sentLast24Hours: number;
  sendingEnabled: boolean;
  /** SES: HEALTHY, PROBATION or SHUTDOWN. */
  enforcementStatus: string;
}

/** One step of the provider's own delivery statistics. */
export interface ProviderStatisticsPoint {
  timestamp: Date;
  deliveryAttempts: number;
  deliveries: number;
  bounces: number;
  complaints: number;
  rejects: number;
}

export type ProviderIdentityType = 'EmailAddress' | 'Domain';
export type ProviderIdentityStatus = 'Pending' | 'Success' | 'Failed' | 'TemporaryFailure' | 'NotStarted';

/** A sending identity the provider knows: an address or a domain. */
export interface ProviderIdentity {
  id: string;
  identityType: ProviderIdentityType;
  verificationStatus: ProviderIdentityStatus;
  sendingEnabled: boolean;
}

/**
 * What a provider with an account of its own (SES) tells about it. Only the SES driver has one; for
 * the stored and SMTP drivers the support service computes these from its own tables.
 */
export interface ProviderAccount {
  quota(): Promise<ProviderQuota>;
  /** The provider's own statistics over a range, or null when it keeps none we can read (SES v2). */
  statistics?(from: Date, to: Date): Promise<ProviderStatisticsPoint[] | null>;
  listIdentities(request: { identityType?: ProviderIdentityType | null; nextToken?: string | null; pageSize?: number }): Promise<{ identities: ProviderIdentity[]; nextToken: string | null }>;
  /** The identity, or null when the provider does not know it. */
  getIdentity(identity: string): Promise<ProviderIdentity | null>;
  /** Adds the identity (or, when it exists, starts its verification again) and answers how it stands. */
  createIdentity(identity: string): Promise<ProviderIdentity>;
  /** False when the provider did not know the identity. */
  deleteIdentity(identity: string): Promise<boolean>;
}
