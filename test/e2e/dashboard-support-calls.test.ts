import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dashboardCalls, storefrontCalls } from '../../services/gateway/test/spec-calls';
import { signInNewAdmin, unansweredCalls } from '../support/dashboard-calls';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * Issue 24's acceptance: the dashboard spec's Support tickets, Email templates and Email provider
 * calls (§7) all answer an admin through the gateway, and the storefront's submitted-form call
 * answers — none is `No such API call`, none fails on our side (5xx) for the call list's own
 * arguments (ids of tickets and messages that do not exist: a 404 for the item, never for the call).
 */
const SUPPORT = ['/api/dashboard/support-tickets', '/api/dashboard/emailTemplates', '/api/dashboard/email-provider', '/api/dashboard/scheduled-emails', '/api/dashboard/sent-emails'];

describe("the dashboard spec's support and email calls", () => {
  let stack: TestStack;
  let adminToken: string;
  const calls = dashboardCalls.filter(([, path]) => SUPPORT.some((prefix) => path.startsWith(prefix)));
  const formCalls = storefrontCalls.filter(([, path]) => path.startsWith('/api/submitted-form'));

  beforeAll(async () => {
    stack = await startTestStack();
    adminToken = await signInNewAdmin(stack, 'support-desk');
  });

  afterAll(() => stack?.stop());

  it('lists the 10 Support ticket calls, the 6 Email template calls, the 11 Email provider calls and the submitted form', () => {
    const count = (prefix: string) => calls.filter(([, path]) => path.startsWith(prefix)).length;
    assert.equal(count('/api/dashboard/support-tickets'), 10);
    assert.equal(count('/api/dashboard/emailTemplates'), 6);
    assert.equal(count('/api/dashboard/email-provider') + count('/api/dashboard/scheduled-emails') + count('/api/dashboard/sent-emails'), 11);
    assert.equal(formCalls.length, 1);
  });

  it('answers every one of them as a call its service serves', async () => {
    assert.deepEqual(await unansweredCalls(stack, adminToken, calls), []);
  });

  it('answers the submitted form, refusing an empty one with a 400 that names a field', async () => {
    assert.deepEqual(await unansweredCalls(stack, '', formCalls), []);
    const response = await fetch(`${stack.url}/api/submitted-form/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(response.status, 400);
  });
});
