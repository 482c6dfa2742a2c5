/**
 * Traffic rollups (migration 004): counts per day ('d') and per month ('m') in traffic_counts, with
 * the exact visitor (or session) sets behind their `uniques` in traffic_visitors. They are kept up
 * to date in the transaction that stores a batch of raw events (`applyTrafficRollups`), can be
 * rebuilt from raw_events (`rebuildTrafficRollups`), and every read here touches only them.
 */
import type { AnalyticsTimespan } from '@inkwell/contracts/dashboard-analytics';
import type { Queryable } from '@inkwell/platform';
import { coverOf, monthEnd, monthOf, periodsOf } from '../domain/periods';
import type { RawEvent } from './raw-events';

export type TrafficMetric = 'pv' | 'bot_pv' | 'session' | 'landing' | 'path' | 'path_landing' | 'event' | 'event_session' | 'store' | 'store_product';

interface Fact {
  metric: TrafficMetric;
  dim: string;
  /** The member of the metric's set (visitor or session), or null when it counts no uniques. */
  visitor: string | null;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** What one raw event adds to the rollups (the same rules as the SQL of `rebuildTrafficRollups`). */
export function factsOf(event: Pick<RawEvent, 'channel' | 'eventName' | 'sessionId' | 'userProxy' | 'path' | 'payload' | 'isBot'>): Fact[] {
  if (event.isBot) return event.eventName === 'PAGE_VIEW' ? [{ metric: 'bot_pv', dim: '', visitor: null }] : [];
  const facts: Fact[] = [];
  const name = `${event.channel}:${event.eventName}`;
  facts.push({ metric: 'event', dim: name, visitor: event.userProxy }, { metric: 'event_session', dim: name, visitor: event.sessionId });
  if (event.eventName === 'PAGE_VIEW') {
    facts.push({ metric: 'pv', dim: '', visitor: event.userProxy }, { metric: 'session', dim: '', visitor: event.sessionId });
    if (event.path !== null) facts.push({ metric: 'path', dim: event.path, visitor: event.userProxy });
  } else if (event.eventName === 'landing_page') {
    facts.push({ metric: 'landing', dim: '', visitor: null });
    if (event.path !== null) facts.push({ metric: 'path_landing', dim: event.path, visitor: null });
  } else if (event.eventName === 'store_link_click') {
    const store = text(event.payload.store);
    const product = text(event.payload.productId);
    if (store !== null) {
      facts.push({ metric: 'store', dim: store, visitor: event.userProxy });
      if (product !== null) facts.push({ metric: 'store_product', dim: `${store} ${product}`, visitor: null });
    }
  }
  return facts;
}

/** Adds a batch of newly stored raw events to the day and month rollups (in the batch's transaction). */
export async function applyTrafficRollups(tx: Queryable, events: readonly RawEvent[]): Promise<void> {
  const counts = new Map<string, { grain: string; period: string; metric: string; dim: string; count: number; uniques: number }>();
  const members = new Map<string, [string, string, string, string, string]>();
  for (const event of events) {
    for (const fact of factsOf(event)) {
      for (const [grain, period] of [['d', event.day], ['m', monthOf(event.day)]] as const) {
        const key = `${grain}|${fact.metric}|${period}|${fact.dim}`;
        const row = counts.get(key) ?? { grain, period, metric: fact.metric, dim: fact.dim, count: 0, uniques: 0 };
        row.count += 1;
        counts.set(key, row);
        if (fact.visitor !== null) members.set(`${key}|${fact.visitor}`, [grain, period, fact.metric, fact.dim, fact.visitor]);
      }
    }
  }
  if (counts.size === 0) return;
  if (members.size > 0) {
    const list = [...members.values()];
    const { rows } = await tx.query<{ grain: string; period: string; metric: string; dim: string; added: number }>(
      `WITH added AS (
         INSERT INTO traffic_visitors (grain, period, metric, dim, visitor)
         SELECT g::"char", p, m, d, v FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::text[]) AS u(g, p, m, d, v)
         ORDER BY 1, 3, 2, 4, 5
         ON CONFLICT DO NOTHING
         RETURNING grain, period, metric, dim)
       SELECT grain::text AS grain, to_char(period, 'YYYY-MM-DD') AS period, metric, dim, count(*)::int AS added FROM added GROUP BY 1, 2, 3, 4`,
      [list.map((m) => m[0]), list.map((m) => m[1]), list.map((m) => m[2]), list.map((m) => m[3]), list.map((m) => m[4])],
    );
    for (const row of rows) counts.get(`${row.grain}|${row.metric}|${row.period}|${row.dim}`)!.uniques += row.added;
  }
  // In key order, so concurrent batches (replicas) lock the rows in the same order.
  const rows = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  await tx.query(
    `INSERT INTO traffic_counts AS c (grain, period, metric, dim, count, uniques)
     SELECT g::"char", p, m, d, n, u FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::bigint[], $6::bigint[]) AS x(g, p, m, d, n, u)
     ON CONFLICT (grain, metric, period, dim) DO UPDATE SET count = c.count + EXCLUDED.count, uniques = c.uniques + EXCLUDED.uniques`,
    [rows.map((r) => r.grain), rows.map((r) => r.period), rows.map((r) => r.metric), rows.map((r) => r.dim), rows.map((r) => r.count), rows.map((r) => r.uniques)],
  );
}

const FACTS_SQL = `
  SELECT r.day, f.metric, f.dim, f.visitor
    FROM raw_events r
    CROSS JOIN LATERAL (VALUES
      ('bot_pv', '', NULL, r.is_bot AND r.event_name = 'PAGE_VIEW'),
      ('event', r.channel || ':' || r.event_name, r.user_proxy, NOT r.is_bot),
      ('event_session', r.channel || ':' || r.event_name, r.session_id, NOT r.is_bot),
      ('pv', '', r.user_proxy, NOT r.is_bot AND r.event_name = 'PAGE_VIEW'),
      ('session', '', r.session_id, NOT r.is_bot AND r.event_name = 'PAGE_VIEW'),
      ('path', r.path, r.user_proxy, NOT r.is_bot AND r.event_name = 'PAGE_VIEW' AND r.path IS NOT NULL),
      ('landing', '', NULL, NOT r.is_bot AND r.event_name = 'landing_page'),
      ('path_landing', r.path, NULL, NOT r.is_bot AND r.event_name = 'landing_page' AND r.path IS NOT NULL),
      ('store', NULLIF(r.payload->>'store', ''), r.user_proxy,
        NOT r.is_bot AND r.event_name = 'store_link_click' AND jsonb_typeof(r.payload->'store') IN ('string', 'number') AND r.payload->>'store' <> ''),
      ('store_product', (r.payload->>'store') || ' ' || (r.payload->>'productId'), NULL,
        NOT r.is_bot AND r.event_name = 'store_link_click' AND jsonb_typeof(r.payload->'store') IN ('string', 'number') AND r.payload->>'store' <> ''
        AND jsonb_typeof(r.payload->'productId') IN ('string', 'number') AND r.payload->>'productId' <> '')
    ) AS f(metric, dim, visitor, keep)
   WHERE f.keep AND r.day BETWEEN $1::date AND $2::date`;

/**
 * Rebuilds the rollups of the days from `fromDay` to `toDay` (widened to whole months) from
 * raw_events, set-based: for a backfill or after a bulk load. Run it in a transaction.
 */
export async function rebuildTrafficRollups(db: Queryable, fromDay: string, toDay: string): Promise<void> {
  const from = monthOf(fromDay);
  const to = monthEnd(toDay);
  await db.query('DELETE FROM traffic_counts WHERE period BETWEEN $1::date AND $2::date', [from, to]);
  await db.query('DELETE FROM traffic_visitors WHERE period BETWEEN $1::date AND $2::date', [from, to]);
  await db.query(
    `INSERT INTO traffic_visitors (grain, period, metric, dim, visitor)
     SELECT DISTINCT g.grain, g.period, f.metric, f.dim, f.visitor
       FROM (${FACTS_SQL}) f
       CROSS JOIN LATERAL (VALUES ('d'::"char", f.day), ('m'::"char", date_trunc('month', f.day)::date)) AS g(grain, period)
      WHERE f.visitor IS NOT NULL`,
    [from, to],
  );
  await db.query(
    `INSERT INTO traffic_counts (grain, period, metric, dim, count, uniques)
     SELECT g.grain, g.period, f.metric, f.dim, count(*), count(DISTINCT f.visitor)
       FROM (${FACTS_SQL}) f
       CROSS JOIN LATERAL (VALUES ('d'::"char", f.day), ('m'::"char", date_trunc('month', f.day)::date)) AS g(grain, period)
      GROUP BY 1, 2, 3, 4`,
    [from, to],
  );
}

/** A stretch of days whose figures are read together (a period of a series, or the whole range). */
export interface Segment {
  key: string;
  from: string;
  to: string;
}

export interface Figures {
  count: number;
  uniques: number;
}

/**
 * The figures of one metric per segment and dim: counts summed over the segment's whole months and
 * edge days; uniques straight from the rollup when the segment is one day or one whole month, else
 * the distinct count of the visitor sets. `dims` limits the dims read (undefined: all).
 */
export async function readFigures(q: Queryable, metric: TrafficMetric, segments: readonly Segment[], options: { dims?: readonly string[]; uniques?: boolean } = {}): Promise<Map<string, Map<string, Figures>>> {
  const keys: string[] = [];
  const grains: string[] = [];
  const periods: string[] = [];
  const multi = new Set<string>();
  for (const segment of segments) {
    const cover = coverOf(segment.from, segment.to);
    if (cover.months.length + cover.days.length > 1) multi.add(segment.key);
    const units: Array<[string, string]> = [...cover.months.map((month): [string, string] => ['m', month]), ...cover.days.map((day): [string, string] => ['d', day])];
    for (const [grain, period] of units) {
      keys.push(segment.key);
      grains.push(grain);
      periods.push(period);
    }
  }
  const result = new Map<string, Map<string, Figures>>(segments.map((segment) => [segment.key, new Map()]));
  if (keys.length === 0) return result;
  const dims = options.dims ? [...options.dims] : null;
  const counted = await q.query<{ seg: string; dim: string; count: number; uniques: number }>(
    `SELECT s.seg, c.dim, sum(c.count)::bigint AS count, sum(c.uniques)::bigint AS uniques
       FROM unnest($1::text[], $2::text[], $3::date[]) AS s(seg, grain, period)
       JOIN traffic_counts c ON c.grain = s.grain::"char" AND c.metric = $4 AND c.period = s.period
      WHERE $5::text[] IS NULL OR c.dim = ANY($5::text[])
      GROUP BY s.seg, c.dim`,
    [keys, grains, periods, metric, dims],
  );
  for (const row of counted.rows) result.get(row.seg)!.set(row.dim, { count: row.count, uniques: multi.has(row.seg) ? 0 : row.uniques });
  if (options.uniques !== false && multi.size > 0) {
    const pick = keys.map((key, index) => (multi.has(key) ? index : -1)).filter((index) => index >= 0);
    const distinct = await q.query<{ seg: string; dim: string; uniques: number }>(
      `SELECT s.seg, v.dim, count(DISTINCT v.visitor)::bigint AS uniques
         FROM unnest($1::text[], $2::text[], $3::date[]) AS s(seg, grain, period)
         JOIN traffic_visitors v ON v.grain = s.grain::"char" AND v.metric = $4 AND v.period = s.period
        WHERE $5::text[] IS NULL OR v.dim = ANY($5::text[])
        GROUP BY s.seg, v.dim`,
      [pick.map((i) => keys[i]), pick.map((i) => grains[i]), pick.map((i) => periods[i]), metric, dims],
    );
    for (const row of distinct.rows) {
      const figures = result.get(row.seg)!.get(row.dim);
      if (figures) figures.uniques = row.uniques;
    }
  }
  return result;
}

export interface EventCounts {
  /** Per event name (any channel): events, distinct visitors and distinct sessions over the range. */
  totals: Map<string, { count: number; visitors: number; sessions: number }>;
  /** Per period of the range (YYYY-MM-DD or YYYY-MM) and event name: events. */
  points: Array<{ period: string; name: string; count: number }>;
}

/**
 * Counts of storefront events by name over a range (from the rollups): A2's funnel reads
 * `view_product` and `begin_checkout` sessions here. Names are plain event names (any channel).
 */
export async function eventCounts(q: Queryable, names: readonly string[], fromDay: string, toDay: string, timespan: AnalyticsTimespan): Promise<EventCounts> {
  const dims = ['store', 'reader', 'cart'].flatMap((channel) => names.map((name) => `${channel}:${name}`));
  const nameOf = (dim: string) => dim.slice(dim.indexOf(':') + 1);
  const whole = [{ key: 'range', from: fromDay, to: toDay }];
  const [visitors, sessions] = await Promise.all([readFigures(q, 'event', whole, { dims }), readFigures(q, 'event_session', whole, { dims })]);
  const totals = new Map(names.map((name) => [name, { count: 0, visitors: 0, sessions: 0 }]));
  // Uniques over several channels of one name add up (a name is sent on one channel in practice).
  for (const [dim, figures] of visitors.get('range')!) {
    const total = totals.get(nameOf(dim))!;
    total.count += figures.count;
    total.visitors += figures.uniques;
  }
  for (const [dim, figures] of sessions.get('range')!) totals.get(nameOf(dim))!.sessions += figures.uniques;
  const periods = periodsOf(fromDay, toDay, timespan);
  const perPeriod = await readFigures(q, 'event', periods.map((p) => ({ key: p.period, from: p.from, to: p.to })), { dims, uniques: false });
  const points: EventCounts['points'] = [];
  for (const period of periods) {
    for (const name of names) {
      let count = 0;
      for (const [dim, figures] of perPeriod.get(period.period)!) if (nameOf(dim) === name) count += figures.count;
      points.push({ period: period.period, name, count });
    }
  }
  return { totals, points };
}

