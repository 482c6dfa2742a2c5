import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { grantAdmin } from '@inkwell/account';
import { SYSTEM_SERVICES, systemPath } from '@inkwell/contracts/dashboard-system';
import { beyondSpecCalls, dashboardCalls } from '../../services/gateway/test/spec-calls';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * Every staff call of the gateway's table (dashboard spec §7, and the staff calls beyond it), through the gateway to the service
 * that owns it: anonymous callers get 401, a signed-in reader 403 — whether or not the service
 * implements the call yet. The reader is a real account signed in through the account service.
 * The operations console's calls (issue 21) of every service answer the same, and answer an admin.
 */
describe('staff API authorisation through the gateway', () => {
  let stack: TestStack;
  let readerToken: string;
  let adminToken: string;

  const signIn = async (email: string, password: string): Promise<string> => {
    const login = await fetch(`${stack.url}/api/account/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ UserName: email, Password: password }),
    });
    assert.equal(login.status, 200);
    return ((await login.json()) as { response: { access_token: string } }).response.access_token;
  };

  const send = (method: string, path: string, token?: string) =>
    fetch(stack.url + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });

  beforeAll(async () => {
    stack = await startTestStack();
    const email = `reader-${process.pid}@example.com`;
    const password = 'a reader password';
    const signup = await fetch(`${stack.url}/api/account/signupCustomerV2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') }),
    });
    assert.equal(signup.status, 200);
    readerToken = await signIn(email, password);
    const admin = await grantAdmin(stack.service('account').context.db, `staff-${process.pid}@example.com`);
    assert.ok(admin.created);
    adminToken = await signIn(admin.email, admin.password);
  });

  afterAll(() => stack?.stop());

  /**
   * The operations console's calls of every service (status, dead letters, a re-drive of a dead
   * letter that does not exist) and the order service's checkout view, with what an admin gets.
   */
  const systemCalls: ReadonlyArray<[method: string, path: string, adminStatus: number]> = [
    ...SYSTEM_SERVICES.flatMap((service): Array<[string, string, number]> => [
      ['GET', `/api${systemPath(service)}/status`, 200],
      ['GET', `/api${systemPath(service)}/dead-letters`, 200],
      ['POST', `/api${systemPath(service)}/dead-letters/987654321/redrive`, 404],
    ]),
    ['GET', `/api${systemPath('order')}/checkout`, 200],
  ];
  const staffCalls = [...dashboardCalls, ...beyondSpecCalls, ...systemCalls.map(([method, path]) => [method, path] as const)].filter(([, path]) => path.startsWith('/api/dashboard'));

  it('covers every /api/dashboard call of the catalogue', () => {
    assert.ok(staffCalls.length > 100, `${staffCalls.length} staff calls`);
  });

  it('answers every staff call 401 for an anonymous caller', async () => {
    const wrong: string[] = [];
    for (const [method, path] of staffCalls) {
      const response = await send(method, path);
      const body = (await response.json()) as { status: { type: string; message: string } };
      if (response.status !== 401 || body.status.message !== 'Unauthorized request.') wrong.push(`${method} ${path} → ${response.status} ${body.status.message}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('answers every staff call 403 for a signed-in reader', async () => {
    const wrong: string[] = [];
    for (const [method, path] of staffCalls) {
      const response = await send(method, path, readerToken);
      const body = (await response.json()) as { status: { type: string } };
      if (response.status !== 403 || body.status.type !== 'Forbidden') wrong.push(`${method} ${path} → ${response.status}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('answers the operations console\'s calls of every service to an admin (an unknown dead letter: 404 in the envelope)', async () => {
    const wrong: string[] = [];
    for (const [method, path, expected] of systemCalls) {
      const response = await send(method, path, adminToken);
      const body = (await response.json()) as { status: { type: string }; response: unknown };
      const answered = expected === 200 ? body.status.type === 'Success' && body.response !== null : body.status.type === 'NotFound';
      if (response.status !== expected || !answered) wrong.push(`${method} ${path} → ${response.status} ${body.status.type}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('still serves the reader their own account', async () => {
    const response = await send('GET', '/api/account', readerToken);
    assert.equal(response.status, 200);
  });
});
