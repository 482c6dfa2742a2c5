/**
 * The desktop build's calls (issue 26; storefront spec §4 login state on the desktop app, §6
 * desktop-platform users, §7 Account's desktop calls and Desktop platform, §8 desktop token
 * failures, §9 ticket retries and AES-GCM). `{desktop-platform}` is `steam`. The account service
 * answers the encryption entries and the subscription calls; the order service the
 * micro-transactions (docs/desktop.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** The platform's name in paths and `?platform=`. */
export const DESKTOP_PLATFORM = 'steam';

/** §9: the desktop ticket retry starts at 1000 ms and doubles, up to 8 retries. */
export const DESKTOP_TICKET_RETRY = { firstDelayMs: 1000, factor: 2, maxRetries: 8 } as const;
/** §9: AES-GCM with a 256-bit key (32 random bytes) and a 12-byte IV. */
export const DESKTOP_AES = { keyBytes: 32, ivBytes: 12 } as const;

export const DESKTOP_MESSAGES = {
  badTicket: 'The desktop platform did not accept the ticket: ask the app for a new one.',
  identityMismatch: 'The ticket belongs to another platform user than the identity given.',
  unknownEntry: 'There is no encryption entry with this identifier for this identity.',
  aesKey: 'aesKey is 32 bytes in base64 (a 256-bit AES key).',
  identity: 'identity is the platform user id (a SteamID64: up to 20 digits).',
  ticket: 'ticket is the auth ticket the desktop app got from the platform.',
  platform: 'platform is steam, the only desktop platform.',
  notYourSubscription: 'You can only look at the subscription of the platform user you use the desktop app as.',
  notLinked: 'Open the desktop app and log in there first: this account is not linked to a platform user yet.',
  platformUnavailable: 'The desktop platform could not be reached. Please try again in a moment.',
  digitalOnly: 'The desktop app sells digital items only: buy print items on the web store.',
  freePurchase: 'This purchase costs nothing: complete it without the desktop platform.',
  notStarted: 'Start the desktop transaction first (initTransaction).',
  declined: 'The purchase was not authorised in the desktop app.',
  notPayable: 'This purchase cannot be paid now: it is already paid, being paid or cancelled.',
  otherPlatformUser: 'The transaction was started for another platform user.',
} as const;

const Ticket = Type.String({ minLength: 1, maxLength: 8192, errorMessage: DESKTOP_MESSAGES.ticket });
const Identity = Type.String({ pattern: '^[0-9]{1,20}$', errorMessage: DESKTOP_MESSAGES.identity });
/** 32 bytes in standard base64: 43 characters and one `=`. */
const AesKey = Type.String({ pattern: '^[A-Za-z0-9+/]{43}=$', errorMessage: DESKTOP_MESSAGES.aesKey });

/** `POST /account/SteamStoreEncryptionEntry`. */
export const StoreEncryptionEntryBodySchema = Type.Object({ ticket: Ticket, identity: Identity, aesKey: AesKey });
export type StoreEncryptionEntryBody = Static<typeof StoreEncryptionEntryBodySchema>;
export const StoredEncryptionEntrySchema = Type.Object({ identifier: Type.String() });
export type StoredEncryptionEntry = Static<typeof StoredEncryptionEntrySchema>;

/** `POST /account/SteamRetrieveEncryptionEntry`. */
export const RetrieveEncryptionEntryBodySchema = Type.Object({
  ticket: Ticket,
  tokenEntryId: Type.String({ minLength: 1, maxLength: 64, errorMessage: 'tokenEntryId is the identifier SteamStoreEncryptionEntry answered.' }),
  identity: Identity,
});
export type RetrieveEncryptionEntryBody = Static<typeof RetrieveEncryptionEntryBodySchema>;
export const RetrievedEncryptionEntrySchema = Type.Object({ aesKey: Type.String() });
export type RetrievedEncryptionEntry = Static<typeof RetrievedEncryptionEntrySchema>;

/** `GET /steam/hasValidSubscription/{id}`, `POST /account/renew-subscription?platform=steam`. */
export const DesktopSubscriptionSchema = Type.Object({
  platform: Type.String(),
  platformUserId: Type.String(),
  valid: Type.Boolean(),
  status: Type.Union([Type.Literal('Active'), Type.Literal('Canceled'), Type.Literal('None')]),
  paidUntil: Nullable(Type.String()),
});
export type DesktopSubscription = Static<typeof DesktopSubscriptionSchema>;

/** `POST /steam/initTransaction/{purchaseId}`: the ticket of the platform user who pays. */
export const DesktopTicketBodySchema = Type.Object({ ticket: Ticket });
export type DesktopTicketBody = Static<typeof DesktopTicketBodySchema>;

export const DESKTOP_TRANSACTION_STATES = ['none', 'initiating', 'initiated', 'finalizing', 'finalized', 'cancelled', 'failed'] as const;
export type DesktopTransactionState = (typeof DESKTOP_TRANSACTION_STATES)[number];

/** A purchase's desktop transaction: what it costs and how far it got. */
export const DesktopTransactionSchema = Type.Object({
  purchaseId: Type.String(),
  platform: Type.String(),
  /** The order id the platform knows the payment by; null before the transaction is started. */
  orderId: Nullable(Type.String()),
  transactionId: Nullable(Type.String()),
  state: Type.Unsafe<DesktopTransactionState>(Type.String({ enum: [...DESKTOP_TRANSACTION_STATES] })),
  /** What is charged in minor units (cents): the purchase's amountDue, tax included. */
  amount: Type.Integer(),
  currency: Type.String(),
  /** The purchase's own state (Quoted, Paying, RequiresAction, Paid, Completed, Failed …). */
  purchaseState: Type.String(),
  failure: Nullable(Type.String()),
});
export type DesktopTransaction = Static<typeof DesktopTransactionSchema>;
