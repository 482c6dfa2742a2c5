/**
 * Newsletters (storefront spec §7 Newsletter, `{newsletter-service}` = `newsletter`): the lists the
 * store mails, an address's subscriptions, subscribing (payload: attributes, spec §3) with double
 * opt-in, and signed one-click unsubscribing. Answers sit inside the envelope's `response`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** Where an address stands on one list. `none`: never subscribed. */
export const NEWSLETTER_STATUSES = ['subscribed', 'unconfirmed', 'unsubscribed', 'none'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** What the account page says for each status. */
export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  subscribed: 'Subscribed',
  unconfirmed: 'Awaiting confirmation',
  unsubscribed: 'Not subscribed',
  none: 'Not subscribed',
};

/** Attribute names: a letter, then letters, digits or underscores; at most this many. */
export const NEWSLETTER_ATTRIBUTE_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,39}$';
export const NEWSLETTER_MAX_ATTRIBUTES = 20;
export const NEWSLETTER_MAX_ATTRIBUTE_TEXT = 200;
/** How long a double opt-in link works. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 72;

/** `GET /newsletter/GetListsStatus?email=`: every list the store offers, with the address's status on it. */
export const NewsletterListStatusSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  status: Type.Union([Type.Literal('subscribed'), Type.Literal('unconfirmed'), Type.Literal('unsubscribed'), Type.Literal('none')]),
});
export type NewsletterListStatus = Static<typeof NewsletterListStatusSchema>;

/** `GET /newsletter/GetNewslettersStatus?email=`: the address's standing overall. */
export const NewslettersStatusSchema = Type.Object({
  email: Type.String(),
  /** Confirmed on at least one list. */
  subscribed: Type.Boolean(),
  /** Lists it is confirmed on, awaiting confirmation on, and unsubscribed from (ids). */
  subscribedLists: Type.Array(Type.String()),
  unconfirmedLists: Type.Array(Type.String()),
  unsubscribedLists: Type.Array(Type.String()),
  /** `embedded` (kept by the store) or `listmonk`. */
  service: Type.String(),
});
export type NewslettersStatus = Static<typeof NewslettersStatusSchema>;


/** `POST /newsletter/SubscribeToNewsletters`: the lists to join and the subscriber's attributes. */
export const SubscribeToNewslettersSchema = Type.Object({
  /** The signed-in account's address when absent. */
  email: Type.Optional(Type.String({ maxLength: 254 })),
  lists: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { minItems: 1, maxItems: 20 }),
  /** Text (at most NEWSLETTER_MAX_ATTRIBUTE_TEXT characters), numbers or true/false, by name; checked by the service (kept as given, not coerced). */
  attributes: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type SubscribeToNewsletters = Static<typeof SubscribeToNewslettersSchema>;

export const SubscribeAnswerSchema = Type.Object({
  email: Type.String(),
  /** Lists now awaiting the address's confirmation (a mail with the link was sent). */
  awaitingConfirmation: Type.Array(Type.String()),
  /** Lists it was already confirmed on (nothing sent for them). */
  alreadySubscribed: Type.Array(Type.String()),
});
export type SubscribeAnswer = Static<typeof SubscribeAnswerSchema>;

/** `GET /newsletter/UnsubscribeFromNewsletters?email=&list=&token=`: what the address left. */
export const UnsubscribeAnswerSchema = Type.Object({
  email: Type.String(),
  /** Names of the lists it is now unsubscribed from (those it was on). */
  unsubscribedFrom: Type.Array(Type.String()),
  /** Ids of those lists (to resubscribe). */
  listIds: Type.Array(Type.String()),
});
export type UnsubscribeAnswer = Static<typeof UnsubscribeAnswerSchema>;

/** `POST /newsletter/confirm` (beyond the spec): the double opt-in link's token. */
export const ConfirmNewsletterSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2000 }) });
export const ConfirmAnswerSchema = Type.Object({
  email: Type.String(),
  confirmed: Type.Array(Type.String()),
  /** Names of the confirmed lists. */
  confirmedNames: Type.Array(Type.String()),
  confirmedAt: Nullable(Type.String()),
});
export type ConfirmAnswer = Static<typeof ConfirmAnswerSchema>;

/** The `list` value of an unsubscribe link that leaves every list. */
export const ALL_LISTS = '*';

/** The storefront pages the mails link to. */
export const NEWSLETTER_PATHS = { confirm: '/newsletter/confirm/', unsubscribe: '/newsletter/unsubscribe/' } as const;
