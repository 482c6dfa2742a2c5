import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_LINKS, createGrpcClient, type AccountLinksService, type GrpcClient } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { accountService } from '../src';
import { newPasswordProblem } from '../src/domain/password-strength';

// Answers are checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const STRONG = 'lantern ferry at midnight';
const TOO_SHORT = 'Password must be at least 8 characters.';
/** Issue 26: "password" was accepted. Now every place a password is set refuses it, saying why. */
const COMMON = 'This password is too easy to guess. This is a heavily used password. Add more words that are less common.';

describe('password strength (issue 26): every place a password is set refuses short, common and personal passwords', () => {
  let service: TestService;
  let links: GrpcClient<AccountLinksService>;
  let counter = 0;
  const uniqueEmail = (label: string) => `${label}-${process.pid}-${++counter}@example.com`;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const response = await service.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }), headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const accountRows = async (email: string): Promise<Json[]> => (await service.context.db.query<Json>('SELECT id, password_hash FROM accounts WHERE lower(email) = lower($1)', [email])).rows;

  beforeAll(async () => {
    service = await buildTestService(accountService);
    links = createGrpcClient<AccountLinksService>(ACCOUNT_LINKS.proto, ACCOUNT_LINKS.service, `127.0.0.1:${await service.grpc.listen('127.0.0.1', 0)}`);
  });
  afterAll(async () => {
    links?.close();
    await service?.close();
  });

  it('the rule: length first in the spec-style words, then zxcvbn with the reasons; the email counts as personal data', () => {
    assert.equal(newPasswordProblem('short', 'a@example.com'), TOO_SHORT);
    assert.equal(newPasswordProblem('password', 'a@example.com'), COMMON);
    assert.match(newPasswordProblem('qwertyuiop', 'a@example.com') ?? '', /^This password is too easy to guess\. This is a frequently used password\./);
    assert.match(newPasswordProblem('Password123!', 'a@example.com') ?? '', /^This password is too easy to guess\. .*commonly used password/);
    assert.match(newPasswordProblem('ada.lovelace1', 'ada.lovelace@example.com') ?? '', /personal or page related data/);
    assert.equal(newPasswordProblem(STRONG, 'a@example.com'), undefined);
    assert.equal(newPasswordProblem('x'.repeat(257), 'a@example.com'), 'Password must be at most 256 characters.');
  });

  it('sign-up (both calls): "password", a common one and a short one are refused 400 naming the field, no account made; a strong one is accepted', async () => {
    for (const [password, message] of [['password', COMMON], ['short', TOO_SHORT]] as const) {
      const email = uniqueEmail('weak');
      const refused = await call('POST', '/api/account/signupCustomerV2', { email: b64(email), password: b64(password) });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.status.message, message);
      assert.deepEqual(refused.body.status.problems, [{ field: 'password', message }]);
      assert.equal((await accountRows(email)).length, 0, 'nothing was made');
    }
    const common = await call('POST', '/api/account/signupCustomer', { email: uniqueEmail('plain'), password: 'iloveyou2' });
    assert.equal(common.status, 400);
    assert.match(common.body.status.message, /^This password is too easy to guess\. /);
    const personal = uniqueEmail('mangafan');
    const own = await call('POST', '/api/account/signupCustomer', { email: personal, password: personal });
    assert.equal(own.status, 400, 'the email itself is no password');

    const email = uniqueEmail('strong');
    const accepted = await call('POST', '/api/account/signupCustomerV2', { email: b64(email), password: b64(STRONG) });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await call('POST', '/api/account/token', { UserName: email, Password: STRONG })).status, 200);
  });

  it('change password (V2) refuses a weak new one and keeps the old; reset refuses one and the link still works', async () => {
    const email = uniqueEmail('change');
    assert.equal((await call('POST', '/api/account/signupCustomerV2', { email: b64(email), password: b64(STRONG) })).status, 200);
    const token = (await call('POST', '/api/account/token', { UserName: email, Password: STRONG })).body.response.access_token as string;
    const [before] = await accountRows(email);
    const body = { Email: email, Password: STRONG, NewPassword: 'password', ConfirmNewPassword: 'password' };
    const weak = await call('POST', '/api/account/changePassword/V2', body, token);
    assert.equal(weak.status, 400);
    assert.deepEqual(weak.body.status.problems, [{ field: 'NewPassword', message: COMMON }]);
    assert.equal((await accountRows(email))[0].password_hash, before.password_hash, 'the password is unchanged');
    const better = 'paper lanterns over the harbour';
    assert.equal((await call('POST', '/api/account/changePassword/V2', { ...body, NewPassword: better, ConfirmNewPassword: better }, token)).status, 200);

    assert.equal((await call('POST', `/api/account/forgotPassword?email=${encodeURIComponent(email)}`)).status, 200);
    const { rows } = await service.context.db.query<Json>("SELECT data FROM outbox WHERE type = 'account.password-reset-requested' AND data->>'email' = $1", [email]);
    const resetToken = new URL((await links.issueLink({ linkId: rows[0].data.resetLinkId })).url).searchParams.get('token')!;
    const refused = await call('POST', '/api/account/changePassword', { Token: resetToken, Password: 'password' });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.status.problems, [{ field: 'Password', message: COMMON }]);
    const personal = await call('POST', `/api/account/changePassword?password=${encodeURIComponent(email)}`, { Token: resetToken });
    assert.equal(personal.status, 400, 'the query form is checked alike');
    assert.equal((await call('POST', '/api/account/token', { UserName: email, Password: better })).status, 200, 'the password is unchanged');
    const reset = await call('POST', '/api/account/changePassword', { Token: resetToken, Password: STRONG });
    assert.equal(reset.status, 200, 'the refused attempts did not use up the link');
  });
});
