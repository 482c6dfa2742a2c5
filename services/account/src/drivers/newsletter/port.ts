import type { AttributeValue } from '../../domain/newsletter';

/** A list the store mails, as the account page offers it. */
export interface NewsletterList {
  id: string;
  name: string;
  description: string;
}

/** Where an address stands on one list, as the email-marketing service keeps it. */
export type ListSubscriptionStatus = 'confirmed' | 'unconfirmed' | 'unsubscribed';

export interface SubscribeRequest {
  email: string;
  listIds: string[];
  attributes: Record<string, AttributeValue>;
}

export interface SubscribeResult {
  /** Lists now awaiting the address's confirmation: the service mailed (or will mail) the opt-in link. */
  awaitingConfirmation: string[];
  /** Lists the address was already confirmed on. */
  alreadySubscribed: string[];
}

/**
 * The email-marketing port (storefront spec §1: "Newsletter lists are managed through an email
 * marketing service"). Drivers: `EmbeddedNewsletters` (default: lists and subscriptions kept in
 * the account database, the double opt-in mail sent through the email port) and
 * `ListmonkNewsletters` (NEWSLETTER_DRIVER=listmonk: listmonk's HTTP API; its own opt-in mails).
 *
 * Who may read or change an address's subscriptions is the routes' business (the signed-in owner,
 * an admin, or a signed unsubscribe link): a driver does what it is asked.
 */
export interface NewsletterService {
  readonly driver: 'embedded' | 'listmonk';
  lists(): Promise<NewsletterList[]>;
  /** The address's status on each list it was ever on (lists it never joined are absent). */
  statuses(email: string): Promise<Map<string, ListSubscriptionStatus>>;
  /** Starts the double opt-in for the lists (the lists exist: the route checked them). */
  subscribe(request: SubscribeRequest): Promise<SubscribeResult>;
  /** Leaves the lists (every list when null); answers the ids of those the address was on. */
  unsubscribe(email: string, listIds: string[] | null): Promise<string[]>;
  /** The embedded driver's double opt-in: confirms what a checked link names. Absent on drivers whose service confirms itself. */
  confirm?(email: string, listIds: string[]): Promise<{ listIds: string[]; confirmedAt: Date | null }>;
  close(): Promise<void>;
}

/** The email-marketing service could not be reached or refused a well-formed request. */
export class NewsletterServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewsletterServiceError';
  }
}
