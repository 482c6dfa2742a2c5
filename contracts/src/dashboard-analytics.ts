/**
 * Analytics and reports (issue 25): the dashboard spec's §7 Analytics calls (all GET with `start`,
 * `end` and an optional `timespan`), the two Reports calls, and the storefront's analytics events
 * (storefront spec §3 Analytics event, §7). The analytics service answers every call here.
 *
 * Dates: `start` and `end` are calendar days `YYYY-MM-DD` (spec §5), both included, in the store's
 * reporting time zone (`REPORTING_TIME_ZONE`, default UTC; documented in docs/running.md). A daily
 * series has one point per day of the range, a monthly one per calendar month touched by it, empty
 * periods included (zeros). Money is in minor units (cents) of the store's currency.
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { Nullable } from './nullable';

const Literals = <const T extends readonly [string, ...string[]]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

export const ANALYTICS_TIMESPANS = ['daily', 'monthly'] as const;
export type AnalyticsTimespan = (typeof ANALYTICS_TIMESPANS)[number];
/** Dashboard spec §9: the top selling products call returns at most this many. */
export const TOP_SELLING_LIMIT = 500;
/** The longest range a call covers (days). */
export const ANALYTICS_MAX_RANGE_DAYS = 5 * 366;

export const ANALYTICS_MESSAGES = {
  start: 'start must be a date written YYYY-MM-DD.',
  end: 'end must be a date written YYYY-MM-DD.',
  order: 'end must not be before start.',
  tooLong: `A range covers at most ${ANALYTICS_MAX_RANGE_DAYS} days.`,
  timespan: 'timespan must be daily or monthly.',
  maxItems: `maxItems must be a whole number from 1 to ${TOP_SELLING_LIMIT}.`,
  emails: 'emails must list 1 to 10 email addresses.',
  reportNotFound: 'No such report.',
  linkExpired: 'This download link has expired. Ask for the report again.',
  linkInvalid: 'This download link is not valid.',
} as const;

const Day = (message: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', errorMessage: message });

const Timespan = Type.Union(
  ANALYTICS_TIMESPANS.map((value) => Type.Literal(value)),
  { errorMessage: ANALYTICS_MESSAGES.timespan },
);

/** The query of every §7 Analytics call: `start`, `end` (inclusive), optional `timespan` (daily). */
export const AnalyticsRangeQuerySchema = Type.Object({
  start: Day(ANALYTICS_MESSAGES.start),
  end: Day(ANALYTICS_MESSAGES.end),
  timespan: Type.Optional(Timespan),
});
export type AnalyticsRangeQuery = Static<typeof AnalyticsRangeQuerySchema>;

/** topSellingProducts adds `maxItems` (1–500, default 500). */
export const TopSellingQuerySchema = Type.Object({
  start: Day(ANALYTICS_MESSAGES.start),
  end: Day(ANALYTICS_MESSAGES.end),
  timespan: Type.Optional(Timespan),
  maxItems: Type.Optional(Type.Integer({ minimum: 1, maximum: TOP_SELLING_LIMIT, errorMessage: ANALYTICS_MESSAGES.maxItems })),
});
export type TopSellingQuery = Static<typeof TopSellingQuerySchema>;

/** A period of a series: `YYYY-MM-DD` (daily) or `YYYY-MM` (monthly), in the reporting zone. */
const Period = Type.String({ pattern: '^\\d{4}-\\d{2}(-\\d{2})?$' });
const Count = Type.Integer({ minimum: 0 });
const Cents = Type.Integer();

const Series = <P extends ReturnType<typeof Type.Object>>(point: P) =>
  Type.Object({ timespan: Literals(ANALYTICS_TIMESPANS), start: Type.String(), end: Type.String(), timeZone: Type.String(), points: Type.Array(point) });

/* ================================================================== commerce */

/** GET /dashboard/analytics/getOrderData: orders placed per period (refunds on the day they were made). */
export const OrderDataPointSchema = Type.Object({
  period: Period,
  orders: Count,
  itemsSold: Count,
  digitalItems: Count,
  printItems: Count,
  revenueCents: Cents,
  refundedCents: Cents,
  netRevenueCents: Cents,
});
export const OrderDataSchema = Type.Intersect([Series(OrderDataPointSchema), Type.Object({ currency: Type.String(), totals: Type.Omit(OrderDataPointSchema, ['period']) })]);
export type OrderData = Static<typeof OrderDataSchema>;

/** GET /dashboard/analytics/orderMetrics (spec: average order value, average items per order, total orders, total revenue). */
export const OrderMetricsSchema = Type.Object({
  start: Type.String(),
  end: Type.String(),
  currency: Type.String(),
  totalOrders: Count,
  totalRevenueCents: Cents,
  /** Rounded half up to whole cents; 0 when there were no orders. */
  averageOrderValueCents: Cents,
  averageItemsPerOrder: Type.Number({ minimum: 0 }),
  refundedCents: Cents,
  netRevenueCents: Cents,
});
export type OrderMetrics = Static<typeof OrderMetricsSchema>;

/** GET /dashboard/analytics/topSellingProducts: by units sold, then revenue, then product id. */
export const TopSellingProductSchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  productId: Type.String(),
  name: Type.String(),
  seriesId: Nullable(Type.String()),
  seriesTitle: Nullable(Type.String()),
  unitsSold: Count,
  digitalUnits: Count,
  printUnits: Count,
  orders: Count,
  revenueCents: Cents,
  refundedUnits: Count,
});
export const TopSellingProductsSchema = Type.Object({ start: Type.String(), end: Type.String(), currency: Type.String(), maxItems: Type.Integer(), items: Type.Array(TopSellingProductSchema) });
export type TopSellingProducts = Static<typeof TopSellingProductsSchema>;

/** The shopping funnel over the range: sessions (or carts) that reached each step. */
export const FUNNEL_STEPS = ['viewProduct', 'addToCart', 'checkout', 'paid'] as const;
export const FunnelStepSchema = Type.Object({ step: Literals(FUNNEL_STEPS), count: Count });

/** GET /dashboard/analytics/getCartData: carts per period, abandonment and the funnel. */
export const CartDataPointSchema = Type.Object({
  period: Period,
  /** Carts that got their first item. */
  cartsCreated: Count,
  addToCart: Count,
  removeFromCart: Count,
  /** Purchases started (checkout reached the processor). */
  checkouts: Count,
  /** Orders placed. */
  ordersPaid: Count,
  /** Carts with items left untouched for 24 hours without an order. */
  abandonedCarts: Count,
  abandonedValueCents: Cents,
});
export const CartDataSchema = Type.Intersect([
  Series(CartDataPointSchema),
  Type.Object({
    currency: Type.String(),
    totals: Type.Omit(CartDataPointSchema, ['period']),
    /** abandoned ÷ created over the range, 0–1. */
    abandonmentRate: Type.Number({ minimum: 0, maximum: 1 }),
    funnel: Type.Array(FunnelStepSchema),
  }),
]);
export type CartData = Static<typeof CartDataSchema>;

/** GET /dashboard/analytics/newUserSignups. */
export const SignupsSchema = Type.Intersect([Series(Type.Object({ period: Period, signups: Count })), Type.Object({ total: Count })]);
export type Signups = Static<typeof SignupsSchema>;

/**
 * GET /dashboard/analytics/uniqueLoggedInCustomers: signed-in customers active (an order, a cart, a
 * reading session, a sign-in) per period; `total` counts each customer once over the whole range.
 */
export const UniqueCustomersSchema = Type.Intersect([Series(Type.Object({ period: Period, customers: Count })), Type.Object({ total: Count })]);
export type UniqueCustomers = Static<typeof UniqueCustomersSchema>;

/* ================================================================== traffic */

/*
 * Unique visitors and sessions (`uniqueVisitors`, `sessions`, the funnel's sessions): exact while
 * the set counted (one day's or month's, or a range's merged from its periods) has at most 2,048
 * members; past that the estimate of a HyperLogLog (precision 14): a standard error of about
 * 0.8 % (within 2.5 % 99 times in 100). Counts (page views, events, clicks, landings) are always exact.
 */

/** GET /dashboard/analytics/getPageViewMetrics: page views per period; bots counted apart. */
export const PageViewPointSchema = Type.Object({ period: Period, pageViews: Count, uniqueVisitors: Count, sessions: Count, landings: Count, botPageViews: Count });
export const PageViewMetricsSchema = Type.Intersect([
  Series(PageViewPointSchema),
  Type.Object({ totals: Type.Object({ pageViews: Count, uniqueVisitors: Count, sessions: Count, landings: Count, botPageViews: Count }) }),
]);
export type PageViewMetrics = Static<typeof PageViewMetricsSchema>;

/** GET /dashboard/analytics/getPageMetrics/V2: the most viewed paths of the range (humans only). */
export const PageMetricSchema = Type.Object({ path: Type.String(), pageViews: Count, uniqueVisitors: Count, landings: Count });
export const PageMetricsSchema = Type.Object({ start: Type.String(), end: Type.String(), items: Type.Array(PageMetricSchema), totalPageViews: Count });
export type PageMetrics = Static<typeof PageMetricsSchema>;

/** GET /dashboard/analytics/getEventMetrics: every storefront and reader event name of the range. */
export const EventMetricSchema = Type.Object({ eventName: Type.String(), channel: Type.String(), count: Count, uniqueVisitors: Count });
export const EventMetricsSchema = Type.Object({ start: Type.String(), end: Type.String(), items: Type.Array(EventMetricSchema) });
export type EventMetrics = Static<typeof EventMetricsSchema>;

/**
 * Store links: a product's links to other stores (its `externalLinks`), clicked in the storefront
 * (event `store_link_click` with `extraData.store` and `extraData.productId`).
 */
export const StoreLinkMetricSchema = Type.Object({ store: Type.String(), clicks: Count, uniqueVisitors: Count, products: Count });
export const StoreLinkMetricsSchema = Type.Object({ start: Type.String(), end: Type.String(), items: Type.Array(StoreLinkMetricSchema) });
export type StoreLinkMetrics = Static<typeof StoreLinkMetricsSchema>;
export const StoreLinkTimespanSchema = Series(Type.Object({ period: Period, store: Type.String(), clicks: Count }));
export type StoreLinkTimespan = Static<typeof StoreLinkTimespanSchema>;

/* ================================================================== storefront events */

/**
 * Event names the storefront and the reader send (extraData in brackets). PAGE_VIEW {url} on each
 * location change; landing_page {url_path} once per browser session; SEARCH {query}; view_product
 * {productId}; add_to_cart / remove_from_cart {productId, variantId, quantity}; begin_checkout;
 * store_link_click {store, productId, url}; reader events READER_OPEN {comicId, mode},
 * READER_PAGE {comicId, pageNumber}; form_submitted {formType}.
 */
export const STOREFRONT_EVENT_NAMES = ['PAGE_VIEW', 'landing_page', 'SEARCH', 'view_product', 'add_to_cart', 'remove_from_cart', 'begin_checkout', 'store_link_click', 'form_submitted', 'READER_OPEN', 'READER_PAGE'] as const;

/* ================================================================== reports */

/** GET /dashboard/reports/asExcelFile?start&end (default: the last 12 full months and this one). */
export const ReportQuerySchema = Type.Object({
  start: Type.Optional(Day(ANALYTICS_MESSAGES.start)),
  end: Type.Optional(Day(ANALYTICS_MESSAGES.end)),
});
export type ReportQuery = Static<typeof ReportQuerySchema>;
/** The workbook's sheets, in order. */
export const REPORT_SHEETS = ['Sales by day', 'Sales by product', 'Sales by series', 'Sales by format', 'Refunds', 'New customers'] as const;

/** POST /dashboard/reports/asExcelFileSendEmail?emails=…&emails=…(&start&end): builds the workbook as a job and mails a signed link. */
export const ReportEmailQuerySchema = Type.Object({
  emails: Type.Optional(
    Type.Union([Type.String({ format: 'email', maxLength: 320 }), Type.Array(Type.String({ format: 'email', maxLength: 320 }), { minItems: 1, maxItems: 10 })], {
      errorMessage: ANALYTICS_MESSAGES.emails,
    }),
  ),
  start: Type.Optional(Day(ANALYTICS_MESSAGES.start)),
  end: Type.Optional(Day(ANALYTICS_MESSAGES.end)),
});
export const REPORT_JOB_STATUSES = ['Queued', 'Running', 'Completed', 'Failed'] as const;
export const ReportJobSchema = Type.Object({
  id: Type.String(),
  status: Literals(REPORT_JOB_STATUSES),
  start: Type.String(),
  end: Type.String(),
  /** How many addresses the link goes to (the addresses are not echoed). */
  recipients: Count,
  requestedAt: Type.String({ format: 'date-time' }),
  completedAt: Nullable(Type.String({ format: 'date-time' })),
  /** 0–100 while running. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  sizeBytes: Nullable(Type.Integer({ minimum: 0 })),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  error: Nullable(Type.String()),
});
export type ReportJob = Static<typeof ReportJobSchema>;
/** How long a mailed report link works. */
export const REPORT_LINK_TTL_SECONDS = 7 * 86_400;
