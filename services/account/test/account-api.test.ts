import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_LINKS, GrpcCallError, TokenSigner, TokenVerifier, createGrpcClient, generateSigningKeys, type AccountLinksService, type GrpcClient } from '@inkwell/platform';
import { buildTestService, testKeys, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { accountService } from '../src';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('account API', () => {
  let service: TestService;
  let verifier: TokenVerifier;
  let links: GrpcClient<AccountLinksService>;
  let counter = 0;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string, headers: Record<string, string> = {}, remoteAddress?: string) => {
    const response = await service.app.inject({
      method,
      url,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
  };
  const uniqueEmail = (label: string) => `${label}-${process.pid}-${++counter}@example.com`;

  /** Events this service wrote, newest last. */
  const events = async (type: string, userId: string): Promise<Json[]> => {
    const { rows } = await service.context.db.query<{ data: Json }>("SELECT data FROM outbox WHERE type = $1 AND data->>'userId' = $2 ORDER BY seq", [type, userId]);
    return rows.map((row) => row.data);
  };
  const signUp = async (email: string, password = 'correct horse battery') => {
    const response = await call('POST', '/api/account/signupCustomerV2', { email: b64(email), password: b64(password) });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.response.userid as string;
  };
  /** `from` is the caller's address as the socket shows it (the service believes no forwarded header). */
  const logIn = async (email: string, password = 'correct horse battery', from?: string) =>
    call('POST', '/api/account/token', { UserName: email, Password: password }, undefined, {}, from);
  /** The token of the link an event names, issued over gRPC as the support service asks for it. */
  const tokenOf = async (linkId: string) => new URL((await links.issueLink({ linkId })).url).searchParams.get('token')!;
  const tokensFor = async (email: string, password?: string) => {
    const response = await logIn(email, password);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.response as { access_token: string; refresh_token: string };
  };

  beforeAll(async () => {
    service = await buildTestService(accountService);
    links = createGrpcClient<AccountLinksService>(ACCOUNT_LINKS.proto, ACCOUNT_LINKS.service, `127.0.0.1:${await service.grpc.listen('127.0.0.1', 0)}`);
    const config = testServiceConfig('account', 'postgres://unused');
    verifier = new TokenVerifier(testKeys().publicKeyPem, config.auth.issuer, config.auth.audience);
  });
  afterAll(async () => {
    links?.close();
    await service?.close();
  });

  it('signs up, verifies by the emailed token, logs in, refreshes, and treats reuse of a spent refresh token as theft', async () => {
    const email = uniqueEmail('Reader');
    const userId = await signUp(email);

    const [created] = await events('account.created', userId);
    assert.deepEqual(Object.keys(created).sort(), ['email', 'userId', 'verificationLinkId'], 'the event names the link and carries no token');
    assert.equal(created.email, email);
    const verificationToken = await tokenOf(created.verificationLinkId);
    assert.match(verificationToken, /^[A-Za-z0-9_-]{43}$/);
    const { rows } = await service.context.db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [userId]);
    assert.match(rows[0]!.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'argon2id at the OWASP minimum');

    const first = await tokensFor(email);
    let me = await call('GET', '/api/account', undefined, first.access_token);
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.response, { userid: userId, email, verified: false, roles: [], settings: { maxshownratingkey: null }, verificationSentAt: me.body.response.verificationSentAt });

    const verified = await call('POST', '/api/account/verifyEmail', { Token: verificationToken });
    assert.equal(verified.status, 200);
    assert.equal(verified.body.response.email, email);
    assert.equal((await events('account.verified', userId)).length, 1);
    const again = await call('POST', '/api/account/verifyEmail', { Token: verificationToken });
    assert.equal(again.status, 400);
    assert.equal(again.body.status.message, 'This link is invalid or has expired.');

    const renewed = await call('POST', '/api/account/token', { refresh_token: first.refresh_token });
    assert.equal(renewed.status, 200);
    assert.notEqual(renewed.body.response.refresh_token, first.refresh_token);
    const principal = await verifier.verify(renewed.body.response.access_token);
    assert.equal(principal.userId, userId);
    assert.equal(principal.verified, true, 'the renewed token carries the new verified state');
    me = await call('GET', '/api/account', undefined, renewed.body.response.access_token);
    assert.equal(me.body.response.verified, true);

    // The spent token is presented again: the whole sign-in is revoked, its newest token too.
    const replay = await call('POST', '/api/account/token', { refresh_token: first.refresh_token });
    assert.equal(replay.status, 404);
    assert.equal(replay.body.status.message, 'Refresh token not found.');
    const successor = await call('POST', '/api/account/token', { refresh_token: renewed.body.response.refresh_token });
    assert.equal(successor.status, 404, 'the family was revoked');

    // Another sign-in of the same account is unaffected, until it logs out.
    const other = await tokensFor(email);
    assert.equal((await call('POST', '/api/account/logout', { refresh_token: other.refresh_token })).status, 200);
    assert.equal((await call('POST', '/api/account/token', { refresh_token: other.refresh_token })).status, 404);
  });

  it('answers a wrong password and an unknown email alike with 403 "Wrong password."', async () => {
    const email = uniqueEmail('wrong');
    await signUp(email);
    for (const attempt of [await logIn(email, 'not my password'), await logIn(uniqueEmail('nobody'), 'whatever123')]) {
      assert.equal(attempt.status, 403);
      assert.deepEqual(attempt.body.status, { type: 'Forbidden', message: 'Wrong password.', problems: [{ field: 'Password', message: 'Wrong password.' }] });
    }
    const missing = await call('POST', '/api/account/token', { UserName: email });
    assert.equal(missing.status, 400);
    assert.equal((await call('POST', '/api/account/token', { refresh_token: 'not-a-token' })).status, 404);
  });

  it('locks an account after 5 failed logins, even for the right password, and releases it when the lock ends', async () => {
    const email = uniqueEmail('locked');
    await signUp(email);
    const address = '203.0.113.7';
    for (let i = 0; i < 5; i += 1) assert.equal((await logIn(email, `guess-${i}-wrong`, address)).status, 403);
    const locked = await logIn(email, undefined, address);
    assert.equal(locked.status, 429);
    assert.match(locked.body.status.message, /^Too many failed login attempts\. Try again in 15 minutes\.$/);
    assert.ok(Number(locked.headers['retry-after']) > 800);
    // From another address the account is still locked: the count is per account.
    assert.equal((await logIn(email, undefined, '198.51.100.9')).status, 429);

    // Fifteen minutes later (moved back in the store rather than waited for).
    await service.context.db.query("UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE key = $1", [`account:${email.toLowerCase()}`]);
    assert.equal((await logIn(email, undefined, address)).status, 200);
    assert.equal((await logIn(email, 'wrong-again', address)).status, 403, 'after the lock a new window starts');
  });

  it('locks an address that tries many accounts', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < 30; i += 1) await logIn(uniqueEmail('spray'), 'password123', address);
    const email = uniqueEmail('victim');
    await signUp(email);
    assert.equal((await logIn(email, undefined, address)).status, 429);
    assert.equal((await logIn(email)).status, 200, 'other addresses are not affected');
  });

  it('rejects expired, tampered, foreign-key and alg:none access tokens with 401 "Unauthorized request."', async () => {
    const email = uniqueEmail('tokens');
    await signUp(email);
    const { access_token: good } = await tokensFor(email);
    const config = testServiceConfig('account', 'postgres://unused');
    const principal = await verifier.verify(good);
    const expired = (await new TokenSigner(testKeys().privateKeyPem, config.auth.issuer, config.auth.audience, 60).sign(principal, new Date(Date.now() - 3_600_000))).token;
    const foreign = (await new TokenSigner(generateSigningKeys().privateKeyPem, config.auth.issuer, config.auth.audience, 900).sign(principal)).token;
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, roles: ['admin'] })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const token of [expired, foreign, tampered, none, 'garbage']) {
      const response = await call('GET', '/api/account', undefined, token);
      assert.equal(response.status, 401, token);
      assert.deepEqual(response.body.status, { type: 'Unauthorized', message: 'Unauthorized request.' });
    }
    assert.equal((await call('GET', '/api/account')).status, 401);
    assert.equal((await call('GET', '/api/account', undefined, good)).status, 200);
  });

  it('refuses bad sign-ups with the spec codes: 406 invalid email, 400 malformed base64, short password or taken email', async () => {
    const invalid = await call('POST', '/api/account/signupCustomerV2', { email: b64('not-an-email'), password: b64('long enough to pass') });
    assert.equal(invalid.status, 406);
    assert.deepEqual(invalid.body.status, { type: 'signup.failed', message: 'Please enter a valid email.', problems: [{ field: 'email', message: 'Please enter a valid email.' }] });

    const malformed = await call('POST', '/api/account/signupCustomerV2', { email: 'not base64!!', password: b64('long enough to pass') });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.status.message, 'email and password must be base64-encoded UTF-8 text.');
    const badUtf8 = await call('POST', '/api/account/signupCustomerV2', { email: Buffer.from([0xff, 0xfe, 0x40]).toString('base64'), password: b64('long enough to pass') });
    assert.equal(badUtf8.status, 400);

    const short = await call('POST', '/api/account/signupCustomerV2', { email: b64(uniqueEmail('short')), password: b64('short') });
    assert.equal(short.status, 400);
    assert.equal(short.body.status.message, 'Password must be at least 8 characters.');

    const email = uniqueEmail('Taken');
    await signUp(email);
    const taken = await call('POST', '/api/account/signupCustomerV2', { email: b64(email.toUpperCase()), password: b64('long enough to pass') });
    assert.equal(taken.status, 400);
    assert.equal(taken.body.status.message, 'An account with this email already exists.');

    const missing = await call('POST', '/api/account/signupCustomerV2', { email: b64(uniqueEmail('x')) });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.status.message, 'password is required in the request body.');

    const plain = await call('POST', '/api/account/signupCustomer', { email: uniqueEmail('plain'), password: 'long enough to pass' });
    assert.equal(plain.status, 200);
  });

  it('tells the login flow whether an email has an account', async () => {
    const email = uniqueEmail('Exists');
    await signUp(email);
    assert.equal((await call('GET', `/api/account/exists/${encodeURIComponent(email.toLowerCase())}`)).body.response, true);
    assert.equal((await call('GET', `/api/account/exists/${encodeURIComponent(uniqueEmail('none'))}`)).body.response, false);
  });

  it('refuses to resend the verification email inside the 3-minute window', async () => {
    const email = uniqueEmail('resend');
    const userId = await signUp(email);
    const { access_token: token } = await tokensFor(email);
    const early = await call('POST', '/api/account/resendVerification', undefined, token);
    assert.equal(early.status, 429);
    assert.match(early.body.status.message, /less than 3 minutes ago/);

    await service.context.db.query("UPDATE accounts SET verification_sent_at = now() - interval '181 seconds' WHERE id = $1", [userId]);
    const sent = await call('POST', '/api/account/resendVerification', undefined, token);
    assert.equal(sent.status, 200);
    const [requested] = await events('account.verification-requested', userId);
    assert.equal(requested.email, email);
    assert.equal((await call('POST', '/api/account/resendVerification', undefined, token)).status, 429);

    // Either mail's link verifies.
    const [created] = await events('account.created', userId);
    const olderToken = await tokenOf(created.verificationLinkId);
    await tokenOf(requested.verificationLinkId);
    assert.equal((await call('POST', '/api/account/verifyEmail', { Token: olderToken })).status, 200);
    await service.context.db.query("UPDATE accounts SET verification_sent_at = now() - interval '1 hour' WHERE id = $1", [userId]);
    const done = await call('POST', '/api/account/resendVerification', undefined, token);
    assert.equal(done.status, 400);
    assert.equal(done.body.status.message, 'Your account is already verified.');
    assert.equal((await call('POST', '/api/account/resendVerification')).status, 401);
  });

  it('resets a forgotten password by the emailed link and signs out every sign-in', async () => {
    const email = uniqueEmail('forgot');
    const userId = await signUp(email);
    const before = await tokensFor(email);

    const unknown = await call('POST', `/api/account/forgotPassword?email=${encodeURIComponent(uniqueEmail('ghost'))}`);
    assert.equal(unknown.status, 200, 'the same answer for an unknown email');
    assert.equal((await call('POST', `/api/account/forgotPassword?email=${encodeURIComponent(email)}`)).status, 200);
    const [reset] = await events('account.password-reset-requested', userId);
    assert.equal(reset.email, email);
    const resetToken = await tokenOf(reset.resetLinkId);

    const short = await call('POST', '/api/account/changePassword', { Token: resetToken, Password: 'tiny' });
    assert.equal(short.status, 400);
    const changed = await call('POST', '/api/account/changePassword', { Token: resetToken, Password: 'a brand new secret' });
    assert.equal(changed.status, 200);
    assert.equal((await call('POST', '/api/account/changePassword', { Token: resetToken, Password: 'another secret' })).status, 400, 'links work once');
    assert.equal((await call('POST', '/api/account/token', { refresh_token: before.refresh_token })).status, 404);
    assert.equal((await logIn(email)).status, 403);
    assert.equal((await logIn(email, 'a brand new secret')).status, 200);

    // The spec's form with the password in the query also works.
    await call('POST', `/api/account/forgotPassword?email=${encodeURIComponent(email)}`);
    const [, second] = await events('account.password-reset-requested', userId);
    assert.equal((await call('POST', '/api/account/changePassword?password=query%20secret%20ok', { Token: await tokenOf(second.resetLinkId) })).status, 200);
    assert.equal((await logIn(email, 'query secret ok')).status, 200);
  });

  it('issues each emailed link once over gRPC, keeping only its hash, and refuses replaced and unknown links', async () => {
    const email = uniqueEmail('links');
    const userId = await signUp(email);
    await call('POST', `/api/account/forgotPassword?email=${encodeURIComponent(email)}`);
    await call('POST', `/api/account/forgotPassword?email=${encodeURIComponent(email)}`);
    const [replaced, latest] = await events('account.password-reset-requested', userId);

    const { url } = await links.issueLink({ linkId: latest.resetLinkId });
    const link = new URL(url);
    assert.equal(`${link.origin}${link.pathname}`, `${service.context.config.publicUrl}/reset-password/`);
    const token = link.searchParams.get('token')!;
    const { rows } = await service.context.db.query<{ token_hash: Buffer }>('SELECT token_hash FROM link_tokens WHERE id = $1', [latest.resetLinkId]);
    assert.equal(rows[0]!.token_hash.toString('hex'), createHash('sha256').update(token).digest('hex'), 'only the hash is kept');

    const refusal = async (linkId: string) => {
      const error = await links.issueLink({ linkId }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      assert.ok(error instanceof GrpcCallError, `issuing ${linkId} fails`);
      return error.code;
    };
    assert.equal(await refusal(latest.resetLinkId), 'FAILED_PRECONDITION', 'a link is issued once');
    assert.equal(await refusal(replaced.resetLinkId), 'FAILED_PRECONDITION', 'a newer reset link replaced it');
    assert.equal(await refusal(randomUUID()), 'NOT_FOUND');
    assert.equal(await refusal('not-a-link-id'), 'NOT_FOUND');
    assert.equal((await call('POST', '/api/account/changePassword', { Token: token, Password: 'a brand new secret' })).status, 200);
  });

  it('changes the password with the old one, keeping this sign-in and ending the others', async () => {
    const email = uniqueEmail('change');
    await signUp(email);
    const mine = await tokensFor(email);
    const elsewhere = await tokensFor(email);
    const body = { Email: email, Password: 'correct horse battery', NewPassword: 'new horse battery', ConfirmNewPassword: 'new horse battery' };

    const wrong = await call('POST', '/api/account/changePassword/V2', { ...body, Password: 'nope nope' }, mine.access_token);
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.status.message, 'Wrong password.');
    const mismatch = await call('POST', '/api/account/changePassword/V2', { ...body, ConfirmNewPassword: 'different' }, mine.access_token);
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.status.message, 'Passwords do not match.');
    assert.equal((await call('POST', '/api/account/changePassword/V2', body)).status, 401);

    assert.equal((await call('POST', '/api/account/changePassword/V2', body, mine.access_token)).status, 200);
    assert.equal((await call('POST', '/api/account/token', { refresh_token: elsewhere.refresh_token })).status, 404);
    assert.equal((await call('POST', '/api/account/token', { refresh_token: mine.refresh_token })).status, 200);
    assert.equal((await logIn(email, 'new horse battery')).status, 200);
  });

  it('changes the email only once the new address confirms, and tells the old one', async () => {
    const email = uniqueEmail('old');
    const userId = await signUp(email);
    const { access_token: token } = await tokensFor(email);
    const newEmail = uniqueEmail('new');
    const taken = uniqueEmail('taken');
    await signUp(taken);

    assert.equal((await call('POST', '/api/account/initiateChangeEmail', { NewEmail: 'nope', Password: 'correct horse battery' }, token)).body.status.message, 'Please enter a valid email.');
    assert.equal((await call('POST', '/api/account/initiateChangeEmail', { NewEmail: newEmail, Password: 'wrong password' }, token)).status, 403);
    assert.equal((await call('POST', '/api/account/initiateChangeEmail', { NewEmail: taken, Password: 'correct horse battery' }, token)).status, 409);
    assert.equal((await call('POST', '/api/account/initiateChangeEmail', { NewEmail: newEmail, Password: 'correct horse battery' }, token)).status, 200);

    const [requested] = await events('account.email-changed', userId);
    assert.deepEqual({ ...requested, confirmationLinkId: typeof requested.confirmationLinkId }, { userId, oldEmail: email, newEmail, confirmationLinkId: 'string' });
    const confirmationToken = await tokenOf(requested.confirmationLinkId);
    assert.equal((await logIn(newEmail)).status, 403, 'not changed before confirmation');

    const done = await call('POST', '/api/account/completeChangeEmail', { Token: confirmationToken });
    assert.equal(done.status, 200);
    assert.equal(done.body.response.email, newEmail);
    const [, completed] = await events('account.email-changed', userId);
    assert.deepEqual(completed, { userId, oldEmail: email, newEmail });
    assert.equal((await logIn(newEmail)).status, 200);
    assert.equal((await logIn(email)).status, 403);
    assert.equal((await call('POST', '/api/account/completeChangeEmail', { Token: confirmationToken })).status, 400);
  });

  it('sets the max shown rating with the password and puts it in renewed tokens', async () => {
    const email = uniqueEmail('rating');
    await signUp(email);
    const tokens = await tokensFor(email);
    const noPassword = await call('POST', '/api/account/settings', { key: 'maxshownratingkey', value: 'pg' }, tokens.access_token);
    assert.equal(noPassword.status, 403);
    assert.equal(noPassword.body.status.message, 'Wrong password.');
    const badValue = await call('POST', '/api/account/settings', { key: 'maxshownratingkey', value: 'x', Password: 'correct horse battery' }, tokens.access_token);
    assert.equal(badValue.status, 400);
    assert.equal(badValue.body.status.message, 'The maximum shown rating must be one of e, e7, pg, t or m.');
    assert.equal((await call('POST', '/api/account/settings', { key: 'colour', value: 'x' }, tokens.access_token)).status, 400);

    const set = await call('POST', '/api/account/settings', { key: 'maxshownratingkey', value: 'PG', Password: 'correct horse battery' }, tokens.access_token);
    assert.equal(set.status, 200);
    assert.equal(set.body.response.settings.maxshownratingkey, 'pg');
    const renewed = await call('POST', '/api/account/token', { refresh_token: tokens.refresh_token });
    assert.equal((await verifier.verify(renewed.body.response.access_token)).maxShownRating, 'pg');

    const cleared = await call('POST', '/api/account/settings/maxshownratingkey', { value: null, Password: 'correct horse battery' }, renewed.body.response.access_token);
    assert.equal(cleared.body.response.settings.maxshownratingkey, null);
  });

  it('names the field of each refusal about one field in status.problems', async () => {
    const problemsOf = (response: { body: Json }) => response.body.status.problems as Json[];
    const general = await call('POST', '/api/account/signupCustomer', { email: 'reader@example.c', password: 'long enough to pass' });
    assert.equal(general.status, 406, 'an address only the general pattern allows is refused, as the storefront refuses it');
    assert.deepEqual(problemsOf(general), [{ field: 'email', message: 'Please enter a valid email.' }]);
    const short = await call('POST', '/api/account/signupCustomerV2', { email: b64(uniqueEmail('short')), password: b64('short') });
    assert.deepEqual(problemsOf(short), [{ field: 'password', message: 'Password must be at least 8 characters.' }]);
    const email = uniqueEmail('fields');
    await signUp(email);
    const taken = await call('POST', '/api/account/signupCustomer', { email, password: 'long enough to pass' });
    assert.deepEqual(problemsOf(taken), [{ field: 'email', message: 'An account with this email already exists.' }]);

    const noPassword = await call('POST', '/api/account/token', { UserName: email, Password: '' });
    assert.deepEqual(problemsOf(noPassword), [{ field: 'Password', message: 'Enter your email and password.' }]);
    const { access_token: token } = await tokensFor(email);
    const body = { Email: email, Password: 'correct horse battery', NewPassword: 'new horse battery', ConfirmNewPassword: 'new horse battery' };
    const mismatch = await call('POST', '/api/account/changePassword/V2', { ...body, ConfirmNewPassword: 'different' }, token);
    assert.deepEqual(problemsOf(mismatch), [{ field: 'ConfirmNewPassword', message: 'Passwords do not match.' }]);
    const tooShort = await call('POST', '/api/account/changePassword/V2', { ...body, NewPassword: 'short', ConfirmNewPassword: 'short' }, token);
    assert.deepEqual(problemsOf(tooShort), [{ field: 'NewPassword', message: 'Password must be at least 8 characters.' }]);
    const badLink = await call('POST', '/api/account/changePassword', { Token: 'no-such-token', Password: 'long enough to pass' });
    assert.deepEqual(problemsOf(badLink), [{ field: 'Token', message: 'This link is invalid or has expired.' }]);

    const badEmail = await call('POST', '/api/account/initiateChangeEmail', { NewEmail: 'nope', Password: 'correct horse battery' }, token);
    assert.deepEqual(problemsOf(badEmail), [{ field: 'NewEmail', message: 'Please enter a valid email.' }]);
    const same = await call('POST', '/api/account/initiateChangeEmail', { NewEmail: email, Password: 'correct horse battery' }, token);
    assert.deepEqual(problemsOf(same), [{ field: 'NewEmail', message: 'That is already the email of your account.' }]);
    const badRating = await call('POST', '/api/account/settings', { key: 'maxshownratingkey', value: 'x', Password: 'correct horse battery' }, token);
    assert.deepEqual(problemsOf(badRating), [{ field: 'value', message: 'The maximum shown rating must be one of e, e7, pg, t or m.' }]);
    const unknown = await call('POST', '/api/account/settings', { key: 'colour', value: 'x' }, token);
    assert.deepEqual(problemsOf(unknown), [{ field: 'key', message: 'Unknown setting.' }]);
    const wrongPassword = await call('POST', '/api/account/initiateChangeEmail', { NewEmail: uniqueEmail('new'), Password: 'not it at all' }, token);
    assert.deepEqual([wrongPassword.status, problemsOf(wrongPassword)], [403, [{ field: 'Password', message: 'Wrong password.' }]]);
    const otherEmail = await call('POST', '/api/account/changePassword/V2', { ...body, Email: uniqueEmail('other') }, token);
    assert.deepEqual([otherEmail.status, problemsOf(otherEmail)], [403, [{ field: 'Email', message: 'Email does not match the signed-in account.' }]]);
    const someoneElse = uniqueEmail('taken');
    await signUp(someoneElse);
    const takenEmail = await call('POST', '/api/account/initiateChangeEmail', { NewEmail: someoneElse, Password: 'correct horse battery' }, token);
    assert.deepEqual([takenEmail.status, problemsOf(takenEmail)], [409, [{ field: 'NewEmail', message: 'An account with this email already exists.' }]]);
  });

  it('answers malformed requests with 4xx envelopes, never 500', async () => {
    const cases: Array<[string, unknown]> = [
      ['/api/account/token', 'not json'],
      ['/api/account/token', { UserName: 'x'.repeat(300), Password: 'p' }],
      ['/api/account/verifyEmail', {}],
      ['/api/account/completeChangeEmail', { Token: 12 }],
      ['/api/account/logout', {}],
    ];
    for (const [url, body] of cases) {
      const response = typeof body === 'string'
        ? await service.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } })
        : await service.app.inject({ method: 'POST', url, payload: body as object });
      assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${url} → ${response.statusCode}`);
      assert.equal(typeof response.json().status.message, 'string');
    }
  });
});
