import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DesktopPlatformRefusal, DesktopPlatformUnavailable, DesktopTicketError, SteamDesktopPlatform } from '@inkwell/platform';
import { startSteamStandin, type SteamStandin } from '../../../test/support/steam-standin';

/** The Steam Web API driver's micro-transaction and ticket calls against the stand-in of Steam's documented calls. */
describe('Steam driver against the stand-in of ISteamMicroTxn and ISteamUserAuth', () => {
  let steam: SteamStandin;
  let driver: SteamDesktopPlatform;
  const me = '76561198000000042';

  beforeAll(async () => {
    steam = await startSteamStandin();
    driver = new SteamDesktopPlatform({ webApiKey: steam.webApiKey, appId: steam.appId, apiUrl: steam.url });
  });
  afterAll(() => steam?.close());

  it('InitTxn → the user authorises → FinalizeTxn → QueryTxn Succeeded → RefundTxn, with Steam\'s parameters', async () => {
    const started = await driver.initTransaction({ orderId: '100001', platformUserId: me, currency: 'USD', language: 'en', items: [{ itemId: 34, quantity: 1, amount: 1087, description: 'Moon Garden, Vol. 1' }] });
    assert.equal(started.status, 'Init');
    assert.match(started.transId, /^\d+$/);
    const initCall = steam.calls.find((call) => call.path === '/ISteamMicroTxn/InitTxn/v3/')!;
    assert.equal(initCall.method, 'POST');
    assert.deepEqual(
      { orderid: initCall.params.orderid, steamid: initCall.params.steamid, itemcount: initCall.params.itemcount, currency: initCall.params.currency, language: initCall.params.language, usersession: initCall.params.usersession },
      { orderid: '100001', steamid: me, itemcount: '1', currency: 'USD', language: 'en', usersession: 'client' },
    );
    assert.deepEqual([initCall.params['itemid[0]'], initCall.params['qty[0]'], initCall.params['amount[0]'], initCall.params['description[0]']], ['34', '1', '1087', 'Moon Garden, Vol. 1']);

    // Not authorised in the overlay yet: Steam refuses to finalize.
    await assert.rejects(driver.finalizeTransaction('100001'), (error: unknown) => error instanceof DesktopPlatformRefusal && /not approved/.test(error.message));
    steam.authorize('100001');
    const finalized = await driver.finalizeTransaction('100001');
    assert.equal(finalized.status, 'Succeeded');
    assert.equal(finalized.amount, 1087);
    assert.equal((await driver.finalizeTransaction('100001')).status, 'Succeeded', 'a replayed finalize answers the same');
    assert.equal((await driver.queryTransaction('100001')).transId, started.transId);

    assert.equal((await driver.refundTransaction('100001')).status, 'Refunded');
    await assert.rejects(driver.initTransaction({ orderId: '100001', platformUserId: me, currency: 'USD', language: 'en', items: [{ itemId: 34, quantity: 1, amount: 1087, description: 'again' }] }), DesktopPlatformRefusal, 'an order id is taken once');
    await assert.rejects(driver.queryTransaction('999999'), (error: unknown) => error instanceof DesktopPlatformRefusal && error.code === 'unknown-order');
  });

  it('authenticates a ticket with AuthenticateUserTicket and refuses unknown ones; a wrong key is the platform unavailable, never a ticket problem', async () => {
    assert.deepEqual(await driver.authenticateTicket(steam.issueTicket(me)), { platformUserId: me, ownerPlatformUserId: me });
    await assert.rejects(driver.authenticateTicket('00FF'), DesktopTicketError);
    await assert.rejects(driver.authenticateTicket('not hex at all'), DesktopTicketError);
    const wrongKey = new SteamDesktopPlatform({ webApiKey: 'WRONG', appId: steam.appId, apiUrl: steam.url });
    await assert.rejects(wrongKey.authenticateTicket(steam.issueTicket(me)), (error: unknown) => error instanceof DesktopPlatformUnavailable && !error.message.includes('WRONG'));
    const nowhere = new SteamDesktopPlatform({ webApiKey: steam.webApiKey, appId: steam.appId, apiUrl: 'http://127.0.0.1:9' });
    await assert.rejects(nowhere.queryTransaction('1'), (error: unknown) => error instanceof DesktopPlatformUnavailable && !error.message.includes(steam.webApiKey));
  });

  it('sends micro-transactions to ISteamMicroTxnSandbox when asked', async () => {
    const sandbox = new SteamDesktopPlatform({ webApiKey: steam.webApiKey, appId: steam.appId, apiUrl: steam.url, sandbox: true });
    await assert.rejects(sandbox.queryTransaction('100001'), DesktopPlatformUnavailable, 'the stand-in speaks the live interface only: the sandbox path is asked');
    assert.ok(steam.calls.some((call) => call.path === '/ISteamMicroTxnSandbox/QueryTxn/v3/'));
  });
});
