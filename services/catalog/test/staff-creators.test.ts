import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The editors' creator picker (beyond the spec): search by name, add without making twins. */
describe('staff creators', () => {
  let service: TestService;
  let admin: string;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    admin = await signTestToken({ roles: ['admin'], userId: 'staff-7', email: 'credits@inkwell.example' });
    await service.context.db.query("INSERT INTO creators (name) VALUES ('Aki Mori'), ('Akira 100% Real'), ('Ben Ode')");
  });

  afterAll(() => service?.close());

  it('finds creators whose name holds the query, treating % and _ as text', async () => {
    const names = async (query: string) => ((await call('GET', `/api/dashboard/creators?query=${encodeURIComponent(query)}`)).body.response as Json[]).map((creator) => creator.name);
    assert.deepEqual(await names('aki'), ['Aki Mori', 'Akira 100% Real']);
    assert.deepEqual(await names('100%'), ['Akira 100% Real']);
    assert.deepEqual(await names('%'), ['Akira 100% Real']);
    assert.deepEqual(await names('zzz'), []);
    assert.equal((await call('GET', '/api/dashboard/creators?count=2')).body.response.length, 2);
    assert.equal((await call('GET', '/api/dashboard/creators?count=0')).status, 400);
  });

  it('adds a creator once, answering the existing one for the same name in another case, and records who did it', async () => {
    const added = await call('POST', '/api/dashboard/creators/new', { name: '  Cleo   Vance ' });
    assert.equal(added.status, 200);
    assert.equal(added.body.response.name, 'Cleo Vance');
    const again = await Promise.all([call('POST', '/api/dashboard/creators/new', { name: 'cleo vance' }), call('POST', '/api/dashboard/creators/new', { name: 'CLEO VANCE' })]);
    for (const answer of again) assert.deepEqual(answer.body.response, added.body.response);
    const { rows } = await service.context.db.query<{ n: number }>("SELECT count(*)::int AS n FROM creators WHERE lower(name) = 'cleo vance'");
    assert.deepEqual(rows, [{ n: 1 }]);
    const audit = await service.context.db.query<{ action: string; actor_email: string }>("SELECT action, actor_email FROM staff_audit WHERE entity = 'lookup' AND entity_id = $1", [added.body.response.id]);
    assert.deepEqual(audit.rows, [{ action: 'creator-added', actor_email: 'credits@inkwell.example' }]);
  });

  it('refuses a blank or missing name, and callers who are not staff', async () => {
    assert.equal((await call('POST', '/api/dashboard/creators/new', { name: '   ' })).status, 400);
    assert.equal((await call('POST', '/api/dashboard/creators/new', {})).status, 400);
    assert.equal((await call('GET', '/api/dashboard/creators', undefined, null)).status, 401);
    assert.equal((await call('POST', '/api/dashboard/creators/new', { name: 'X' }, await signTestToken({ roles: [] }))).status, 403);
  });
});
