import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, testKeys, type TestService } from '@inkwell/platform/testing';
import { confirmToken, newsletterLinkKey, unsubscribeToken } from '../src/domain/newsletter';
import { accountService } from '../src';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../test/support/smtp-capture';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A header of a raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The plain-text part of a raw message (quoted-printable undone). */
function textOf(raw: string): string {
  const decoded = raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decoded;
}

describe('newsletter API (embedded driver)', () => {
  let service: TestService;
  let mailbox: SmtpCapture;
  const key = newsletterLinkKey(testKeys().privateKeyPem);
  let counter = 0;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
    const response = await service.app.inject({
      method,
      url,
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const uniqueEmail = (label: string) => `${label}-${process.pid}-${++counter}@example.com`;
  /** An account in the database and a token for it (the guard checks the token; the routes read the account's address). */
  const reader = async (label: string, roles: string[] = []) => {
    const email = uniqueEmail(label);
    const { rows } = await service.context.db.query<{ id: string }>(
      "INSERT INTO accounts (email, password_hash, verified, roles) VALUES ($1, 'x', true, $2) RETURNING id",
      [email, roles],
    );
    const token = await signTestToken({ userId: rows[0]!.id, email, roles, verified: true });
    return { email, token };
  };
  const rowsOf = async (email: string) =>
    (await service.context.db.query<{ list_id: string; status: string; attributes: Json }>('SELECT list_id, status, attributes FROM newsletter_subscriptions WHERE email = $1 ORDER BY list_id', [email])).rows;
  const waitForMail = async (to: string): Promise<CapturedMail> => {
    for (let i = 0; i < 200; i++) {
      const mail = mailbox.received.find((each) => each.to.includes(to));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail to ${to}`);
  };

  beforeAll(async () => {
    mailbox = await startSmtpCapture();
    const base = (await import('@inkwell/platform/testing')).testServiceConfig('account', 'postgres://unused');
    service = await buildTestService(accountService, {
      config: { email: { ...base.email, smtpUrl: `smtp://127.0.0.1:${mailbox.port}`, from: 'Inkwell <news@inkwell.example>' }, publicUrl: 'https://shop.example' },
    });
  });
  afterAll(async () => {
    await service?.close();
    await mailbox?.close();
  });

  it('lists the store\'s lists; an address never subscribed is "none" on each', async () => {
    const { email, token } = await reader('fresh');
    const answer = await call('GET', `/api/newsletter/GetListsStatus?email=${encodeURIComponent(email)}`, undefined, token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.response.map((list: Json) => [list.id, list.name, list.status]), [
      ['new-releases', 'New releases', 'none'],
      ['manga', 'Manga', 'none'],
      ['deals', 'Deals and sales', 'none'],
    ]);
    const own = await call('GET', '/api/newsletter/GetNewslettersStatus', undefined, token);
    assert.deepEqual(own.body.response, { email, subscribed: false, subscribedLists: [], unconfirmedLists: [], unsubscribedLists: [], service: 'embedded' });
  });

  it('subscribes with attributes, mails a signed opt-in link with the RFC 8058 headers, and confirms by it', async () => {
    const { email, token } = await reader('optin');
    const answer = await call('POST', '/api/newsletter/SubscribeToNewsletters', { lists: ['manga', 'deals'], attributes: { firstName: 'Jo', favouriteGenre: 'horror', age: 31, print: true } }, token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.response, { email, awaitingConfirmation: ['manga', 'deals'], alreadySubscribed: [] });
    assert.deepEqual((await rowsOf(email)).map((row) => [row.list_id, row.status]), [['deals', 'unconfirmed'], ['manga', 'unconfirmed']]);
    assert.deepEqual((await rowsOf(email))[0]!.attributes, { firstName: 'Jo', favouriteGenre: 'horror', age: 31, print: true });

    const status = await call('GET', `/api/newsletter/GetNewslettersStatus?email=${encodeURIComponent(email)}`, undefined, token);
    assert.deepEqual(status.body.response.unconfirmedLists, ['manga', 'deals']);
    assert.equal(status.body.response.subscribed, false, 'unconfirmed is not subscribed');

    const mail = await waitForMail(email);
    assert.match(header(mail.raw, 'Subject') ?? '', /Confirm your Inkwell newsletter subscription/);
    const listUnsubscribe = header(mail.raw, 'List-Unsubscribe') ?? '';
    assert.equal(header(mail.raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/shop\.example\/api\/newsletter\/UnsubscribeFromNewsletters\?[^>]+)>$/.exec(listUnsubscribe)?.[1];
    assert.ok(oneClick, `List-Unsubscribe: ${listUnsubscribe}`);
    const text = textOf(mail.raw);
    const confirmUrl = /https:\/\/shop\.example\/newsletter\/confirm\/\?token=[A-Za-z0-9_.%-]+/.exec(text)?.[0];
    assert.ok(confirmUrl, 'the mail carries the confirmation page link');
    assert.match(text, /Manga, Deals and sales/);

    const confirmed = await call('POST', '/api/newsletter/confirm', { token: new URL(confirmUrl).searchParams.get('token') });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    assert.deepEqual(confirmed.body.response.confirmed, ['manga', 'deals']);
    assert.deepEqual(confirmed.body.response.confirmedNames, ['Manga', 'Deals and sales']);
    const lists = await call('GET', '/api/newsletter/GetListsStatus', undefined, token);
    assert.deepEqual(lists.body.response.map((list: Json) => list.status), ['none', 'subscribed', 'subscribed']);

    // Subscribing again to a confirmed list sends nothing and keeps it confirmed.
    const again = await call('POST', '/api/newsletter/SubscribeToNewsletters', { email, lists: ['manga'] }, token);
    assert.deepEqual(again.body.response, { email, awaitingConfirmation: [], alreadySubscribed: ['manga'] });

    // RFC 8058 one-click: a form POST of List-Unsubscribe=One-Click to the header's URL.
    const url = new URL(oneClick);
    const clicked = await call('POST', `${url.pathname}${url.search}`, 'List-Unsubscribe=One-Click', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(clicked.status, 200, JSON.stringify(clicked.body));
    assert.deepEqual(clicked.body.response.unsubscribedFrom.sort(), ['Deals and sales', 'Manga']);
    assert.deepEqual((await rowsOf(email)).map((row) => row.status), ['unsubscribed', 'unsubscribed']);

    // The confirmation link followed after leaving does not put the address back.
    const replay = await call('POST', '/api/newsletter/confirm', { token: new URL(confirmUrl).searchParams.get('token') });
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body.response.confirmed, []);
    assert.deepEqual((await rowsOf(email)).map((row) => row.status), ['unsubscribed', 'unsubscribed']);
  });

  it('an anonymous sign-up needs the address; it waits for confirmation', async () => {
    const email = uniqueEmail('footer');
    const anonymous = await call('POST', '/api/newsletter/SubscribeToNewsletters', { email: email.toUpperCase(), lists: ['new-releases'] });
    assert.equal(anonymous.status, 200, JSON.stringify(anonymous.body));
    assert.equal(anonymous.body.response.email, email, 'kept normalised');
    assert.deepEqual((await rowsOf(email)).map((row) => row.status), ['unconfirmed']);
    const noEmail = await call('POST', '/api/newsletter/SubscribeToNewsletters', { lists: ['new-releases'] });
    assert.equal(noEmail.status, 400);
    assert.deepEqual(noEmail.body.status.problems, [{ field: 'email', message: 'email is required: the address whose newsletters to read or change.' }]);
  });

  it('refuses bad input with a 400 naming the field, changing nothing', async () => {
    const { email, token } = await reader('bad');
    const cases: [unknown, string, RegExp][] = [
      [{ lists: ['comics'] }, 'lists', /There is no newsletter list "comics"/],
      [{ lists: ['manga', 'manga'] }, 'lists', /given twice/],
      [{ lists: [] }, 'lists', /./],
      [{ email: 'not-an-email', lists: ['manga'] }, 'email', /valid email/i],
      [{ lists: ['manga'], attributes: { '1st': 'x' } }, 'attributes', /must start with a letter/],
      [{ lists: ['manga'], attributes: { note: 'x'.repeat(201) } }, 'attributes', /./],
      [{ lists: ['manga'], attributes: { nested: { a: 1 } } }, 'attributes', /./],
      [{ lists: ['manga'], attributes: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`a${i}`, i])) }, 'attributes', /At most 20 attributes/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('POST', '/api/newsletter/SubscribeToNewsletters', body, token);
      assert.equal(answer.status, 400, `${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
      assert.match(JSON.stringify(answer.body.status.problems ?? answer.body.status.message), new RegExp(field), JSON.stringify(answer.body));
      assert.match(answer.body.status.message, message);
    }
    assert.deepEqual(await rowsOf(email), []);
    const badEmail = await call('GET', '/api/newsletter/GetListsStatus?email=nope', undefined, token);
    assert.equal(badEmail.status, 400);
    const unknownList = await call('GET', `/api/newsletter/UnsubscribeFromNewsletters?email=${encodeURIComponent(email)}&list=comics`, undefined, token);
    assert.equal(unknownList.status, 400);
  });

  it('statuses: anonymous 401, another reader 403, the owner and an admin 200', async () => {
    const owner = await reader('owner');
    const other = await reader('other');
    const admin = await reader('staff', ['admin']);
    const url = `/api/newsletter/GetListsStatus?email=${encodeURIComponent(owner.email)}`;
    assert.equal((await call('GET', url)).status, 401);
    assert.equal((await call('GET', '/api/newsletter/GetNewslettersStatus')).status, 401);
    const forbidden = await call('GET', url, undefined, other.token);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.status.message, 'You may only see or change the newsletters of your own email address.');
    assert.equal((await call('GET', `/api/newsletter/GetNewslettersStatus?email=${encodeURIComponent(owner.email.toUpperCase())}`, undefined, other.token)).status, 403);
    assert.equal((await call('GET', url, undefined, owner.token)).status, 200);
    assert.equal((await call('GET', url, undefined, admin.token)).status, 200);
  });

  it('unsubscribe: the signed link works for anyone; a tampered or missing token changes nothing; the owner needs none', async () => {
    const owner = await reader('leaver');
    const other = await reader('prankster');
    await call('POST', '/api/newsletter/SubscribeToNewsletters', { lists: ['new-releases', 'manga'] }, owner.token);
    await service.context.db.query("UPDATE newsletter_subscriptions SET status = 'confirmed' WHERE email = $1", [owner.email]);
    const e = encodeURIComponent(owner.email);

    const token = unsubscribeToken(key, owner.email, 'manga');
    const tampered = [
      `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&list=manga&token=${token.slice(0, -2)}xx`,
      `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&list=new-releases&token=${token}`, // another list
      `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&token=${token}`, // every list
      `/api/newsletter/UnsubscribeFromNewsletters?email=${encodeURIComponent(other.email)}&list=manga&token=${token}`, // another address
    ];
    for (const url of tampered) {
      const answer = await call('GET', url);
      assert.equal(answer.status, 403, url);
      assert.match(answer.body.status.message, /This unsubscribe link is not valid/);
    }
    const anonymous = await call('GET', `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&list=manga`);
    assert.equal(anonymous.status, 401, 'knowing an address is not enough');
    const stranger = await call('GET', `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&list=manga`, undefined, other.token);
    assert.equal(stranger.status, 403);
    const oneClickWithout = await call('POST', `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&list=manga`, 'List-Unsubscribe=One-Click', other.token, { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(oneClickWithout.status, 400, 'one-click needs the token');
    assert.deepEqual((await rowsOf(owner.email)).map((row) => row.status), ['confirmed', 'confirmed'], 'nothing changed');

    const signed = await call('GET', `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&list=manga&token=${token}`);
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    assert.deepEqual(signed.body.response, { email: owner.email, unsubscribedFrom: ['Manga'], listIds: ['manga'] });
    const twice = await call('GET', `/api/newsletter/UnsubscribeFromNewsletters?email=${e}&list=manga&token=${token}`);
    assert.deepEqual(twice.body.response.unsubscribedFrom, [], 'a link followed twice changes nothing more');

    const own = await call('GET', `/api/newsletter/UnsubscribeFromNewsletters?email=${e}`, undefined, owner.token);
    assert.equal(own.status, 200);
    assert.deepEqual(own.body.response.listIds, ['new-releases']);
    const status = await call('GET', '/api/newsletter/GetNewslettersStatus', undefined, owner.token);
    assert.deepEqual(status.body.response.unsubscribedLists, ['new-releases', 'manga']);

    // Resubscribing after leaving asks for confirmation again.
    const back = await call('POST', '/api/newsletter/SubscribeToNewsletters', { email: owner.email, lists: ['manga'] });
    assert.deepEqual(back.body.response.awaitingConfirmation, ['manga']);
  });

  it('confirmation links: tampered, expired or made up are refused and change nothing', async () => {
    const email = uniqueEmail('expiry');
    await call('POST', '/api/newsletter/SubscribeToNewsletters', { email, lists: ['deals'] });
    const expired = confirmToken(key, email, ['deals'], new Date(Date.now() - 73 * 3600 * 1000));
    const late = await call('POST', '/api/newsletter/confirm', { token: expired });
    assert.equal(late.status, 400);
    assert.match(late.body.status.message, /This confirmation link has expired/);
    const good = confirmToken(key, email, ['deals']);
    const [body, signature] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ e: email, l: ['deals', 'manga'], x: 9_999_999_999 })).toString('base64url');
    for (const token of [`${forged}.${signature}`, `${body}.${signature!.slice(1)}`, 'garbage', `${body}`]) {
      const answer = await call('POST', '/api/newsletter/confirm', { token });
      assert.equal(answer.status, 400, token);
      assert.match(answer.body.status.message, /This confirmation link is not valid/);
    }
    assert.deepEqual((await rowsOf(email)).map((row) => row.status), ['unconfirmed']);
    const ok = await call('POST', '/api/newsletter/confirm', { token: good });
    assert.deepEqual(ok.body.response.confirmed, ['deals']);
  });
});
