/**
 * The support desk and the email pipeline (issue 24): support tickets opened by inbound email and
 * the storefront's submitted forms, staff replies that thread, email templates, scheduled and sent
 * emails, and the email provider's health (dashboard spec §3 Scheduled email, Sent email and its
 * events, Email verified-identities request, Template test email, Reputation metrics, Email
 * delivery statistics point, Support ticket, Ticket message; §7 Email templates, Email provider and
 * delivery, Support tickets; §8; §9. Storefront spec §7 `POST /submitted-form/submit`).
 *
 * The support service answers every call here. Instants are ISO 8601 in UTC. Every answer is in the
 * envelope (`{ status, response }`). The rules (statuses, moves, thresholds) are in support-rules.ts.
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH } from './account-rules';
import { PaginatedOf } from './dashboard';
import { SortDirectionSchema } from './dashboard-catalogue';
import { Nullable } from './nullable';
import {
  FORM_MESSAGE_MAX_LENGTH,
  FORM_PLATFORMS,
  FORM_SUBJECT_MAX_LENGTH,
  FORM_TYPES,
  IDENTITY_STATUSES,
  IDENTITY_TYPES,
  SCHEDULED_EMAIL_STATUSES,
  SENT_EMAIL_EVENT_TYPES,
  SENT_EMAIL_STATUSES,
  TICKET_STATUSES,
} from './support-rules';

const Literals = <const T extends readonly [string, ...string[]]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
const INT4_MAX = 2_147_483_647;
const Instant = Type.String({ format: 'date-time' });
const UserId = Type.String({ format: 'uuid' });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** Tags are few: their ids are 32-bit. */
const TagId = Type.Integer({ minimum: 1, maximum: INT4_MAX });
const Page = Type.Integer({ minimum: 1, maximum: INT4_MAX, default: 1 });
const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 25 });
const EmailAddress = Type.String({ format: 'email', maxLength: MAX_EMAIL_LENGTH, errorMessage: 'Please enter a valid email.' });

/** Every id in a path of this area is a positive whole number (tickets, messages, tags, emails). */
export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, errorMessage: 'The id must be a positive whole number.' }) });
/** `tags/delete/{id}`: a tag's id. */
export const TagIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX, errorMessage: 'The id must be a positive whole number.' }) });

export const SUPPORT_MESSAGES = {
  ticketNotFound: 'No such ticket.',
  messageNotFound: 'No such ticket message.',
  tagNotFound: 'No such tag.',
  tagNameTaken: (name: string) => `A tag named "${name}" already exists.`,
  tagName: 'A tag name is 1 to 40 characters.',
  tagColor: 'A tag color is #rrggbb.',
  notRetryable: 'Only a message whose email failed can be sent again.',
  notAnEmail: 'This message is not an inbound email.',
  statusMove: (from: string, to: string) => `A ${from} ticket cannot be moved to ${to}.`,
  assigneeNotStaff: 'Tickets can only be assigned to staff.',
  replyBody: 'Write a reply or choose a template.',
  replyTemplateAndBody: 'Choose a template or write a reply, not both.',
  /** send-email to a Closed ticket (H5): the customer's next email opens a new ticket instead. */
  ticketClosed: 'A closed ticket cannot be answered; the customer\'s next email opens a new ticket.',
  templateNotFound: 'No such template.',
  ticketIds: 'ticketIds must list 1 to 500 ticket ids.',
  nothingToChange: 'Choose a status, tags or an assignee to change.',
  formRateLimited: 'You have sent several messages recently. Please wait a little before sending another.',
  formMessage: `Please write your message (at most ${FORM_MESSAGE_MAX_LENGTH} characters).`,
  scheduledNotCancellable: 'Only an email still waiting to be sent can be cancelled.',
  identityNotFound: 'No such identity.',
  identity: 'An identity is an email address or a domain name.',
  metricsRange: 'The range must start before it ends and cover at most 31 days.',
} as const;

/* ================================================================== tickets */

export const TicketStatusSchema = Literals(TICKET_STATUSES);
export const TicketTagSchema = Type.Object({
  id: TagId,
  name: Type.String(),
  /** `#rrggbb`. */
  color: Type.String(),
  /** Tickets carrying the tag. */
  ticketCount: Type.Integer({ minimum: 0 }),
});
export type TicketTag = Static<typeof TicketTagSchema>;

/** POST /dashboard/support-tickets/tags/add-or-update: `id` to rename or recolor, none to add. */
export const TagInputSchema = Type.Object({
  id: Type.Optional(TagId),
  name: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S', errorMessage: SUPPORT_MESSAGES.tagName }),
  color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', errorMessage: SUPPORT_MESSAGES.tagColor })),
});
export type TagInput = Static<typeof TagInputSchema>;

/** GET /dashboard/support-tickets/assignable-users: staff accounts (any of admin, support, finance). */
export const AssignableUserSchema = Type.Object({
  userId: UserId,
  email: Type.String(),
  name: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
});
export type AssignableUser = Static<typeof AssignableUserSchema>;

export const TICKET_SORTS = ['latestUpdate', 'firstCreated', 'latestInboundUpdate'] as const;

/**
 * POST /dashboard/support-tickets/post-pagination. `search` matches the customer's address or name,
 * the subject, the ticket id, and the messages' text. `assignedTo`: a staff user id, `me`, or
 * `unassigned`. `waitingOnUs`: open tickets whose last message is the customer's. `unread`: tickets
 * with a customer message no staff member has opened yet.
 */
export const TicketSearchBodySchema = Type.Object({
  pageNumber: Page,
  pageSize: PageSize,
  search: Type.Optional(Type.String({ maxLength: 320 })),
  statuses: Type.Optional(Type.Array(TicketStatusSchema, { maxItems: 4 })),
  tagIds: Type.Optional(Type.Array(TagId, { maxItems: 50 })),
  assignedTo: Type.Optional(Type.Union([UserId, Type.Literal('me'), Type.Literal('unassigned')])),
  platform: Type.Optional(Type.String({ maxLength: 40 })),
  type: Type.Optional(Literals(['Email', 'SubmittedForm'])),
  waitingOnUs: Type.Optional(Type.Boolean()),
  unread: Type.Optional(Type.Boolean()),
  sortBy: Type.Optional(Literals(TICKET_SORTS)),
  sortDirection: Type.Optional(SortDirectionSchema),
});
export type TicketSearchBody = Static<typeof TicketSearchBodySchema>;

/** Dashboard spec §3 "Support ticket" without its messages, with what the inbox shows. */
export const TicketSummarySchema = Type.Object({
  id: Id,
  /** The customer's address. */
  from: Type.String(),
  fromName: Nullable(Type.String()),
  /** The customer's account, when the address or the form names one. */
  userId: Nullable(UserId),
  /** How the ticket was opened. */
  type: Literals(['Email', 'SubmittedForm']),
  subject: Type.String(),
  tags: Type.Array(Type.Object({ id: TagId, name: Type.String(), color: Type.String() })),
  status: TicketStatusSchema,
  assignedToUserId: Nullable(UserId),
  assignedToEmail: Nullable(Type.String()),
  firstCreated: Instant,
  latestUpdate: Instant,
  latestInboundUpdate: Nullable(Instant),
  lastMessageDirection: Nullable(Literals(['Inbound', 'Outbound'])),
  platform: Nullable(Type.String()),
  /** A customer message came after staff last opened the ticket. */
  unread: Type.Boolean(),
  messageCount: Type.Integer({ minimum: 0 }),
  /** The start of the latest message's text, for the list. */
  preview: Type.String(),
});
export type TicketSummary = Static<typeof TicketSummarySchema>;

/** What the inbox counts, whatever the filters: the tabs' badges. */
export const TicketCountsSchema = Type.Object({
  open: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0 }),
  waitingOnUs: Type.Integer({ minimum: 0 }),
  mine: Type.Integer({ minimum: 0 }),
  unassigned: Type.Integer({ minimum: 0 }),
});
export const TicketPageSchema = Type.Intersect([PaginatedOf(TicketSummarySchema), Type.Object({ counts: TicketCountsSchema })]);
export type TicketPage = Static<typeof TicketPageSchema>;

export const TicketAttachmentSchema = Type.Object({
  id: Id,
  filename: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer({ minimum: 0 }),
  /** False when it was not kept (too large, a refused type); `note` says why. Kept ones download from `attachment/{id}`. */
  kept: Type.Boolean(),
  note: Nullable(Type.String()),
});

/** Spec §3 Ticket message, Email, Inbound: with the parsed, sanitised HTML and the attachments. */
export const InboundEmailMessageSchema = Type.Object({
  type: Type.Literal('Email'),
  direction: Type.Literal('Inbound'),
  id: Id,
  /** The text of the email (plain text, or the HTML's text). */
  message: Type.String(),
  /** The HTML body made safe to show: scripts, handlers, forms and remote images removed. */
  htmlBody: Nullable(Type.String()),
  submittedDateTime: Instant,
  /** Where the raw message is kept; download it with `raw-message/{id}`. */
  bucketLocationKey: Type.String(),
  fromEmail: Type.String(),
  fromName: Nullable(Type.String()),
  subject: Type.String(),
  ccEmail: Nullable(Type.String()),
  toEmail: Type.String(),
  emailSizeInBytes: Type.Integer({ minimum: 0 }),
  attachments: Type.Array(TicketAttachmentSchema),
});

/** Spec §3 Ticket message, Email, Outbound: a staff reply and what became of its email. */
export const OutboundEmailMessageSchema = Type.Object({
  type: Type.Literal('Email'),
  direction: Type.Literal('Outbound'),
  id: Id,
  /** The sent email (sent-emails) carrying it. */
  sentEmailId: Type.String(),
  /** The Message-ID given to the provider. */
  externalEmailId: Nullable(Type.String()),
  status: Literals(SENT_EMAIL_STATUSES),
  lastError: Nullable(Type.String()),
  sentAtDateTime: Nullable(Instant),
  createdDateTime: Instant,
  sendersUserId: Nullable(UserId),
  sendersUserIdEmailLookup: Nullable(Type.String()),
  toEmail: Type.String(),
  subject: Type.String(),
  htmlBody: Type.String(),
  textBody: Type.String(),
  templateName: Nullable(Type.String()),
});

/** Spec §3 Ticket message, form. */
export const FormMessageSchema = Type.Object({
  type: Type.Literal('SubmittedForm'),
  id: Id,
  formType: Type.String(),
  submittedEmail: Type.String(),
  submittedUserId: Nullable(UserId),
  submittedDateTime: Instant,
  subject: Nullable(Type.String()),
  message: Type.String(),
  userAgent: Nullable(Type.String()),
  ipAddress: Nullable(Type.String()),
  /** The page the form was sent from. */
  feedbackUrl: Nullable(Type.String()),
  platform: Nullable(Type.String()),
});

export const TicketMessageSchema = Type.Union([InboundEmailMessageSchema, OutboundEmailMessageSchema, FormMessageSchema]);
export type TicketMessage = Static<typeof TicketMessageSchema>;
export type InboundEmailMessage = Static<typeof InboundEmailMessageSchema>;
export type OutboundEmailMessage = Static<typeof OutboundEmailMessageSchema>;
export type FormMessage = Static<typeof FormMessageSchema>;

/** GET /dashboard/support-tickets/get/{id}: the ticket and every message, oldest first. */
export const TicketSchema = Type.Intersect([
  TicketSummarySchema,
  Type.Object({
    messages: Type.Array(TicketMessageSchema),
    /** The statuses staff may choose now (support-rules.ts), its own first. */
    statusChoices: Type.Array(TicketStatusSchema),
  }),
]);
export type Ticket = Static<typeof TicketSchema>;

/** POST /dashboard/support-tickets/mark-read (beyond the spec): the ticket page marks what it opened. */
export const MarkReadBodySchema = Type.Object({
  ticketIds: Type.Array(Id, { minItems: 1, maxItems: 500, errorMessage: SUPPORT_MESSAGES.ticketIds }),
  read: Type.Boolean(),
});

/**
 * POST /dashboard/support-tickets/bulk-edit: every ticket changed in one transaction, or none (a
 * refused status move answers 409 naming the tickets). `assignedToUserId: null` unassigns.
 */
export const BulkEditBodySchema = Type.Object({
  ticketIds: Type.Array(Id, { minItems: 1, maxItems: 500, errorMessage: SUPPORT_MESSAGES.ticketIds }),
  status: Type.Optional(TicketStatusSchema),
  addTagIds: Type.Optional(Type.Array(TagId, { maxItems: 50 })),
  removeTagIds: Type.Optional(Type.Array(TagId, { maxItems: 50 })),
  assignedToUserId: Type.Optional(Nullable(UserId)),
});
export type BulkEditBody = Static<typeof BulkEditBodySchema>;
export const BulkEditResultSchema = Type.Object({ updated: Type.Integer({ minimum: 0 }) });

/**
 * POST /dashboard/support-tickets/send-email: a staff reply to the ticket's customer, threaded
 * (Reply-To the ticket's reply address, In-Reply-To and References the customer's last email).
 * Either a database template (`templateId`, filled with `templateData` and the ticket's values) or
 * free text (`htmlBody` and/or `textBody`; one made from the other when only one is given).
 * `subject` defaults to "Re: " and the ticket's subject. CR and LF are refused in the subject.
 */
export const SendReplyBodySchema = Type.Object({
  ticketId: Id,
  templateId: Type.Optional(Id),
  templateData: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 2000 }))),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 300, pattern: '^[^\\r\\n]*$', errorMessage: 'subject is one line of at most 300 characters.' })),
  htmlBody: Type.Optional(Type.String({ maxLength: 200_000 })),
  textBody: Type.Optional(Type.String({ maxLength: 100_000 })),
  /** Where the ticket goes after the reply; PendingOnCustomer when left out. */
  statusAfter: Type.Optional(TicketStatusSchema),
});
export type SendReplyBody = Static<typeof SendReplyBodySchema>;

/** POST /dashboard/support-tickets/preview-email (beyond the spec): the reply as it would be sent. */
export const ReplyPreviewSchema = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String(), to: Type.String() });

/* ================================================================== submitted forms */

/**
 * POST /submitted-form/submit (storefront spec §7). The user comes from the bearer token when one
 * is sent, the client address and user agent from the request. Rate-limited per address and per
 * client (429 with SUPPORT_MESSAGES.formRateLimited).
 */
export const SubmittedFormBodySchema = Type.Object({
  formType: Literals(FORM_TYPES),
  email: EmailAddress,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  subject: Type.Optional(Type.String({ maxLength: FORM_SUBJECT_MAX_LENGTH, pattern: '^[^\\r\\n]*$' })),
  message: Type.String({ minLength: 1, maxLength: FORM_MESSAGE_MAX_LENGTH, pattern: '\\S', errorMessage: SUPPORT_MESSAGES.formMessage }),
  /** The page the form was sent from (a path or the store's URL). */
  page: Type.Optional(Type.String({ maxLength: 2000 })),
  platform: Type.Optional(Literals(FORM_PLATFORMS)),
});
export type SubmittedFormBody = Static<typeof SubmittedFormBodySchema>;
/** What the sender is told: a reference to quote, never the ticket's contents. */
export const SubmittedFormReceiptSchema = Type.Object({ reference: Type.String() });

/* ================================================================== sent and scheduled emails */

export const SentEmailEventSchema = Type.Object({
  id: Type.Integer(),
  sentEmailId: Type.String(),
  eventType: Literals(SENT_EMAIL_EVENT_TYPES),
  eventDateTime: Instant,
  completeEventString: Type.String(),
});
export type SentEmailEvent = Static<typeof SentEmailEventSchema>;

/** Dashboard spec §3 "Sent email", with the bodies, the status and why it failed. */
export const SentEmailSchema = Type.Object({
  id: Type.String(),
  externalId: Nullable(Type.String({ description: 'Message-ID header' })),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  htmlBody: Type.String(),
  textBody: Type.String(),
  templateName: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  /** transactional, support, scheduled or test. */
  category: Type.String(),
  status: Literals(SENT_EMAIL_STATUSES),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  mailCreatedDateTime: Instant,
  sentAtDateTime: Nullable(Instant),
  events: Type.Array(SentEmailEventSchema),
});
export type SentEmail = Static<typeof SentEmailSchema>;

/** POST /dashboard/sent-emails/post-pagination: search matches the recipient or subject. */
export const SentEmailSearchBodySchema = Type.Object({
  pageNumber: Page,
  pageSize: PageSize,
  search: Type.Optional(Type.String({ maxLength: 320 })),
  statuses: Type.Optional(Type.Array(Literals(SENT_EMAIL_STATUSES), { maxItems: 7 })),
  category: Type.Optional(Type.String({ maxLength: 40 })),
});

/** POST /dashboard/sent-emails/metrics and GET send-statistics: a range cut in 15-minute steps. */
export const EmailMetricsBodySchema = Type.Object({
  start: Instant,
  end: Instant,
});
/** Dashboard spec §3 "Email delivery statistics point", one per 15-minute step, with deliveries. */
export const DeliveryStatisticsPointSchema = Type.Object({
  timestamp: Instant,
  deliveryAttempts: Type.Integer({ minimum: 0 }),
  deliveries: Type.Integer({ minimum: 0 }),
  bounces: Type.Integer({ minimum: 0 }),
  complaints: Type.Integer({ minimum: 0 }),
  rejects: Type.Integer({ minimum: 0 }),
});
export type DeliveryStatisticsPoint = Static<typeof DeliveryStatisticsPointSchema>;
export const EmailMetricsSchema = Type.Object({
  stepMs: Type.Integer(),
  points: Type.Array(DeliveryStatisticsPointSchema),
  totals: Type.Object({
    deliveryAttempts: Type.Integer(),
    deliveries: Type.Integer(),
    bounces: Type.Integer(),
    complaints: Type.Integer(),
    rejects: Type.Integer(),
    failures: Type.Integer(),
    queued: Type.Integer(),
  }),
});

/** Dashboard spec §3 "Scheduled email" (with its spelling `receipientEmail`). */
export const ScheduledEmailSchema = Type.Object({
  id: Id,
  receipientEmail: Type.String(),
  templateName: Type.String(),
  sendFromDateTime: Instant,
  sentAtDateTime: Nullable(Instant),
  status: Literals(SCHEDULED_EMAIL_STATUSES),
  timeCreated: Instant,
  lastEdited: Instant,
  createdBy: Nullable(Type.String()),
  editedBy: Nullable(Type.String()),
  /** The sent email it became (its id), once sent. */
  messageId: Nullable(Type.String()),
  /** Why it exists: `ticket-follow-up`, `pre-order-reminder`, … */
  reason: Type.String(),
  /** Why it waits past its time (the daily budget is spent) or why it failed. */
  note: Nullable(Type.String()),
});
export type ScheduledEmail = Static<typeof ScheduledEmailSchema>;

export const ScheduledEmailSearchBodySchema = Type.Object({
  pageNumber: Page,
  pageSize: PageSize,
  search: Type.Optional(Type.String({ maxLength: 320 })),
  statuses: Type.Optional(Type.Array(Literals(SCHEDULED_EMAIL_STATUSES), { maxItems: 5 })),
});

/** GET /dashboard/scheduled-emails/budgets: the daily sending cap and what is left of it today (UTC). */
export const EmailBudgetSchema = Type.Object({
  name: Type.String(),
  dailyCap: Type.Integer({ minimum: 0 }),
  usedToday: Type.Integer({ minimum: 0 }),
  remainingToday: Type.Integer({ minimum: 0 }),
  resetsAt: Instant,
});
/** GET /dashboard/scheduled-emails/metrics. */
export const ScheduledEmailMetricsSchema = Type.Object({
  due: Type.Integer({ minimum: 0 }),
  later: Type.Integer({ minimum: 0 }),
  deferred: Type.Integer({ minimum: 0 }),
  sentToday: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  cancelled: Type.Integer({ minimum: 0 }),
  /** The next 14 days: how many are due each day. */
  upcoming: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), count: Type.Integer({ minimum: 0 }) })),
});

/* ================================================================== email templates */

export const EmailTemplateSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  subject: Type.String(),
  htmlBody: Type.String(),
  textBody: Type.String(),
  placeholders: Type.Array(Type.String()),
  createdAt: Instant,
  updatedAt: Instant,
  createdBy: Nullable(Type.String()),
  editedBy: Nullable(Type.String()),
});
export type EmailTemplate = Static<typeof EmailTemplateSchema>;

/* ================================================================== email provider */

/** GET /dashboard/email-provider/send-quota. */
export const SendQuotaSchema = Type.Object({
  /** `stored` (embedded), `smtp` or `ses`. */
  driver: Type.String(),
  max24HourSend: Type.Number({ minimum: 0 }),
  maxSendRate: Type.Number({ minimum: 0 }),
  sentLast24Hours: Type.Number({ minimum: 0 }),
  sendingEnabled: Type.Boolean(),
  /** The provider's standing (SES: HEALTHY, PROBATION, SHUTDOWN); ours from the rates otherwise. */
  enforcementStatus: Type.String(),
});
export type SendQuota = Static<typeof SendQuotaSchema>;

/** GET /dashboard/email-provider/send-statistics: the last 14 days in 15-minute points. */
export const SendStatisticsSchema = Type.Object({ driver: Type.String(), points: Type.Array(DeliveryStatisticsPointSchema) });

const RateMetric = Type.Object({
  rate: Type.Number({ minimum: 0 }),
  sends: Type.Integer({ minimum: 0 }),
  count: Type.Integer({ minimum: 0 }),
  warning: Type.Number(),
  critical: Type.Number(),
  state: Literals(['Healthy', 'Warning', 'AtRisk']),
});
/** Dashboard spec §3 "Reputation metrics". */
export const ReputationMetricsSchema = Type.Object({
  driver: Type.String(),
  windowDays: Type.Integer(),
  bounceRateMetrics: RateMetric,
  complaintRateMetrics: RateMetric,
  /** Addresses not sent to because they bounced or complained. */
  suppressedAddresses: Type.Integer({ minimum: 0 }),
});
export type ReputationMetrics = Static<typeof ReputationMetricsSchema>;

/** Dashboard spec §3 "Email verified-identities request". */
export const VerifiedIdentitiesBodySchema = Type.Object({
  identityType: Type.Optional(Nullable(Literals(IDENTITY_TYPES))),
  nextToken: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});
export const EmailIdentitySchema = Type.Object({
  /** The identity itself (an address or a domain); the `{id}` of verify-email and delete-identity. */
  id: Type.String(),
  identityType: Literals(IDENTITY_TYPES),
  verificationStatus: Literals(IDENTITY_STATUSES),
  sendingEnabled: Type.Boolean(),
});
export type EmailIdentity = Static<typeof EmailIdentitySchema>;
export const VerifiedIdentitiesSchema = Type.Object({ identities: Type.Array(EmailIdentitySchema), nextToken: Nullable(Type.String()) });
/** `{id}` of verify-email/delete-identity: an email address or a domain name (URL-encoded). */
export const IdentityParamsSchema = Type.Object({
  id: Type.String({ minLength: 3, maxLength: MAX_EMAIL_LENGTH, pattern: '^[^\\s/]+$', errorMessage: SUPPORT_MESSAGES.identity }),
});

/** POST /dashboard/email-provider/verify-email/{id} answers the identity as it now stands (EmailIdentitySchema). */
/** POST /dashboard/email-provider/delete-identity/{id}: the identity removed. */
export const DeletedIdentitySchema = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });
export type DeletedIdentity = Static<typeof DeletedIdentitySchema>;

/** Sort direction reused by the lists above. */
export { SortDirectionSchema };
