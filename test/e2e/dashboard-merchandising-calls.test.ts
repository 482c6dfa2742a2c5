import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dashboardCalls } from '../../services/gateway/test/spec-calls';
import { signInNewAdmin, unansweredCalls } from '../support/dashboard-calls';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * Issue 22's acceptance: the dashboard spec's Sales campaigns and Home page calls (§7, carousels and
 * HTML components included) all answer an admin through the gateway — none is `No such API call`,
 * and none fails on our side (5xx) for the arguments of the spec's call list, which name ids that
 * may not exist (a 404 for the item, not for the call) and send empty bodies (a 4xx naming what is
 * missing).
 */
const MERCHANDISING = ['/api/dashboard/sales', '/api/dashboard/home/', '/api/dashboard/homepage/', '/api/dashboard/carousels', '/api/dashboard/html-components', '/api/dashboard/cache/'];

describe('the dashboard spec\'s Sales and Home page calls', () => {
  let stack: TestStack;
  let adminToken: string;
  const calls = dashboardCalls.filter(([, path]) => MERCHANDISING.some((prefix) => path.startsWith(prefix)));

  beforeAll(async () => {
    stack = await startTestStack();
    adminToken = await signInNewAdmin(stack, 'merchandiser');
  });

  afterAll(() => stack?.stop());

  it('lists all 10 Sales calls and the 20 Home page calls (with carousels and HTML components)', () => {
    assert.equal(calls.filter(([, path]) => path.startsWith('/api/dashboard/sales')).length, 10);
    assert.equal(calls.filter(([, path]) => !path.startsWith('/api/dashboard/sales')).length, 20);
  });

  it('answers every one of them as a call the catalog serves', async () => {
    assert.deepEqual(await unansweredCalls(stack, adminToken, calls), []);
  });
});
