import { EVENTS, assertEventData, type EventData } from '@inkwell/platform';
import { LINK_PATHS } from './account-mails';
import type { TemplateValues } from './render';

/** The order mails, by name: database templates the service installs and staff may edit. */
export const ORDER_TEMPLATES = {
  confirmation: 'order-confirmation',
  preOrderReleased: 'pre-order-released',
  cancelled: 'order-cancelled',
  refunded: 'order-refunded',
  shipped: 'order-shipped',
} as const;

export type OrderTemplateName = (typeof ORDER_TEMPLATES)[keyof typeof ORDER_TEMPLATES];

/** The order events the support service mails about. */
export const ORDER_MAIL_EVENTS = [EVENTS.orderPlaced.type, EVENTS.orderCompleted.type, EVENTS.orderCancelled.type, EVENTS.orderRefunded.type, EVENTS.orderShipped.type] as const;

/** The storefront's My Comics page, where owned Digital items are read. */
export const LIBRARY_PATH = '/library/';

/**
 * One order mail: which template, to whom (null when the event names no address, so there is
 * nothing to send to), about which account and order, and every value the shipped templates use.
 */
export interface OrderMailRequest {
  template: OrderTemplateName;
  to: string | null;
  userId: string | null;
  orderId: string;
  values: TemplateValues;
}

export interface Money {
  cents: number;
  currency: string;
}

/** An item as the order events carry it; only `order.placed` names it. */
type OrderItem = EventData<'orderPlaced'>['items'][number];

/**
 * `cents` are whole minor units of the currency, so how many there are to the unit is the
 * currency's own (100 for USD, 1 for JPY, 1000 for KWD). A code Intl does not take is still shown,
 * as units with two decimals and the code, rather than the mail failing.
 */
export function formatMoney(money: Money): string {
  const currency = money.currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  } catch {
    return `${(money.cents / 100).toFixed(2)} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.cents / 10 ** digits);
}

/**
 * A release date as a day, "December 5, 2026", or null when it is not a date. The day is the UTC
 * one: the event carries an instant, and nothing says which zone the reader is in.
 */
export function formatReleaseDate(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

const DISTRIBUTION_LABELS: Record<string, string> = { Digital: 'digital', Print: 'print' };

/** "2 × Saga, Volume 1 (print): $39.98"; an item without a name is named by its product id. */
export function itemLine(item: OrderItem): string {
  const name = item.name?.trim() || `Item #${item.productId}`;
  const kind = DISTRIBUTION_LABELS[item.distributionType] ?? item.distributionType;
  const lineTotal = { cents: item.price.cents * item.quantity, currency: item.price.currency };
  return `${item.quantity} × ${name} (${kind}): ${formatMoney(lineTotal)}`;
}

export function itemLines(items: readonly OrderItem[]): string {
  return items.length > 0 ? items.map(itemLine).join('\n') : 'No items';
}

/** What an order holds, which decides what the reader is told happens next. */
interface Contents {
  digital: boolean;
  print: boolean;
}

function contentsOf(items: readonly OrderItem[]): Contents {
  return { digital: items.some((item) => item.distributionType === 'Digital'), print: items.some((item) => item.distributionType === 'Print') };
}

/**
 * A guest's Digital items join an account once one is made and verified with the receipt address
 * (the order service attaches them then), so a guest is told how to read them, not that they can.
 */
function readDigitalSentence(hasAccount: boolean, email: string | null, when: 'now' | 'on release'): string {
  if (hasAccount) return when === 'now' ? 'Your digital comics are in My Comics now, ready to read.' : 'On that day your digital comics appear in My Comics, and we will email you.';
  const join = `To read your digital comics, create a free Reader account with ${email ?? 'this email address'} and verify it: they then appear in My Comics.`;
  return when === 'now' ? join : `We will email you on that day. ${join}`;
}

/** What happens next for items that are out: Digital ones to read, Print ones to ship. */
function availableSteps(contents: Contents, hasAccount: boolean, email: string | null): string[] {
  const steps = [
    ...(contents.digital ? [readDigitalSentence(hasAccount, email, 'now')] : []),
    ...(contents.print ? ['We will ship your print items to your shipping address.'] : []),
  ];
  return steps.length > 0 ? steps : ['There is nothing more for you to do.'];
}

function confirmationSteps(data: EventData<'orderPlaced'>, contents: Contents, email: string | null): string[] {
  const hasAccount = Boolean(data.userId);
  if (data.status === 'Scheduled') {
    const day = formatReleaseDate(data.scheduleDate);
    return [
      `This is a pre-order: ${data.total.cents > 0 ? 'it is paid for now and ' : 'it '}unlocks on ${day ?? 'its release date'}.`,
      ...(contents.digital ? [readDigitalSentence(hasAccount, email, 'on release')] : []),
      ...(contents.print ? ['Print items are shipped to your shipping address once they are released.'] : []),
    ];
  }
  if (data.status === 'Completed' || data.status === 'PendingProcessing') return availableSteps(contents, hasAccount, email);
  return ['We are preparing your order.'];
}

function pageLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** The receipt address, or null when there is none to send to. */
function recipient(email: string | undefined): string | null {
  return email?.trim() || null;
}

/**
 * The mail an order event asks for, or null when it asks for none: `order.completed` is mailed
 * only when a pre-order's day came, since every other completion follows an `order.placed` that
 * was confirmed already (or re-announces owned orders to a guest's new account). Throws
 * `InvalidEventError` when the data does not match the event catalogue.
 */
export function mailForOrderEvent(type: string, data: unknown, publicUrl: string): OrderMailRequest | null {
  assertEventData(type, data);
  const links = {
    storeUrl: pageLink(publicUrl, '/'),
    libraryUrl: pageLink(publicUrl, LIBRARY_PATH),
    supportUrl: pageLink(publicUrl, LINK_PATHS.supportCenter),
  };
  const mail = (template: OrderTemplateName, event: { orderId: string; userId?: string | undefined; email?: string | undefined }, values: TemplateValues): OrderMailRequest => {
    const to = recipient(event.email);
    return { template, to, userId: event.userId ?? null, orderId: event.orderId, values: { email: to ?? '', ...links, ...values } };
  };
  const linkTo = (contents: Contents) =>
    contents.digital ? { link: links.libraryUrl, linkLabel: 'Open My Comics' } : { link: links.storeUrl, linkLabel: 'Visit Inkwell' };

  switch (type) {
    case EVENTS.orderPlaced.type: {
      const placed = data as EventData<'orderPlaced'>;
      const contents = contentsOf(placed.items);
      return mail(ORDER_TEMPLATES.confirmation, placed, {
        orderNumber: placed.accountingId ?? placed.orderId,
        items: itemLines(placed.items),
        total: formatMoney(placed.total),
        nextSteps: confirmationSteps(placed, contents, recipient(placed.email)).join('\n\n'),
        ...linkTo(contents),
      });
    }
    case EVENTS.orderCompleted.type: {
      const done = data as EventData<'orderCompleted'>;
      if (!done.preOrderReleased) return null;
      const contents = contentsOf(done.items);
      const inLibrary = contents.digital && Boolean(done.userId);
      return mail(ORDER_TEMPLATES.preOrderReleased, done, {
        orderNumber: done.orderId,
        headline: inLibrary ? 'Your pre-order is now in your library' : 'Your pre-order is out',
        items: itemLines(done.items),
        total: formatMoney(done.total),
        nextSteps: availableSteps(contents, Boolean(done.userId), recipient(done.email)).join('\n\n'),
        ...linkTo(contents),
      });
    }
    case EVENTS.orderCancelled.type: {
      const cancelled = data as EventData<'orderCancelled'>;
      const reason = cancelled.reason.trim();
      return mail(ORDER_TEMPLATES.cancelled, cancelled, {
        orderNumber: cancelled.orderId,
        reason,
        reasonLine: reason ? `Reason: ${reason}` : '',
        link: links.supportUrl,
      });
    }
    case EVENTS.orderRefunded.type: {
      const refunded = data as EventData<'orderRefunded'>;
      const reason = refunded.reason?.trim() ?? '';
      return mail(ORDER_TEMPLATES.refunded, refunded, {
        orderNumber: refunded.accountingId ?? refunded.orderId,
        amount: formatMoney(refunded.amount),
        reason,
        refundDetails: refundDetails(refunded, reason).join('\n'),
        link: links.supportUrl,
      });
    }
    case EVENTS.orderShipped.type: {
      const shipped = data as EventData<'orderShipped'>;
      const trackingUrl = safeTrackingUrl(shipped.trackingUrl);
      return mail(ORDER_TEMPLATES.shipped, shipped, {
        orderNumber: shipped.accountingId ?? shipped.orderId,
        carrier: shipped.carrier,
        trackingNumber: shipped.trackingNumber,
        tracking: [`Carrier: ${shipped.carrier}`, `Tracking number: ${shipped.trackingNumber}`, ...(trackingUrl ? [`Track it: ${trackingUrl}`] : [])].join('\n'),
        ...(trackingUrl ? { link: trackingUrl, linkLabel: 'Track your parcel' } : { link: links.supportUrl, linkLabel: 'Contact support' }),
      });
    }
    default:
      return null;
  }
}

/**
 * What a refund mail says about the refund: whether it is the whole order or a part (a staff refund
 * says; the checkout's own refunds are of the whole order), why, and that refunded digital comics
 * leave My Comics.
 */
function refundDetails(refunded: EventData<'orderRefunded'>, reason: string): string[] {
  const scope =
    refunded.full === false
      ? 'This is a partial refund: the rest of your order stands.'
      : refunded.full === true && refunded.refundId
        ? 'This refunds everything left on your order, so the order is now cancelled.'
        : 'This refunds your order.';
  return [
    scope,
    ...(reason ? [`Reason: ${reason}`] : []),
    ...(refunded.productIds.length > 0 ? ['The digital comics refunded are no longer in My Comics.'] : []),
  ];
}

/** A tracking link staff gave, only when it is a web address (never another scheme in a mail's link). */
function safeTrackingUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
