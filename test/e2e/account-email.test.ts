import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { waitForMail } from '../support/mailbox';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Accounts and their emails end to end, through the gateway: the account service writes events,
 * the support service mails links built from PUBLIC_URL, and following a link's path and token on
 * the running stack does what the mail says.
 */
describe('account emails end to end', () => {
  let stack: TestStack;
  const password = 'first password 1';

  const post = async (path: string, body?: unknown, token?: string) => {
    const response = await fetch(stack.url + path, {
      method: 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const logIn = (email: string, secret: string) => post('/api/account/token', { UserName: email, Password: secret });

  /** The one link of the mail whose path is `path`, with its token. */
  const linkTo = (links: string[], path: string): URL => {
    const found = links.map((link) => new URL(link)).filter((url) => url.pathname === path && url.searchParams.get('token'));
    assert.equal(found.length >= 1, true, `a ${path} link among ${links.join(', ')}`);
    return found[0]!;
  };

  beforeAll(async () => {
    stack = await startTestStack({ PUBLIC_URL: 'https://store.example' });
  });
  afterAll(() => stack?.stop());

  it('signs up, verifies from the mailed link, resets a forgotten password and changes the email', async () => {
    const email = `reader-${process.pid}@example.com`;
    const signup = await post('/api/account/signupCustomerV2', { email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') });
    assert.equal(signup.status, 200);

    const verification = await waitForMail(stack, { to: email, subject: /verif|confirm/i });
    const verifyLink = linkTo(verification.links, '/email-verified/');
    assert.equal(verifyLink.origin, 'https://store.example', 'links point at PUBLIC_URL');
    assert.ok(verification.text.includes(verifyLink.toString()), 'the plain-text part carries the link too');

    let login = await logIn(email, password);
    assert.equal(login.status, 200);
    const unverified = await fetch(`${stack.url}/api/account`, { headers: { authorization: `Bearer ${login.body.response.access_token}` } });
    assert.equal(((await unverified.json()) as Json).response.verified, false);
    const verified = await post('/api/account/verifyEmail', { Token: verifyLink.searchParams.get('token') });
    assert.equal(verified.status, 200);
    const renewed = await post('/api/account/token', { refresh_token: login.body.response.refresh_token });
    const me = await fetch(`${stack.url}/api/account`, { headers: { authorization: `Bearer ${renewed.body.response.access_token}` } });
    assert.equal(((await me.json()) as Json).response.verified, true);

    assert.equal((await post(`/api/account/forgotPassword?email=${encodeURIComponent(email)}`)).status, 200);
    const reset = await waitForMail(stack, { to: email, subject: /password/i });
    const resetLink = linkTo(reset.links, '/reset-password/');
    assert.equal((await post('/api/account/changePassword', { Token: resetLink.searchParams.get('token'), Password: 'second password 2' })).status, 200);
    assert.equal((await logIn(email, password)).status, 403);
    login = await logIn(email, 'second password 2');
    assert.equal(login.status, 200);

    const newEmail = `renamed-${process.pid}@example.com`;
    const initiated = await post('/api/account/initiateChangeEmail', { NewEmail: newEmail, Password: 'second password 2' }, login.body.response.access_token);
    assert.equal(initiated.status, 200);
    const confirm = await waitForMail(stack, { to: newEmail });
    const confirmLink = linkTo(confirm.links, '/change-email/');
    const completed = await post('/api/account/completeChangeEmail', { Token: confirmLink.searchParams.get('token') });
    assert.equal(completed.status, 200);
    const notice = await waitForMail(stack, { to: email, subject: /email/i });
    assert.ok(notice.text.includes(newEmail), 'the old address is told which address replaced it');
    assert.equal((await logIn(newEmail, 'second password 2')).status, 200);
  });

  it('refuses a second verification email inside 3 minutes', async () => {
    const email = `resend-${process.pid}@example.com`;
    await post('/api/account/signupCustomerV2', { email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') });
    await waitForMail(stack, { to: email });
    const login = await logIn(email, password);
    const resend = await post('/api/account/resendVerification', undefined, login.body.response.access_token);
    assert.equal(resend.status, 429);
  });
});
