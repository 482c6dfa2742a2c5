/**
 * Traffic rollups (migrations 004 and 007): counts per day ('d') and per month ('m') in
 * traffic_counts, each with the visitor (or session) sketch behind its `uniques`
 * (domain/visitor-sketch.ts: exact while small, a HyperLogLog past that). They follow the raw
 * events through the rollup queue (`applyQueuedEvents`, run by flows/rollup-applier.ts), can be
 * rebuilt from raw_events (`rebuildTrafficRollups`), and every read here touches only them.
 */
import type { AnalyticsTimespan } from '@inkwell/contracts/dashboard-analytics';
import type { Queryable } from '@inkwell/platform';
import { coverOf, monthEnd, monthOf, periodsOf } from '../domain/periods';
import { VisitorSketch } from '../domain/visitor-sketch';

export type TrafficMetric = 'pv' | 'bot_pv' | 'session' | 'landing' | 'path' | 'path_landing' | 'event' | 'event_session' | 'store' | 'store_product';

/** Rollup rows written per statement by the rebuild. */
const WRITE_CHUNK = 2_000;

/**
 * What raw events add to the rollups, as two entries of a WITH clause: `ev`, each event of `source`
 * (the raw events as `r`, with what they join; `where` filters them) read once, its members hashed
 * (the first 8 bytes of their MD5, as domain/visitor-sketch.ts hashes them); and `facts`, one row per
 * fact: its day, metric, dim and member hash (null when the metric counts no uniques). One branch a
 * metric, each computing only what it keeps. The one statement of the rules, for the applier and
 * the rebuild alike.
 */
const factsWith = (source: string, where = '') => `
  ev AS MATERIALIZED (
    SELECT r.day, r.is_bot, r.event_name, r.channel || ':' || r.event_name AS name, r.path,
           substring(decode(md5(r.user_proxy), 'hex') for 8) AS visitor,
           substring(decode(md5(r.session_id), 'hex') for 8) AS session,
           CASE WHEN r.event_name = 'store_link_click' AND jsonb_typeof(r.payload->'store') IN ('string', 'number') AND r.payload->>'store' <> ''
                THEN r.payload->>'store' END AS store,
           CASE WHEN r.event_name = 'store_link_click' AND jsonb_typeof(r.payload->'productId') IN ('string', 'number') AND r.payload->>'productId' <> ''
                THEN r.payload->>'productId' END AS product
      FROM ${source} ${where}),
  facts AS (
    SELECT day, 'bot_pv' AS metric, '' AS dim, NULL::bytea AS hash FROM ev WHERE is_bot AND event_name = 'PAGE_VIEW'
    UNION ALL SELECT day, 'event', name, visitor FROM ev WHERE NOT is_bot
    UNION ALL SELECT day, 'event_session', name, session FROM ev WHERE NOT is_bot
    UNION ALL SELECT day, 'pv', '', visitor FROM ev WHERE NOT is_bot AND event_name = 'PAGE_VIEW'
    UNION ALL SELECT day, 'session', '', session FROM ev WHERE NOT is_bot AND event_name = 'PAGE_VIEW'
    UNION ALL SELECT day, 'path', path, visitor FROM ev WHERE NOT is_bot AND event_name = 'PAGE_VIEW' AND path IS NOT NULL
    UNION ALL SELECT day, 'landing', '', NULL FROM ev WHERE NOT is_bot AND event_name = 'landing_page'
    UNION ALL SELECT day, 'path_landing', path, NULL FROM ev WHERE NOT is_bot AND event_name = 'landing_page' AND path IS NOT NULL
    UNION ALL SELECT day, 'store', store, visitor FROM ev WHERE NOT is_bot AND store IS NOT NULL
    UNION ALL SELECT day, 'store_product', store || ' ' || product, NULL FROM ev WHERE NOT is_bot AND store IS NOT NULL AND product IS NOT NULL)`;

interface RollupRow {
  grain: string;
  period: string;
  metric: string;
  dim: string;
  count: string;
  /** The distinct member hashes the row adds, 8 bytes each in ascending order (null when the metric counts no uniques). */
  hashes: Buffer | null;
}

/**
 * Takes up to `chunk` queued events (rollup_queue, migration 008: oldest first; up to the queue id
 * `upTo` when given) and adds them to the day and month rollups; run it in a transaction. One
 * statement takes them off the queue, reads their raw events and groups what they add per rollup
 * row in the database (a chunk of 5,000 events comes back as a few hundred rows, each with its
 * distinct member hashes); one upsert then adds the counts — in key order, so concurrent appliers
 * (replicas) lock the rows in the same order — and answers each row's sketch as it was; the
 * sketches that changed are written back by one more statement, under the row locks the upsert
 * took (read-modify-write). `wait`: queued rows another applier holds are waited for (then found
 * gone) instead of skipped. Answers how many were taken; an event whose raw row is gone (its
 * partition dropped by retention, its person erased) is taken and adds nothing.
 */
export async function applyQueuedEvents(tx: Queryable, options: { chunk: number; wait: boolean; upTo?: string }): Promise<number> {
  const { rows } = await tx.query<Omit<RollupRow, 'grain'> & { grain: string | null }>(
    `WITH taken AS (
       DELETE FROM rollup_queue WHERE id IN (
         SELECT id FROM rollup_queue WHERE ($2::bigint IS NULL OR id <= $2::bigint) ORDER BY id LIMIT $1 FOR UPDATE ${options.wait ? '' : 'SKIP LOCKED'})
       RETURNING day, event_id),
     ${factsWith('taken q JOIN raw_events r ON r.day = q.day AND r.event_id = q.event_id')}
     SELECT NULL AS grain, NULL AS period, NULL AS metric, NULL AS dim, count(*)::bigint AS count, NULL::bytea AS hashes FROM taken
     UNION ALL
     SELECT 'd', to_char(day, 'YYYY-MM-DD'), metric, dim, count(*)::bigint, string_agg(DISTINCT hash, ''::bytea ORDER BY hash) FILTER (WHERE hash IS NOT NULL)
       FROM facts GROUP BY day, metric, dim
     UNION ALL
     SELECT 'm', to_char(date_trunc('month', day), 'YYYY-MM-DD'), metric, dim, count(*)::bigint, string_agg(DISTINCT hash, ''::bytea ORDER BY hash) FILTER (WHERE hash IS NOT NULL)
       FROM facts GROUP BY date_trunc('month', day), metric, dim`,
    [options.chunk, options.upTo ?? null],
  );
  const taken = Number(rows.find((row) => row.grain === null)?.count ?? 0);
  await addToRollups(tx, rows.filter((row): row is RollupRow => row.grain !== null));
  return taken;
}

async function addToRollups(tx: Queryable, rows: readonly RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const keyOf = (row: Pick<RollupRow, 'grain' | 'metric' | 'period' | 'dim'>) => `${row.grain}|${row.metric}|${row.period}|${row.dim}`;
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  const list = [...byKey.keys()].sort().map((key) => byKey.get(key)!);
  const { rows: current } = await tx.query<{ grain: string; period: string; metric: string; dim: string; sketch: Buffer | null }>(
    `INSERT INTO traffic_counts AS c (grain, period, metric, dim, count)
     SELECT g::"char", p, m, d, n FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::bigint[]) WITH ORDINALITY AS x(g, p, m, d, n, o)
      ORDER BY o
     ON CONFLICT (grain, metric, period, dim) DO UPDATE SET count = c.count + EXCLUDED.count
     RETURNING grain::text AS grain, to_char(period, 'YYYY-MM-DD') AS period, metric, dim, CASE WHEN $6::text[] @> ARRAY[metric] THEN sketch END AS sketch`,
    [list.map((r) => r.grain), list.map((r) => r.period), list.map((r) => r.metric), list.map((r) => r.dim), list.map((r) => r.count), [...new Set(list.filter((r) => r.hashes).map((r) => r.metric))]],
  );
  const changed: Array<{ row: RollupRow; sketch: VisitorSketch }> = [];
  for (const found of current) {
    const row = byKey.get(keyOf(found));
    if (!row?.hashes) continue;
    const sketch = found.sketch ? VisitorSketch.fromBytes(found.sketch) : VisitorSketch.empty();
    if (sketch.addSortedHashes(row.hashes)) changed.push({ row, sketch });
  }
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE traffic_counts c SET sketch = x.s, uniques = x.u
       FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::bytea[], $6::bigint[]) AS x(g, p, m, d, s, u)
      WHERE c.grain = x.g::"char" AND c.metric = x.m AND c.period = x.p AND c.dim = x.d`,
    [
      changed.map((c) => c.row.grain),
      changed.map((c) => c.row.period),
      changed.map((c) => c.row.metric),
      changed.map((c) => c.row.dim),
      changed.map((c) => c.sketch.toBytes()),
      changed.map((c) => c.sketch.estimate()),
    ],
  );
}

/**
 * Rebuilds the rollups of the days from `fromDay` to `toDay` (widened to whole months) from
 * raw_events: for a backfill or after a bulk load. Run it in a transaction. Set-based: one pass over
 * the raw events aggregates them per day, metric, dim and member hash (a temporary table); the day
 * rows and then the month rows are grouped from that, each with its distinct member hashes, and
 * only the sketches are made here (the same code as the incremental path, so the bytes agree).
 */
export async function rebuildTrafficRollups(db: Queryable, fromDay: string, toDay: string): Promise<void> {
  const from = monthOf(fromDay);
  const to = monthEnd(toDay);
  // Events still queued for the rollups (migration 008) are counted by the rebuild: the applier must not add them again.
  await db.query('DELETE FROM rollup_queue WHERE day BETWEEN $1::date AND $2::date', [from, to]);
  await db.query('DELETE FROM traffic_counts WHERE period BETWEEN $1::date AND $2::date', [from, to]);
  // The grouping of a month's facts fits in memory instead of spilling to disk (4 MB by default).
  await db.query("SET LOCAL work_mem = '64MB'");
  await db.query('DROP TABLE IF EXISTS pg_temp.traffic_facts');
  await db.query(
    `CREATE TEMPORARY TABLE traffic_facts ON COMMIT DROP AS
       WITH ${factsWith('raw_events r', 'WHERE r.day BETWEEN $1::date AND $2::date')}
     SELECT day, metric, dim, hash, count(*)::bigint AS n FROM facts GROUP BY 1, 2, 3, 4`,
    [from, to],
  );
  for (const grouping of [
    `SELECT 'd' AS grain, to_char(day, 'YYYY-MM-DD') AS period, metric, dim, sum(n)::bigint AS count,
            string_agg(hash, ''::bytea ORDER BY hash) FILTER (WHERE hash IS NOT NULL) AS hashes
       FROM traffic_facts GROUP BY day, metric, dim`,
    `SELECT 'm' AS grain, to_char(date_trunc('month', day), 'YYYY-MM-DD') AS period, metric, dim, sum(n)::bigint AS count,
            string_agg(DISTINCT hash, ''::bytea ORDER BY hash) FILTER (WHERE hash IS NOT NULL) AS hashes
       FROM traffic_facts GROUP BY date_trunc('month', day), metric, dim`,
  ]) {
    const { rows } = await db.query<{ grain: string; period: string; metric: string; dim: string; count: string; hashes: Buffer | null }>(grouping);
    for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
      const chunk = rows.slice(start, start + WRITE_CHUNK);
      const sketches = chunk.map((row) => (row.hashes && row.hashes.length > 0 ? VisitorSketch.ofSortedHashes(row.hashes) : null));
      await db.query(
        `INSERT INTO traffic_counts (grain, period, metric, dim, count, uniques, sketch)
         SELECT g::"char", p, m, d, n, u, s FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bytea[]) AS x(g, p, m, d, n, u, s)`,
        [
          chunk.map((r) => r.grain),
          chunk.map((r) => r.period),
          chunk.map((r) => r.metric),
          chunk.map((r) => r.dim),
          chunk.map((r) => r.count),
          sketches.map((s) => s?.estimate() ?? 0),
          sketches.map((s) => s?.toBytes() ?? null),
        ],
      );
    }
  }
  await db.query('DROP TABLE pg_temp.traffic_facts');
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
 * the estimate of its periods' visitor sketches merged (exact while the merged set is small, else a
 * HyperLogLog within about 0.8 %: domain/visitor-sketch.ts). `dims` limits the dims read
 * (undefined: all); the filter is an index condition. `uniques: false` skips the sketches;
 * `counts: false` skips summing the counts of segments of several periods, for a caller that has
 * them already (their counts are then 0).
 */
export async function readFigures(
  q: Queryable,
  metric: TrafficMetric,
  segments: readonly Segment[],
  options: { dims?: readonly string[]; uniques?: boolean; counts?: boolean } = {},
): Promise<Map<string, Map<string, Figures>>> {
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
  if (dims !== null && dims.length === 0) return result;
  const dimFilter = dims === null ? '' : 'AND c.dim = ANY($5::text[])';
  const dimValues = dims === null ? [] : [dims];
  // Segments of one period read their rows in one statement; each segment of several periods sums
  // its own (months and days as arrays: bitmap scans and a hash of its dims, where one join over
  // every segment sorted all their rows by dim, on disk for a range's 2,000 paths).
  const single = keys.map((key, index) => (multi.has(key) ? -1 : index)).filter((index) => index >= 0);
  if (single.length > 0) {
    const counted = await q.query<{ seg: string; dim: string; count: string; uniques: string }>(
      `SELECT s.seg, c.dim, c.count, c.uniques
         FROM unnest($1::text[], $2::text[], $3::date[]) AS s(seg, grain, period)
         JOIN traffic_counts c ON c.grain = s.grain::"char" AND c.metric = $4 AND c.period = s.period ${dimFilter}`,
      [single.map((i) => keys[i]), single.map((i) => grains[i]), single.map((i) => periods[i]), metric, ...dimValues],
    );
    for (const row of counted.rows) result.get(row.seg)!.set(row.dim, { count: Number(row.count), uniques: Number(row.uniques) });
  }
  for (const segment of segments) {
    if (!multi.has(segment.key) || options.counts === false) continue;
    const cover = coverOf(segment.from, segment.to);
    const counted = await q.query<{ dim: string; count: string }>(
      `SELECT c.dim, sum(c.count)::bigint AS count FROM traffic_counts c
        WHERE c.metric = $1 AND ((c.grain = 'm' AND c.period = ANY($2::date[])) OR (c.grain = 'd' AND c.period = ANY($3::date[]))) ${dimFilter.replace('$5', '$4')}
        GROUP BY c.dim`,
      [metric, cover.months, cover.days, ...dimValues],
    );
    for (const row of counted.rows) result.get(segment.key)!.set(row.dim, { count: Number(row.count), uniques: 0 });
  }
  if (options.uniques !== false && multi.size > 0) {
    const pick = keys.map((key, index) => (multi.has(key) ? index : -1)).filter((index) => index >= 0);
    const sketches = await q.query<{ seg: string; dim: string; sketch: Buffer }>(
      `SELECT s.seg, c.dim, c.sketch
         FROM unnest($1::text[], $2::text[], $3::date[]) AS s(seg, grain, period)
         JOIN traffic_counts c ON c.grain = s.grain::"char" AND c.metric = $4 AND c.period = s.period ${dimFilter}
        WHERE c.sketch IS NOT NULL`,
      [pick.map((i) => keys[i]), pick.map((i) => grains[i]), pick.map((i) => periods[i]), metric, ...dimValues],
    );
    const gathered = new Map<string, VisitorSketch[]>();
    for (const row of sketches.rows) {
      const key = `${row.seg}\u0000${row.dim}`;
      const sketch = VisitorSketch.fromBytes(row.sketch);
      const list = gathered.get(key);
      if (list) list.push(sketch);
      else gathered.set(key, [sketch]);
    }
    for (const [key, list] of gathered) {
      const [seg, dim] = key.split('\u0000') as [string, string];
      const figures = result.get(seg)!;
      const uniques = VisitorSketch.union(list).estimate();
      if (options.counts === false) figures.set(dim, { count: 0, uniques });
      else if (figures.has(dim)) figures.get(dim)!.uniques = uniques;
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

