import assert from 'node:assert/strict';
import { waitForMail } from './mailbox';
import type { TestStack } from './stack';

export interface SignedInReader {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A verified Reader account, made the way a reader makes one: sign up through the API, open the
 * verification mail's link, sign in.
 */
export async function verifiedReader(stack: TestStack, email: string, password: string): Promise<SignedInReader> {
  const call = async (url: string, body: unknown) => {
    const response = await fetch(stack.url + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // Answers are read field by field.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as any };
  };
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const signUp = await call('/api/account/signupCustomerV2', { email: base64(email), password: base64(password) });
  assert.equal(signUp.status, 200, JSON.stringify(signUp.body));
  const mail = await waitForMail(stack, { to: email, subject: /verif|confirm/i });
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === '/email-verified/' && url.searchParams.has('token'));
  assert.ok(link, 'the verification mail carries its link');
  assert.equal((await call('/api/account/verifyEmail', { Token: link.searchParams.get('token') })).status, 200);
  const login = await call('/api/account/token', { UserName: email, Password: password });
  assert.equal(login.status, 200);
  return { email, password, accessToken: login.body.response.access_token, refreshToken: login.body.response.refresh_token };
}
