import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { issueSimulatedTicket, SIMULATED_TICKET_TTL_MS } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { startSteamStandin, type SteamStandin } from '../../../test/support/steam-standin';
import { accountService } from '../src';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const PASSWORD = 'lantern quartz meadow 1987';
const aesKey = () => randomBytes(32).toString('base64');
let counter = 0;
const steamId = () => `7656119${String(process.pid).padStart(6, '0').slice(-6)}${String(++counter).padStart(4, '0')}`;

function client(service: () => TestService) {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const response = await service().app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() as Json, raw: response.body };
  };
  const signUpAndLogIn = async (label: string) => {
    const email = `${label}-${process.pid}-${++counter}@example.com`;
    const signup = await call('POST', '/api/account/signupCustomerV2', { email: b64(email), password: b64(PASSWORD) });
    assert.equal(signup.status, 200, JSON.stringify(signup.body));
    const login = await call('POST', '/api/account/token', { UserName: email, Password: PASSWORD });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return { userId: signup.body.response.userid as string, token: login.body.response.access_token as string };
  };
  return { call, signUpAndLogIn };
}

describe('desktop calls on the simulated platform', () => {
  let service: TestService;
  const { call, signUpAndLogIn } = client(() => service);
  const ticket = (id: string, now?: Date) => issueSimulatedTicket(id, undefined, now);

  beforeAll(async () => {
    service = await buildTestService(accountService);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('keeps the AES key under an identifier for the ticket\'s identity and gives it back only for a fresh ticket of that identity', async () => {
    const me = steamId();
    const key = aesKey();
    const { token, userId } = await signUpAndLogIn('desktop-keys');
    const stored = await call('POST', '/api/account/SteamStoreEncryptionEntry?api-version=1.4', { ticket: ticket(me), identity: me, aesKey: key }, token);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    const identifier = stored.body.response.identifier as string;
    assert.match(identifier, /^[0-9a-f-]{36}$/);
    assert.ok(!stored.raw.includes(key), 'the store answer does not repeat the key');

    const retrieved = await call('POST', '/api/account/SteamRetrieveEncryptionEntry?api-version=1.4', { ticket: ticket(me), tokenEntryId: identifier, identity: me });
    assert.equal(retrieved.status, 200, JSON.stringify(retrieved.body));
    assert.equal(retrieved.body.response.aesKey, key);

    // Storing while signed in linked the platform user to the account.
    const { rows } = await service.context.db.query<{ user_id: string }>('SELECT user_id FROM desktop_links WHERE platform_user_id = $1', [me]);
    assert.equal(rows[0]?.user_id, userId);

    // Another platform user, with a valid ticket of their own, learns nothing of the entry.
    const other = steamId();
    const theirs = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: ticket(other), tokenEntryId: identifier, identity: other });
    assert.equal(theirs.status, 404);
    assert.ok(!theirs.raw.includes(key));
    // A ticket of another user than the identity claimed.
    const mismatch = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: ticket(other), tokenEntryId: identifier, identity: me });
    assert.equal(mismatch.status, 403);
    assert.equal(mismatch.body.status.problems?.[0]?.field ?? mismatch.body.status.field ?? 'identity', 'identity');
    // An identifier that was never given out.
    const unknown = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: ticket(me), tokenEntryId: randomUUID(), identity: me });
    assert.equal(unknown.status, 404);
    const notAnId = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: ticket(me), tokenEntryId: 'x', identity: me });
    assert.equal(notAnId.status, 404);
  });

  it('refuses bad, forged and expired tickets and malformed keys with a 4xx naming the field, storing nothing', async () => {
    const me = steamId();
    const count = async () => Number((await service.context.db.query<{ n: string }>('SELECT count(*) AS n FROM desktop_encryption_entries WHERE identity = $1', [me])).rows[0]!.n);
    const forged = ticket(me).replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    const expired = ticket(me, new Date(Date.now() - SIMULATED_TICKET_TTL_MS - 60_000));
    for (const bad of ['not-a-ticket', forged, expired, issueSimulatedTicket(me, 'another secret')]) {
      const answer = await call('POST', '/api/account/SteamStoreEncryptionEntry', { ticket: bad, identity: me, aesKey: aesKey() });
      assert.equal(answer.status, 403, bad);
      assert.equal(answer.body.status.message, 'The desktop platform did not accept the ticket: ask the app for a new one.');
      const retrieve = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: bad, tokenEntryId: randomUUID(), identity: me });
      assert.equal(retrieve.status, 403);
    }
    const shortKey = await call('POST', '/api/account/SteamStoreEncryptionEntry', { ticket: ticket(me), identity: me, aesKey: randomBytes(16).toString('base64') });
    assert.equal(shortKey.status, 400);
    assert.match(JSON.stringify(shortKey.body.status), /aesKey/);
    const badIdentity = await call('POST', '/api/account/SteamStoreEncryptionEntry', { ticket: ticket(me), identity: 'steam:me', aesKey: aesKey() });
    assert.equal(badIdentity.status, 400);
    const missing = await call('POST', '/api/account/SteamStoreEncryptionEntry', { identity: me, aesKey: aesKey() });
    assert.equal(missing.status, 400);
    assert.match(JSON.stringify(missing.body.status), /ticket/);
    assert.equal(await count(), 0);
  });

  it('checks, renews and cancels the subscription of the platform user the account uses the app as; nobody else may look', async () => {
    const me = steamId();
    const owner = await signUpAndLogIn('desktop-sub');
    const stranger = await signUpAndLogIn('desktop-stranger');

    assert.equal((await call('GET', `/api/steam/hasValidSubscription/${me}`)).status, 401, 'logged out');
    // Not linked yet: renewing has nothing to renew, and the owner is nobody.
    const unlinked = await call('POST', '/api/account/renew-subscription?platform=steam', undefined, owner.token);
    assert.equal(unlinked.status, 409);
    assert.equal(unlinked.body.status.message, 'Open the desktop app and log in there first: this account is not linked to a platform user yet.');
    assert.equal((await call('GET', `/api/steam/hasValidSubscription/${me}`, undefined, owner.token)).status, 403);

    assert.equal((await call('POST', '/api/account/SteamStoreEncryptionEntry', { ticket: ticket(me), identity: me, aesKey: aesKey() }, owner.token)).status, 200);
    const none = await call('GET', `/api/steam/hasValidSubscription/${me}?api-version=1.4`, undefined, owner.token);
    assert.equal(none.status, 200, JSON.stringify(none.body));
    assert.deepEqual(none.body.response, { platform: 'steam', platformUserId: me, valid: false, status: 'None', paidUntil: null });

    const forbidden = await call('GET', `/api/steam/hasValidSubscription/${me}`, undefined, stranger.token);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.status.message, 'You can only look at the subscription of the platform user you use the desktop app as.');

    const renewed = await call('POST', '/api/account/renew-subscription?platform=steam&api-version=1.4', undefined, owner.token);
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    assert.equal(renewed.body.response.valid, true);
    assert.equal(renewed.body.response.status, 'Active');
    const paidUntil = renewed.body.response.paidUntil as string;
    assert.ok(new Date(paidUntil) > new Date());
    // Renewing an active one changes nothing.
    assert.equal((await call('POST', '/api/account/renew-subscription?platform=steam', undefined, owner.token)).body.response.paidUntil, paidUntil);

    const cancelled = await call('GET', '/api/account/unsubscribe?platform=steam', undefined, owner.token);
    assert.equal(cancelled.status, 200);
    const after = await call('GET', `/api/steam/hasValidSubscription/${me}`, undefined, owner.token);
    assert.deepEqual(after.body.response, { platform: 'steam', platformUserId: me, valid: true, status: 'Canceled', paidUntil }, 'cancelled, it runs to the end of what was paid');
    const { rows } = await service.context.db.query<{ status: string }>('SELECT status FROM desktop_sim_agreements WHERE platform_user_id = $1', [me]);
    assert.deepEqual(rows, [{ status: 'Canceled' }], 'one agreement, cancelled');

    // Staff may look at anyone's.
    const admin = await signTestToken({ userId: randomUUID(), roles: ['admin'] });
    assert.equal((await call('GET', `/api/steam/hasValidSubscription/${me}`, undefined, admin)).body.response.status, 'Canceled');

    const badPlatform = await call('POST', '/api/account/renew-subscription?platform=xbox', undefined, owner.token);
    assert.equal(badPlatform.status, 400);
    assert.equal(badPlatform.body.status.message, 'platform is steam, the only desktop platform.');
    assert.equal((await call('POST', '/api/account/renew-subscription?platform=steam')).status, 401);
    assert.equal((await call('GET', '/api/steam/hasValidSubscription/not-a-steam-id', undefined, owner.token)).status, 400);
  });
});

describe('desktop calls on the Steam driver, against a stand-in of Steam\'s Web API', () => {
  let service: TestService;
  let steam: SteamStandin;
  const { call, signUpAndLogIn } = client(() => service);

  beforeAll(async () => {
    steam = await startSteamStandin();
    const base = (await import('@inkwell/platform/testing')).testServiceConfig('account', 'postgres://unused');
    service = await buildTestService(accountService, {
      config: { desktop: { ...base.desktop, driver: 'steam', steamWebApiKey: steam.webApiKey, steamAppId: steam.appId, steamApiUrl: steam.url, steamSandbox: false } },
    });
  });
  afterAll(async () => {
    await service?.close();
    await steam?.close();
  });

  it('authenticates tickets with AuthenticateUserTicket, reads agreements with GetUserAgreementInfo and cancels with CancelAgreement', async () => {
    const me = steamId();
    const { token } = await signUpAndLogIn('steam-driver');
    const key = aesKey();
    const stored = await call('POST', '/api/account/SteamStoreEncryptionEntry', { ticket: steam.issueTicket(me), identity: me, aesKey: key }, token);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    const retrieved = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: steam.issueTicket(me), tokenEntryId: stored.body.response.identifier, identity: me });
    assert.equal(retrieved.body.response.aesKey, key);

    const unknownTicket = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: 'ABCDEF0123', tokenEntryId: stored.body.response.identifier, identity: me });
    assert.equal(unknownTicket.status, 403, 'Steam said Invalid ticket');
    const otherUsersTicket = await call('POST', '/api/account/SteamRetrieveEncryptionEntry', { ticket: steam.issueTicket(steamId()), tokenEntryId: stored.body.response.identifier, identity: me });
    assert.equal(otherUsersTicket.status, 403);

    assert.equal((await call('GET', `/api/steam/hasValidSubscription/${me}`, undefined, token)).body.response.status, 'None');
    const agreement = steam.addAgreement(me, { status: 'Active' });
    const active = await call('GET', `/api/steam/hasValidSubscription/${me}`, undefined, token);
    assert.equal(active.body.response.valid, true);
    assert.equal(active.body.response.status, 'Active');

    assert.equal((await call('GET', '/api/account/unsubscribe?platform=steam', undefined, token)).status, 200);
    const cancelCall = steam.calls.find((c) => c.path === '/ISteamMicroTxn/CancelAgreement/v1/');
    assert.equal(cancelCall?.method, 'POST');
    assert.equal(cancelCall?.params.agreementid, agreement.agreementid);
    assert.equal(cancelCall?.params.steamid, me);
    assert.equal(cancelCall?.params.appid, steam.appId);
    const cancelled = await call('GET', `/api/steam/hasValidSubscription/${me}`, undefined, token);
    assert.equal(cancelled.body.response.status, 'Canceled');
    assert.equal(cancelled.body.response.valid, true, 'paid up to its next payment day');

    // Steam cannot take a cancellation back: the user agrees to a new subscription in the app.
    const renew = await call('POST', '/api/account/renew-subscription?platform=steam', undefined, token);
    assert.equal(renew.status, 409);
    assert.match(renew.body.status.message, /agree to a new subscription/);

    // Every call carried the key and app id; no answer ever carried the key.
    assert.ok(steam.calls.length >= 6);
    assert.ok(steam.calls.every((c) => c.params.key === steam.webApiKey && c.params.appid === steam.appId));
    for (const answer of [stored, retrieved, active, cancelled, renew]) assert.ok(!answer.raw.includes(steam.webApiKey));
  });

  it('answers 503 when Steam refuses the key, and says nothing of it', async () => {
    const wrong = await buildTestService(accountService, {
      config: { desktop: { driver: 'steam', simulatedSecret: 'x', steamWebApiKey: 'WRONGKEY', steamAppId: steam.appId, steamApiUrl: steam.url, steamSandbox: false } },
    });
    try {
      const me = steamId();
      const answer = await wrong.app.inject({ method: 'POST', url: '/api/account/SteamRetrieveEncryptionEntry', payload: { ticket: steam.issueTicket(me), tokenEntryId: randomUUID(), identity: me } });
      assert.equal(answer.statusCode, 503);
      assert.ok(!answer.body.includes('WRONGKEY'));
    } finally {
      await wrong.close();
    }
  });
});
