import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * The catalogue of integration events: every event a service may write to its outbox is declared
 * here with the schema of its `data`, so producers are checked when they write and downstream
 * consumers (analytics, data pipelines) have one place to read. `docs/events.md` is generated from
 * this module by `npm run docs:events`.
 */
export interface EventDefinition<S extends TSchema = TSchema> {
  type: string;
  version: number;
  source: string;
  description: string;
  schema: S;
}

/** Names a link the account service mails; worth nothing once the mail was composed. */
const LinkId = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });

const Money = Type.Object({ cents: Type.Integer(), currency: Type.String({ minLength: 3, maxLength: 3 }) });

function define<S extends TSchema>(type: string, source: string, description: string, schema: S, version = 1): EventDefinition<S> {
  return { type, version, source, description, schema };
}

export const EVENTS = {
  // Account events name an emailed link by id (`…LinkId`); the support service exchanges the id
  // for the link over gRPC (inkwell.account.v1.AccountLinks), once. Version 2 dropped the link
  // tokens version 1 carried: no event may carry a secret.
  accountCreated: define('account.created', 'account', 'A Reader account was created (sign-up or staff); with a verification link to mail after sign-up.', Type.Object({
    userId: Type.String(), email: Type.String(), verificationLinkId: Type.Optional(LinkId),
  }), 2),
  accountVerified: define('account.verified', 'account', 'The account owner followed the verification link.', Type.Object({
    userId: Type.String(), email: Type.String(),
  })),
  accountVerificationRequested: define('account.verification-requested', 'account', 'The owner asked for the verification email again.', Type.Object({
    userId: Type.String(), email: Type.String(), verificationLinkId: LinkId,
  }), 2),
  accountEmailChanged: define('account.email-changed', 'account', 'An email change was requested (with the confirmation link to mail to the new address) or completed (without).', Type.Object({
    userId: Type.String(), oldEmail: Type.String(), newEmail: Type.String(), confirmationLinkId: Type.Optional(LinkId),
  }), 2),
  accountPasswordResetRequested: define('account.password-reset-requested', 'account', 'A password reset link was requested.', Type.Object({
    userId: Type.String(), email: Type.String(), resetLinkId: LinkId,
  }), 2),
  accountDeleted: define('account.deleted', 'account', 'An account was deleted by staff.', Type.Object({ userId: Type.String() })),
  badgeClaimed: define('badge.claimed', 'account', "A reader claimed a badge and was handed one of its gift codes; the cart service makes the code a coupon only that account can redeem, once (docs/badges.md). The code alone buys nothing for anyone else.", Type.Object({
    userId: Type.String(), badgeId: Type.Integer(), giftCode: Type.String(), coupon: Type.Object({ kind: Type.String(), value: Type.Number(), currency: Type.String({ minLength: 3, maxLength: 3 }) }),
  })),
  productCreated: define('product.created', 'catalog', 'A product was created.', Type.Object({ productId: Type.String() })),
  productChanged: define('product.changed', 'catalog', 'A product or one of its variants changed.', Type.Object({ productId: Type.String() })),
  productPublished: define('product.published', 'catalog', 'A product became visible in the storefront.', Type.Object({ productId: Type.String() })),
  productUnpublished: define('product.unpublished', 'catalog', 'A product was taken out of the storefront.', Type.Object({ productId: Type.String() })),
  productRemoved: define('product.removed', 'catalog', 'A product was removed.', Type.Object({ productId: Type.String() })),
  seriesChanged: define('series.changed', 'catalog', 'A series was created, changed, published or unpublished.', Type.Object({ seriesId: Type.String() })),
  bundleChanged: define('bundle.changed', 'catalog', 'A bundle was created or changed (its items, prices or status).', Type.Object({ bundleId: Type.String() })),
  salesCampaignChanged: define('sales-campaign.changed', 'catalog', 'A sales campaign or the products it discounts was created or changed.', Type.Object({ campaignId: Type.String() })),
  homeChanged: define('home.changed', 'catalog', 'The home page changed: a wheel group or item, a curated list (carousel), an HTML component, or the top or message bar settings were added, changed or removed.', Type.Object({})),
  newsChanged: define('news.changed', 'catalog', 'A news article was created, changed, published or unpublished.', Type.Object({ articleId: Type.String() })),
  cacheInvalidated: define('catalog.cache-invalidated', 'catalog', 'Staff invalidated the whole storefront cache.', Type.Object({})),
  publisherChanged: define('publisher.changed', 'catalog', 'A publisher or its imprints was created, changed, hidden or shown, or removed.', Type.Object({ publisherId: Type.String() })),
  // Version 2: the whole cart after the change (items and total), not only the change; no coupon
  // codes or tokens. `userId` is absent for a guest's cart, whose id is the guest id.
  cartUpdated: define('cart.updated', 'cart', 'A cart changed: items added or taken away, emptied, merged at sign-in, or items dropped that are no longer sold.', Type.Object({
    cartId: Type.String(),
    userId: Type.Optional(Type.String()),
    reason: Type.Union([Type.Literal('changed'), Type.Literal('emptied'), Type.Literal('merged'), Type.Literal('reviewed')]),
    change: Type.Optional(Type.Object({ productId: Type.String(), variantId: Type.String(), amount: Type.Integer() })),
    items: Type.Array(Type.Object({ productId: Type.String(), variantId: Type.String(), distributionType: Type.String(), quantity: Type.Integer({ minimum: 1 }), price: Money })),
    total: Money,
    units: Type.Integer({ minimum: 0 }),
  }), 2),
  couponRedeemed: define('coupon.redeemed', 'cart', 'A coupon was used in a completed purchase.', Type.Object({
    couponId: Type.String(), code: Type.String(), userId: Type.String(), orderId: Type.String(), saveAmount: Type.Number(), currency: Type.String({ minLength: 3, maxLength: 3 }),
  })),
  orderPlaced: define('order.placed', 'order', 'A purchase was paid for (or needed no payment) and became this order; pre-orders are placed now and complete on their release day. With the receipt address and item names, for the confirmation email.', Type.Object({
    orderId: Type.String(),
    purchaseId: Type.String(),
    userId: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    status: Type.String(),
    scheduleDate: Type.Optional(Type.String()),
    accountingId: Type.Optional(Type.String()),
    total: Money,
    items: Type.Array(Type.Object({ productId: Type.String(), variantId: Type.String(), name: Type.Optional(Type.String()), distributionType: Type.String(), quantity: Type.Integer({ minimum: 1 }), price: Money })),
  })),
  orderCancelled: define('order.cancelled', 'order', 'An order was cancelled (by staff, or refunded because it could not be completed).', Type.Object({
    orderId: Type.String(), purchaseId: Type.String(), userId: Type.Optional(Type.String()), email: Type.Optional(Type.String()), accountingId: Type.Optional(Type.String()), reason: Type.String(),
  })),
  orderCompleted: define('order.completed', 'order', 'An order was paid (or was free) and its items are owned.', Type.Object({
    orderId: Type.String(),
    userId: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    accountingId: Type.Optional(Type.String()),
    total: Money,
    items: Type.Array(Type.Object({ productId: Type.String(), variantId: Type.String(), name: Type.Optional(Type.String()), distributionType: Type.String(), quantity: Type.Integer({ minimum: 1 }), price: Money })),
    /** True when a pre-order's release day came (the order was Scheduled), for the release email. */
    preOrderReleased: Type.Optional(Type.Boolean()),
  })),
  orderRefunded: define('order.refunded', 'order', 'An order was refunded in full or in part.', Type.Object({
    orderId: Type.String(), userId: Type.Optional(Type.String()), email: Type.Optional(Type.String()), accountingId: Type.Optional(Type.String()), amount: Money, productIds: Type.Array(Type.String()),
    // Staff refunds (issue 23): why, whether it refunded everything left, and the refund's own id
    // (an order may be refunded in several parts).
    reason: Type.Optional(Type.String()), full: Type.Optional(Type.Boolean()), refundId: Type.Optional(Type.String()),
  })),
  orderShipped: define('order.shipped', 'order', "Staff marked an order's Print items shipped, with the carrier and tracking number, for the shipped email.", Type.Object({
    orderId: Type.String(), userId: Type.Optional(Type.String()), email: Type.Optional(Type.String()), accountingId: Type.Optional(Type.String()),
    carrier: Type.String(), trackingNumber: Type.String(), trackingUrl: Type.Optional(Type.String()),
  })),
  orderEdited: define('order.edited', 'order', 'Staff changed an order (addresses, invoice status, status): the fields changed, without their values.', Type.Object({
    orderId: Type.String(), fields: Type.Array(Type.String()), status: Type.String(),
  })),
  readingProgressUpdated: define('reading.progress-updated', 'reader', 'A reader moved to another page of a publication.', Type.Object({
    userId: Type.String(), publicationId: Type.String(), page: Type.Integer({ minimum: 0 }), completed: Type.Boolean(),
  })),
  readingSessionRecorded: define('reading.session-recorded', 'reader', 'Instrumentation of a reading session (pages and time spent).', Type.Object({
    userId: Type.Optional(Type.String()), comicId: Type.String(), mode: Type.String(), platform: Type.String(),
    pages: Type.Array(Type.Object({ pageNumber: Type.Integer(), start: Type.String(), end: Type.String() })),
  })),
  // The catalog records the page count and `ingestCompleted`, and takes the cover when the product
  // has none. `actorId`/`actorEmail` name the staff member who asked, for the catalog's audit trail.
  comicIngested: define('comic.ingested', 'reader', "Staff ingested (or re-encoded) a comic's pages: the reader's page set of the product was replaced.", Type.Object({
    productId: Type.String(),
    jobId: Type.String(),
    pageCount: Type.Integer({ minimum: 1 }),
    actorId: Type.String(),
    actorEmail: Type.Optional(Type.String()),
    /** Public cover images drawn from the first page, at the storefront's cover widths; absent when the product already had a cover. */
    cover: Type.Optional(Type.Array(Type.Object({ url: Type.String(), fallbackUrl: Type.String(), width: Type.Integer(), height: Type.Integer() }))),
  })),
  supportTicketCreated: define('support.ticket-created', 'support', 'A support ticket was opened from a form or an email.', Type.Object({ ticketId: Type.String() })),
  // The download link is not in the event (it is a credential): the support service asks the
  // analytics service for it over gRPC (inkwell.analytics.v1.ReportLinks) when it composes the mail.
  reportReady: define('report.ready', 'analytics', 'A reports workbook asked for by staff (reports/asExcelFileSendEmail) was written; with the addresses to mail its download link to.', Type.Object({
    jobId: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }), recipients: Type.Array(Type.String(), { minItems: 1, maxItems: 10 }),
  })),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventData<N extends EventName> = Static<(typeof EVENTS)[N]['schema']>;

const BY_TYPE = new Map<string, EventDefinition>(Object.values(EVENTS).map((definition) => [definition.type, definition]));

export function eventDefinition(type: string): EventDefinition | undefined {
  return BY_TYPE.get(type);
}

export class InvalidEventError extends Error {}

/** Refuses to write an undeclared event type or data that does not match its schema. */
export function assertEventData(type: string, data: unknown): void {
  const definition = BY_TYPE.get(type);
  if (!definition) throw new InvalidEventError(`Event type ${type} is not declared in the event catalogue`);
  if (!Value.Check(definition.schema, data)) {
    const first = Value.Errors(definition.schema, data).First();
    throw new InvalidEventError(`Event ${type} data is invalid${first ? `: ${first.path || '/'} ${first.message}` : ''}`);
  }
}
