import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** `GET /plan` (storefront spec §7) and the staff calls that define plans (beyond the spec). */
describe('subscription plans', () => {
  let service: TestService;
  let admin: string;
  let reader: string;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const unlimited = {
    code: 'unlimited',
    name: 'Inkwell Unlimited',
    description: 'Read every subscription title.',
    price: 999,
    currency: 'USD',
    interval: 'month',
    unlocks: ['SubscriptionOnly', 'PaidOrSubscription'],
  };

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    admin = await signTestToken({ roles: ['admin'], userId: 'staff-9', email: 'plans@inkwell.example' });
    reader = await signTestToken({ roles: [], userId: 'reader-1', email: 'reader@example.com' });
  });
  afterAll(() => service?.close());

  it('offers no plan until staff define one', async () => {
    const answer = await call('GET', '/api/plan', undefined, null);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.response, []);
  });

  it('staff define, alter and delete plans; /plan lists them cheapest first; each change is audited', async () => {
    const created = await call('POST', '/api/dashboard/plans/new', unlimited);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const plan = created.body.response;
    assert.deepEqual({ ...plan, id: 0 }, { id: 0, ...unlimited, isDesktopSubscription: false });
    const desktop = await call('POST', '/api/dashboard/plans/new', { code: 'desktop-yearly', name: 'Desktop yearly', price: 4999, currency: 'USD', interval: 'year', unlocks: ['SubscriptionOnly'], isDesktopSubscription: true });
    assert.equal(desktop.status, 200, JSON.stringify(desktop.body));

    let listed = await call('GET', '/api/plan', undefined, null);
    assert.deepEqual(listed.body.response.map((each: Json) => [each.code, each.price, each.interval, each.unlocks, each.isDesktopSubscription]), [
      ['unlimited', 999, 'month', ['SubscriptionOnly', 'PaidOrSubscription'], false],
      ['desktop-yearly', 4999, 'year', ['SubscriptionOnly'], true],
    ]);

    const altered = await call('POST', '/api/dashboard/plans/alter', { ...unlimited, id: plan.id, price: 5999, unlocks: ['PaidOrSubscription'] });
    assert.equal(altered.status, 200, JSON.stringify(altered.body));
    assert.deepEqual(altered.body.response.unlocks, ['PaidOrSubscription']);
    listed = await call('GET', '/api/dashboard/plans');
    assert.deepEqual(listed.body.response.map((each: Json) => each.code), ['desktop-yearly', 'unlimited']);

    const deleted = await call('POST', `/api/dashboard/plans/delete?id=${plan.id}`);
    assert.equal(deleted.status, 200);
    assert.deepEqual((await call('GET', '/api/plan', undefined, null)).body.response.map((each: Json) => each.code), ['desktop-yearly']);
    const { rows } = await service.context.db.query<{ action: string; actor_email: string }>("SELECT action, actor_email FROM staff_audit WHERE entity = 'plan' AND entity_id = $1 ORDER BY id", [plan.id]);
    assert.deepEqual(rows.map((row) => row.action), ['created', 'altered', 'deleted']);
    assert.equal(rows[0]!.actor_email, 'plans@inkwell.example');
  });

  it('refuses bad plans with a 4xx naming the problem, changing nothing', async () => {
    const before = (await call('GET', '/api/dashboard/plans')).body.response;
    const bad: [Json, RegExp][] = [
      [{ ...unlimited, code: 'Has Spaces' }, /code must be/],
      [{ ...unlimited, code: 'bad-1', name: '' }, /name must be/],
      [{ ...unlimited, code: 'bad-2', price: -1 }, /price must be/],
      [{ ...unlimited, code: 'bad-3', price: 9.99 }, /price must be/],
      [{ ...unlimited, code: 'bad-4', currency: 'usd' }, /currency must be/],
      [{ ...unlimited, code: 'bad-5', interval: 'week' }, /interval must be/],
      [{ ...unlimited, code: 'bad-6', unlocks: [] }, /unlocks must list/],
      [{ ...unlimited, code: 'bad-7', unlocks: ['Paid'] }, /unlocks.0 .*must be one of: SubscriptionOnly, PaidOrSubscription/],
      [{ ...unlimited, code: 'bad-8', unlocks: ['SubscriptionOnly', 'SubscriptionOnly'] }, /unlocks must list/],
    ];
    for (const [body, message] of bad) {
      const answer = await call('POST', '/api/dashboard/plans/new', body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)} → ${answer.status}`);
      assert.match(answer.body.status.message, message);
    }
    const twin = await call('POST', '/api/dashboard/plans/new', { ...unlimited, code: 'desktop-yearly' });
    assert.equal(twin.status, 409);
    assert.equal(twin.body.status.message, 'A plan with the code "desktop-yearly" already exists.');
    const secondDesktop = await call('POST', '/api/dashboard/plans/new', { ...unlimited, code: 'desktop-2', isDesktopSubscription: true });
    assert.equal(secondDesktop.status, 409);
    assert.match(secondDesktop.body.status.message, /already the desktop subscription's plan/);
    assert.equal((await call('POST', '/api/dashboard/plans/alter', { ...unlimited, id: 999999 })).status, 404);
    // An id past the table's bigint (found by the contract check's stateful phase) is the caller's mistake.
    assert.equal((await call('POST', '/api/dashboard/plans/alter', { ...unlimited, id: 41273684062705891147776 })).status, 400);
    assert.equal((await call('POST', '/api/dashboard/plans/delete?id=999999')).status, 404);
    assert.equal((await call('POST', '/api/dashboard/plans/delete?id=abc')).status, 400);
    assert.deepEqual((await call('GET', '/api/dashboard/plans')).body.response, before);
  });

  it('the staff calls answer 401 to anonymous callers and 403 to readers', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/dashboard/plans', undefined],
      ['POST', '/api/dashboard/plans/new', unlimited],
      ['POST', '/api/dashboard/plans/alter', { ...unlimited, id: 1 }],
      ['POST', '/api/dashboard/plans/delete?id=1', undefined],
    ] as const) {
      assert.equal((await call(method, url, body, null)).status, 401, url);
      assert.equal((await call(method, url, body, reader)).status, 403, url);
    }
  });
});
