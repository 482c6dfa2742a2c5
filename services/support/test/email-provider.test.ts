import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sesLocal from 'aws-ses-v2-local';
import { createHttpApp, type App } from '@inkwell/platform';
import { buildTestService, testLogger, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { REPUTATION_WINDOW_DAYS } from '@inkwell/contracts/support-rules';
import { supportService, type SupportParts } from '../src';
import type { SnsMessage } from '../src/domain/sns-signature';
import { emailEventRoutes } from '../src/routes/email-events';
import { recordDeliveryEvent } from '../src/store/delivery-events';
import { rateState } from '../src/store/provider-health';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { adminToken, readerToken } from './factories';
import { testSigner } from './sns-keys';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const PROVIDER = '/api/dashboard/email-provider';
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:inkwell-ses-events';
const SES_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'c', Status: 'GRANTED' },
    UseCaseDescription: 'Comics store mail',
    WebsiteURL: 'https://inkwell.example',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 17 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

type Caller = (method: 'GET' | 'POST', url: string, payload?: unknown, token?: string | null) => Promise<{ status: number; body: Json; text: string }>;

function caller(app: () => App, admin: () => string): Caller {
  return async (method, url, payload, token = admin()) => {
    const response = await app().inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: Json;
    try {
      body = response.json();
    } catch {
      body = null;
    }
    return { status: response.statusCode, body, text: response.body };
  };
}

/** Mails the provider accepted `hoursAgo`, each with its Send event then. */
async function seedSentMails(service: TestService<SupportParts>, count: number, hoursAgo: number, prefix: string): Promise<Array<{ id: string; to: string; external: string }>> {
  const { rows } = await service.context.db.query<{ id: string; to_address: string; external_id: string }>(
    `INSERT INTO sent_emails (external_id, from_address, to_address, subject, html_body, text_body, status, attempts, sent_at, mail_created_at)
     SELECT '<' || $1 || '-' || n || '@inkwell.example>', 'no-reply@inkwell.example', $1 || '-' || n || '@example.com', 'Hello', '<p>Hi</p>', 'Hi', 'Sent', 1,
            now() - make_interval(hours => $3), now() - make_interval(hours => $3)
       FROM generate_series(1, $2::int) AS n
     RETURNING id, to_address, external_id`,
    [prefix, count, hoursAgo],
  );
  await service.context.db.query(
    `INSERT INTO sent_email_events (sent_email_id, event_type, detail, event_at) SELECT id, 'Send', 'Handed over.', sent_at FROM sent_emails WHERE id = ANY($1::uuid[])`,
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => ({ id: row.id, to: row.to_address, external: row.external_id }));
}

describe('reputation states', () => {
  it('is Healthy up to the warning threshold, Warning above it, AtRisk above the critical one', () => {
    const bounce = { warning: 0.05, critical: 0.1 };
    assert.equal(rateState(0, bounce), 'Healthy');
    assert.equal(rateState(0.05, bounce), 'Healthy');
    assert.equal(rateState(0.0501, bounce), 'Warning');
    assert.equal(rateState(0.1, bounce), 'Warning');
    assert.equal(rateState(0.1001, bounce), 'AtRisk');
  });
});

describe('email provider with the embedded driver', () => {
  let service: TestService<SupportParts>;
  let links: AccountLinksStandIn;
  let admin: string;
  let reader: string;
  const call = caller(() => service.app, () => admin);

  beforeAll(async () => {
    links = await startAccountLinks();
    service = await buildTestService(supportService, { config: links.config });
    await service.bus.start();
    admin = await adminToken();
    reader = await readerToken();
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
  });

  it('answers 401 to anonymous callers and 403 to readers on every call, changing nothing', async () => {
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', `${PROVIDER}/send-quota`, undefined],
      ['GET', `${PROVIDER}/send-statistics`, undefined],
      ['GET', `${PROVIDER}/reputation-metrics`, undefined],
      ['POST', `${PROVIDER}/verified-identities`, {}],
      ['POST', `${PROVIDER}/verify-email/guarded%40inkwell.example`, undefined],
      ['POST', `${PROVIDER}/delete-identity/inkwell.example`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, payload, null);
      assert.equal(anonymous.status, 401, `${method} ${url}`);
      const asReader = await call(method, url, payload, reader);
      assert.equal(asReader.status, 403, `${method} ${url}`);
      assert.equal(asReader.body.status.type, 'Forbidden');
    }
    const { rows } = await service.context.db.query<{ identity: string }>('SELECT identity FROM email_identities ORDER BY identity');
    assert.deepEqual(rows.map((row) => row.identity), ['inkwell.example', 'no-reply@inkwell.example', 'support@inkwell.example'], 'only the configured senders; the refused calls added or removed none');
  });

  it('computes quota, reputation and statistics from known events: 100 sends, 6 hard bounces (6 %: Warning), 1 complaint (1 %: at risk)', async () => {
    const recent = await seedSentMails(service, 100, 2, 'recent');
    // Outside the 14-day window: not counted in the rates, and not in the last 24 hours.
    const old = await seedSentMails(service, 10, (REPUTATION_WINDOW_DAYS + 1) * 24, 'old');
    for (const mail of recent.slice(0, 6)) {
      assert.equal(await recordDeliveryEvent(service.context.db, { messageId: mail.external, type: 'Bounce', detail: 'hard', permanent: true, providerEventId: `b-${mail.id}` }), true);
    }
    await recordDeliveryEvent(service.context.db, { messageId: recent[6]!.external, type: 'Complaint', detail: 'abuse', providerEventId: `c-${recent[6]!.id}` });
    await recordDeliveryEvent(service.context.db, { messageId: old[0]!.external, type: 'Bounce', detail: 'hard, long ago', permanent: true, providerEventId: `b-${old[0]!.id}`, at: new Date(Date.now() - (REPUTATION_WINDOW_DAYS + 1) * 86_400_000) });
    for (const mail of recent.slice(10, 90)) {
      await recordDeliveryEvent(service.context.db, { messageId: mail.external, type: 'Delivery', detail: '250 ok', providerEventId: `d-${mail.id}` });
    }

    const reputation = await call('GET', `${PROVIDER}/reputation-metrics`);
    assert.equal(reputation.status, 200, reputation.text);
    assert.deepEqual(reputation.body.response, {
      driver: 'stored',
      windowDays: 14,
      bounceRateMetrics: { rate: 0.06, sends: 100, count: 6, warning: 0.05, critical: 0.1, state: 'Warning' },
      complaintRateMetrics: { rate: 0.01, sends: 100, count: 1, warning: 0.001, critical: 0.005, state: 'AtRisk' },
      suppressedAddresses: 8,
    });

    const quota = await call('GET', `${PROVIDER}/send-quota`);
    assert.equal(quota.status, 200, quota.text);
    assert.deepEqual(quota.body.response, {
      driver: 'stored',
      max24HourSend: service.context.config.email.dailySendCap,
      maxSendRate: 0,
      sentLast24Hours: 100,
      sendingEnabled: true,
      enforcementStatus: 'AT_RISK',
    });

    const statistics = await call('GET', `${PROVIDER}/send-statistics`);
    assert.equal(statistics.status, 200, statistics.text);
    const points: Json[] = statistics.body.response.points;
    assert.ok(points.length >= 14 * 96 && points.length <= 14 * 96 + 1, `${points.length} points of 15 minutes`);
    for (let i = 1; i < points.length; i += 1) assert.equal(Date.parse(points[i].timestamp) - Date.parse(points[i - 1].timestamp), 900_000);
    const sum = (key: string) => points.reduce((total, point) => total + point[key], 0);
    assert.equal(sum('deliveryAttempts'), 100, 'the old sends are outside the 14 days');
    assert.equal(sum('deliveries'), 80);
    assert.equal(sum('bounces'), 6);
    assert.equal(sum('complaints'), 1);
    assert.equal(sum('rejects'), 0);
    const busy = points.filter((point) => point.deliveryAttempts > 0);
    assert.equal(busy.length, 1, 'the sends two hours ago fall in one step');
    assert.ok(Date.parse(busy[0].timestamp) <= Date.now() - 2 * 3_600_000 && Date.parse(busy[0].timestamp) > Date.now() - 2 * 3_600_000 - 900_000);
  });

  it('lists identities a page at a time, filtered by type', async () => {
    await service.context.db.query(
      `INSERT INTO email_identities (identity, identity_type) SELECT 'd' || lpad(n::text, 3, '0') || '.example', 'Domain' FROM generate_series(1, 55) AS n`,
    );
    const first = await call('POST', `${PROVIDER}/verified-identities`, {});
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.response.identities.length, 50);
    assert.equal(first.body.response.identities[0].id, 'd001.example');
    assert.ok(first.body.response.nextToken);
    const second = await call('POST', `${PROVIDER}/verified-identities`, { nextToken: first.body.response.nextToken });
    assert.deepEqual(second.body.response.identities.map((identity: Json) => identity.id), [
      'd051.example', 'd052.example', 'd053.example', 'd054.example', 'd055.example', 'inkwell.example', 'no-reply@inkwell.example', 'support@inkwell.example',
    ]);
    assert.equal(second.body.response.nextToken, null);
    const addresses = await call('POST', `${PROVIDER}/verified-identities`, { identityType: 'EmailAddress', nextToken: null });
    assert.deepEqual(addresses.body.response, {
      identities: [
        { id: 'no-reply@inkwell.example', identityType: 'EmailAddress', verificationStatus: 'Pending', sendingEnabled: true },
        { id: 'support@inkwell.example', identityType: 'EmailAddress', verificationStatus: 'Pending', sendingEnabled: true },
      ],
      nextToken: null,
    });
    assert.equal((await call('POST', `${PROVIDER}/verified-identities`, { identityType: 'Phone' })).status, 400);
    assert.equal((await call('POST', `${PROVIDER}/verified-identities`, { nextToken: 'not a token!' })).status, 400);
    await service.context.db.query(`DELETE FROM email_identities WHERE identity LIKE 'd___.example'`);
  });

  it('verifies an address by the link mailed to it, once; a domain stays Pending; bad ids refused', async () => {
    const asked = await call('POST', `${PROVIDER}/verify-email/Ops%40Inkwell.example`);
    assert.equal(asked.status, 200, asked.text);
    assert.deepEqual(asked.body.response, { id: 'ops@inkwell.example', identityType: 'EmailAddress', verificationStatus: 'Pending', sendingEnabled: true });
    await service.exposed.sendQueuedEmails();
    const { rows } = await service.context.db.query<{ text_body: string; subject: string }>(`SELECT text_body, subject FROM sent_emails WHERE to_address = 'ops@inkwell.example'`);
    assert.equal(rows.length, 1);
    const link = /https?:\/\/\S+verify-identity\?token=([A-Za-z0-9_-]+)/.exec(rows[0]!.text_body);
    assert.ok(link, rows[0]!.text_body);
    const { rows: stored } = await service.context.db.query<{ token_hash: string }>(`SELECT token_hash FROM email_identities WHERE identity = 'ops@inkwell.example'`);
    assert.notEqual(stored[0]!.token_hash, link[1], 'only the token’s hash is kept');

    const followed = await service.app.inject({ method: 'GET', url: `/api/email-events/verify-identity?token=${link[1]}` });
    assert.equal(followed.statusCode, 200, followed.body);
    assert.match(followed.body, /ops@inkwell\.example is verified/);
    const again = await service.app.inject({ method: 'GET', url: `/api/email-events/verify-identity?token=${link[1]}` });
    assert.equal(again.statusCode, 404, 'a link works once');
    const forged = await service.app.inject({ method: 'GET', url: `/api/email-events/verify-identity?token=${'A'.repeat(43)}` });
    assert.equal(forged.statusCode, 404);
    const listed = await call('POST', `${PROVIDER}/verified-identities`, { identityType: 'EmailAddress' });
    assert.deepEqual(listed.body.response.identities.find((identity: Json) => identity.id === 'ops@inkwell.example'), {
      id: 'ops@inkwell.example', identityType: 'EmailAddress', verificationStatus: 'Success', sendingEnabled: true,
    });

    const domain = await call('POST', `${PROVIDER}/verify-email/comics.example`);
    assert.deepEqual(domain.body.response, { id: 'comics.example', identityType: 'Domain', verificationStatus: 'Pending', sendingEnabled: true });

    for (const bad of ['not%20an%20address', 'a%40b', 'x', '%3Cscript%3E%40a.example', 'a%2Fb.example', 'two%40at%40signs.example']) {
      const refused = await call('POST', `${PROVIDER}/verify-email/${bad}`);
      assert.equal(refused.status, 400, `${bad}: ${refused.text}`);
      assert.equal(refused.body.status.message, 'An identity is an email address or a domain name.');
    }
    const { rows: count } = await service.context.db.query<{ n: string }>(`SELECT count(*) AS n FROM email_identities`);
    assert.equal(Number(count[0]!.n), 5, 'configured three, ops@ and comics.example; nothing from the refused calls');
  });

  it('deletes an identity; an unknown one is a 404', async () => {
    const deleted = await call('POST', `${PROVIDER}/delete-identity/comics.example`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body.response, { id: 'comics.example', deleted: true });
    const again = await call('POST', `${PROVIDER}/delete-identity/comics.example`);
    assert.equal(again.status, 404);
    assert.equal(again.body.status.message, 'No such identity.');
    assert.equal((await call('POST', `${PROVIDER}/delete-identity/%20`)).status, 400);
  });

  it('the production feed refuses SNS messages when no topic is configured (embedded settings)', async () => {
    const signer = testSigner();
    const message = signer.sign({
      Type: 'Notification', MessageId: 'n-prod', TopicArn: TOPIC, Timestamp: new Date().toISOString(), SignatureVersion: '2',
      Message: JSON.stringify({ eventType: 'Bounce', mail: { messageId: 'x' }, bounce: { bounceType: 'Permanent' } }),
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-x.pem',
    });
    const refused = await service.app.inject({ method: 'POST', url: '/api/email-events/ses', headers: { 'content-type': 'text/plain; charset=UTF-8' }, payload: JSON.stringify(message) });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().status.message, 'Notifications from this topic are not accepted.');
  });
});

describe('email provider with SES (aws-ses-v2-local) and the SNS event feed', () => {
  let sesServer: Server;
  let sesEndpoint: string;
  let certServer: Server;
  let certBase: string;
  const confirmations: string[] = [];
  let service: TestService<SupportParts>;
  let feed: App;
  let links: AccountLinksStandIn;
  let admin: string;
  const signer = testSigner();
  const call = caller(() => service.app, () => admin);
  const previousKeys = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY, account: process.env.AWS_SES_ACCOUNT };

  beforeAll(async () => {
    process.env.AWS_SES_ACCOUNT = JSON.stringify(SES_ACCOUNT);
    // The SDK's default credential chain reads these; aws-ses-v2-local only wants some signature.
    process.env.AWS_ACCESS_KEY_ID = 'AKIDLOCALTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'local-test-secret';
    sesServer = await sesLocal({ host: '127.0.0.1', port: 0 });
    sesEndpoint = `http://127.0.0.1:${(sesServer.address() as AddressInfo).port}`;
    // Stands in for sns.<region>.amazonaws.com: serves the test certificate and takes confirmations.
    certServer = createServer((request, response) => {
      if (request.url?.startsWith('/cert.pem')) return void response.end(signer.certificatePem);
      if (request.url?.startsWith('/confirm')) {
        confirmations.push(request.url);
        return void response.end('<ConfirmSubscriptionResponse/>');
      }
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((resolve) => certServer.listen(0, '127.0.0.1', resolve));
    certBase = `http://127.0.0.1:${(certServer.address() as AddressInfo).port}`;

    links = await startAccountLinks();
    const base = testServiceConfig('support', 'postgres://unused');
    service = await buildTestService(supportService, {
      config: { ...links.config, email: { ...base.email, ses: { region: 'eu-west-1', endpoint: sesEndpoint, snsTopicArns: [TOPIC] } } },
    });
    await service.bus.start();
    admin = await adminToken();
    // The feed as production registers it, but trusting the local stand-in's host (route options, tests only).
    feed = await createHttpApp({ name: 'support-feed-test', logger: testLogger });
    await feed.register(emailEventRoutes, {
      db: service.context.db,
      logger: testLogger,
      topicArns: [TOPIC],
      trustsUrl: (url: string) => url.startsWith(`${certBase}/`),
    });
    await feed.ready();
  });
  afterAll(async () => {
    await feed?.close();
    await service?.close();
    await links?.close();
    await new Promise((resolve) => sesServer?.close(resolve));
    await new Promise((resolve) => certServer?.close(resolve));
    process.env.AWS_ACCESS_KEY_ID = previousKeys.id;
    process.env.AWS_SECRET_ACCESS_KEY = previousKeys.secret;
    if (previousKeys.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (previousKeys.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    if (previousKeys.account === undefined) delete process.env.AWS_SES_ACCOUNT;
    else process.env.AWS_SES_ACCOUNT = previousKeys.account;
  });

  const post = (message: unknown, headers: Record<string, string> = {}) =>
    feed.inject({ method: 'POST', url: '/api/email-events/ses', headers: { 'content-type': 'text/plain; charset=UTF-8', ...headers }, payload: typeof message === 'string' ? message : JSON.stringify(message) });
  const notification = (id: string, event: unknown, overrides: Partial<SnsMessage> = {}): SnsMessage =>
    signer.sign({
      Type: 'Notification',
      MessageId: id,
      TopicArn: TOPIC,
      Message: JSON.stringify(event),
      Timestamp: new Date().toISOString(),
      SignatureVersion: '2',
      SigningCertURL: `${certBase}/cert.pem`,
      ...overrides,
    });

  it('reads the quota and standing from the SES account (GetAccount)', async () => {
    const quota = await call('GET', `${PROVIDER}/send-quota`);
    assert.equal(quota.status, 200, quota.text);
    assert.deepEqual(quota.body.response, { driver: 'ses', max24HourSend: 200, maxSendRate: 1, sentLast24Hours: 17, sendingEnabled: true, enforcementStatus: 'HEALTHY' });
  });

  it('the identity calls answer 502 because aws-ses-v2-local does not implement them (no 500)', async () => {
    const listed = await call('POST', `${PROVIDER}/verified-identities`, {});
    assert.equal(listed.status, 502, listed.text);
    assert.match(listed.body.status.message, /^The email provider did not answer \(\w+ 404\)\.$/);
    assert.equal((await call('POST', `${PROVIDER}/verify-email/ops%40inkwell.example`)).status, 502);
    assert.equal((await call('POST', `${PROVIDER}/delete-identity/ops%40inkwell.example`)).status, 502);
    assert.equal((await call('POST', `${PROVIDER}/verify-email/not%20valid`)).status, 400, 'a bad id is refused before SES is asked');
  });

  it('a mail sent through SES is found by SES’s MessageId: a signed permanent bounce marks it Bounced and suppresses the address, once', async () => {
    const template = await call('POST', '/api/dashboard/emailTemplates/db-templates/new', { name: 'ses-plain', description: 'No placeholders', subject: 'Hello', htmlBody: '<p>Hello</p>', textBody: 'Hello' });
    assert.equal(template.status, 200, template.text);
    const sent = await call('POST', `/api/dashboard/emailTemplates/db-templates/${template.body.response.id}/test-email`, { ToAddresses: ['bouncer@example.com'], MetaData: {} });
    assert.ok(sent.status === 200, sent.text);
    await service.exposed.sendQueuedEmails();
    const { rows } = await service.context.db.query<{ id: string; external_id: string; status: string }>(`SELECT id, external_id, status FROM sent_emails WHERE to_address = 'bouncer@example.com'`);
    assert.equal(rows.length, 1);
    const stored = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: Array<{ messageId: string; destination: { to: string[] } }> };
    const atSes = stored.emails.find((mail) => mail.destination.to.includes('bouncer@example.com'));
    assert.ok(atSes, 'the local SES server has the mail');
    assert.equal(rows[0]!.external_id, atSes.messageId, 'the dispatcher kept SES’s MessageId');

    const bounce = notification('sns-bounce-1', {
      eventType: 'Bounce',
      mail: { messageId: atSes.messageId, destination: ['bouncer@example.com'] },
      bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: 'bouncer@example.com', diagnosticCode: 'smtp; 550 5.1.1 unknown' }] },
    });
    const first = await post(bounce, { 'x-amz-sns-message-type': 'Notification' });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().response, { received: true, recorded: 1 });
    const second = await post(bounce);
    assert.equal(second.statusCode, 200, 'SNS delivering it again is acknowledged');
    const { rows: events } = await service.context.db.query<{ event_type: string; detail: string }>(
      `SELECT event_type, detail FROM sent_email_events WHERE sent_email_id = $1 AND event_type = 'Bounce'`,
      [rows[0]!.id],
    );
    assert.deepEqual(events, [{ event_type: 'Bounce', detail: 'SES Bounce: Permanent/General (smtp; 550 5.1.1 unknown)' }], 'recorded once');
    const { rows: after } = await service.context.db.query<{ status: string }>(`SELECT status FROM sent_emails WHERE id = $1`, [rows[0]!.id]);
    assert.equal(after[0]!.status, 'Bounced');
    const { rows: suppressed } = await service.context.db.query<{ reason: string }>(`SELECT reason FROM email_suppressions WHERE address = 'bouncer@example.com'`);
    assert.deepEqual(suppressed, [{ reason: 'Bounce' }]);

    const reputation = await call('GET', `${PROVIDER}/reputation-metrics`);
    assert.equal(reputation.body.response.driver, 'ses');
    assert.equal(reputation.body.response.bounceRateMetrics.count, 1);
    assert.equal(reputation.body.response.suppressedAddresses, 1);
  });

  it('refuses forged, foreign and malformed messages with 400/403, recording nothing', async () => {
    const before = await service.context.db.query<{ n: string }>('SELECT count(*) AS n FROM sent_email_events');
    const event = { eventType: 'Complaint', mail: { messageId: 'whatever' }, complaint: { complainedRecipients: [{ emailAddress: 'x@example.com' }] } };
    const signed = notification('sns-forged', event);
    const forged = await post({ ...signed, Message: JSON.stringify({ ...event, mail: { messageId: 'other' } }) });
    assert.equal(forged.statusCode, 403);
    assert.equal(forged.json().status.message, 'The SNS signature does not match.');
    const otherKey = testSigner('impostor').sign({ ...signed, MessageId: 'sns-impostor' });
    assert.equal((await post(otherKey)).statusCode, 403);
    const unknownTopic = notification('sns-topic', event, { TopicArn: 'arn:aws:sns:eu-west-1:123456789012:someone-else' });
    assert.equal((await post(unknownTopic)).statusCode, 403);
    assert.equal((await post(unknownTopic)).json().status.message, 'Notifications from this topic are not accepted.');
    const foreignCert = notification('sns-cert', event, { SigningCertURL: 'https://evil.example/cert.pem' });
    const refusedCert = await post(foreignCert);
    assert.equal(refusedCert.statusCode, 403);
    assert.equal(refusedCert.json().status.message, 'The signing certificate is not Amazon SNS’s.');
    assert.equal((await post('not json')).statusCode, 400);
    assert.equal((await post({ Type: 'Notification' })).statusCode, 400);
    assert.equal((await post(signed, { 'x-amz-sns-message-type': 'SubscriptionConfirmation' })).statusCode, 400, 'the header and the body disagree');
    const huge = await post(JSON.stringify({ ...signed, Message: 'x'.repeat(400 * 1024) }));
    assert.equal(huge.statusCode, 413);
    const asJson = await feed.inject({ method: 'POST', url: '/api/email-events/ses', headers: { 'content-type': 'application/json' }, payload: '{"broken"' });
    assert.equal(asJson.statusCode, 400);
    const after = await service.context.db.query<{ n: string }>('SELECT count(*) AS n FROM sent_email_events');
    assert.equal(after.rows[0]!.n, before.rows[0]!.n);
  });

  it('confirms a subscription of an accepted topic by fetching its SubscribeURL, and only then', async () => {
    const confirmation = signer.sign({
      Type: 'SubscriptionConfirmation',
      MessageId: 'sns-sub-1',
      TopicArn: TOPIC,
      Message: 'You have chosen to subscribe to the topic.',
      Timestamp: new Date().toISOString(),
      SignatureVersion: '1',
      SigningCertURL: `${certBase}/cert.pem`,
      SubscribeURL: `${certBase}/confirm?Action=ConfirmSubscription&Token=tok-1`,
      Token: 'tok-1',
    });
    const confirmed = await post(confirmation, { 'x-amz-sns-message-type': 'SubscriptionConfirmation' });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.deepEqual(confirmations, ['/confirm?Action=ConfirmSubscription&Token=tok-1']);
    const elsewhere = signer.sign({ ...confirmation, MessageId: 'sns-sub-2', SubscribeURL: 'https://attacker.example/confirm' });
    assert.equal((await post(elsewhere)).statusCode, 403);
    assert.equal(confirmations.length, 1, 'no request to a host that is not SNS’s');
  });

  it('acknowledges SES events it does not record (opens, clicks) and events of mails that are not ours', async () => {
    const open = await post(notification('sns-open', { eventType: 'Open', mail: { messageId: 'm' } }));
    assert.deepEqual(open.json().response, { received: true, recorded: 0 });
    const stranger = await post(notification('sns-stranger', { eventType: 'Delivery', mail: { messageId: 'not-ours' }, delivery: { recipients: ['a@example.com'] } }));
    assert.equal(stranger.statusCode, 200);
    assert.deepEqual(stranger.json().response, { received: true, recorded: 0 });
  });
});
