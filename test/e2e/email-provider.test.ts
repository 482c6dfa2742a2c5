import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signInNewAdmin } from '../support/dashboard-calls';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * The email provider's health and identities through the gateway, as the dashboard calls them, and
 * the public email-events calls: a staff member adds a sending address, the verification mail is
 * queued for it, following its link (through the gateway) verifies it; the SES feed, posted as SNS
 * posts it (text/plain), reaches the support service and is refused there without a trusted topic.
 */
describe('email provider through the gateway', () => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startTestStack();
    token = await signInNewAdmin(stack, 'email-provider');
  });
  afterAll(() => stack?.stop());

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}/api/dashboard/email-provider${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('answers quota, statistics and reputation of the embedded driver', async () => {
    const quota = await call('GET', '/send-quota');
    assert.equal(quota.status, 200);
    assert.equal(quota.body.response.driver, 'stored');
    assert.equal(quota.body.response.enforcementStatus, 'HEALTHY');
    const statistics = await call('GET', '/send-statistics');
    assert.equal(statistics.status, 200);
    assert.ok(statistics.body.response.points.length >= 14 * 96);
    const reputation = await call('GET', '/reputation-metrics');
    assert.equal(reputation.status, 200);
    assert.equal(reputation.body.response.bounceRateMetrics.state, 'Healthy');
  });

  it('verifies a sending address by the link mailed to it', async () => {
    const address = `sender-${process.pid}@inkwell.example`;
    const asked = await call('POST', `/verify-email/${encodeURIComponent(address)}`);
    assert.equal(asked.status, 200);
    assert.equal(asked.body.response.verificationStatus, 'Pending');

    // The mail is queued in the same transaction as the identity: it is there when the call answers.
    const response = await fetch(`${stack.url}/api/dashboard/sent-emails/post-pagination`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ pageNumber: 1, pageSize: 10, search: address }),
    });
    const items = ((await response.json()) as Json).response.items as Array<{ to: string; textBody: string }>;
    const text = items.find((mail) => mail.to === address)?.textBody ?? '';
    const link = /(https?:\/\/\S+\/api\/email-events\/verify-identity\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
    assert.ok(link, `a verification link in: ${text}`);
    const followed = await fetch(`${stack.url}${new URL(link).pathname}${new URL(link).search}`);
    assert.equal(followed.status, 200);
    assert.match(await followed.text(), /is verified for sending/);

    const listed = await call('POST', '/verified-identities', { identityType: 'EmailAddress' });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.response.identities.find((identity: Json) => identity.id === address)?.verificationStatus, 'Success');
  });

  it('passes SNS posts (text/plain) to the support service, which refuses a topic it does not trust', async () => {
    const response = await fetch(`${stack.url}/api/email-events/ses`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
      body: JSON.stringify({
        Type: 'Notification',
        MessageId: 'e2e-1',
        TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
        Message: '{}',
        Timestamp: new Date().toISOString(),
        SignatureVersion: '2',
        Signature: 'AAAA',
        SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-x.pem',
      }),
    });
    assert.equal(response.status, 403);
    assert.equal(((await response.json()) as Json).status.message, 'Notifications from this topic are not accepted.');
    const garbage = await fetch(`${stack.url}/api/email-events/ses`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    assert.equal(garbage.status, 400);
  });
});
