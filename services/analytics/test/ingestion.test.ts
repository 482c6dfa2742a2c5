import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, type EventBus } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { analyticsService, type AnalyticsParts } from '../src';
import { addDays, dayInZone } from '../src/domain/periods';
import { maintainPartitions } from '../src/flows/partition-maintenance';
import { IngestBatcher } from '../src/flows/ingest-batcher';
import { RollupApplier } from '../src/flows/rollup-applier';
import { rebuildTrafficRollups } from '../src/store/traffic-rollups';
import { rawEventOrder } from '../src/routes/ingestion';
import { insertRawEvents, type RawEvent } from '../src/store/raw-events';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const event = () => ({ sessionId: 'a'.repeat(32), userProxy: 'B'.repeat(32), eventName: 'PAGE_VIEW', path: '/series/tidewater/', timestamp: nowSeconds(), extraData: { url: 'http://localhost:8080/series/tidewater/' } });

describe('analytics ingestion', () => {
  let service: TestService<AnalyticsParts>;
  let bus: EventBus;

  beforeAll(async () => {
    service = await buildTestService(analyticsService);
    bus = service.bus;
    await bus.start();
  });
  afterAll(() => service.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = { 'user-agent': CHROME }, remoteAddress = '198.51.100.7') =>
    service.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
  const rawCount = async () => (await service.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM raw_events')).rows[0]!.n;
  // The rollups follow ingestion behind it: what was stored is applied first.
  const pvCount = async (metric: string) => {
    await service.exposed.applyRollups();
    return (await service.context.db.query<{ n: number }>(`SELECT coalesce(sum(count), 0)::int AS n FROM traffic_counts WHERE grain = 'd' AND metric = $1`, [metric])).rows[0]!.n;
  };

  it('stores page views, reader and cart events by channel in the day of their own time', async () => {
    const sent = nowSeconds() - 3600;
    const base = { ...event(), sessionId: 'c'.repeat(32), timestamp: sent };
    assert.equal((await post('/api/analytics/sendEvent', base)).statusCode, 200);
    assert.equal((await post('/api/analytics/sendReaderEvent', { ...base, eventName: 'READER_PAGE' })).statusCode, 200);
    assert.equal((await post('/api/analytics/updateCart', { ...base, eventName: 'remove_from_cart' })).statusCode, 200);
    const rows = (await service.context.db.query<{ channel: string; event_name: string; user_proxy: string; occurred_at: Date; day: string; path: string }>(
      "SELECT channel, event_name, user_proxy, occurred_at, to_char(day, 'YYYY-MM-DD') AS day, path FROM raw_events WHERE session_id = $1 ORDER BY channel",
      ['c'.repeat(32)],
    )).rows;
    assert.deepEqual(rows.map((row) => [row.channel, row.event_name]), [['cart', 'remove_from_cart'], ['reader', 'READER_PAGE'], ['store', 'PAGE_VIEW']]);
    assert.equal(rows[0]!.user_proxy, 'b'.repeat(32));
    assert.equal(rows[0]!.occurred_at.getTime(), sent * 1000);
    assert.equal(rows[0]!.day, dayInZone(new Date(sent * 1000), 'UTC'));
    assert.equal(rows[2]!.path, '/series/tidewater/');
  });

  it('clamps a client time far off to within a day of its receipt', async () => {
    const id = randomUUID();
    assert.equal((await post('/api/analytics/sendEvent', { ...event(), eventId: id, timestamp: 1_000_000_000 })).statusCode, 200);
    const { rows } = await service.context.db.query<{ occurred_at: Date }>('SELECT occurred_at FROM raw_events WHERE event_id = $1', [id]);
    const lag = Date.now() - rows[0]!.occurred_at.getTime();
    assert.ok(lag >= 86_400_000 && lag < 86_400_000 + 600_000, `clamped to a day back (lag ${lag} ms)`);
  });

  it('refuses bad events with 4xx envelopes and stores nothing', async () => {
    const before = await rawCount();
    const cases: Array<[unknown, number, RegExp]> = [
      [{ ...event(), sessionId: 'short' }, 400, /32-character MD5/],
      [{ ...event(), eventName: '' }, 400, /eventName/],
      [{ ...event(), eventName: 'has spaces' }, 400, /eventName/],
      [{ ...event(), eventId: 'not-a-uuid' }, 400, /eventId must be a UUID/],
      [{ ...event(), timestamp: -1 }, 400, /timestamp/],
      // Past the year 9999, where a Postgres timestamp ends (a JavaScript Date goes on to 275760).
      [{ ...event(), timestamp: 253_402_300_800_000 }, 400, /timestamp/],
      [{ ...event(), timestamp: 8_639_999_999_999_999 }, 400, /timestamp/],
      [{ ...event(), extraData: { blob: 'x'.repeat(9000) } }, 413, /larger than 8 KB/],
      // jsonb refuses \u0000, in a value or a key, however deep.
      [{ ...event(), extraData: { nested: { 'k\u0000': 1 } } }, 400, /may not contain the NUL character/],
      [{ ...event(), path: '/series/\u0000' }, 400, /path in the request body may not contain the NUL character/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post('/api/analytics/sendEvent', payload);
      assert.equal(response.statusCode, status, JSON.stringify(payload).slice(0, 80));
      assert.match(response.json().status.message, message);
    }
    assert.equal(await rawCount(), before);
  });

  it('names extraData as the problem of an event too large to keep', async () => {
    const response = await post('/api/analytics/sendEvent', { ...event(), extraData: { blob: 'x'.repeat(9000) } });
    assert.deepEqual(response.json().status.problems, [{ field: 'extraData', message: 'extraData is larger than 8 KB.' }]);
  });

  it('stores every one of many concurrent events, in shared transactions, and counts each once', async () => {
    const before = await rawCount();
    const pvBefore = await pvCount('pv');
    const session = 'd'.repeat(32);
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, index) => post('/api/analytics/sendEvent', { ...event(), sessionId: session, eventId: randomUUID(), path: `/p/${index % 7}` })),
    );
    assert.deepEqual([...new Set(answers.map((answer) => answer.statusCode))], [200]);
    assert.equal(await rawCount(), before + 400);
    assert.equal(await pvCount('pv'), pvBefore + 400);
    // Group commit: the 400 rows were written by far fewer transactions than requests.
    const { rows } = await service.context.db.query<{ n: number }>('SELECT count(DISTINCT xmin::text)::int AS n FROM raw_events WHERE session_id = $1', [session]);
    assert.ok(rows[0]!.n < 200, `${rows[0]!.n} transactions for 400 events`);
  });

  it('stores a retried event once, with or without an event id', async () => {
    const before = await rawCount();
    const pvBefore = await pvCount('pv');
    const withId = { ...event(), eventId: randomUUID(), sessionId: 'e'.repeat(32) };
    const answers = await Promise.all([post('/api/analytics/sendEvent', withId), post('/api/analytics/sendEvent', withId), post('/api/analytics/sendEvent', withId)]);
    assert.deepEqual(answers.map((answer) => answer.statusCode), [200, 200, 200]);
    assert.equal((await post('/api/analytics/sendEvent', { ...withId, eventId: withId.eventId.toUpperCase() })).statusCode, 200);
    // No id: the same session, name, path and timestamp make the same id.
    const withoutId = { ...event(), sessionId: 'f'.repeat(32), timestamp: nowSeconds() - 60 };
    assert.equal((await post('/api/analytics/sendEvent', withoutId)).statusCode, 200);
    assert.equal((await post('/api/analytics/sendEvent', withoutId)).statusCode, 200);
    assert.equal((await post('/api/analytics/sendEvent', { ...withoutId, timestamp: withoutId.timestamp + 1 })).statusCode, 200);
    assert.equal(await rawCount(), before + 3);
    assert.equal(await pvCount('pv'), pvBefore + 3);
  });

  it('marks bots (crawlers, headless browsers, no agent, webdriver) and counts their page views apart', async () => {
    const session = '1'.repeat(32);
    const botsBefore = await pvCount('bot_pv');
    const pvBefore = await pvCount('pv');
    const agents: Array<[Record<string, string>, Record<string, unknown>, boolean]> = [
      [{ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, {}, true],
      [{ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36' }, {}, true],
      [{ 'user-agent': '' }, {}, true],
      [{ 'user-agent': CHROME }, { webdriver: true }, true],
      [{ 'user-agent': CHROME }, {}, false],
    ];
    for (const [headers, extraData, bot] of agents) {
      const id = randomUUID();
      assert.equal((await post('/api/analytics/sendEvent', { ...event(), sessionId: session, eventId: id, extraData }, headers)).statusCode, 200);
      const { rows } = await service.context.db.query<{ is_bot: boolean }>('SELECT is_bot FROM raw_events WHERE event_id = $1', [id]);
      assert.equal(rows[0]!.is_bot, bot, JSON.stringify(headers));
    }
    assert.equal(await pvCount('bot_pv'), botsBefore + 4);
    assert.equal(await pvCount('pv'), pvBefore + 1);
  });

  it('never stores the address in clear: a keyed hash per day, from a salt deleted after the day', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await post('/api/analytics/sendEvent', { ...event(), eventId: ids[0] }, { 'user-agent': CHROME }, '203.0.113.77');
    await post('/api/analytics/sendEvent', { ...event(), eventId: ids[1] }, { 'user-agent': CHROME }, '203.0.113.77');
    await post('/api/analytics/sendEvent', { ...event(), eventId: ids[2] }, { 'user-agent': CHROME }, '203.0.113.78');
    const { rows } = await service.context.db.query<{ visitor_hash: string; row: string }>('SELECT visitor_hash, row_to_json(r)::text AS row FROM raw_events r WHERE event_id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], event_id)', [ids]);
    assert.equal(rows.length, 3);
    for (const row of rows) {
      assert.doesNotMatch(row.row, /203\.0\.113|198\.51\.100/);
      assert.match(row.visitor_hash, /^[0-9a-f]{32}$/);
    }
    assert.equal(rows[0]!.visitor_hash, rows[1]!.visitor_hash);
    assert.notEqual(rows[0]!.visitor_hash, rows[2]!.visitor_hash);
    // Every other table of the service: no address anywhere.
    const tables = (await service.context.db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).rows;
    for (const { name } of tables) {
      const found = await service.context.db.query(`SELECT 1 FROM "${name}" t WHERE row_to_json(t)::text LIKE '%203.0.113.%' LIMIT 1`);
      assert.equal(found.rowCount, 0, name);
    }
    const today = dayInZone(new Date(), 'UTC');
    assert.equal((await service.context.db.query('SELECT 1 FROM visitor_salts WHERE day = $1', [today])).rowCount, 1);
    // Tomorrow, today's salt is gone.
    await maintainPartitions(service.context.db, { timeZone: 'UTC', retentionDays: 400, now: new Date(Date.now() + 86_400_000) });
    assert.equal((await service.context.db.query('SELECT 1 FROM visitor_salts WHERE day <= $1', [today])).rowCount, 0);
  });

  it('keeps raw events in day partitions made ahead, moves strays out of the default, and drops days past retention', async () => {
    const db = service.context.db;
    const partitions = async () =>
      (await db.query<{ name: string }>("SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'raw_events'::regclass ORDER BY 1")).rows.map((row) => row.name);
    const today = dayInZone(new Date(), 'UTC');
    await maintainPartitions(db, { timeZone: 'UTC', retentionDays: 400 });
    const names = await partitions();
    for (let offset = -1; offset <= 3; offset += 1) assert.ok(names.includes(`raw_events_${addDays(today, offset).replaceAll('-', '')}`), `partition of ${addDays(today, offset)}`);
    assert.ok(names.includes('raw_events_default'));
    const stored = await db.query<{ part: string }>("SELECT tableoid::regclass::text AS part FROM raw_events WHERE day = $1 LIMIT 1", [today]);
    assert.equal(stored.rows[0]!.part, `raw_events_${today.replaceAll('-', '')}`);

    // A stray: an event of a day with no partition yet lands in the default, and moves when its day's partition is made.
    const future = addDays(today, 10);
    await db.query(
      `INSERT INTO raw_events (day, event_id, channel, event_name, session_id, user_proxy, occurred_at) VALUES ($1, $2, 'store', 'PAGE_VIEW', $3, $3, now())`,
      [future, randomUUID(), '2'.repeat(32)],
    );
    assert.equal((await db.query('SELECT 1 FROM raw_events_default WHERE day = $1', [future])).rowCount, 1);
    const later = await maintainPartitions(db, { timeZone: 'UTC', retentionDays: 400, now: new Date(Date.parse(`${future}T12:00:00Z`)) });
    assert.ok(later.created.includes(future));
    assert.equal((await db.query('SELECT 1 FROM raw_events_default WHERE day = $1', [future])).rowCount, 0);
    assert.equal((await db.query(`SELECT 1 FROM raw_events_${future.replaceAll('-', '')}`)).rowCount, 1);

    // Retention of 2 days, seen from 20 days on: every partition of before then goes, the rollups stay.
    await service.exposed.applyRollups();
    const rollupsBefore = (await db.query('SELECT count(*) FROM traffic_counts')).rows[0];
    const far = addDays(today, 20);
    const dropped = await maintainPartitions(db, { timeZone: 'UTC', retentionDays: 2, now: new Date(Date.parse(`${far}T12:00:00Z`)) });
    assert.ok(dropped.dropped.includes(today) && dropped.dropped.includes(future));
    const left = await partitions();
    assert.ok(!left.includes(`raw_events_${today.replaceAll('-', '')}`));
    assert.ok(left.includes(`raw_events_${addDays(far, -2).replaceAll('-', '')}`) || left.includes(`raw_events_${addDays(far, -1).replaceAll('-', '')}`));
    assert.equal(await rawCount(), 0);
    assert.deepEqual((await db.query('SELECT count(*) FROM traffic_counts')).rows[0], rollupsBefore);
  });

  it('adds stored events to the rollups behind ingestion: each once, however many appliers share the queue, and a dashboard call sees every acknowledged one', async () => {
    const { db, logger } = service.context;
    const admin = await signTestToken({ userId: 'staff-rollups', roles: ['admin'] });
    const today = dayInZone(new Date(), 'UTC');
    const viewsOf = async () => {
      const answer = await service.app.inject({ method: 'GET', url: `/api/dashboard/analytics/getPageViewMetrics?start=${today}&end=${today}&timespan=daily`, headers: { authorization: `Bearer ${admin}` } });
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json().response.totals.pageViews as number;
    };
    const before = await viewsOf();
    const send = (count: number) =>
      post('/api/analytics/sendEvents', { events: Array.from({ length: count }, () => ({ ...event(), sessionId: randomUUID().replaceAll('-', ''), eventId: randomUUID() })) });
    // Acknowledged, then asked for at once: the call applies what was queued before it.
    assert.equal((await send(40)).statusCode, 200);
    assert.equal(await viewsOf(), before + 40);
    // Three appliers (replicas) at once, in chunks of 25, over 600 queued events: each is counted once.
    const appliers = [0, 1, 2].map(() => new RollupApplier(db, logger, { chunk: 25 }));
    for (let i = 0; i < 6; i++) assert.equal((await send(100)).statusCode, 200);
    await Promise.all([...appliers.map((applier) => applier.runOnce()), appliers[0]!.catchUp()]);
    assert.equal((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollup_queue')).rows[0]!.n, 0, 'the queue is empty');
    assert.equal(await viewsOf(), before + 640);
  });

  it('a rebuild counts the events still queued, and the applier then adds them no second time', async () => {
    const { db, logger } = service.context;
    const day = dayInZone(new Date(), 'UTC');
    await service.exposed.applyRollups();
    await service.exposed.stopRollups();
    const path = `/queued-${randomUUID()}/`;
    const sent = await post('/api/analytics/sendEvents', { events: Array.from({ length: 30 }, () => ({ ...event(), path, eventId: randomUUID() })) });
    assert.equal(sent.statusCode, 200);
    const pathViews = async () => (await db.query<{ n: number }>("SELECT coalesce(sum(count), 0)::int AS n FROM traffic_counts WHERE grain = 'd' AND metric = 'path' AND dim = $1", [path])).rows[0]!.n;
    assert.equal(await pathViews(), 0, 'queued, not yet applied');
    await db.transaction((tx) => rebuildTrafficRollups(tx, day, day));
    assert.equal(await pathViews(), 30);
    assert.equal(await new RollupApplier(db, logger).catchUp(), 0, 'nothing left queued');
    assert.equal(await pathViews(), 30);
  });

  it('flushes two batches at once; the same events in them in opposite orders are stored once, without a deadlock', async () => {
    const { db, logger } = service.context;
    const day = dayInZone(new Date(), 'UTC');
    const events: RawEvent[] = Array.from({ length: 50 }, () => ({
      day,
      eventId: randomUUID(),
      channel: 'store',
      eventName: 'PAGE_VIEW',
      sessionId: 'f'.repeat(32),
      userProxy: 'e'.repeat(32),
      visitorHash: null,
      path: '/twice/',
      payload: {},
      occurredAt: new Date().toISOString(),
      isBot: false,
    }));
    let inFlight = 0;
    let most = 0;
    const batcher = new IngestBatcher<RawEvent>(
      db,
      async (tx, items) => {
        most = Math.max(most, ++inFlight);
        try {
          await insertRawEvents(tx, items);
          await tx.query('SELECT pg_sleep(0.05)');
        } finally {
          inFlight--;
        }
      },
      logger,
      { maxBatch: 50, maxConcurrent: 2, order: rawEventOrder },
    );
    for (let round = 0; round < 3; round++) {
      await Promise.all([...events.map((e) => batcher.add(e)), ...[...events].reverse().map((e) => batcher.add(e))]);
    }
    await batcher.close();
    assert.equal(most, 2, 'two flushes ran at once');
    assert.equal((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM raw_events WHERE path = '/twice/'")).rows[0]!.n, 50);
  });

  it('keeps one copy of every domain event, even when it is delivered twice', async () => {
    const completed = createEnvelope('order', {
      type: 'order.completed',
      key: 'order-1',
      data: { orderId: 'order-1', total: { cents: 1299, currency: 'USD' }, items: [] },
    });
    await bus.publish(completed);
    await bus.publish(completed);
    await service.bus.idle();
    const rows = (await service.context.db.query<{ type: string; source: string }>('SELECT type, source FROM domain_events')).rows;
    assert.deepEqual(rows, [{ type: 'order.completed', source: 'order' }]);
  });

  it('stores a batch of events (sendEvents) once each, by channel, and a retried batch once', async () => {
    const before = await rawCount();
    const session = 'e'.repeat(32);
    const events = [
      { ...event(), sessionId: session, eventId: randomUUID() },
      { ...event(), sessionId: session, eventId: randomUUID(), eventName: 'READER_PAGE', channel: 'reader' },
      { ...event(), sessionId: session, eventId: randomUUID(), eventName: 'add_to_cart', channel: 'cart', extraData: { productId: 7 } },
      { ...event(), sessionId: session, eventId: randomUUID(), eventName: 'landing_page', channel: 'store', extraData: { url_path: '/landing/' } },
    ];
    const answer = await post('/api/analytics/sendEvents', { events });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal((await post('/api/analytics/sendEvents', { events })).statusCode, 200);
    assert.equal(await rawCount(), before + 4);
    const rows = (await service.context.db.query<{ channel: string; event_name: string; path: string | null }>(
      'SELECT channel, event_name, path FROM raw_events WHERE session_id = $1 ORDER BY event_name',
      [session],
    )).rows;
    assert.deepEqual(rows, [
      { channel: 'store', event_name: 'PAGE_VIEW', path: '/series/tidewater/' },
      { channel: 'reader', event_name: 'READER_PAGE', path: '/series/tidewater/' },
      { channel: 'cart', event_name: 'add_to_cart', path: '/series/tidewater/' },
      { channel: 'store', event_name: 'landing_page', path: '/landing/' },
    ]);
  });

  it('refuses a batch with a bad event naming its index, and stores none of it', async () => {
    const before = await rawCount();
    const good = () => ({ ...event(), eventId: randomUUID() });
    const cases: Array<[unknown, number, string]> = [
      [{ events: [good(), { ...good(), sessionId: 'short' }] }, 400, 'events.1.sessionId'],
      [{ events: [good(), good(), { ...good(), eventId: 'nope' }] }, 400, 'events.2.eventId'],
      [{ events: [{ ...good(), channel: 'mail' }] }, 400, 'events.0.channel'],
      [{ events: [good(), { ...good(), extraData: { blob: 'x'.repeat(9000) } }] }, 413, 'events.1.extraData'],
      [{ events: [] }, 400, 'events'],
      [{ events: Array.from({ length: 101 }, good) }, 400, 'events'],
      [{}, 400, 'events'],
    ];
    for (const [payload, status, field] of cases) {
      const answer = await post('/api/analytics/sendEvents', payload);
      assert.equal(answer.statusCode, status, `${field}: ${answer.body}`);
      assert.equal(answer.json().status.problems?.[0]?.field, field, answer.body);
    }
    assert.equal(await rawCount(), before);
  });
});
