import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { ADMIN_ROLE, TokenSigner, TokenVerifier, createAuthGuards, createHttpApp, generateSigningKeys, success, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';

const ISSUER = 'inkwell-account';
const AUDIENCE = 'inkwell';
const keys = generateSigningKeys();
const otherKeys = generateSigningKeys();
const principal = { userId: 'u1', email: 'reader@example.com', roles: [] as string[], verified: true };

describe('access tokens', () => {
  const signer = new TokenSigner(keys.privateKeyPem, ISSUER, AUDIENCE, 900);
  const verifier = new TokenVerifier(keys.publicKeyPem, ISSUER, AUDIENCE);

  it('round-trips the principal', async () => {
    const { token, expiresIn } = await signer.sign({ ...principal, roles: [ADMIN_ROLE] });
    assert.equal(expiresIn, 900);
    assert.deepEqual(await verifier.verify(token), { ...principal, roles: [ADMIN_ROLE] });
  });

  it('rejects an expired token', async () => {
    const { token } = await signer.sign(principal, new Date(Date.now() - 3600_000));
    await assert.rejects(verifier.verify(token), { statusCode: 401, message: 'Unauthorized request.' });
  });

  it('rejects a tampered token', async () => {
    const { token } = await signer.sign(principal);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    claims.roles = [ADMIN_ROLE];
    const forged = `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
    await assert.rejects(verifier.verify(forged), { statusCode: 401 });
  });

  it('rejects a token signed with another key', async () => {
    const { token } = await new TokenSigner(otherKeys.privateKeyPem, ISSUER, AUDIENCE, 900).sign(principal);
    await assert.rejects(verifier.verify(token), { statusCode: 401 });
  });

  it("rejects alg 'none' and HMAC tokens", async () => {
    const unsecured = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(
      JSON.stringify({ sub: 'u1', iss: ISSUER, aud: AUDIENCE, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600, roles: [ADMIN_ROLE] }),
    )}.`;
    await assert.rejects(verifier.verify(unsecured), { statusCode: 401 });
    const hmac = await new SignJWT({ roles: [ADMIN_ROLE] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(keys.publicKeyPem));
    await assert.rejects(verifier.verify(hmac), { statusCode: 401 });
  });

  it('rejects another audience or issuer', async () => {
    const { token: otherAudience } = await new TokenSigner(keys.privateKeyPem, ISSUER, 'someone-else', 900).sign(principal);
    await assert.rejects(verifier.verify(otherAudience), { statusCode: 401 });
    const { token: otherIssuer } = await new TokenSigner(keys.privateKeyPem, 'evil', AUDIENCE, 900).sign(principal);
    await assert.rejects(verifier.verify(otherIssuer), { statusCode: 401 });
  });
});

describe('auth guards', () => {
  let app: App;
  const signer = new TokenSigner(keys.privateKeyPem, ISSUER, AUDIENCE, 900);

  beforeAll(async () => {
    app = await createHttpApp({ name: 'test', logger: testLogger });
    const guards = createAuthGuards(new TokenVerifier(keys.publicKeyPem, ISSUER, AUDIENCE));
    app.get('/api/mine', { preHandler: guards.requireUser }, async (request) => success(request.principal?.userId));
    app.get('/api/dashboard/thing', { preHandler: guards.requireAdmin }, async () => success('staff only'));
    app.get('/api/public', { preHandler: guards.optionalUser }, async (request) => success(request.principal?.userId ?? null));
    await app.ready();
  });
  afterAll(() => app.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('401 without a token, 401 with a garbage token', async () => {
    assert.equal((await app.inject('/api/mine')).statusCode, 401);
    const garbage = await app.inject({ url: '/api/mine', headers: bearer('not.a.token') });
    assert.equal(garbage.statusCode, 401);
    assert.deepEqual(garbage.json(), { status: { type: 'Unauthorized', message: 'Unauthorized request.' }, response: null });
  });

  it('lets a reader in to their own calls, but answers 403 on staff calls', async () => {
    const { token } = await signer.sign(principal);
    assert.deepEqual((await app.inject({ url: '/api/mine', headers: bearer(token) })).json().response, 'u1');
    const staff = await app.inject({ url: '/api/dashboard/thing', headers: bearer(token) });
    assert.equal(staff.statusCode, 403);
    assert.equal(staff.json().status.type, 'Forbidden');
    assert.equal((await app.inject('/api/dashboard/thing')).statusCode, 401);
  });

  it('lets an admin into staff calls', async () => {
    const { token } = await signer.sign({ ...principal, roles: [ADMIN_ROLE] });
    assert.equal((await app.inject({ url: '/api/dashboard/thing', headers: bearer(token) })).statusCode, 200);
  });

  it('treats no token as anonymous on optional routes, but an invalid one as 401', async () => {
    assert.equal((await app.inject('/api/public')).json().response, null);
    assert.equal((await app.inject({ url: '/api/public', headers: bearer('x.y.z') })).statusCode, 401);
  });
});
