/**
 * The dashboard's traffic calls (dashboard spec §7 Analytics, issue 25), admins only: page views per
 * period, the most viewed paths, event counts, store-link clicks. Every figure comes from the
 * rollups (store/traffic-rollups.ts), never from raw_events.
 */
import {
  EventMetricsSchema,
  PageMetricsSchema,
  PageViewMetricsSchema,
  StoreLinkMetricsSchema,
  StoreLinkTimespanSchema,
  type EventMetrics,
  type PageMetrics,
  type PageViewMetrics,
  type StoreLinkMetrics,
  type StoreLinkTimespan,
} from '@inkwell/contracts/dashboard-analytics';
import { EnvelopeOf, success, type App, type Queryable, type ServiceContext } from '@inkwell/platform';
import { readFigures, type Segment } from '../store/traffic-rollups';
import { AnalyticsRangeQueryRoute, parseAnalyticsRange, type AnalyticsRange } from './analytics-query';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
/** getPageMetrics answers the most viewed paths, this many at most. */
export const TOP_PATHS = 100;

const segmentsOf = (range: AnalyticsRange): Segment[] => range.periods.map((p) => ({ key: p.period, from: p.from, to: p.to }));
const wholeOf = (range: AnalyticsRange): Segment[] => [{ key: 'range', from: range.start, to: range.end }];
const series = (range: AnalyticsRange, timeZone: string) => ({ timespan: range.timespan, start: range.start, end: range.end, timeZone });

export async function pageViewMetrics(q: Queryable, range: AnalyticsRange, timeZone: string): Promise<PageViewMetrics> {
  const segments = [...segmentsOf(range), ...wholeOf(range)];
  const [pv, bots, sessions, landings] = await Promise.all([
    readFigures(q, 'pv', segments),
    readFigures(q, 'bot_pv', segments, { uniques: false }),
    readFigures(q, 'session', segments),
    readFigures(q, 'landing', segments, { uniques: false }),
  ]);
  const figuresOf = (key: string) => ({
    pageViews: pv.get(key)!.get('')?.count ?? 0,
    uniqueVisitors: pv.get(key)!.get('')?.uniques ?? 0,
    sessions: sessions.get(key)!.get('')?.uniques ?? 0,
    landings: landings.get(key)!.get('')?.count ?? 0,
    botPageViews: bots.get(key)!.get('')?.count ?? 0,
  });
  return { ...series(range, timeZone), points: range.periods.map((p) => ({ period: p.period, ...figuresOf(p.period) })), totals: figuresOf('range') };
}

export async function pageMetrics(q: Queryable, range: AnalyticsRange): Promise<PageMetrics> {
  const whole = wholeOf(range);
  const views = (await readFigures(q, 'path', whole, { uniques: false })).get('range')!;
  const top = [...views.entries()]
    .sort(([a, x], [b, y]) => y.count - x.count || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP_PATHS)
    .map(([path]) => path);
  const [uniques, landings] = await Promise.all([
    top.length > 0 ? readFigures(q, 'path', whole, { dims: top, counts: false }) : Promise.resolve(new Map([['range', new Map()]])),
    top.length > 0 ? readFigures(q, 'path_landing', whole, { dims: top, uniques: false }) : Promise.resolve(new Map([['range', new Map()]])),
  ]);
  let totalPageViews = 0;
  for (const figures of views.values()) totalPageViews += figures.count;
  return {
    start: range.start,
    end: range.end,
    totalPageViews,
    items: top.map((path) => ({
      path,
      pageViews: views.get(path)!.count,
      uniqueVisitors: uniques.get('range')!.get(path)?.uniques ?? 0,
      landings: landings.get('range')!.get(path)?.count ?? 0,
    })),
  };
}

export async function eventMetrics(q: Queryable, range: AnalyticsRange): Promise<EventMetrics> {
  const figures = (await readFigures(q, 'event', wholeOf(range))).get('range')!;
  const items = [...figures.entries()].map(([dim, { count, uniques }]) => {
    const split = dim.indexOf(':');
    return { eventName: dim.slice(split + 1), channel: dim.slice(0, split), count, uniqueVisitors: uniques };
  });
  items.sort((a, b) => b.count - a.count || a.eventName.localeCompare(b.eventName) || a.channel.localeCompare(b.channel));
  return { start: range.start, end: range.end, items };
}

export async function storeLinkMetrics(q: Queryable, range: AnalyticsRange): Promise<StoreLinkMetrics> {
  const whole = wholeOf(range);
  const [stores, products] = await Promise.all([readFigures(q, 'store', whole), readFigures(q, 'store_product', whole, { uniques: false })]);
  const productCount = new Map<string, number>();
  for (const [dim, figures] of products.get('range')!) {
    if (figures.count === 0) continue;
    const store = dim.slice(0, dim.lastIndexOf(' '));
    productCount.set(store, (productCount.get(store) ?? 0) + 1);
  }
  const items = [...stores.get('range')!.entries()].map(([store, { count, uniques }]) => ({ store, clicks: count, uniqueVisitors: uniques, products: productCount.get(store) ?? 0 }));
  items.sort((a, b) => b.clicks - a.clicks || a.store.localeCompare(b.store));
  return { start: range.start, end: range.end, items };
}

export async function storeLinkTimespan(q: Queryable, range: AnalyticsRange, timeZone: string): Promise<StoreLinkTimespan> {
  const figures = await readFigures(q, 'store', segmentsOf(range), { uniques: false });
  const stores = new Set<string>();
  for (const period of figures.values()) for (const store of period.keys()) stores.add(store);
  const ordered = [...stores].sort();
  // Every store seen in the range gets a point in every period (zeros included).
  const points = range.periods.flatMap((p) => ordered.map((store) => ({ period: p.period, store, clicks: figures.get(p.period)!.get(store)?.count ?? 0 })));
  return { ...series(range, timeZone), points };
}

/**
 * `catchUp` applies the events stored before the call to the rollups (they follow ingestion behind
 * it: flows/rollup-applier.ts), after the admin check and before the figures are read.
 */
export async function trafficMetricsRoutes(app: App, context: ServiceContext, catchUp: () => Promise<unknown>): Promise<void> {
  const { db } = context;
  const { timeZone } = context.config.analytics;
  const admin = { preHandler: [context.auth.requireAdmin, async () => void (await catchUp())] };
  const base = '/api/dashboard/analytics';
  const querystring = AnalyticsRangeQueryRoute;

  app.get(`${base}/getPageViewMetrics`, {
    ...admin,
    schema: { tags, security, summary: 'Page views, unique visitors, sessions and landings per day or month (bots counted apart)', querystring, response: { 200: EnvelopeOf(PageViewMetricsSchema) } },
    handler: async (request) => success(await pageViewMetrics(db, parseAnalyticsRange(request.query), timeZone)),
  });
  for (const url of [`${base}/getPageMetrics/V2`, `${base}/getPageMetrics`]) {
    app.get(url, {
      ...admin,
      schema: { tags, security, summary: `The ${TOP_PATHS} most viewed paths of the range (humans), with unique visitors and landings`, querystring, response: { 200: EnvelopeOf(PageMetricsSchema) } },
      handler: async (request) => success(await pageMetrics(db, parseAnalyticsRange(request.query))),
    });
  }
  app.get(`${base}/getEventMetrics`, {
    ...admin,
    schema: { tags, security, summary: 'Every storefront and reader event name of the range by channel: count and unique visitors', querystring, response: { 200: EnvelopeOf(EventMetricsSchema) } },
    handler: async (request) => success(await eventMetrics(db, parseAnalyticsRange(request.query))),
  });
  app.get(`${base}/getStoreLinkMetrics`, {
    ...admin,
    schema: { tags, security, summary: "Clicks on products' links to other stores, per store: clicks, unique visitors, products", querystring, response: { 200: EnvelopeOf(StoreLinkMetricsSchema) } },
    handler: async (request) => success(await storeLinkMetrics(db, parseAnalyticsRange(request.query))),
  });
  app.get(`${base}/getStoreLinkMetricsByTimespan`, {
    ...admin,
    schema: { tags, security, summary: 'Store-link clicks per store per day or month', querystring, response: { 200: EnvelopeOf(StoreLinkTimespanSchema) } },
    handler: async (request) => success(await storeLinkTimespan(db, parseAnalyticsRange(request.query), timeZone)),
  });
}
