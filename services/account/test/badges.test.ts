import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { parseGiftCodeList } from '../src/domain/badge-codes';
import { accountService } from '../src';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const PASSWORD = 'correct horse battery';
const NO_MORE_GIFTS = 'Badge cannot be claimed: no more available gifts';

describe('badges and gift codes API (account service)', () => {
  let service: TestService;
  let counter = 0;
  const tag = `T${process.pid}X${Date.now().toString(36).toUpperCase()}`;

  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) => {
    const response = await service.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const db = () => service.context.db;
  const reader = async (label = 'reader', roles: string[] = []) => {
    const email = `${label}-${process.pid}-${++counter}@example.com`;
    const response = await call('POST', '/api/account/signupCustomerV2', undefined, { email: b64(email), password: b64(PASSWORD) });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const id = response.body.response.userid as string;
    if (roles.length > 0) await db().query('UPDATE accounts SET roles = $2 WHERE id = $1', [id, roles]);
    return { id, token: await signTestToken({ userId: id, email, roles }) };
  };
  /** A badge of this test's own, with `codes` in its pool. */
  const newBadge = async (codes: number) => {
    const { rows } = await db().query<{ id: number }>(
      "INSERT INTO badges (id, name, coupon_kind, coupon_value) SELECT coalesce(max(id), 100) + 1, $1, 'Percent', 10 FROM badges WHERE id > 100 RETURNING id",
      [`Test badge ${++counter}`],
    );
    const id = rows[0]!.id;
    const list = Array.from({ length: codes }, (_, index) => `${tag}-${id}-${index}`);
    if (codes > 0) await db().query("INSERT INTO badge_gift_codes (badge_id, code) SELECT $1, unnest($2::text[])", [id, list]);
    return id;
  };
  const giftEvents = async (userId: string): Promise<Json[]> =>
    (await db().query<{ data: Json }>("SELECT data FROM outbox WHERE type = 'badge.claimed' AND data->>'userId' = $1 ORDER BY seq", [userId])).rows.map((row) => row.data);

  let staff: { id: string; token: string };

  beforeAll(async () => {
    service = await buildTestService(accountService);
    staff = await reader('staff', ['admin']);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('has the campaign badges: 1 Anime Expo, 2 the convention, 3 the after party', async () => {
    const { rows } = await db().query<{ id: number }>('SELECT id FROM badges WHERE id <= 3 ORDER BY id');
    assert.deepEqual(rows.map((row) => row.id), [1, 2, 3]);
  });

  it('claims a badge once per account, hands one code, lists it, and answers the same badge when claimed again', async () => {
    const badgeId = await newBadge(3);
    const { id, token } = await reader();
    assert.deepEqual((await call('GET', '/api/userbadge/get', token)).body.response, []);
    const first = await call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, token);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.status.type, 'Success');
    assert.equal(first.body.response.badge.id, badgeId);
    assert.match(first.body.response.gift.code, new RegExp(`^${tag}-${badgeId}-`));
    const again = await call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, token);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.response, first.body.response);
    const list = await call('GET', '/api/userbadge/get', token);
    assert.deepEqual(list.body.response, [first.body.response]);
    const { rows } = await db().query<{ n: string }>('SELECT count(*) AS n FROM badge_gift_codes WHERE badge_id = $1 AND claimed_at IS NOT NULL', [badgeId]);
    assert.equal(Number(rows[0]!.n), 1);
    const events = await giftEvents(id);
    assert.equal(events.length, 1);
    assert.deepEqual(events[0], { userId: id, badgeId, giftCode: first.body.response.gift.code, coupon: { kind: 'Percent', value: 10, currency: 'USD' } });
  });

  it('refuses logged-out callers (401), unknown badges (404), bad badge ids (400) and an empty pool with the spec message, changing nothing', async () => {
    const badgeId = await newBadge(1);
    assert.equal((await call('POST', `/api/userbadge/claim?badgeId=${badgeId}`)).status, 401);
    assert.equal((await call('GET', '/api/userbadge/get')).status, 401);
    assert.equal((await call('POST', '/api/userbadge/claim/ax')).status, 401);
    assert.equal((await call('GET', `/api/userbadge/has/ax?userId=${randomUUID()}`)).status, 401);
    const { id, token } = await reader();
    const unknown = await call('POST', '/api/userbadge/claim?badgeId=999999', token);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status.message, 'There is no badge 999999.');
    for (const bad of ['abc', '0', '-1', '']) {
      const answer = await call('POST', `/api/userbadge/claim?badgeId=${bad}`, token);
      assert.equal(answer.status, 400, `badgeId=${bad}`);
      assert.equal(answer.body.status.problems?.[0]?.field, 'badgeId');
    }
    assert.equal((await call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, token)).status, 200);
    const other = await reader();
    const empty = await call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, other.token);
    assert.equal(empty.status, 409);
    assert.equal(empty.body.status.message, NO_MORE_GIFTS);
    assert.deepEqual((await call('GET', '/api/userbadge/get', other.token)).body.response, []);
    assert.deepEqual(await giftEvents(other.id), []);
    assert.equal((await giftEvents(id)).length, 1);
  });

  it('answers has/ax to the account itself and to staff, and 403 to anyone else; claim/ax claims badge 1', async () => {
    const { id, token } = await reader();
    const other = await reader();
    assert.equal((await call('GET', `/api/userbadge/has/ax?userId=${id}`, token)).body.response, false);
    const peek = await call('GET', `/api/userbadge/has/ax?userId=${id}`, other.token);
    assert.equal(peek.status, 403);
    assert.equal(peek.body.status.message, 'You can only look at your own badges.');
    assert.equal((await call('GET', '/api/userbadge/has/ax?userId=nope', token)).status, 400);
    // The badge 1 pool may be empty here (no demo data): give it a code of this test.
    await db().query('INSERT INTO badge_gift_codes (badge_id, code) VALUES (1, $1)', [`${tag}-AX-${id.slice(0, 8).toUpperCase()}`]);
    const claimed = await call('POST', '/api/userbadge/claim/ax', token);
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    assert.equal(claimed.body.response.badge.id, 1);
    assert.equal((await call('GET', `/api/userbadge/has/ax?userId=${id}`, token)).body.response, true);
    assert.equal((await call('GET', `/api/userbadge/has/ax?userId=${id}`, staff.token)).body.response, true);
    assert.equal((await call('GET', `/api/userbadge/has/ax?userId=${other.id}`, staff.token)).body.response, false);
  });

  it('hands 100 concurrent claims by 100 accounts distinct codes, never more than the pool', async () => {
    const pool = 60;
    const badgeId = await newBadge(pool);
    const readers = await Promise.all(Array.from({ length: 100 }, () => reader('crowd')));
    const answers = await Promise.all(readers.map((one) => call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, one.token)));
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status !== 200);
    assert.equal(won.length, pool);
    assert.ok(lost.every((answer) => answer.status === 409 && answer.body.status.message === NO_MORE_GIFTS));
    const codes = won.map((answer) => answer.body.response.gift.code as string);
    assert.equal(new Set(codes).size, pool);
    const { rows } = await db().query<{ handed: string; holders: string; distinct_holders: string }>(
      `SELECT count(*) FILTER (WHERE claimed_at IS NOT NULL) AS handed, count(holder_id) AS holders, count(DISTINCT holder_id) AS distinct_holders
       FROM badge_gift_codes WHERE badge_id = $1`,
      [badgeId],
    );
    const counts = rows[0]!;
    assert.deepEqual([counts.handed, counts.holders, counts.distinct_holders].map(Number), [pool, pool, pool]);
    const held = await db().query<{ n: string }>('SELECT count(*) AS n FROM user_badges WHERE badge_id = $1', [badgeId]);
    assert.equal(Number(held.rows[0]!.n), pool);
  });

  it('gives one account claiming the same badge 10 times at once one badge and one code', async () => {
    const badgeId = await newBadge(5);
    const { id, token } = await reader();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, token)));
    assert.ok(answers.every((answer) => answer.status === 200));
    assert.equal(new Set(answers.map((answer) => answer.body.response.gift.code)).size, 1);
    assert.equal((await giftEvents(id)).filter((event) => event.badgeId === badgeId).length, 1);
  });

  describe('staff', () => {
    it("lists a user's badges on their staff page", async () => {
      const badgeId = await newBadge(1);
      const { id, token } = await reader();
      await call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, token);
      const detail = await call('GET', `/api/dashboard/users/${id}`, staff.token);
      assert.equal(detail.status, 200, JSON.stringify(detail.body.status));
      assert.deepEqual(detail.body.response.badges.map((held: Json) => held.id), [String(badgeId)]);
    });

    it('answers 401 to anonymous callers and 403 to readers', async () => {
      const { token } = await reader();
      for (const [method, url, body] of [
        ['GET', '/api/dashboard/badges', undefined],
        ['POST', '/api/dashboard/badges/2/codes', { codes: 'ABCD' }],
      ] as const) {
        assert.equal((await call(method, url, undefined, body)).status, 401, url);
        assert.equal((await call(method, url, token, body)).status, 403, url);
      }
    });

    it('lists badges with codes total, handed out and left; uploads a CSV, deduping and skipping pooled codes', async () => {
      const badgeId = await newBadge(2);
      const before = (await call('GET', '/api/dashboard/badges', staff.token)).body.response.find((badge: Json) => badge.id === badgeId);
      assert.deepEqual(before.codes, { total: 2, handedOut: 0, left: 2 });
      await call('POST', `/api/userbadge/claim?badgeId=${badgeId}`, (await reader()).token);
      const csv = `code,note\n"${tag}-up-1",first\n${tag}-up-2\n\n${tag.toLowerCase()}-up-1\n${tag}-${badgeId}-0\n`;
      const upload = await call('POST', `/api/dashboard/badges/${badgeId}/codes`, staff.token, { codes: csv });
      assert.equal(upload.status, 200, JSON.stringify(upload.body));
      assert.equal(upload.body.response.added, 2);
      assert.equal(upload.body.response.skipped, 2);
      assert.deepEqual(upload.body.response.badge.codes, { total: 4, handedOut: 1, left: 3 });
      assert.equal(upload.body.response.badge.holders, 1);
      const audit = await db().query("SELECT 1 FROM staff_audit WHERE entity = 'badge' AND entity_id = $1 AND actor_id = $2", [String(badgeId), staff.id]);
      assert.equal(audit.rowCount, 1);
    });

    it('refuses a list with bad codes whole, naming each bad line; an empty list; an unknown badge', async () => {
      const badgeId = await newBadge(0);
      const bad = await call('POST', `/api/dashboard/badges/${badgeId}/codes`, staff.token, { codes: `${tag}-OK-1\nno spaces allowed\n${tag}-OK-2\nab\n` });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body.status.problems.map((problem: Json) => problem.message), [
        'Line 2: "no spaces allowed" is not a gift code. A code is 4 to 64 letters, digits, dashes or underscores.',
        'Line 4: "ab" is not a gift code. A code is 4 to 64 letters, digits, dashes or underscores.',
      ]);
      assert.equal(bad.body.status.problems[0].field, 'codes');
      const { rows } = await db().query<{ n: string }>('SELECT count(*) AS n FROM badge_gift_codes WHERE badge_id = $1', [badgeId]);
      assert.equal(Number(rows[0]!.n), 0);
      assert.equal((await call('POST', `/api/dashboard/badges/${badgeId}/codes`, staff.token, { codes: '\n \n' })).status, 400);
      assert.equal((await call('POST', `/api/dashboard/badges/${badgeId}/codes`, staff.token, {})).status, 400);
      assert.equal((await call('POST', '/api/dashboard/badges/999999/codes', staff.token, { codes: 'ABCDE' })).status, 404);
      assert.equal((await call('POST', '/api/dashboard/badges/x/codes', staff.token, { codes: 'ABCDE' })).status, 400);
    });
  });
});

describe('parseGiftCodeList', () => {
  it('reads one code a line or a CSV first column, upper-cases, drops blanks, a header and repeats', () => {
    assert.deepEqual(parseGiftCodeList('\uFEFFCode\r\nabcd-1\r\n"ABCD-2";x\n\nabcd-1\n'), { codes: ['ABCD-1', 'ABCD-2'], repeated: 1, problems: [] });
  });
  it('names each bad line', () => {
    assert.deepEqual(parseGiftCodeList('GOOD1\nb@d!\n').problems, [{ field: 'codes', message: 'Line 2: "b@d!" is not a gift code. A code is 4 to 64 letters, digits, dashes or underscores.' }]);
  });
});
