import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  ACCOUNT_ADMIN,
  GrpcCallError,
  ORDER_CUSTOMERS,
  createGrpcClient,
  createGrpcServer,
  erasedUserToken,
  type AccountAdminService,
  type CustomerAddress,
  type CustomersService,
  type GrpcClient,
  type GrpcServer,
} from '@inkwell/platform';
import { buildTestService, signTestToken, testLogger, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { accountService } from '../src';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const PASSWORD = 'correct horse battery';

describe('staff users API (account service)', () => {
  let service: TestService;
  let orderPeer: GrpcServer;
  let admin: GrpcClient<AccountAdminService>;
  /** What the stand-in order service answers for ListAddresses, by user id. */
  const addressesOf = new Map<string, CustomerAddress[]>();
  const askedAddresses: Array<{ userId: string; limit: number }> = [];
  let counter = 0;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const response = await service.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const db = () => service.context.db;
  const uniqueEmail = (label: string) => `${label}-${process.pid}-${++counter}@Example.com`;
  const signUp = async (email: string) => {
    const response = await call('POST', '/api/account/signupCustomerV2', { email: b64(email), password: b64(PASSWORD) });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.response.userid as string;
  };
  /** A staff member: a real account holding the admin role, and a token for it. */
  const newAdmin = async (label = 'staff') => {
    const email = uniqueEmail(label);
    const id = await signUp(email);
    await db().query("UPDATE accounts SET roles = '{admin}', verified = true WHERE id = $1", [id]);
    return { id, email, token: await signTestToken({ userId: id, email, roles: ['admin'] }) };
  };
  const events = async (type: string, userId: string): Promise<Json[]> => {
    const { rows } = await db().query<{ data: Json }>("SELECT data FROM outbox WHERE type = $1 AND data->>'userId' = $2 ORDER BY seq", [type, userId]);
    return rows.map((row) => row.data);
  };
  const auditOf = async (userId: string) => {
    const { rows } = await db().query<{ action: string; actor_id: string; actor_email: string | null; changes: Json; at: Date }>(
      "SELECT action, actor_id, actor_email, changes, at FROM staff_audit WHERE entity = 'user' AND entity_id = $1 ORDER BY id",
      [userId],
    );
    return rows;
  };
  const accountRow = async (id: string) => (await db().query<Json>('SELECT * FROM accounts WHERE id = $1', [id])).rows[0];

  let staff: Awaited<ReturnType<typeof newAdmin>>;
  let readerToken: string;

  beforeAll(async () => {
    orderPeer = createGrpcServer({ logger: testLogger, service: 'order-stand-in' });
    orderPeer.addService<CustomersService>(ORDER_CUSTOMERS.proto, ORDER_CUSTOMERS.service, {
      async listAddresses(request) {
        askedAddresses.push(request);
        return { addresses: addressesOf.get(request.userId) ?? [] };
      },
    });
    const orderPort = await orderPeer.listen('127.0.0.1', 0);
    const base = testServiceConfig('account', 'postgres://unused');
    service = await buildTestService(accountService, { config: { peers: { ...base.peers, order: { ...base.peers.order, grpcAddress: `127.0.0.1:${orderPort}` } } } });
    admin = createGrpcClient<AccountAdminService>(ACCOUNT_ADMIN.proto, ACCOUNT_ADMIN.service, `127.0.0.1:${await service.grpc.listen('127.0.0.1', 0)}`);
    staff = await newAdmin();
    const readerEmail = uniqueEmail('reader');
    readerToken = await signTestToken({ userId: await signUp(readerEmail), email: readerEmail, roles: [] });
  });
  afterAll(async () => {
    admin?.close();
    await service?.close();
    await orderPeer?.shutdown();
  });

  const anyId = randomUUID();
  const calls: Array<[method: 'GET' | 'POST', url: string, body?: unknown]> = [
    ['POST', '/api/dashboard/users/post-pagination', {}],
    ['GET', '/api/dashboard/users?query=a'],
    ['GET', `/api/dashboard/users/${anyId}`],
    ['POST', `/api/dashboard/users/alter/${anyId}`, { verified: true }],
    ['POST', `/api/dashboard/users/delete/${anyId}`],
    ['POST', '/api/dashboard/users/addCustomNote', { userId: anyId, logLevel: 'Info', message: 'hi' }],
    ['POST', `/api/dashboard/users/unsubscribe?userId=${anyId}&pending=true`],
    ['POST', '/api/dashboard/users/SetRoles', { Auth0Id: anyId, NewRoles: [] }],
    ['POST', `/api/dashboard/users/${anyId}/verification/resend`],
    ['POST', `/api/dashboard/users/${anyId}/verification/verify`],
  ];

  it('answers 401 to anonymous callers, 403 to readers, and stops an admin token once the account lost the role or is gone', async () => {
    const demoted = await newAdmin('demoted');
    await db().query("UPDATE accounts SET roles = '{}' WHERE id = $1", [demoted.id]);
    const goneId = randomUUID();
    const goneToken = await signTestToken({ userId: goneId, email: 'gone@example.com', roles: ['admin'] });
    for (const [method, url, body] of calls) {
      assert.equal((await call(method, url, body)).status, 401, `${method} ${url} anonymous`);
      assert.equal((await call(method, url, body, readerToken)).status, 403, `${method} ${url} reader`);
      assert.equal((await call(method, url, body, demoted.token)).status, 403, `${method} ${url} demoted admin`);
      assert.equal((await call(method, url, body, goneToken)).status, 401, `${method} ${url} erased admin`);
    }
  });

  it('searches users by email or name containing the text (any case), by id, filters by role and verification, sorts and pages', async () => {
    const tag = `zq${process.pid}x`;
    const ids: string[] = [];
    for (const [label, name, verified, roles] of [
      [`${tag}-anna`, 'Anna Zed', true, ['support']],
      [`${tag}-bob`, null, false, []],
      ['other', `Carla ${tag.toUpperCase()}`, true, []],
      [`${tag}-dan`, 'Dan', false, ['finance', 'support']],
    ] as const) {
      const id = await signUp(uniqueEmail(label));
      await db().query('UPDATE accounts SET name = $2, verified = $3, roles = $4 WHERE id = $1', [id, name, verified, roles]);
      ids.push(id);
    }
    const list = async (body: object) => {
      const response = await call('POST', '/api/dashboard/users/post-pagination', body, staff.token);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.response;
    };
    let page = await list({ search: tag.toUpperCase(), sortBy: 'email', sortDirection: 'asc' });
    assert.deepEqual(new Set(page.items.map((item: Json) => item.id)), new Set(ids));
    const emails = page.items.map((item: Json) => item.email.toLowerCase());
    assert.deepEqual(emails, [...emails].sort());
    assert.equal(page.filteredTotalRows, 4, 'three by email, one by name');
    assert.ok(page.unfilteredTotalRows >= 6);
    const anna = page.items.find((item: Json) => item.id === ids[0]);
    assert.deepEqual(Object.keys(anna).sort(), ['createdAt', 'email', 'externalId', 'id', 'lastLoginAt', 'loginCount', 'name', 'roles', 'verified']);
    assert.equal(anna.externalId, ids[0]);
    assert.equal(anna.name, 'Anna Zed');

    page = await list({ search: tag, role: 'support' });
    assert.deepEqual(new Set(page.items.map((item: Json) => item.id)), new Set([ids[0], ids[3]]));
    page = await list({ search: tag, verified: false, sortBy: 'name', sortDirection: 'asc' });
    assert.deepEqual(page.items.map((item: Json) => item.id), [ids[3], ids[1]], 'a name sorts before none');
    page = await list({ search: ids[1] });
    assert.deepEqual(page.items.map((item: Json) => item.id), [ids[1]], 'an exact id');
    page = await list({ search: tag, pageSize: 3, page: 2, sortBy: 'createdAt', sortDirection: 'asc' });
    assert.deepEqual(page.items.map((item: Json) => item.id), [ids[3]]);
    assert.equal(page.totalPageNumber, 2);
    assert.equal(page.thisPageNumber, 2);
    page = await list({ search: '%' });
    assert.equal(page.filteredTotalRows, 0, '% is searched for literally');

    for (const bad of [{ page: 0 }, { pageSize: 201 }, { role: 'owner' }, { sortBy: 'password' }, { search: 'x'.repeat(201) }]) {
      const response = await call('POST', '/api/dashboard/users/post-pagination', bad, staff.token);
      assert.equal(response.status, 400, JSON.stringify(bad));
      assert.ok(response.body.status.problems?.length >= 1, JSON.stringify(response.body));
    }

    // The quick lookup: the exact email first.
    const annaEmail = anna.email as string;
    const lookup = await call('GET', `/api/dashboard/users?query=${encodeURIComponent(annaEmail.toUpperCase())}&count=5`, undefined, staff.token);
    assert.equal(lookup.status, 200);
    assert.equal(lookup.body.response[0].id, ids[0]);
    const few = await call('GET', `/api/dashboard/users?query=${tag}&count=2`, undefined, staff.token);
    assert.equal(few.body.response.length, 2);
    assert.equal((await call('GET', '/api/dashboard/users?count=51', undefined, staff.token)).status, 400);
  });

  it('serves "contains" searches from the trigram indexes', async () => {
    const plans = await db().transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const email = await tx.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT id FROM accounts WHERE lower(email) LIKE '%anna%'");
      const name = await tx.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT id FROM accounts WHERE lower(name) LIKE '%anna%'");
      return [email, name].map((plan) => plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    });
    assert.match(plans[0]!, /accounts_email_trgm/);
    assert.match(plans[1]!, /accounts_name_trgm/);
  });

  it("shows a user's detail: account, sessions, newsletter, addresses from the order service, notes and activity", async () => {
    const email = uniqueEmail('detail');
    const id = await signUp(email);
    for (let i = 0; i < 2; i += 1) assert.equal((await call('POST', '/api/account/token', { UserName: email, Password: PASSWORD })).status, 200);
    addressesOf.set(id, [
      {
        firstName: 'Dana',
        surName: 'Reader',
        companyName: '',
        country: 'US',
        address: '1 Main St',
        locality: 'Springfield',
        postalCode: '12345',
        administrativeArea: 'IL',
        phoneNumber: '+15551234567',
        email,
        isShippingAddress: true,
        isBillingAddress: true,
        lastUsedAt: '2026-11-01T10:00:00.000Z',
      },
    ]);
    const note = await call('POST', '/api/dashboard/users/addCustomNote', { userId: id, logLevel: 'Error', message: 'Asked for a refund by phone.' }, staff.token);
    assert.equal(note.status, 200, JSON.stringify(note.body));
    assert.deepEqual(Object.keys(note.body.response).sort(), ['at', 'authorEmail', 'authorId', 'id', 'logLevel', 'message']);
    assert.equal(note.body.response.authorId, staff.id);
    assert.equal(note.body.response.authorEmail, staff.email);

    const detail = await call('GET', `/api/dashboard/users/${id}`, undefined, staff.token);
    assert.equal(detail.status, 200, JSON.stringify(detail.body));
    const user = detail.body.response;
    assert.equal(user.id, id);
    assert.equal(user.email, email);
    assert.equal(user.verified, false);
    assert.equal(user.loginCount, 2);
    assert.ok(user.lastLoginAt);
    assert.ok(user.verificationSentAt);
    assert.equal(user.activeSessions, 2);
    assert.deepEqual(user.newsletter, { subscribed: true, pending: false });
    assert.deepEqual(user.badges, []);
    assert.equal(user.addressesAvailable, true);
    assert.equal(user.addresses.length, 1);
    assert.equal(user.addresses[0].postalCode, '12345');
    assert.equal(user.addresses[0].companyName, null);
    assert.equal(user.addresses[0].lastUsedAt, '2026-11-01T10:00:00.000Z');
    assert.deepEqual(askedAddresses.at(-1), { userId: id, limit: 20 });
    assert.equal(user.notes.length, 1);
    assert.equal(user.notes[0].message, 'Asked for a refund by phone.');
    assert.equal(user.activity[0].action, 'noted');
    assert.equal(user.activity[0].actorId, staff.id);

    // A sign-in revoked no longer counts.
    await db().query("UPDATE refresh_tokens SET revoked_at = now() WHERE id = (SELECT id FROM refresh_tokens WHERE account_id = $1 LIMIT 1)", [id]);
    assert.equal((await call('GET', `/api/dashboard/users/${id}`, undefined, staff.token)).body.response.activeSessions, 1);

    assert.equal((await call('GET', `/api/dashboard/users/${randomUUID()}`, undefined, staff.token)).body.status.message, 'No such user.');
    assert.equal((await call('GET', `/api/dashboard/users/${randomUUID()}`, undefined, staff.token)).status, 404);
    const malformed = await call('GET', '/api/dashboard/users/auth0%7C5f2b', undefined, staff.token);
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.status.problems[0].field, 'id');
  });

  it('refuses a note that is too long, empty, of an unknown level or on an unknown user, and keeps nothing', async () => {
    const id = await signUp(uniqueEmail('notes'));
    const tooLong = await call('POST', '/api/dashboard/users/addCustomNote', { userId: id, logLevel: 'Info', message: 'x'.repeat(2001) }, staff.token);
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.status.problems[0].field, 'message');
    assert.deepEqual(tooLong.body.status.problems, [{ field: 'message', message: 'A note is 1 to 2000 characters long.' }]);
    const empty = await call('POST', '/api/dashboard/users/addCustomNote', { userId: id, logLevel: 'Info', message: '' }, staff.token);
    assert.deepEqual(empty.body.status.problems, [{ field: 'message', message: 'A note is 1 to 2000 characters long.' }]);
    assert.equal((await call('POST', '/api/dashboard/users/addCustomNote', { userId: id, logLevel: 'Debug', message: 'x' }, staff.token)).status, 400);
    const unknown = await call('POST', '/api/dashboard/users/addCustomNote', { userId: randomUUID(), logLevel: 'Info', message: 'x' }, staff.token);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status.message, 'No such user.');
    assert.equal((await db().query('SELECT 1 FROM user_notes WHERE account_id = $1', [id])).rowCount, 0);
    assert.equal((await auditOf(id)).length, 0);
  });

  it("alters a user's email, name, rating and verification, audited without the personal values, and tells the old address", async () => {
    const email = uniqueEmail('alter');
    const id = await signUp(email);
    await db().query('UPDATE accounts SET verified = true WHERE id = $1', [id]);
    const newEmail = uniqueEmail('altered');
    const altered = await call('POST', `/api/dashboard/users/alter/${id}`, { email: ` ${newEmail} `, name: '  Dana Reader ', maxShownRating: 't' }, staff.token);
    assert.equal(altered.status, 200, JSON.stringify(altered.body));
    assert.equal(altered.body.response.email, newEmail);
    assert.equal(altered.body.response.name, 'Dana Reader');
    assert.equal(altered.body.response.maxShownRating, 't');
    assert.equal(altered.body.response.verified, false, 'a new address is not proven');
    const [audit] = await auditOf(id);
    assert.equal(audit!.action, 'altered');
    assert.equal(audit!.actor_id, staff.id);
    assert.equal(audit!.actor_email, staff.email);
    assert.deepEqual(audit!.changes, {
      email: { from: '(personal)', to: '(personal)' },
      name: { from: null, to: '(personal)' },
      verified: { from: true, to: false },
      maxShownRating: { from: null, to: 't' },
    });
    assert.ok(!JSON.stringify(audit!.changes).toLowerCase().includes('dana'), 'no personal value in the trail');
    const [changed] = await events('account.email-changed', id);
    assert.deepEqual(changed, { userId: id, oldEmail: email, newEmail }, 'the completed form: no link');

    // Staff verify through alter: account.verified goes out so guest purchases attach.
    const verified = await call('POST', `/api/dashboard/users/alter/${id}`, { verified: true, name: null }, staff.token);
    assert.equal(verified.body.response.verified, true);
    assert.equal(verified.body.response.name, null);
    assert.deepEqual(await events('account.verified', id), [{ userId: id, email: newEmail }]);
    // The same values again change nothing and write nothing.
    await call('POST', `/api/dashboard/users/alter/${id}`, { verified: true, maxShownRating: 't' }, staff.token);
    assert.equal((await auditOf(id)).length, 2);
    assert.equal(verified.body.response.activity.length, 2);
    // The same address in another case stays verified.
    const recased = await call('POST', `/api/dashboard/users/alter/${id}`, { email: newEmail.toLowerCase() }, staff.token);
    assert.equal(recased.body.response.email, newEmail.toLowerCase());
    assert.equal(recased.body.response.verified, true);
  });

  it('refuses an empty alter, an invalid or taken email, an unknown rating or user, and changes nothing', async () => {
    const email = uniqueEmail('keep');
    const id = await signUp(email);
    const other = uniqueEmail('taken');
    await signUp(other);
    const empty = await call('POST', `/api/dashboard/users/alter/${id}`, {}, staff.token);
    assert.equal(empty.status, 400);
    assert.equal(empty.body.status.message, 'Nothing to change: send at least one field.');
    const invalid = await call('POST', `/api/dashboard/users/alter/${id}`, { email: 'not-an-email', name: 'X' }, staff.token);
    assert.equal(invalid.status, 400);
    assert.deepEqual(invalid.body.status.problems, [{ field: 'email', message: 'Please enter a valid email.' }]);
    const taken = await call('POST', `/api/dashboard/users/alter/${id}`, { email: other.toUpperCase(), name: 'X' }, staff.token);
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body.status.problems, [{ field: 'email', message: 'An account with this email already exists.' }]);
    assert.equal((await call('POST', `/api/dashboard/users/alter/${id}`, { maxShownRating: 'x' }, staff.token)).status, 400);
    assert.equal((await call('POST', `/api/dashboard/users/alter/${randomUUID()}`, { verified: true }, staff.token)).status, 404);
    assert.equal((await call('POST', '/api/dashboard/users/alter/77', { verified: true }, staff.token)).status, 400);
    const row = await accountRow(id);
    assert.equal(row.email, email);
    assert.equal(row.name, null);
    assert.equal((await auditOf(id)).length, 0);
    assert.equal((await events('account.email-changed', id)).length, 0);
  });

  it('unsubscribes from the newsletter now or marks it pending, audited', async () => {
    const id = await signUp(uniqueEmail('news'));
    let answer = await call('POST', `/api/dashboard/users/unsubscribe?pending=true&userId=${id}`, undefined, staff.token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.response.newsletter, { subscribed: true, pending: true });
    answer = await call('POST', `/api/dashboard/users/unsubscribe?userId=${id}`, undefined, staff.token);
    assert.deepEqual(answer.body.response.newsletter, { subscribed: false, pending: false });
    assert.equal((await accountRow(id)).marketing_opt_out, true);
    assert.deepEqual((await auditOf(id)).map((entry) => entry.action), ['unsubscribe-pending', 'unsubscribed']);
    assert.equal((await call('POST', `/api/dashboard/users/unsubscribe?userId=${randomUUID()}`, undefined, staff.token)).status, 404);
    assert.equal((await call('POST', '/api/dashboard/users/unsubscribe?userId=77', undefined, staff.token)).status, 400);
    assert.equal((await call('POST', `/api/dashboard/users/unsubscribe?userId=${id}&pending=maybe`, undefined, staff.token)).status, 400);
  });

  it('resends the verification email and verifies by hand, each once, audited', async () => {
    const email = uniqueEmail('verify');
    const id = await signUp(email);
    const resent = await call('POST', `/api/dashboard/users/${id}/verification/resend`, undefined, staff.token);
    assert.equal(resent.status, 200, JSON.stringify(resent.body));
    const [requested] = await events('account.verification-requested', id);
    assert.deepEqual(Object.keys(requested).sort(), ['email', 'userId', 'verificationLinkId']);
    assert.equal((await db().query('SELECT 1 FROM link_tokens WHERE id = $1 AND account_id = $2', [requested.verificationLinkId, id])).rowCount, 1);

    const verified = await call('POST', `/api/dashboard/users/${id}/verification/verify`, undefined, staff.token);
    assert.equal(verified.status, 200);
    assert.equal(verified.body.response.verified, true);
    assert.deepEqual(await events('account.verified', id), [{ userId: id, email }]);
    for (const action of ['resend', 'verify']) {
      const again = await call('POST', `/api/dashboard/users/${id}/verification/${action}`, undefined, staff.token);
      assert.equal(again.status, 409);
      assert.equal(again.body.status.message, 'This email is verified already.');
    }
    assert.deepEqual((await auditOf(id)).map((entry) => entry.action), ['verification-sent', 'verified']);
    assert.equal((await call('POST', `/api/dashboard/users/${randomUUID()}/verification/verify`, undefined, staff.token)).status, 404);
  });

  it('sets roles from the list only, never your own admin role or the last admin\'s, audited', async () => {
    const id = await signUp(uniqueEmail('roles'));
    const set = (Auth0Id: string, NewRoles: string[], token = staff.token) => call('POST', '/api/dashboard/users/SetRoles', { Auth0Id, NewRoles }, token);
    const ok = await set(id, ['finance', 'support', 'support']);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.response.roles, ['support', 'finance']);
    assert.deepEqual((await auditOf(id)).map((entry) => [entry.action, entry.changes]), [['roles-set', { roles: { from: [], to: ['support', 'finance'] } }]]);

    const unknown = await set(id, ['support', 'owner']);
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.status.problems, [{ field: 'NewRoles', message: 'Unknown role: owner. Roles are admin, support and finance.' }]);
    const own = await set(staff.id, ['support']);
    assert.equal(own.status, 403);
    assert.equal(own.body.status.message, 'You cannot remove your own admin role.');
    assert.equal((await set(randomUUID(), [])).status, 404);
    assert.equal((await set('auth0|5f2b', [])).status, 404);
    assert.deepEqual((await accountRow(staff.id)).roles, ['admin']);
    assert.deepEqual((await accountRow(id)).roles, ['support', 'finance']);
  });

  /** Runs `work` with only `admins` holding the admin role; the others step aside in the database and come back after. */
  const withOnlyAdmins = async (work: (admins: Array<Awaited<ReturnType<typeof newAdmin>>>) => Promise<void>, count: number) => {
    const { rows } = await db().query<{ id: string }>("UPDATE accounts SET roles = '{support}' WHERE 'admin' = ANY (roles) RETURNING id");
    const made: Array<Awaited<ReturnType<typeof newAdmin>>> = [];
    try {
      for (let i = 0; i < count; i += 1) made.push(await newAdmin(`only${i}`));
      await work(made);
    } finally {
      await db().query("UPDATE accounts SET roles = '{}' WHERE id = ANY ($1)", [made.map((admin) => admin.id)]);
      await db().query("UPDATE accounts SET roles = '{admin}' WHERE id = ANY ($1)", [rows.map((row) => row.id)]);
    }
  };

  it("refuses to take the last admin's admin role: a removal waiting on the admin lock counts the admins again", async () => {
    await withOnlyAdmins(async ([first, second]) => {
      // `second` asks to demote `first` while another change holds the admin lock; that change
      // demotes `second` and commits; `second`'s change then finds `first` the last admin.
      let pending: Promise<{ status: number; body: Json }> | undefined;
      await db().transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('account:admin-roles'))");
        let answered = false;
        pending = call('POST', '/api/dashboard/users/SetRoles', { Auth0Id: first!.id, NewRoles: ['support'] }, second!.token).finally(() => {
          answered = true;
        });
        // Until the request waits for the lock (or, were there no lock, has answered already).
        for (;;) {
          const waiting = await db().query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
          if (waiting.rowCount || answered) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        await tx.query("UPDATE accounts SET roles = '{}' WHERE id = $1", [second!.id]);
      });
      const refused = await pending!;
      assert.equal(refused.status, 409, JSON.stringify(refused.body));
      assert.deepEqual(refused.body.status.problems, [{ field: 'NewRoles', message: 'This is the last admin: give another account the admin role first.' }]);
      assert.deepEqual((await accountRow(first!.id)).roles, ['admin']);
      assert.equal((await auditOf(first!.id)).length, 0);
    }, 2);
  });

  it("never leaves zero admins when two admins take each other's role at the same time", async () => {
    await withOnlyAdmins(async ([first, second]) => {
      const answers = await Promise.all([
        call('POST', '/api/dashboard/users/SetRoles', { Auth0Id: second!.id, NewRoles: [] }, first!.token),
        call('POST', '/api/dashboard/users/SetRoles', { Auth0Id: first!.id, NewRoles: [] }, second!.token),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      // One wins; the other is refused as the last admin's role, or (having lost its own first) as no longer staff.
      assert.equal(statuses[0], 200, JSON.stringify(answers.map((answer) => answer.body)));
      assert.ok([403, 409].includes(statuses[1]!), JSON.stringify(answers.map((answer) => answer.body)));
      const admins = await db().query("SELECT id FROM accounts WHERE 'admin' = ANY (roles)");
      assert.equal(admins.rowCount, 1);
    }, 2);
  });

  it('erases a user in one go: account, sign-ins, links, notes, failed sign-ins; account.deleted out; audited without personal data', async () => {
    const email = uniqueEmail('erase');
    const id = await signUp(email);
    assert.equal((await call('POST', '/api/account/token', { UserName: email, Password: PASSWORD })).status, 200);
    assert.equal((await call('POST', '/api/account/token', { UserName: email, Password: 'wrong password!' })).status, 403);
    assert.equal((await call('POST', '/api/dashboard/users/addCustomNote', { userId: id, logLevel: 'Info', message: 'Wants to leave.' }, staff.token)).status, 200);
    assert.equal((await call('POST', `/api/dashboard/users/alter/${id}`, { name: 'Erin Erase' }, staff.token)).status, 200);
    const counts = async () => {
      const { rows } = await db().query<Json>(
        `SELECT (SELECT count(*) FROM accounts WHERE id = $1)::int AS accounts,
                (SELECT count(*) FROM refresh_tokens WHERE account_id = $1)::int AS refresh,
                (SELECT count(*) FROM link_tokens WHERE account_id = $1)::int AS links,
                (SELECT count(*) FROM user_notes WHERE account_id = $1)::int AS notes,
                (SELECT count(*) FROM login_throttle WHERE key = $2)::int AS throttle`,
        [id, `account:${email.toLowerCase()}`],
      );
      return rows[0];
    };
    assert.deepEqual(await counts(), { accounts: 1, refresh: 1, links: 1, notes: 1, throttle: 1 });

    const own = await call('POST', `/api/dashboard/users/delete/${staff.id}`, undefined, staff.token);
    assert.equal(own.status, 409);
    assert.equal(own.body.status.message, 'You cannot delete your own account from the dashboard.');
    assert.equal((await call('POST', `/api/dashboard/users/delete/${randomUUID()}`, undefined, staff.token)).status, 404);
    assert.equal((await call('POST', '/api/dashboard/users/delete/77', undefined, staff.token)).status, 400);

    const erased = await call('POST', `/api/dashboard/users/delete/${id}`, undefined, staff.token);
    assert.equal(erased.status, 200, JSON.stringify(erased.body));
    assert.deepEqual(erased.body.response, { userId: id, erased: true });
    assert.deepEqual(await counts(), { accounts: 0, refresh: 0, links: 0, notes: 0, throttle: 0 });
    assert.deepEqual(await events('account.deleted', id), [{ userId: id }]);
    const token = erasedUserToken(id);
    const trail = await auditOf(token);
    assert.deepEqual(trail.map((entry) => entry.action), ['noted', 'altered', 'erased'], 'the trail stays, under the anonymous token');
    assert.equal(trail[2]!.actor_id, staff.id);
    assert.deepEqual(trail[2]!.changes, {});
    assert.equal((await auditOf(id)).length, 0);
    // Nothing in this database names the person any more but account.deleted itself.
    const { rows } = await db().query<{ type: string }>(
      "SELECT type FROM outbox WHERE position($1 IN lower(data::text || key)) > 0 OR position($2 IN lower(data::text || key)) > 0",
      [email.toLowerCase(), id],
    );
    assert.deepEqual(rows.map((row) => row.type), ['account.deleted']);
    const mentions = await db().query("SELECT 1 FROM staff_audit WHERE position(lower($1) IN lower(changes::text || entity_id)) > 0 OR changes::text ILIKE '%erin%'", [email]);
    assert.equal(mentions.rowCount, 0);
    assert.equal((await call('POST', `/api/dashboard/users/delete/${id}`, undefined, staff.token)).status, 404, 'gone');
  });

  it('erases over gRPC (AccountAdmin.EraseAccount) through the same flow; a retry answers erased: false', async () => {
    const id = await signUp(uniqueEmail('grpc-erase'));
    assert.deepEqual(await admin.eraseAccount({ userId: id, actorId: staff.id, actorEmail: staff.email }), { erased: true });
    assert.equal(await accountRow(id), undefined);
    assert.deepEqual(await events('account.deleted', id), [{ userId: id }]);
    const [entry] = await auditOf(erasedUserToken(id));
    assert.equal(entry!.action, 'erased');
    assert.equal(entry!.actor_email, staff.email);
    assert.deepEqual(await admin.eraseAccount({ userId: id, actorId: staff.id, actorEmail: staff.email }), { erased: false });

    const refusal = async (request: { userId: string; actorId: string; actorEmail: string }) => {
      try {
        await admin.eraseAccount(request);
      } catch (error) {
        assert.ok(error instanceof GrpcCallError);
        return [error.code, error.details];
      }
      return assert.fail('the call was not refused');
    };
    assert.deepEqual(await refusal({ userId: staff.id, actorId: staff.id, actorEmail: staff.email }), ['FAILED_PRECONDITION', 'You cannot delete your own account from the dashboard.']);
    assert.equal((await refusal({ userId: 'auth0|77', actorId: staff.id, actorEmail: '' }))[0], 'INVALID_ARGUMENT');
    assert.equal((await refusal({ userId: randomUUID(), actorId: '', actorEmail: '' }))[0], 'INVALID_ARGUMENT');
    assert.ok(await accountRow(staff.id));
  });

  it('shows the detail without addresses when the order service does not answer', async () => {
    const id = await signUp(uniqueEmail('no-peer'));
    await orderPeer.shutdown();
    const detail = await call('GET', `/api/dashboard/users/${id}`, undefined, staff.token);
    assert.equal(detail.status, 200, JSON.stringify(detail.body));
    assert.equal(detail.body.response.addressesAvailable, false);
    assert.deepEqual(detail.body.response.addresses, []);
  });
});
