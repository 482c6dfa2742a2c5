import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { freePort } from '@inkwell/platform';
import { buildTestService, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { MailQueue } from '../src/store/mail-queue';
import { deliveryPoints } from '../src/store/sent-emails';
import { isSuppressed, recordDeliveryEvent, suppress } from '../src/store/delivery-events';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { address, adminToken, readerToken } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A real SMTP server: refuses `bounce-…` recipients with 550, records every RCPT it is asked and every message it takes. */
async function startSmtpServer() {
  const rcpts: string[] = [];
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(rcpt, _session, callback) {
      rcpts.push(rcpt.address);
      if (rcpt.address.startsWith('bounce-')) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback(null, 'Message queued');
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, rcpts, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the email pipeline: delivery events, suppression, metrics', () => {
  let service: TestService<SupportParts>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let links: AccountLinksStandIn;
  let queue: MailQueue;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    links = await startAccountLinks();
    const base = testServiceConfig('support', 'postgres://unused', links.config);
    service = await buildTestService(supportService, { config: { ...links.config, email: { ...base.email, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Inkwell <hello@store.example>' } } });
    queue = new MailQueue('Inkwell <hello@store.example>');
    admin = await adminToken();
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
    await smtp?.close();
  });

  const db = () => service.context.db;
  const mailTo = async (to: string, subject = 'Hello') =>
    db().transaction((tx) => queue.add(tx, { to, content: { subject, html: '<p>Hi</p>', text: 'Hi' }, templateName: null }));
  const stored = async (id: string) => {
    const { rows } = await db().query<{ status: string; external_id: string; delivered_at: Date | null; attempts: number }>('SELECT status, external_id, delivered_at, attempts FROM sent_emails WHERE id = $1', [id]);
    const events = await db().query<{ event_type: string; detail: string }>('SELECT event_type, detail FROM sent_email_events WHERE sent_email_id = $1 ORDER BY id', [id]);
    return { ...rows[0]!, events: events.rows.map((e) => e.event_type), details: events.rows.map((e) => e.detail) };
  };
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin) => {
    const response = await service.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() as Json };
  };

  it('records an SMTP delivery: Queued, Send, Delivery, status Delivered', async () => {
    const to = address('ok');
    const id = await mailTo(to);
    await service.exposed.sendQueuedEmails();
    const mail = await stored(id);
    assert.equal(mail.status, 'Delivered');
    assert.ok(mail.delivered_at);
    assert.deepEqual(mail.events, ['Queued', 'Send', 'Delivery']);
    assert.deepEqual(smtp.received.filter((r) => r === to), [to]);
  });

  it('suppresses an address the server refuses for good; the next mail to it is Suppressed and never reaches the server', async () => {
    const to = address('bounce');
    const first = await mailTo(to);
    await service.exposed.sendQueuedEmails();
    const bounced = await stored(first);
    assert.equal(bounced.status, 'Bounced');
    assert.deepEqual(bounced.events, ['Queued', 'Send', 'Bounce']);
    assert.match(bounced.details[2]!, /550/);
    assert.equal(await isSuppressed(db(), to.toUpperCase()), true, 'suppression ignores case');
    const asked = smtp.rcpts.filter((r) => r === to).length;
    assert.equal(asked, 1);

    const second = await mailTo(to);
    await service.exposed.sendQueuedEmails();
    const skipped = await stored(second);
    assert.equal(skipped.status, 'Suppressed');
    assert.equal(skipped.attempts, 0);
    assert.deepEqual(skipped.events, ['Queued', 'Suppressed']);
    assert.equal(smtp.rcpts.filter((r) => r === to).length, asked, 'the server was not asked again');
  });

  it('a complaint (once per provider event) marks the mail Complained and suppresses its recipient', async () => {
    const to = address('complainer');
    const id = await mailTo(to);
    await service.exposed.sendQueuedEmails();
    const { external_id } = await stored(id);
    const bare = external_id.replace(/^<|>$/g, '');
    assert.equal(await recordDeliveryEvent(db(), { messageId: bare, type: 'Complaint', detail: 'abuse', providerEventId: 'complaint-1' }), true);
    assert.equal(await recordDeliveryEvent(db(), { messageId: external_id, type: 'Complaint', detail: 'abuse', providerEventId: 'complaint-1' }), true, 'the same notification again is known');
    const mail = await stored(id);
    assert.equal(mail.status, 'Complained');
    assert.deepEqual(mail.events, ['Queued', 'Send', 'Delivery', 'Complaint'], 'recorded once');
    const { rows } = await db().query('SELECT reason, sent_email_id FROM email_suppressions WHERE address = $1', [to]);
    assert.deepEqual(rows, [{ reason: 'Complaint', sent_email_id: id }]);

    const next = await mailTo(to);
    await service.exposed.sendQueuedEmails();
    assert.equal((await stored(next)).status, 'Suppressed');
    assert.equal(smtp.rcpts.filter((r) => r === to).length, 1, 'only the first mail reached the server');
  });

  it('moves statuses by the provider word: Delivery of a Sent mail, a soft bounce without suppression, a Reject; unknown mails are false', async () => {
    const soft = address('soft');
    const softId = await mailTo(soft);
    await db().query(`UPDATE sent_emails SET status = 'Sent' WHERE id = $1`, [softId]);
    assert.equal(await recordDeliveryEvent(db(), { sentEmailId: softId, type: 'Delivery', detail: '250 ok' }), true);
    const delivered = await stored(softId);
    assert.equal(delivered.status, 'Delivered');
    assert.ok(delivered.delivered_at);
    assert.equal(await recordDeliveryEvent(db(), { sentEmailId: softId, type: 'Bounce', permanent: false, detail: 'mailbox full' }), true);
    assert.equal((await stored(softId)).status, 'Bounced');
    assert.equal(await isSuppressed(db(), soft), false, 'a transient bounce does not suppress');

    const rejected = await mailTo(address('rejected'));
    await db().query(`UPDATE sent_emails SET status = 'Sent' WHERE id = $1`, [rejected]);
    assert.equal(await recordDeliveryEvent(db(), { sentEmailId: rejected, type: 'Reject', detail: 'virus' }), true);
    assert.equal((await stored(rejected)).status, 'Failed');

    assert.equal(await recordDeliveryEvent(db(), { messageId: '<nobody@nowhere>', type: 'Delivery', detail: 'x' }), false);
    assert.equal(await recordDeliveryEvent(db(), { sentEmailId: 'not-a-uuid', type: 'Delivery', detail: 'x' }), false);
    assert.equal(await recordDeliveryEvent(db(), { type: 'Delivery', detail: 'x' }), false);

    const manual = address('manual');
    await db().transaction((tx) => suppress(tx, `Someone <${manual.toUpperCase()}>`, 'Manual', null, 'asked by phone'));
    assert.equal(await isSuppressed(db(), manual), true);
  });

  it('lists sent emails filtered by status, category and subject', async () => {
    const to = address('listed');
    await mailTo(to, 'Unique subject zebra');
    const bySubject = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 10, search: 'ZEBRA' });
    assert.equal(bySubject.status, 200);
    assert.deepEqual(bySubject.body.response.items.map((m: Json) => m.to), [to]);
    assert.equal(bySubject.body.response.items[0].category, 'transactional');
    assert.equal(bySubject.body.response.items[0].status, 'Queued');
    const suppressed = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 100, statuses: ['Suppressed'] });
    assert.equal(suppressed.body.response.items.length, 2);
    assert.ok(suppressed.body.response.items.every((m: Json) => m.status === 'Suppressed'));
    const none = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 10, category: 'scheduled' });
    assert.equal(none.body.response.filteredTotalRows, 0);
    const bad = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 10, statuses: ['Lost'] });
    assert.equal(bad.status, 400);
    assert.match(bad.body.status.message, /statuses/);
  });

  it('counts events per 15-minute step, every step present, to the count', async () => {
    // A range in the past no other test writes to.
    const t0 = Date.parse('2020-03-01T10:00:00Z');
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const a = await mailTo(address('metrics'));
    const b = await mailTo(address('metrics'));
    await db().query(`INSERT INTO sent_email_events (sent_email_id, event_type, detail, event_at) VALUES ($1, 'Send', '', $3), ($2, 'Send', '', $4), ($2, 'Failure', '', $5)`, [a, b, at(1), at(14), at(20)]);
    await recordDeliveryEvent(db(), { sentEmailId: a, type: 'Delivery', detail: '', at: at(2) });
    await recordDeliveryEvent(db(), { sentEmailId: b, type: 'Bounce', permanent: false, detail: '', at: at(31) });
    await recordDeliveryEvent(db(), { sentEmailId: a, type: 'Complaint', detail: '', at: at(46) });
    await recordDeliveryEvent(db(), { sentEmailId: b, type: 'Reject', detail: '', at: at(59) });
    await recordDeliveryEvent(db(), { sentEmailId: b, type: 'Delivery', detail: 'after the range', at: at(60) });

    const response = await call('POST', '/api/dashboard/sent-emails/metrics', { start: at(0).toISOString(), end: at(60).toISOString() });
    assert.equal(response.status, 200);
    const { stepMs, points, totals } = response.body.response;
    assert.equal(stepMs, 900_000);
    assert.deepEqual(points, [
      { timestamp: '2020-03-01T10:00:00.000Z', deliveryAttempts: 2, deliveries: 1, bounces: 0, complaints: 0, rejects: 0 },
      { timestamp: '2020-03-01T10:15:00.000Z', deliveryAttempts: 0, deliveries: 0, bounces: 0, complaints: 0, rejects: 0 },
      { timestamp: '2020-03-01T10:30:00.000Z', deliveryAttempts: 0, deliveries: 0, bounces: 1, complaints: 0, rejects: 0 },
      { timestamp: '2020-03-01T10:45:00.000Z', deliveryAttempts: 0, deliveries: 0, bounces: 0, complaints: 1, rejects: 1 },
    ]);
    assert.deepEqual(totals, { deliveryAttempts: 2, deliveries: 1, bounces: 1, complaints: 1, rejects: 1, failures: 1, queued: 0 });
    assert.deepEqual(await deliveryPoints(db(), at(0), at(60)), points);
  });

  it('refuses bad metrics ranges and non-staff callers', async () => {
    const url = '/api/dashboard/sent-emails/metrics';
    for (const body of [
      { start: '2020-01-02T00:00:00Z', end: '2020-01-01T00:00:00Z' },
      { start: '2020-01-01T00:00:00Z', end: '2020-01-01T00:00:00Z' },
      { start: '2020-01-01T00:00:00Z', end: '2020-02-02T00:00:01Z' },
    ]) {
      const response = await call('POST', url, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.status.message, 'The range must start before it ends and cover at most 31 days.');
    }
    assert.equal((await call('POST', url, { start: 'yesterday', end: '2020-01-01T00:00:00Z' })).status, 400);
    assert.equal((await call('POST', url, {})).status, 400);
    assert.equal((await call('POST', url, { start: '2020-01-01T00:00:00Z', end: '2020-01-02T00:00:00Z' }, null)).status, 401);
    assert.equal((await call('POST', url, { start: '2020-01-01T00:00:00Z', end: '2020-01-02T00:00:00Z' }, await readerToken())).status, 403);
    assert.equal((await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 10 }, null)).status, 401);
  });
});
