/**
 * The support desk's rules both ends share (dashboard spec §3 Support ticket, §4 "the allowed status
 * transitions are not shown" — these are ours, documented in docs/running.md; §8 the two 'Unknown …'
 * errors; §9 email timeline steps).
 */

/**
 * Ticket statuses. `Open`: waiting on us. `PendingOnCustomer`: we answered and wait for the customer
 * (a follow-up email is scheduled). `Solved`: done, but a customer's reply reopens it. `Closed`:
 * final; a customer's reply to a closed ticket opens a new ticket.
 */
export const TICKET_STATUSES = ['Open', 'PendingOnCustomer', 'Solved', 'Closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  Open: 'Open',
  PendingOnCustomer: 'Pending on customer',
  Solved: 'Solved',
  Closed: 'Closed',
};

/** The moves staff may make (bulk edit, the ticket page, the status chosen with a reply). */
const STAFF_MOVES: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  Open: ['PendingOnCustomer', 'Solved', 'Closed'],
  PendingOnCustomer: ['Open', 'Solved', 'Closed'],
  Solved: ['Open', 'Closed'],
  Closed: [],
};

/** True when staff may move a ticket from `from` to `to` (staying put is always allowed). */
export function canStaffMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return from === to || STAFF_MOVES[from].includes(to);
}

/** The statuses staff may choose for a ticket now, its own first. */
export function staffTicketStatusChoices(from: TicketStatus): TicketStatus[] {
  return [from, ...STAFF_MOVES[from]];
}

/**
 * What a customer's message (an inbound email or a submitted form) does to their ticket: it reopens
 * a pending or solved ticket; a closed ticket is not reopened — the message opens a new ticket.
 */
export function ticketStatusOnCustomerMessage(current: TicketStatus): TicketStatus | 'new-ticket' {
  return current === 'Closed' ? 'new-ticket' : 'Open';
}

/** Where a ticket goes when staff reply without choosing: we wait on the customer. */
export const DEFAULT_STATUS_AFTER_REPLY: TicketStatus = 'PendingOnCustomer';

/** Days a PendingOnCustomer ticket waits before the follow-up email is sent (a scheduled email). */
export const TICKET_FOLLOW_UP_DAYS = 3;

export const TICKET_MESSAGE_TYPES = ['Email', 'SubmittedForm'] as const;
export type TicketMessageType = (typeof TICKET_MESSAGE_TYPES)[number];
export const EMAIL_DIRECTIONS = ['Inbound', 'Outbound'] as const;
export type EmailDirection = (typeof EMAIL_DIRECTIONS)[number];

/** Dashboard spec §8: what reading a ticket message of an unknown kind raises. */
export const unknownTicketMessageType = (type: string) => `Unknown SupportTicketMessage type: ${type}`;
export const unknownEmailDirection = (direction: string) => `Unknown EmailSupportTicketMessage direction: ${direction}`;

/** The storefront's submitted forms (storefront spec §7 `/submitted-form/submit` formType). */
export const FORM_TYPES = ['Contact', 'Support', 'Librarians', 'Feedback'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_PLATFORMS = ['Web', 'Steam-desktop'] as const;
export type FormPlatform = (typeof FORM_PLATFORMS)[number];
export const FORM_MESSAGE_MAX_LENGTH = 5000;
export const FORM_SUBJECT_MAX_LENGTH = 200;

/**
 * What became of an email. `Queued` waits for the dispatcher; `Sent` was handed to the provider;
 * `Delivered` the receiving server took it; `Bounced` and `Complained` came back (the address is
 * then suppressed); `Suppressed` was not sent because the address is; `Failed` was given up.
 */
export const SENT_EMAIL_STATUSES = ['Queued', 'Sent', 'Delivered', 'Bounced', 'Complained', 'Suppressed', 'Failed'] as const;
export type SentEmailStatus = (typeof SENT_EMAIL_STATUSES)[number];

/** Sent email event types (dashboard spec §3 Sent email event `eventType`), in SES's words. */
export const SENT_EMAIL_EVENT_TYPES = ['Queued', 'Send', 'Delivery', 'Bounce', 'Complaint', 'Reject', 'Suppressed', 'Failure'] as const;
export type SentEmailEventType = (typeof SENT_EMAIL_EVENT_TYPES)[number];

/** An outbound ticket message may be retried when its email ended in one of these. */
export const RETRYABLE_SENT_EMAIL_STATUSES: readonly SentEmailStatus[] = ['Failed'];

export const SCHEDULED_EMAIL_STATUSES = ['Scheduled', 'Deferred', 'Sent', 'Cancelled', 'Failed'] as const;
export type ScheduledEmailStatus = (typeof SCHEDULED_EMAIL_STATUSES)[number];

/** Dashboard spec §9: email delivery timeline steps are 15 minutes. */
export const EMAIL_TIMELINE_STEP_MS = 900_000;
/** The longest range a sent-email metrics call covers (in timeline steps: 31 days). */
export const EMAIL_TIMELINE_MAX_RANGE_MS = 31 * 86_400_000;

/**
 * The provider's reputation thresholds (Amazon SES's published ones): above `warning` the account is
 * under review, above `critical` sending may be paused. Rates are fractions of sends.
 */
export const REPUTATION_THRESHOLDS = {
  bounce: { warning: 0.05, critical: 0.1 },
  complaint: { warning: 0.001, critical: 0.005 },
} as const;
/** Reputation rates are computed over the last this many days of sends. */
export const REPUTATION_WINDOW_DAYS = 14;

export const IDENTITY_TYPES = ['EmailAddress', 'Domain'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
export const IDENTITY_STATUSES = ['Pending', 'Success', 'Failed', 'TemporaryFailure', 'NotStarted'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];
