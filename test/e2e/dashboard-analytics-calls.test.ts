import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dashboardCalls } from '../../services/gateway/test/spec-calls';
import { signInNewAdmin, unansweredCalls } from '../support/dashboard-calls';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * Issue 25's acceptance: the dashboard spec's Analytics and Reports calls (§7) all answer an admin
 * through the gateway, for the call list's own arguments — none is `No such API call`, none fails
 * on our side (5xx). The workbook call streams a file; the emailed one queues a job.
 */
const INSIGHTS = ['/api/dashboard/analytics', '/api/dashboard/reports'];

describe("the dashboard spec's Analytics and Reports calls", () => {
  let stack: TestStack;
  let adminToken: string;
  const calls = dashboardCalls.filter(([, path]) => INSIGHTS.some((prefix) => path.startsWith(prefix)));

  beforeAll(async () => {
    stack = await startTestStack();
    adminToken = await signInNewAdmin(stack, 'insights-desk');
  });

  afterAll(() => stack?.stop());

  it('lists the 11 Analytics calls and the 2 Reports calls', () => {
    assert.equal(calls.filter(([, path]) => path.startsWith('/api/dashboard/analytics')).length, 11);
    assert.equal(calls.filter(([, path]) => path.startsWith('/api/dashboard/reports')).length, 2);
  });

  it('answers every one of them as a call its service serves', async () => {
    assert.deepEqual(await unansweredCalls(stack, adminToken, calls), []);
  });

  it('answers a bad date with a 400 naming the field, not a warning', async () => {
    const response = await fetch(`${stack.url}/api/dashboard/analytics/orderMetrics?start=2025-02-30&end=2025-03-01`, { headers: { authorization: `Bearer ${adminToken}` } });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { status: { problems?: Array<{ field: string }> } };
    assert.ok(body.status.problems?.some((problem) => problem.field === 'start'), JSON.stringify(body.status));
  });
});
