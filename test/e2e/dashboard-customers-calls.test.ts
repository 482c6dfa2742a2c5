import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dashboardCalls } from '../../services/gateway/test/spec-calls';
import { signInNewAdmin, unansweredCalls } from '../support/dashboard-calls';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * Issue 23's acceptance: the dashboard spec's Users and Orders calls (§7) all answer an admin through
 * the gateway — none is `No such API call`, and none fails on our side (5xx) for the arguments of the
 * spec's call list, which name users and orders that do not exist and ids in forms the store does
 * not use (`77`, `auth0|5f2b`): a 4xx or 404 for the item, never for the call.
 */
const CUSTOMERS = ['/api/dashboard/users', '/api/dashboard/orders', '/api/user/deletesubscriptionandcustomer'];

describe("the dashboard spec's Users and Orders calls", () => {
  let stack: TestStack;
  let adminToken: string;
  const calls = dashboardCalls.filter(([, path]) => CUSTOMERS.some((prefix) => path.startsWith(prefix)));

  beforeAll(async () => {
    stack = await startTestStack();
    adminToken = await signInNewAdmin(stack, 'customer-desk');
  });

  afterAll(() => stack?.stop());

  it('lists all 18 Users calls and the 3 Orders calls', () => {
    assert.equal(calls.filter(([, path]) => !path.startsWith('/api/dashboard/orders')).length, 18);
    assert.equal(calls.filter(([, path]) => path.startsWith('/api/dashboard/orders')).length, 3);
  });

  it('answers every one of them as a call its service serves', async () => {
    assert.deepEqual(await unansweredCalls(stack, adminToken, calls), []);
  });
});
