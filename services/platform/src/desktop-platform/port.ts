/**
 * The desktop-platform port (issue 26; storefront spec §6, §7 Desktop platform; docs/desktop.md):
 * the games platform the desktop build runs on. It proves who the platform user is (auth tickets),
 * keeps their subscription state, and takes micro-transactions. Two drivers: the embedded simulated
 * platform (`simulated.ts`, the default) and Steam's Web API (`steam.ts`, DESKTOP_PLATFORM_DRIVER=steam),
 * picked by `createDesktopPlatform` (index.ts).
 *
 * Amounts are integers in minor units (cents). Platform user ids are strings (a SteamID64 does not
 * fit a JavaScript number).
 */

/** The platform's name in the store's paths (`/api/steam/…`, `?platform=steam`). */
export const DESKTOP_PLATFORMS = ['steam'] as const;
export type DesktopPlatformName = (typeof DESKTOP_PLATFORMS)[number];

/** Who a valid ticket belongs to. */
export interface TicketOwner {
  /** The platform user who made the ticket (SteamID64). */
  platformUserId: string;
  /** The owner of the app's licence: differs from the user when the app is borrowed (Family Sharing). */
  ownerPlatformUserId: string;
}

/** A subscription as the platform keeps it (Steam: a recurring billing agreement). */
export interface SubscriptionState {
  /** Whether the user may use what the subscription gives now. */
  valid: boolean;
  /** Active (renews), Canceled (runs to the end of what was paid), or none. */
  status: 'Active' | 'Canceled' | 'None';
  agreementId: string | null;
  /** The end of the period paid for (ISO time), when known. */
  paidUntil: string | null;
}

export interface TransactionItem {
  /** The store's item id (Steam: itemid, a 32-bit integer). */
  itemId: number;
  quantity: number;
  /** Minor units for the whole line. */
  amount: number;
  description: string;
}

export interface InitTransactionInput {
  /** The store's order id for the platform (Steam: orderid, a 64-bit integer, unique per app). */
  orderId: string;
  platformUserId: string;
  currency: string;
  /** ISO 639-1, e.g. en. */
  language: string;
  items: TransactionItem[];
}

/** Steam's transaction statuses (QueryTxn). */
export type TransactionStatus = 'Init' | 'Approved' | 'Succeeded' | 'Failed' | 'Refunded' | 'PartialRefund' | 'Chargedback';

export interface TransactionState {
  orderId: string;
  transId: string;
  status: TransactionStatus;
  amount: number;
  currency: string;
}

/** The platform refused a ticket (bad, expired, for another app): the caller's mistake, a 4xx. */
export class DesktopTicketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesktopTicketError';
  }
}

/** The platform refused a call for a reason it named (errorcode, errordesc). */
export class DesktopPlatformRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DesktopPlatformRefusal';
  }
}

/** The platform could not be reached or answered nonsense: nobody's mistake, try again later. */
export class DesktopPlatformUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesktopPlatformUnavailable';
  }
}

export interface DesktopPlatform {
  readonly driver: 'simulated' | 'steam';
  readonly platform: DesktopPlatformName;
  /** Throws DesktopTicketError for a ticket the platform does not accept. */
  authenticateTicket(ticket: string): Promise<TicketOwner>;
  subscription(platformUserId: string): Promise<SubscriptionState>;
  /** Makes the subscription run on (again); throws DesktopPlatformRefusal when the platform needs the user to agree in the app. */
  renewSubscription(platformUserId: string): Promise<SubscriptionState>;
  /** Stops the renewals; what was paid runs to its end. Cancelling none or a cancelled one is a no-op. */
  cancelSubscription(platformUserId: string): Promise<SubscriptionState>;
  /** Starts a micro-transaction: the platform asks the user to authorise it in its overlay. */
  initTransaction(input: InitTransactionInput): Promise<TransactionState>;
  /** Completes an authorised transaction (the money moves); a repeat answers the same. */
  finalizeTransaction(orderId: string): Promise<TransactionState>;
  /** Throws DesktopPlatformRefusal with code 'unknown-order' for an order the platform does not know. */
  queryTransaction(orderId: string): Promise<TransactionState>;
  /** Refunds a succeeded transaction in full (Steam refunds whole transactions). */
  refundTransaction(orderId: string): Promise<TransactionState>;
}
