import assert from 'node:assert/strict';
import { grantAdmin } from '@inkwell/account';
import type { TestStack } from './stack';

/** A new admin account of the stack, signed in through the gateway: its access token. */
export async function signInNewAdmin(stack: TestStack, name: string): Promise<string> {
  const admin = await grantAdmin(stack.service('account').context.db, `${name}-${process.pid}@example.com`);
  assert.ok(admin.created);
  const login = await fetch(`${stack.url}/api/account/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: admin.email, Password: admin.password }),
  });
  assert.equal(login.status, 200);
  return ((await login.json()) as { response: { access_token: string } }).response.access_token;
}

/**
 * Sends each spec call as an admin (empty JSON bodies, the call list's own arguments) and answers
 * those that are not served: `No such API call`, or a failure on our side (5xx).
 */
export async function unansweredCalls(stack: TestStack, token: string, calls: ReadonlyArray<readonly [string, string, ...unknown[]]>): Promise<string[]> {
  const unanswered: string[] = [];
  for (const [method, path] of calls) {
    const response = await fetch(stack.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('json') ? ((await response.json()) as { status?: { message?: string } }) : (await response.arrayBuffer(), {});
    const message = body.status?.message ?? '';
    if (message.startsWith('No such API call') || response.status >= 500) unanswered.push(`${method} ${path} → ${response.status} ${message}`);
  }
  return unanswered;
}
