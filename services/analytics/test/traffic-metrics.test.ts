import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Queryable } from '@inkwell/platform';
import { buildTestService, signTestToken, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { analyticsService, type AnalyticsParts } from '../src';
import { addDays, dayInZone } from '../src/domain/periods';
import { parseAnalyticsRange } from '../src/routes/analytics-query';
import { eventMetrics, pageMetrics, pageViewMetrics, storeLinkMetrics, storeLinkTimespan } from '../src/routes/traffic-metrics';
import { insertRawEvents, type RawEvent } from '../src/store/raw-events';
import { eventCounts, rebuildTrafficRollups } from '../src/store/traffic-rollups';

const ZONE = 'America/New_York';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const C = 'c'.repeat(32);
const session = (n: number) => String(n).repeat(32).slice(0, 32);

function raw(day: string, userProxy: string, sessionId: string, eventName: string, extra: Partial<RawEvent> = {}): RawEvent {
  return { day, eventId: randomUUID(), channel: 'store', eventName, sessionId, userProxy, visitorHash: null, path: null, payload: {}, occurredAt: `${day}T12:00:00Z`, isBot: false, ...extra };
}

/** The known traffic: two visitors on 2025-01-31, three on 2025-02-01 and one on 2025-02-28; a bot; store-link clicks. */
const KNOWN: RawEvent[] = [
  raw('2025-01-31', A, session(1), 'PAGE_VIEW', { path: '/a' }),
  raw('2025-01-31', A, session(1), 'PAGE_VIEW', { path: '/b' }),
  raw('2025-01-31', A, session(1), 'landing_page', { path: '/a' }),
  raw('2025-01-31', B, session(2), 'PAGE_VIEW', { path: '/a' }),
  raw('2025-01-31', 'f'.repeat(32), session(9), 'PAGE_VIEW', { path: '/a', isBot: true }),
  raw('2025-01-31', A, session(1), 'store_link_click', { payload: { store: 'Amazon', productId: 'p1', url: 'https://amazon.example/p1' } }),
  raw('2025-01-31', A, session(1), 'view_product', { payload: { productId: 'p1' } }),
  raw('2025-01-31', B, session(2), 'READER_OPEN', { channel: 'reader', payload: { comicId: 'c1' } }),
  raw('2025-02-01', A, session(3), 'PAGE_VIEW', { path: '/a' }),
  raw('2025-02-01', C, session(4), 'PAGE_VIEW', { path: '/c' }),
  raw('2025-02-01', C, session(4), 'landing_page', { path: '/c' }),
  raw('2025-02-01', C, session(4), 'store_link_click', { payload: { store: 'Amazon', productId: 'p2' } }),
  raw('2025-02-01', C, session(4), 'store_link_click', { payload: { store: 'Comixology', productId: 'p1' } }),
  raw('2025-02-28', B, session(5), 'PAGE_VIEW', { path: '/b' }),
];

describe('traffic metrics', () => {
  let service: TestService<AnalyticsParts>;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    const base = testServiceConfig('analytics', 'postgres://unused');
    service = await buildTestService(analyticsService, { config: { analytics: { ...base.analytics, timeZone: ZONE } } });
    admin = await signTestToken({ roles: ['admin'] });
    reader = await signTestToken({ roles: [] });
    // Stored in two batches, the second with a retry of the first's events (counted once).
    await insertRawEvents(service.context.db, KNOWN.slice(0, 7), { queueRollups: true });
    await insertRawEvents(service.context.db, KNOWN, { queueRollups: true });
    await service.exposed.applyRollups();
  });
  afterAll(() => service.close());

  const get = async (call: string, query: string, token: string | null = admin) => {
    const response = await service.app.inject({ method: 'GET', url: `/api/dashboard/analytics/${call}?${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const data = async (call: string, query: string) => {
    const answer = await get(call, query);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.response;
  };

  it('counts page views, visitors, sessions, landings and bots per day, the end day included', async () => {
    const answer = await data('getPageViewMetrics', 'start=2025-01-31&end=2025-02-01');
    assert.equal(answer.timeZone, ZONE);
    assert.equal(answer.timespan, 'daily');
    assert.deepEqual(answer.points, [
      { period: '2025-01-31', pageViews: 3, uniqueVisitors: 2, sessions: 2, landings: 1, botPageViews: 1 },
      { period: '2025-02-01', pageViews: 2, uniqueVisitors: 2, sessions: 2, landings: 1, botPageViews: 0 },
    ]);
    // Visitor A came both days: three visitors in all, not four.
    assert.deepEqual(answer.totals, { pageViews: 5, uniqueVisitors: 3, sessions: 4, landings: 2, botPageViews: 1 });
    const oneDay = await data('getPageViewMetrics', 'start=2025-02-28&end=2025-02-28');
    assert.deepEqual(oneDay.totals, { pageViews: 1, uniqueVisitors: 1, sessions: 1, landings: 0, botPageViews: 0 });
  });

  it('answers monthly periods (empty months as zeros, edge months clipped to the range)', async () => {
    const months = await data('getPageViewMetrics', 'start=2025-01-01&end=2025-03-31&timespan=monthly');
    assert.deepEqual(months.points, [
      { period: '2025-01', pageViews: 3, uniqueVisitors: 2, sessions: 2, landings: 1, botPageViews: 1 },
      { period: '2025-02', pageViews: 3, uniqueVisitors: 3, sessions: 3, landings: 1, botPageViews: 0 },
      { period: '2025-03', pageViews: 0, uniqueVisitors: 0, sessions: 0, landings: 0, botPageViews: 0 },
    ]);
    assert.deepEqual(months.totals, { pageViews: 6, uniqueVisitors: 3, sessions: 5, landings: 2, botPageViews: 1 });
    const clipped = await data('getPageViewMetrics', 'start=2025-01-31&end=2025-02-01&timespan=monthly');
    assert.deepEqual(clipped.points.map((p: { period: string; pageViews: number; uniqueVisitors: number }) => [p.period, p.pageViews, p.uniqueVisitors]), [['2025-01', 3, 2], ['2025-02', 2, 2]]);
  });

  it('answers an empty range with zero points', async () => {
    const empty = await data('getPageViewMetrics', 'start=2024-06-01&end=2024-06-03');
    assert.deepEqual(empty.points.map((p: { period: string }) => p.period), ['2024-06-01', '2024-06-02', '2024-06-03']);
    assert.ok(empty.points.every((p: Record<string, unknown>) => p.pageViews === 0 && p.uniqueVisitors === 0));
    assert.deepEqual(empty.totals, { pageViews: 0, uniqueVisitors: 0, sessions: 0, landings: 0, botPageViews: 0 });
    assert.deepEqual((await data('getPageMetrics/V2', 'start=2024-06-01&end=2024-06-03')).items, []);
    assert.deepEqual((await data('getEventMetrics', 'start=2024-06-01&end=2024-06-03')).items, []);
    assert.deepEqual((await data('getStoreLinkMetrics', 'start=2024-06-01&end=2024-06-03')).items, []);
    assert.deepEqual((await data('getStoreLinkMetricsByTimespan', 'start=2024-06-01&end=2024-06-03')).points, []);
  });

  it('lists the most viewed paths with their visitors and landings (V2 and the old call alike)', async () => {
    const answer = await data('getPageMetrics/V2', 'start=2025-01-31&end=2025-02-28');
    assert.deepEqual(answer, {
      start: '2025-01-31',
      end: '2025-02-28',
      totalPageViews: 6,
      items: [
        { path: '/a', pageViews: 3, uniqueVisitors: 2, landings: 1 },
        { path: '/b', pageViews: 2, uniqueVisitors: 2, landings: 0 },
        { path: '/c', pageViews: 1, uniqueVisitors: 1, landings: 1 },
      ],
    });
    assert.deepEqual(await data('getPageMetrics', 'start=2025-01-31&end=2025-02-28'), answer);
  });

  it('counts every event name by channel, humans only', async () => {
    const answer = await data('getEventMetrics', 'start=2025-01-31&end=2025-02-01');
    assert.deepEqual(answer.items, [
      { eventName: 'PAGE_VIEW', channel: 'store', count: 5, uniqueVisitors: 3 },
      { eventName: 'store_link_click', channel: 'store', count: 3, uniqueVisitors: 2 },
      { eventName: 'landing_page', channel: 'store', count: 2, uniqueVisitors: 2 },
      { eventName: 'READER_OPEN', channel: 'reader', count: 1, uniqueVisitors: 1 },
      { eventName: 'view_product', channel: 'store', count: 1, uniqueVisitors: 1 },
    ]);
  });

  it('counts store-link clicks per store, with visitors and products, and per day', async () => {
    assert.deepEqual((await data('getStoreLinkMetrics', 'start=2025-01-31&end=2025-02-01')).items, [
      { store: 'Amazon', clicks: 2, uniqueVisitors: 2, products: 2 },
      { store: 'Comixology', clicks: 1, uniqueVisitors: 1, products: 1 },
    ]);
    const byDay = await data('getStoreLinkMetricsByTimespan', 'start=2025-01-31&end=2025-02-01');
    assert.deepEqual(byDay.points, [
      { period: '2025-01-31', store: 'Amazon', clicks: 1 },
      { period: '2025-01-31', store: 'Comixology', clicks: 0 },
      { period: '2025-02-01', store: 'Amazon', clicks: 1 },
      { period: '2025-02-01', store: 'Comixology', clicks: 1 },
    ]);
    const byMonth = await data('getStoreLinkMetricsByTimespan', 'start=2025-01-01&end=2025-02-28&timespan=monthly');
    assert.deepEqual(byMonth.points, [
      { period: '2025-01', store: 'Amazon', clicks: 1 },
      { period: '2025-01', store: 'Comixology', clicks: 0 },
      { period: '2025-02', store: 'Amazon', clicks: 1 },
      { period: '2025-02', store: 'Comixology', clicks: 1 },
    ]);
  });

  it('gives the funnel its event counts (eventCounts)', async () => {
    const counts = await eventCounts(service.context.db, ['view_product', 'PAGE_VIEW', 'begin_checkout'], '2025-01-31', '2025-02-01', 'daily');
    assert.deepEqual(counts.totals.get('view_product'), { count: 1, visitors: 1, sessions: 1 });
    assert.deepEqual(counts.totals.get('PAGE_VIEW'), { count: 5, visitors: 3, sessions: 4 });
    assert.deepEqual(counts.totals.get('begin_checkout'), { count: 0, visitors: 0, sessions: 0 });
    assert.deepEqual(counts.points.filter((p) => p.name === 'PAGE_VIEW'), [
      { period: '2025-01-31', name: 'PAGE_VIEW', count: 3 },
      { period: '2025-02-01', name: 'PAGE_VIEW', count: 2 },
    ]);
  });

  it('cuts days in the reporting zone: an event at 23:30 in New York belongs to that day, not the UTC one', async () => {
    // The latest instant of the past day that was 23:30 in New York.
    const format = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    let instant = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    while (format.format(new Date(instant)) !== '23:30') instant -= 60_000;
    const local = dayInZone(new Date(instant), ZONE);
    const utc = dayInZone(new Date(instant), 'UTC');
    assert.equal(utc, addDays(local, 1));
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/analytics/sendEvent',
      headers: { 'user-agent': CHROME },
      payload: { sessionId: '7'.repeat(32), userProxy: '8'.repeat(32), eventName: 'PAGE_VIEW', path: '/zone-edge', timestamp: instant / 1000, eventId: randomUUID() },
    });
    assert.equal(response.statusCode, 200);
    const onLocal = await data('getPageMetrics/V2', `start=${local}&end=${local}`);
    assert.deepEqual(onLocal.items.find((item: { path: string }) => item.path === '/zone-edge'), { path: '/zone-edge', pageViews: 1, uniqueVisitors: 1, landings: 0 });
    const onUtc = await data('getPageMetrics/V2', `start=${utc}&end=${utc}`);
    assert.equal(onUtc.items.find((item: { path: string }) => item.path === '/zone-edge'), undefined);
  });

  it('refuses bad arguments with 400 naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      ['end=2025-01-01', 'start', 'start is required in the query.'],
      ['start=2025-01-01', 'end', 'end is required in the query.'],
      ['start=2025-02-30&end=2025-03-01', 'start', 'start must be a date written YYYY-MM-DD.'],
      ['start=2025-01-01&end=2025-13-01', 'end', 'end must be a date written YYYY-MM-DD.'],
      ['start=yesterday&end=2025-01-01', 'start', 'start must be a date written YYYY-MM-DD.'],
      ['start=2025-02-01&end=2025-01-31', 'end', 'end must not be before start.'],
      ['start=2019-01-01&end=2025-01-01', 'end', 'A range covers at most 1830 days.'],
      ['start=2025-01-01&end=2025-01-02&timespan=weekly', 'timespan', 'timespan must be daily or monthly.'],
    ];
    for (const call of ['getPageViewMetrics', 'getPageMetrics/V2', 'getPageMetrics', 'getEventMetrics', 'getStoreLinkMetrics', 'getStoreLinkMetricsByTimespan']) {
      for (const [query, field, message] of cases) {
        const answer = await get(call, query);
        assert.equal(answer.status, 400, `${call}?${query}`);
        assert.equal(answer.body.status.problems?.[0]?.field, field, `${call}?${query}: ${JSON.stringify(answer.body.status)}`);
        assert.equal(answer.body.status.problems[0].message, message);
      }
    }
  });

  it('answers 401 without a token and 403 to a reader', async () => {
    for (const call of ['getPageViewMetrics', 'getPageMetrics/V2', 'getPageMetrics', 'getEventMetrics', 'getStoreLinkMetrics', 'getStoreLinkMetricsByTimespan']) {
      assert.equal((await get(call, 'start=2025-01-01&end=2025-01-31', null)).status, 401, call);
      assert.equal((await get(call, 'start=2025-01-01&end=2025-01-31', reader)).status, 403, call);
    }
  });

  it('reads only the rollups: no query of any call touches raw_events', async () => {
    const seen: Array<{ text: string; values?: unknown[] }> = [];
    const db = service.context.db;
    const recording: Queryable = { query: (text, values) => (seen.push({ text, values }), db.query(text, values)) } as Queryable;
    for (const [span, start, end] of [['daily', '2025-01-01', '2025-03-31'], ['monthly', '2025-01-15', '2025-03-31']] as const) {
      const range = parseAnalyticsRange({ start, end, timespan: span });
      await pageViewMetrics(recording, range, ZONE);
      await pageMetrics(recording, range);
      await eventMetrics(recording, range);
      await storeLinkMetrics(recording, range);
      await storeLinkTimespan(recording, range, ZONE);
      await eventCounts(recording, ['view_product', 'begin_checkout'], start, end, span);
    }
    assert.ok(seen.length >= 20);
    for (const { text, values } of seen) {
      assert.doesNotMatch(text, /raw_events/);
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n');
      assert.doesNotMatch(plan, /raw_events/, plan);
    }
  });

  it('rebuilds the same rollups from raw_events', async () => {
    const db = service.context.db;
    const snapshot = async () => ({
      counts: (await db.query("SELECT grain::text, to_char(period, 'YYYY-MM-DD') AS period, metric, dim, count, uniques, encode(sketch, 'hex') AS sketch FROM traffic_counts WHERE period < '2025-03-01' ORDER BY 1, 2, 3, 4")).rows,
    });
    const before = await snapshot();
    assert.ok(before.counts.length > 20);
    await db.query("DELETE FROM traffic_counts WHERE period < '2025-03-01'");
    await db.transaction((tx) => rebuildTrafficRollups(tx, '2025-01-31', '2025-02-28'));
    assert.deepEqual(await snapshot(), before);
  });
});
