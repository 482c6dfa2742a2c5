import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { storefrontCalls } from '../../services/gateway/test/spec-calls';
import { signInNewAdmin, unansweredCalls } from '../support/dashboard-calls';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * Issue 26's acceptance: every call of the storefront spec (§7) is served through the gateway — none
 * answers `No such API call`, none fails on our side (5xx) — for the call list's own arguments and an
 * empty body, as a signed-in caller. (Whether each answers the right thing is the owning service's
 * tests' business; this is the catalogue's completeness.)
 */
describe("the storefront spec's calls", () => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startTestStack();
    token = await signInNewAdmin(stack, 'storefront-calls');
  });

  afterAll(() => stack?.stop());

  it('lists the 95 calls of the storefront catalogue', () => {
    assert.equal(storefrontCalls.length, 95);
  });

  it('answers every one of them as a call its service serves', async () => {
    assert.deepEqual(await unansweredCalls(stack, token, storefrontCalls), []);
  });
});
