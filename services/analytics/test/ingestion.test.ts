import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, type EventBus } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { analyticsService } from '../src';

const event = { sessionId: 'a'.repeat(32), userProxy: 'B'.repeat(32), eventName: 'PAGE_VIEW', path: '/series/tidewater/', timestamp: 1_700_000_000, extraData: { url: 'http://localhost:8080/series/tidewater/' } };

describe('analytics ingestion', () => {
  let service: TestService;
  let bus: EventBus;

  beforeAll(async () => {
    service = await buildTestService(analyticsService);
    bus = service.bus;
    await bus.start();
  });
  afterAll(() => service.close());

  const post = (url: string, payload: unknown) => service.app.inject({ method: 'POST', url, payload: payload as object });

  it('stores page views, reader and cart events by channel', async () => {
    assert.equal((await post('/api/analytics/sendEvent', event)).statusCode, 200);
    assert.equal((await post('/api/analytics/sendReaderEvent', { ...event, eventName: 'page_turn' })).statusCode, 200);
    assert.equal((await post('/api/analytics/updateCart', { ...event, eventName: 'remove_from_cart' })).statusCode, 200);
    const rows = (await service.context.db.query<{ channel: string; event_name: string; user_proxy: string; client_time: Date }>(
      'SELECT channel, event_name, user_proxy, client_time FROM ingested_events ORDER BY id',
    )).rows;
    assert.deepEqual(rows.map((row) => [row.channel, row.event_name]), [['store', 'PAGE_VIEW'], ['reader', 'page_turn'], ['cart', 'remove_from_cart']]);
    assert.equal(rows[0]!.user_proxy, 'b'.repeat(32));
    assert.equal(rows[0]!.client_time.toISOString(), '2023-11-14T22:13:20.000Z');
  });

  it('refuses bad events with 4xx envelopes and stores nothing', async () => {
    const before = (await service.context.db.query('SELECT * FROM ingested_events')).rowCount;
    const cases: Array<[unknown, number, RegExp]> = [
      [{ ...event, sessionId: 'short' }, 400, /32-character MD5/],
      [{ ...event, eventName: '' }, 400, /eventName/],
      [{ ...event, eventName: 'has spaces' }, 400, /eventName/],
      [{ ...event, timestamp: -1 }, 400, /timestamp/],
      // Past the year 9999, where a Postgres timestamp ends (a JavaScript Date goes on to 275760).
      [{ ...event, timestamp: 253_402_300_800_000 }, 400, /timestamp/],
      [{ ...event, timestamp: 8_639_999_999_999_999 }, 400, /timestamp/],
      [{ ...event, extraData: { blob: 'x'.repeat(9000) } }, 413, /larger than 8 KB/],
      // jsonb refuses \u0000, in a value or a key, however deep.
      [{ ...event, extraData: { nested: { 'k\u0000': 1 } } }, 400, /may not contain the NUL character/],
      [{ ...event, path: '/series/\u0000' }, 400, /path in the request body may not contain the NUL character/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post('/api/analytics/sendEvent', payload);
      assert.equal(response.statusCode, status, JSON.stringify(payload).slice(0, 80));
      assert.match(response.json().status.message, message);
    }
    assert.equal((await service.context.db.query('SELECT * FROM ingested_events')).rowCount, before);
  });

  it('names extraData as the problem of an event too large to keep', async () => {
    const response = await post('/api/analytics/sendEvent', { ...event, extraData: { blob: 'x'.repeat(9000) } });
    assert.deepEqual(response.json().status.problems, [{ field: 'extraData', message: 'extraData is larger than 8 KB.' }]);
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
});
