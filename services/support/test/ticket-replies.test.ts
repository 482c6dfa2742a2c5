import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { buildService, freePort, type BuiltService } from '@inkwell/platform';
import { createTestDatabase, createTestEventBus, signTestToken, testCache, testLogger, testServiceConfig, type TestDatabase, type TestEventBus } from '@inkwell/platform/testing';
import { SUPPORT_MESSAGES } from '@inkwell/contracts/dashboard-support';
import { TICKET_FOLLOW_UP_DAYS, type TicketStatus } from '@inkwell/contracts/support-rules';
import { supportService, type SupportParts } from '../src';
import { createTemplate } from '../src/store/templates';
import { addFormMessage, addInboundEmail, openTicket, ticketForCustomerMessage } from '../src/store/ticket-writes';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { address, readerToken } from './factories';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const PREFIX = '/api/dashboard/support-tickets';
const SUPPORT = 'help@store.example';
const STAFF_ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

interface Received {
  rcptTo: string[];
  parsed: ParsedMail;
}

/**
 * The provider's SMTP server (a real `smtp-server`): keeps every message it takes, parsed with
 * mailparser; while `refuseData` is set it refuses the message itself with a permanent 554 after
 * DATA (a refused recipient would count as a bounce and suppress the address).
 */
async function startProvider() {
  const received: Received[] = [];
  const state = { refuseData: false };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuseData) return callback(Object.assign(new Error('Message refused by policy'), { responseCode: 554 }));
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({ rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
            callback(null, `Message queued as provider-${received.length}`);
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('staff replies to tickets (send-email, preview-email, retry-send-email)', () => {
  let database: TestDatabase;
  let service: BuiltService<SupportParts>;
  let bus: TestEventBus;
  let links: AccountLinksStandIn;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  const cache = testCache();
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    provider = await startProvider();
    links = await startAccountLinks();
    bus = await createTestEventBus();
    database = await createTestDatabase('support');
    const config = testServiceConfig('support', database.url, links.config);
    service = await buildService(supportService, {
      config: {
        ...config,
        publicUrl: 'https://store.example',
        email: { ...config.email, smtpUrl: `smtp://127.0.0.1:${provider.port}`, from: 'Inkwell Store <hello@store.example>' },
        support: { ...config.support, address: SUPPORT },
      },
      logger: testLogger,
      bus,
      cache,
    });
    await bus.start();
    admin = await signTestToken({ userId: STAFF_ID, email: 'agent@inkwell.example', roles: ['admin'] });
    reader = await readerToken();
  });
  afterAll(async () => {
    await bus?.close();
    await service?.stop();
    await links?.close();
    await cache.close();
    await database?.drop();
    await provider?.close();
  });

  const call = async (url: string, payload?: unknown, token: string | null = admin, headers: Record<string, string> = {}) => {
    const response = await service.app.inject({
      method: 'POST',
      url: `${PREFIX}/${url}`,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as Json };
  };

  const db = () => service.context.db;

  /** A ticket opened by a customer's email with Message-ID `messageId`. */
  async function emailTicket(subject: string, messageId: string, status: TicketStatus = 'Open') {
    const from = address('customer');
    const ticket = await db().transaction(async (tx) => {
      const opened = await openTicket(tx, { fromEmail: from, fromName: 'Dana Reader', userId: null, subject, type: 'Email', platform: null });
      await addInboundEmail(tx, opened.id, {
        subject,
        text: 'My printer ate the comic.',
        html: null,
        fromEmail: from,
        fromName: 'Dana Reader',
        toEmail: SUPPORT,
        ccEmail: null,
        sizeBytes: 100,
        bucketLocationKey: `support/raw/${messageId}`,
        messageIdHeader: messageId,
        inReplyTo: null,
      });
      if (status !== 'Open') await tx.query('UPDATE support_tickets SET status = $2 WHERE id = $1', [opened.id, status]);
      return opened;
    });
    return { ...ticket, from };
  }

  async function customerAnswers(ticketId: number, from: string, messageId: string, inReplyTo: string) {
    await db().transaction(async (tx) => {
      const { ticket } = await ticketForCustomerMessage(tx, ticketId, { fromEmail: from, fromName: 'Dana Reader', userId: null, subject: 'Re: x', type: 'Email', platform: null });
      await addInboundEmail(tx, ticket.id, {
        subject: 'Re: x',
        text: 'Still broken.',
        html: null,
        fromEmail: from,
        fromName: 'Dana Reader',
        toEmail: SUPPORT,
        ccEmail: null,
        sizeBytes: 100,
        bucketLocationKey: `support/raw/${messageId}`,
        messageIdHeader: messageId,
        inReplyTo,
      });
    });
  }

  const ticketRow = async (id: number) =>
    (await db().query<{ status: TicketStatus; unread: boolean; last_message_direction: string }>('SELECT status, unread, last_message_direction FROM support_tickets WHERE id = $1', [id])).rows[0]!;
  const followUps = async (ticketId: number) =>
    (await db().query<{ status: string; dedupe_key: string; send_from: Date; template_name: string; recipient_email: string }>(
      'SELECT status, dedupe_key, send_from, template_name, recipient_email FROM scheduled_emails WHERE ticket_id = $1 ORDER BY id',
      [ticketId],
    )).rows;
  const counts = async () =>
    (await db().query<{ mails: number; messages: number; scheduled: number }>(
      `SELECT (SELECT count(*)::int FROM sent_emails) AS mails, (SELECT count(*)::int FROM ticket_messages) AS messages, (SELECT count(*)::int FROM scheduled_emails) AS scheduled`,
    )).rows[0]!;
  const receivedBy = (to: string) => provider.received.filter((mail) => mail.rcptTo.includes(to));
  const headerText = (parsed: ParsedMail, name: string) => {
    const value = parsed.headers.get(name);
    return Array.isArray(value) ? value.join(' ') : String(value ?? '');
  };

  it('answers 401 to anonymous callers and 403 to readers, changing nothing', async () => {
    const ticket = await emailTicket('Guarded', `<guard-${Date.now()}@mail.example>`);
    const before = await counts();
    for (const [url, payload] of [
      ['send-email', { ticketId: ticket.id, textBody: 'hello' }],
      ['preview-email', { ticketId: ticket.id, textBody: 'hello' }],
      ['retry-send-email/1', undefined],
    ] as const) {
      assert.equal((await call(url, payload, null)).status, 401, url);
      assert.equal((await call(url, payload, reader)).status, 403, url);
    }
    assert.deepEqual(await counts(), before);
  });

  it('sends a free-text reply threaded to the customer, HTML made safe, ticket pending with a follow-up', async () => {
    const inbound = `<first-${Date.now()}@mail.example>`;
    const ticket = await emailTicket('RE: Re: Printer jam', inbound);
    const answer = await call('send-email', {
      ticketId: ticket.id,
      htmlBody:
        '<p>Hello <b>Dana</b>,</p><script>alert(1)</script><p onclick="steal()">Try <a href="https://store.example/help">our help page</a> or <a href="javascript:alert(2)">this</a>.</p><img src="https://tracker.example/pixel.gif"><iframe src="https://evil.example"></iframe>',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const message = answer.body.response;
    assert.equal(message.type, 'Email');
    assert.equal(message.direction, 'Outbound');
    assert.equal(message.status, 'Queued');
    assert.equal(message.toEmail, ticket.from);
    assert.equal(message.subject, 'Re: Printer jam');
    assert.equal(message.sendersUserId, STAFF_ID);
    assert.equal(message.sendersUserIdEmailLookup, 'agent@inkwell.example');
    assert.equal(message.templateName, null);
    for (const bad of ['<script', 'alert(1)', 'onclick', 'javascript:', '<img', 'tracker.example', '<iframe']) assert.ok(!message.htmlBody.includes(bad), `no ${bad} in ${message.htmlBody}`);
    assert.ok(message.htmlBody.includes('<a href="https://store.example/help"'), message.htmlBody);
    assert.match(message.textBody, /Hello Dana,/);
    assert.match(message.textBody, /our help page \(https:\/\/store\.example\/help\)/);

    const row = await ticketRow(ticket.id);
    assert.equal(row.status, 'PendingOnCustomer');
    assert.equal(row.last_message_direction, 'Outbound');
    const scheduled = await followUps(ticket.id);
    assert.equal(scheduled.length, 1);
    assert.equal(scheduled[0]!.status, 'Scheduled');
    assert.equal(scheduled[0]!.template_name, 'ticket-follow-up');
    assert.equal(scheduled[0]!.recipient_email, ticket.from);
    assert.equal(scheduled[0]!.dedupe_key, `ticket-follow-up:${ticket.id}:${message.id}`);
    const waitDays = (scheduled[0]!.send_from.getTime() - Date.parse(message.createdDateTime)) / 86_400_000;
    assert.ok(Math.abs(waitDays - TICKET_FOLLOW_UP_DAYS) < 0.01, `follow-up after ${waitDays} days`);

    await service.exposed.sendQueuedEmails();
    const [mail] = receivedBy(ticket.from);
    assert.ok(mail, 'the provider received the reply');
    const parsed = mail.parsed;
    assert.equal(parsed.subject, 'Re: Printer jam');
    assert.equal(parsed.from?.value[0]?.address, SUPPORT);
    assert.equal(parsed.from?.value[0]?.name, 'Inkwell Store');
    assert.equal(parsed.replyTo?.value[0]?.address, `help+${ticket.replyToken}@store.example`);
    assert.equal(parsed.inReplyTo, inbound);
    assert.equal(headerText(parsed, 'references'), inbound);
    assert.equal(parsed.messageId, message.externalEmailId);
    assert.ok(!String(parsed.html).includes('<script'));
    assert.match(parsed.text ?? '', /Hello Dana,/);

    const sent = await call('retry-send-email/' + message.id);
    assert.equal(sent.status, 409, 'a sent reply is not retried');
    assert.equal(sent.body.status.message, SUPPORT_MESSAGES.notRetryable);
  });

  it('threads the next reply to the customer\'s latest email, replaces the follow-up, and honours statusAfter', async () => {
    const first = `<a-${Date.now()}@mail.example>`;
    const ticket = await emailTicket('Missing pages', first);
    const one = await call('send-email', { ticketId: ticket.id, textBody: 'Which pages?\n\nSee https://store.example/faq.' });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(one.body.response.htmlBody, '<p>Which pages?</p>\n<p>See <a href="https://store.example/faq">https://store.example/faq</a>.</p>');
    const outbound = one.body.response.externalEmailId as string;
    const second = `<b-${Date.now()}@mail.example>`;
    await customerAnswers(ticket.id, ticket.from, second, outbound);
    assert.equal((await ticketRow(ticket.id)).status, 'Open');

    const two = await call('send-email', { ticketId: ticket.id, textBody: 'Fixed, sending a new copy.', subject: 'Your new copy' });
    assert.equal(two.status, 200, JSON.stringify(two.body));
    assert.equal(two.body.response.subject, 'Your new copy');
    let scheduled = await followUps(ticket.id);
    assert.deepEqual(scheduled.map((s) => s.status), ['Cancelled', 'Scheduled'], 'the earlier follow-up is replaced');
    assert.equal(scheduled[1]!.dedupe_key, `ticket-follow-up:${ticket.id}:${two.body.response.id}`);

    await service.exposed.sendQueuedEmails();
    const mails = receivedBy(ticket.from);
    assert.equal(mails.length, 2);
    const latest = mails[1]!.parsed;
    assert.equal(latest.inReplyTo, second);
    assert.equal(headerText(latest, 'references'), [first, outbound, second].join(' '));

    // Solved: no follow-up is waiting any more.
    const three = await call('send-email', { ticketId: ticket.id, textBody: 'Closing this one.', statusAfter: 'Solved' });
    assert.equal(three.status, 200, JSON.stringify(three.body));
    assert.equal((await ticketRow(ticket.id)).status, 'Solved');
    scheduled = await followUps(ticket.id);
    assert.deepEqual(scheduled.map((s) => s.status), ['Cancelled', 'Cancelled']);

    // Solved → PendingOnCustomer is not a staff move (support-rules.ts); nothing is written.
    const before = await counts();
    const refused = await call('send-email', { ticketId: ticket.id, textBody: 'One more thing' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.status.message, SUPPORT_MESSAGES.statusMove('Solved', 'Pending on customer'));
    assert.deepEqual(await counts(), before);
    // Solved → Open with a reply is allowed.
    assert.equal((await call('send-email', { ticketId: ticket.id, textBody: 'Reopening', statusAfter: 'Open' })).status, 200);
    assert.equal((await ticketRow(ticket.id)).status, 'Open');
  });

  it('answers a ticket opened by a form with the reply address but no threading headers (there is no email to thread to)', async () => {
    const from = address('form');
    const ticket = await db().transaction(async (tx) => {
      const opened = await openTicket(tx, { fromEmail: from, fromName: null, userId: null, subject: 'Contact form', type: 'SubmittedForm', platform: 'Web' });
      await addFormMessage(tx, opened.id, {
        formType: 'Contact',
        submittedEmail: from,
        submittedUserId: null,
        subject: 'Contact form',
        text: 'Do you ship to Iceland?',
        userAgent: null,
        ipAddress: null,
        feedbackUrl: null,
        platform: 'Web',
      });
      return opened;
    });
    const sent = await call('send-email', { ticketId: ticket.id, textBody: 'We do!' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await service.exposed.sendQueuedEmails();
    const [mail] = receivedBy(from);
    assert.ok(mail);
    assert.equal(mail.parsed.subject, 'Re: Contact form');
    assert.equal(mail.parsed.replyTo?.value[0]?.address, `help+${ticket.replyToken}@store.example`);
    assert.equal(mail.parsed.inReplyTo, undefined);
    assert.equal(mail.parsed.references, undefined);
  });

  it('renders a database template with the ticket\'s values and the staff\'s templateData', async () => {
    const template = await createTemplate(
      db(),
      'db',
      {
        name: `reply-refund-${Date.now()}`,
        description: 'A refund is on its way',
        subject: 'Your refund for {{title}} ({{ticketReference}})',
        htmlBody: '<p>Hi {{customerName}}, the refund for <b>{{title}}</b> is {{amount}}.</p>',
        textBody: 'Hi {{customerName}}, the refund for {{title}} is {{amount}}.',
      },
      null,
    );
    assert.ok(template);
    const ticket = await emailTicket('Refund please', `<t-${Date.now()}@mail.example>`);
    const body = { ticketId: ticket.id, templateId: template.id, templateData: { title: 'Saga <1>', amount: '€9.99' } };

    const before = await counts();
    const preview = await call('preview-email', body);
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual(preview.body.response, {
      subject: `Your refund for Saga <1> (#${ticket.id})`,
      html: '<p>Hi Dana Reader, the refund for <b>Saga &lt;1&gt;</b> is €9.99.</p>',
      text: 'Hi Dana Reader, the refund for Saga <1> is €9.99.',
      to: ticket.from,
    });
    assert.deepEqual(await counts(), before, 'a preview writes nothing');

    const missing = await call('send-email', { ticketId: ticket.id, templateId: template.id, templateData: { title: 'Saga' } });
    assert.equal(missing.status, 400);
    assert.match(missing.body.status.message, /amount/);
    const injected = await call('send-email', { ...body, templateData: { title: 'Saga\r\nBcc: everyone@example.com', amount: '1' } });
    assert.equal(injected.status, 400);
    assert.match(injected.body.status.message, /templateData\.title/);
    const unknown = await call('send-email', { ticketId: ticket.id, templateId: 2_000_000 });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status.message, SUPPORT_MESSAGES.templateNotFound);
    assert.deepEqual(await counts(), before, 'refused replies write nothing');

    const sent = await call('send-email', body);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.response.templateName, template.name);
    await service.exposed.sendQueuedEmails();
    const [mail] = receivedBy(ticket.from);
    assert.equal(mail?.parsed.subject, `Your refund for Saga <1> (#${ticket.id})`);
    assert.equal(mail?.parsed.headers.get('bcc'), undefined);
    assert.match(String(mail?.parsed.html), /Saga &lt;1&gt;/);
  });

  it('refuses bad bodies, unknown and closed tickets, and a header injection in the subject, changing nothing', async () => {
    const ticket = await emailTicket('Bad inputs', `<bad-${Date.now()}@mail.example>`);
    const closed = await emailTicket('Old one', `<closed-${Date.now()}@mail.example>`, 'Closed');
    const before = await counts();
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ ticketId: ticket.id }, 400, SUPPORT_MESSAGES.replyBody],
      [{ ticketId: ticket.id, textBody: '   ' }, 400, SUPPORT_MESSAGES.replyBody],
      [{ ticketId: ticket.id, htmlBody: '<script>alert(1)</script><img src="https://t.example/p.gif">' }, 400, SUPPORT_MESSAGES.replyBody],
      [{ ticketId: ticket.id, templateId: 1, textBody: 'both' }, 400, SUPPORT_MESSAGES.replyTemplateAndBody],
      [{ ticketId: ticket.id, textBody: 'hi', subject: 'Hello\r\nBcc: all@example.com' }, 400, /subject/],
      [{ ticketId: ticket.id, textBody: 'hi', subject: 'Hello\nX-Evil: 1' }, 400, /subject/],
      [{ ticketId: ticket.id, textBody: 'hi', statusAfter: 'Reopened' }, 400, /statusAfter/],
      [{ ticketId: 'one', textBody: 'hi' }, 400, /ticketId/],
      [{ textBody: 'hi' }, 400, /ticketId/],
      [{ ticketId: 999_999_999, textBody: 'hi' }, 404, SUPPORT_MESSAGES.ticketNotFound],
      [{ ticketId: closed.id, textBody: 'hi' }, 409, SUPPORT_MESSAGES.ticketClosed],
      [{ ticketId: closed.id, textBody: 'hi', statusAfter: 'Closed' }, 409, SUPPORT_MESSAGES.ticketClosed],
    ];
    for (const [payload, status, message] of cases) {
      for (const url of ['send-email', 'preview-email']) {
        const answer = await call(url, payload);
        if (url === 'preview-email' && status === 409) {
          // A preview of a reply to a closed ticket is harmless; only sending is refused.
          continue;
        }
        assert.equal(answer.status, status, `${url} ${JSON.stringify(payload)}: ${JSON.stringify(answer.body)}`);
        if (typeof message === 'string') assert.equal(answer.body.status.message, message);
        else assert.match(JSON.stringify(answer.body.status), message);
      }
    }
    assert.deepEqual(await counts(), before);
    assert.equal((await ticketRow(ticket.id)).status, 'Open');
  });

  it('answers a repeated send-email with the same Idempotency-Key with the first reply, and audits the reply', async () => {
    const ticket = await emailTicket('Double click', `<dc-${Date.now()}@mail.example>`);
    const key = `reply-${Date.now()}`;
    const [one, two] = await Promise.all([
      call('send-email', { ticketId: ticket.id, textBody: 'Only once, please.' }, admin, { 'idempotency-key': key }),
      call('send-email', { ticketId: ticket.id, textBody: 'Only once, please.' }, admin, { 'idempotency-key': key }),
    ]);
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(two.status, 200, JSON.stringify(two.body));
    assert.equal(one.body.response.id, two.body.response.id);
    // The key is per ticket's reply: a later request with it, even after the ticket moved, is the same reply.
    const three = await call('send-email', { ticketId: ticket.id, textBody: 'Only once, please.' }, admin, { 'idempotency-key': key });
    assert.equal(three.body.response.id, one.body.response.id);
    const mails = await db().query('SELECT 1 FROM sent_emails WHERE to_address = $1', [ticket.from]);
    assert.equal(mails.rowCount, 1);
    assert.equal((await followUps(ticket.id)).length, 1);
    // Without a key a second click is a second reply.
    assert.equal((await call('send-email', { ticketId: ticket.id, textBody: 'And again.' })).status, 200);
    assert.equal((await db().query('SELECT 1 FROM sent_emails WHERE to_address = $1', [ticket.from])).rowCount, 2);
    const bad = await call('send-email', { ticketId: ticket.id, textBody: 'x' }, admin, { 'idempotency-key': 'has spaces in it' });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body.status), /Idempotency-Key/);

    const audit = await db().query<{ action: string; actor_id: string; actor_email: string; changes: Json }>(
      `SELECT action, actor_id, actor_email, changes FROM staff_audit WHERE entity = 'support-ticket' AND entity_id = $1 ORDER BY id`,
      [String(ticket.id)],
    );
    assert.deepEqual(audit.rows.map((row) => row.action), ['reply', 'reply']);
    assert.equal(audit.rows[0]!.actor_id, STAFF_ID);
    assert.deepEqual(audit.rows[0]!.changes, { status: { from: 'Open', to: 'PendingOnCustomer' } });
    assert.ok(!JSON.stringify(audit.rows).includes('Only once'), 'no reply text in the audit');
  });

  it('sends a reply the provider refused again with the same Message-ID when staff retry it', async () => {
    const ticket = await emailTicket('Retry me', `<r-${Date.now()}@mail.example>`);
    provider.state.refuseData = true;
    let message: Json;
    try {
      const sent = await call('send-email', { ticketId: ticket.id, textBody: 'Here is your answer.' });
      assert.equal(sent.status, 200);
      message = sent.body.response;
      await service.exposed.sendQueuedEmails();
    } finally {
      provider.state.refuseData = false;
    }
    assert.equal(receivedBy(ticket.from).length, 0);
    const failed = await db().query<{ status: string }>('SELECT status FROM sent_emails WHERE id = $1', [message.sentEmailId]);
    assert.equal(failed.rows[0]!.status, 'Failed');
    const suppressed = await db().query('SELECT 1 FROM email_suppressions WHERE address = lower($1)', [ticket.from]);
    assert.equal(suppressed.rowCount, 0, 'a refused message is not a bounce');

    // Unknown ids and messages that are not outbound replies.
    assert.equal((await call('retry-send-email/999999999')).status, 404);
    const inboundId = (await db().query<{ id: string }>(`SELECT id FROM ticket_messages WHERE ticket_id = $1 AND direction = 'Inbound'`, [ticket.id])).rows[0]!.id;
    const inbound = await call(`retry-send-email/${inboundId}`);
    assert.equal(inbound.status, 404);
    assert.equal(inbound.body.status.message, SUPPORT_MESSAGES.messageNotFound);
    assert.equal((await call('retry-send-email/abc')).status, 400);
    assert.equal((await call('retry-send-email/0')).status, 400);

    const retried = await call(`retry-send-email/${message.id}`);
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    assert.equal(retried.body.response.status, 'Queued');
    assert.equal(retried.body.response.sentEmailId, message.sentEmailId);
    const again = await call(`retry-send-email/${message.id}`);
    assert.equal(again.status, 409, 'a queued reply is not queued twice');

    await service.exposed.sendQueuedEmails();
    const [mail] = receivedBy(ticket.from);
    assert.ok(mail, 'the retried reply arrived');
    assert.equal(mail.parsed.messageId, message.externalEmailId);
    const events = await db().query<{ event_type: string; detail: string }>('SELECT event_type, detail FROM sent_email_events WHERE sent_email_id = $1 ORDER BY id', [message.sentEmailId]);
    assert.deepEqual(events.rows.map((e) => e.event_type), ['Queued', 'Send', 'Failure', 'Queued', 'Send', 'Delivery']);
    assert.equal(events.rows[3]!.detail, 'Retried by agent@inkwell.example.');
    const after = await db().query<{ status: string; c: number }>('SELECT status, (SELECT count(*)::int FROM sent_emails WHERE to_address = $2) AS c FROM sent_emails WHERE id = $1', [message.sentEmailId, ticket.from]);
    assert.equal(after.rows[0]!.c, 1, 'one mail, sent twice');
    assert.ok(['Sent', 'Delivered'].includes(after.rows[0]!.status), after.rows[0]!.status);
  });
});
