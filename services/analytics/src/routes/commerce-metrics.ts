/**
 * The dashboard's commerce calls (dashboard spec §7 Analytics, issue 25), admins only: orders,
 * order metrics, top sellers, sign-ups, signed-in customers, carts and the funnel. Every figure
 * comes from the rollups (store/commerce-rollups.ts and, for storefront events, A1's traffic
 * rollups), never from the facts or raw events. Money in cents of the store's currency.
 */
import {
  ANALYTICS_MESSAGES,
  AnalyticsRangeQuerySchema,
  CartDataSchema,
  OrderDataSchema,
  OrderMetricsSchema,
  SignupsSchema,
  TOP_SELLING_LIMIT,
  TopSellingProductsSchema,
  TopSellingQuerySchema,
  UniqueCustomersSchema,
  type CartData,
  type OrderData,
  type OrderMetrics,
  type Signups,
  type TopSellingProducts,
  type UniqueCustomers,
} from '@inkwell/contracts/dashboard-analytics';
import { BadRequestError, EnvelopeOf, success, type App, type Queryable, type ServiceContext } from '@inkwell/platform';
import { meanHalfUp, STORE_CURRENCY } from '../domain/commerce';
import { coverOf } from '../domain/periods';
import { countDistinct, sumRollups, topProducts, type Segment, type Sums } from '../store/commerce-rollups';
import { eventCounts } from '../store/traffic-rollups';
import { parseAnalyticsRange, type AnalyticsRange } from './analytics-query';

const tags = ['dashboard'];
const security = [{ bearer: [] }];

const segmentsOf = (range: AnalyticsRange): Segment[] => range.periods.map((p) => ({ key: p.period, from: p.from, to: p.to }));
const WHOLE = 'range';
const withWhole = (range: AnalyticsRange): Segment[] => [...segmentsOf(range), { key: WHOLE, from: range.start, to: range.end }];
const series = (range: AnalyticsRange, timeZone: string) => ({ timespan: range.timespan, start: range.start, end: range.end, timeZone });

const salesFigures = (sums: Sums<'sales_rollups'>) => ({
  orders: sums.orders,
  itemsSold: sums.items,
  digitalItems: sums.digital_items,
  printItems: sums.print_items,
  revenueCents: sums.revenue_cents,
  refundedCents: sums.refunded_cents,
  netRevenueCents: sums.revenue_cents - sums.refunded_cents,
});

export async function orderData(q: Queryable, range: AnalyticsRange, timeZone: string): Promise<OrderData> {
  const sums = await sumRollups(q, 'sales_rollups', withWhole(range));
  return {
    ...series(range, timeZone),
    currency: STORE_CURRENCY,
    points: range.periods.map((p) => ({ period: p.period, ...salesFigures(sums.get(p.period)!) })),
    totals: salesFigures(sums.get(WHOLE)!),
  };
}

export async function orderMetrics(q: Queryable, range: AnalyticsRange): Promise<OrderMetrics> {
  const sums = (await sumRollups(q, 'sales_rollups', [{ key: WHOLE, from: range.start, to: range.end }])).get(WHOLE)!;
  return {
    start: range.start,
    end: range.end,
    currency: STORE_CURRENCY,
    totalOrders: sums.orders,
    totalRevenueCents: sums.revenue_cents,
    averageOrderValueCents: meanHalfUp(sums.revenue_cents, sums.orders),
    averageItemsPerOrder: sums.orders === 0 ? 0 : Math.round((sums.items / sums.orders) * 100) / 100,
    refundedCents: sums.refunded_cents,
    netRevenueCents: sums.revenue_cents - sums.refunded_cents,
  };
}

/** maxItems of topSellingProducts: a whole number 1–500 (default 500). */
export function parseMaxItems(value: unknown): number {
  if (value === undefined || value === '') return TOP_SELLING_LIMIT;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < 1 || number > TOP_SELLING_LIMIT) throw new BadRequestError(ANALYTICS_MESSAGES.maxItems, { field: 'maxItems' });
  return number;
}

export async function topSellingProducts(q: Queryable, range: AnalyticsRange, maxItems: number): Promise<TopSellingProducts> {
  const products = await topProducts(q, range.start, range.end, maxItems);
  return {
    start: range.start,
    end: range.end,
    currency: STORE_CURRENCY,
    maxItems,
    items: products.map((product, index) => ({
      rank: index + 1,
      productId: product.productId,
      name: product.name,
      seriesId: product.seriesId,
      seriesTitle: product.seriesTitle,
      unitsSold: product.unitsSold,
      digitalUnits: product.digitalUnits,
      printUnits: product.printUnits,
      orders: product.orders,
      revenueCents: product.revenueCents,
      refundedUnits: product.refundedUnits,
    })),
  };
}

export async function newUserSignups(q: Queryable, range: AnalyticsRange, timeZone: string): Promise<Signups> {
  const sums = await sumRollups(q, 'signup_rollups', withWhole(range));
  return { ...series(range, timeZone), points: range.periods.map((p) => ({ period: p.period, signups: sums.get(p.period)!.signups })), total: sums.get(WHOLE)!.signups };
}

export async function uniqueLoggedInCustomers(q: Queryable, range: AnalyticsRange, timeZone: string): Promise<UniqueCustomers> {
  // A period that is one day or one whole month reads its count; a month cut by the range counts its days' sets.
  const counted = range.periods.filter((p) => {
    const cover = coverOf(p.from, p.to);
    return cover.months.length + cover.days.length === 1;
  });
  const counts = await sumRollups(q, 'active_customer_counts', counted.map((p) => ({ key: p.period, from: p.from, to: p.to })));
  const rest = range.periods.filter((p) => !counts.has(p.period)).map((p) => ({ key: p.period, from: p.from, to: p.to }));
  const distinct = await countDistinct(q, 'active_customers', [...rest, { key: WHOLE, from: range.start, to: range.end }]);
  return {
    ...series(range, timeZone),
    points: range.periods.map((p) => ({ period: p.period, customers: counts.get(p.period)?.customers ?? distinct.get(p.period) ?? 0 })),
    total: distinct.get(WHOLE)!,
  };
}

const cartFigures = (sums: Sums<'cart_rollups'>, checkouts: number) => ({
  cartsCreated: sums.carts_created,
  addToCart: sums.add_to_cart,
  removeFromCart: sums.remove_from_cart,
  checkouts,
  ordersPaid: sums.orders_paid,
  abandonedCarts: sums.abandoned_carts,
  abandonedValueCents: sums.abandoned_value_cents,
});

export async function cartData(q: Queryable, range: AnalyticsRange, timeZone: string): Promise<CartData> {
  const [sums, adders, events] = await Promise.all([
    sumRollups(q, 'cart_rollups', withWhole(range)),
    countDistinct(q, 'cart_adders', [{ key: WHOLE, from: range.start, to: range.end }]),
    eventCounts(q, ['view_product', 'begin_checkout'], range.start, range.end, range.timespan),
  ]);
  const checkoutsOf = new Map<string, number>();
  for (const point of events.points) if (point.name === 'begin_checkout') checkoutsOf.set(point.period, point.count);
  const totalCheckouts = events.totals.get('begin_checkout')?.count ?? 0;
  const totals = cartFigures(sums.get(WHOLE)!, totalCheckouts);
  return {
    ...series(range, timeZone),
    currency: STORE_CURRENCY,
    points: range.periods.map((p) => ({ period: p.period, ...cartFigures(sums.get(p.period)!, checkoutsOf.get(p.period) ?? 0) })),
    totals,
    abandonmentRate: totals.cartsCreated === 0 ? 0 : Math.min(1, Math.round((totals.abandonedCarts / totals.cartsCreated) * 10_000) / 10_000),
    funnel: [
      { step: 'viewProduct', count: events.totals.get('view_product')?.sessions ?? 0 },
      { step: 'addToCart', count: adders.get(WHOLE)! },
      { step: 'checkout', count: events.totals.get('begin_checkout')?.sessions ?? 0 },
      { step: 'paid', count: totals.ordersPaid },
    ],
  };
}

/** `catchUp` brings the traffic rollups up with ingestion before the funnel of getCartData reads them. */
export async function commerceMetricsRoutes(app: App, context: ServiceContext, catchUp: () => Promise<unknown>): Promise<void> {
  const { db } = context;
  const { timeZone } = context.config.analytics;
  const admin = { preHandler: context.auth.requireAdmin };
  const base = '/api/dashboard/analytics';
  const querystring = AnalyticsRangeQuerySchema;

  app.get(`${base}/getOrderData`, {
    ...admin,
    schema: { tags, security, summary: 'Orders placed per day or month: orders, items (digital/print), revenue, refunds (on their day) and net, in cents', querystring, response: { 200: EnvelopeOf(OrderDataSchema) } },
    handler: async (request) => success(await orderData(db, parseAnalyticsRange(request.query), timeZone)),
  });
  app.get(`${base}/orderMetrics`, {
    ...admin,
    schema: { tags, security, summary: 'Total orders and revenue, average order value (cents, rounded half up) and items per order over the range', querystring, response: { 200: EnvelopeOf(OrderMetricsSchema) } },
    handler: async (request) => success(await orderMetrics(db, parseAnalyticsRange(request.query))),
  });
  app.get(`${base}/topSellingProducts`, {
    ...admin,
    schema: { tags, security, summary: `The best selling products of the range by units (at most maxItems, ${TOP_SELLING_LIMIT} by default and at most)`, querystring: TopSellingQuerySchema, response: { 200: EnvelopeOf(TopSellingProductsSchema) } },
    handler: async (request) => {
      const range = parseAnalyticsRange(request.query);
      return success(await topSellingProducts(db, range, parseMaxItems((request.query as { maxItems?: unknown }).maxItems)));
    },
  });
  app.get(`${base}/newUserSignups`, {
    ...admin,
    schema: { tags, security, summary: 'Accounts created per day or month', querystring, response: { 200: EnvelopeOf(SignupsSchema) } },
    handler: async (request) => success(await newUserSignups(db, parseAnalyticsRange(request.query), timeZone)),
  });
  app.get(`${base}/uniqueLoggedInCustomers`, {
    ...admin,
    schema: { tags, security, summary: 'Signed-in customers active (an order, a cart, reading) per day or month; the total counts each once', querystring, response: { 200: EnvelopeOf(UniqueCustomersSchema) } },
    handler: async (request) => success(await uniqueLoggedInCustomers(db, parseAnalyticsRange(request.query), timeZone)),
  });
  app.get(`${base}/getCartData`, {
    preHandler: [context.auth.requireAdmin, async () => void (await catchUp())],
    schema: { tags, security, summary: 'Carts per day or month (created, adds, removes, checkouts, orders, abandoned) with the abandonment rate and the shopping funnel', querystring, response: { 200: EnvelopeOf(CartDataSchema) } },
    handler: async (request) => success(await cartData(db, parseAnalyticsRange(request.query), timeZone)),
  });
}
