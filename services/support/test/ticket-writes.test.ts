import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Database } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { MailQueue } from '../src/store/mail-queue';
import {
  addAttachment,
  addFormMessage,
  addInboundEmail,
  addOutboundEmail,
  findRecentTicketOf,
  findTicketByMessageIds,
  findTicketByReplyToken,
  openTicket,
  setTicketStatus,
  ticketForCustomerMessage,
  type TicketOpening,
} from '../src/store/ticket-writes';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { address } from './factories';

// Rows are checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const opening = (fromEmail: string, subject = 'My order never came'): TicketOpening => ({
  fromEmail,
  fromName: 'Ada Reader',
  userId: null,
  subject,
  type: 'Email',
  platform: null,
});

const inbound = (fromEmail: string, text: string, messageIdHeader: string | null = null) => ({
  subject: 'Re: My order never came',
  text,
  html: null,
  fromEmail,
  fromName: 'Ada Reader',
  toEmail: 'support@inkwell.example',
  ccEmail: null,
  sizeBytes: 321,
  bucketLocationKey: `support/raw/${text.length}-${Math.random().toString(36).slice(2)}.eml`,
  messageIdHeader,
  inReplyTo: null,
});

describe('ticket writes (the store every part writes tickets through)', () => {
  let service: TestService<SupportParts>;
  let links: AccountLinksStandIn;
  let db: Database;
  const queue = new MailQueue('Inkwell <support@inkwell.example>');

  const ticketRow = async (id: number): Promise<Json> =>
    (await db.query('SELECT * FROM support_tickets WHERE id = $1', [id])).rows[0];
  const messagesOf = async (id: number): Promise<Json[]> =>
    (await db.query('SELECT * FROM ticket_messages WHERE ticket_id = $1 ORDER BY id', [id])).rows;

  beforeAll(async () => {
    links = await startAccountLinks();
    service = await buildTestService(supportService, { config: links.config });
    db = service.context.db;
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
  });

  it('opens a ticket Open and unread with a fresh 32-character reply token, and finds it by that token', async () => {
    const from = address('open');
    const [a, b] = await db.transaction(async (tx) => [await openTicket(tx, opening(from)), await openTicket(tx, opening(from, 'Another'))]);
    assert.equal(a!.status, 'Open');
    assert.match(a!.replyToken, /^[a-z0-9]{32}$/);
    assert.notEqual(a!.replyToken, b!.replyToken);
    assert.equal(a!.fromEmail, from);
    const row = await ticketRow(a!.id);
    assert.equal(row.unread, true);
    assert.equal(row.follow_up_of, null);
    assert.equal(row.type, 'Email');
    assert.deepEqual(await findTicketByReplyToken(db, a!.replyToken), a);
    assert.equal(await findTicketByReplyToken(db, 'x'.repeat(32)), null);
    assert.equal(await findTicketByReplyToken(db, "' OR 1=1 --"), null, 'not a token: not even asked');
  });

  it('keeps messages of every kind in order and sets the ticket\'s direction and timestamps', async () => {
    const from = address('order');
    const ticket = await db.transaction((tx) => openTicket(tx, opening(from)));
    const first = await db.transaction((tx) => addInboundEmail(tx, ticket.id, inbound(from, 'first')));
    const attachment = await db.transaction((tx) =>
      addAttachment(tx, first, { filename: 'receipt.pdf', contentType: 'application/pdf', sizeBytes: 1200, storageKey: 'support/att/1.pdf', note: null }),
    );
    const before = await ticketRow(ticket.id);
    const sent = await db.transaction((tx) =>
      queue.add(tx, { to: from, content: { subject: 'Re: My order never came', html: '<p>Sorry</p>', text: 'Sorry' }, templateName: null, category: 'support' }),
    );
    const reply = await db.transaction((tx) =>
      addOutboundEmail(tx, ticket.id, { sentEmailId: sent, sendersUserId: null, sendersEmail: 'staff@inkwell.example', subject: 'Re: My order never came', text: 'Sorry', toEmail: from }),
    );
    const afterReply = await ticketRow(ticket.id);
    assert.equal(afterReply.last_message_direction, 'Outbound');
    assert.ok(afterReply.latest_update >= before.latest_update);
    const form = await db.transaction((tx) =>
      addFormMessage(tx, ticket.id, {
        formType: 'Support',
        submittedEmail: from,
        submittedUserId: null,
        subject: 'Still nothing',
        text: 'third',
        userAgent: 'Mozilla/5.0',
        ipAddress: '203.0.113.9',
        feedbackUrl: '/support-center',
        platform: 'Web',
      }),
    );
    const messages = await messagesOf(ticket.id);
    assert.deepEqual(messages.map((m) => Number(m.id)), [first, reply, form]);
    assert.deepEqual(messages.map((m) => [m.type, m.direction]), [['Email', 'Inbound'], ['Email', 'Outbound'], ['SubmittedForm', null]]);
    assert.equal(messages[0].body_text, 'first');
    assert.equal(messages[1].sent_email_id, sent);
    assert.equal(messages[2].ip_address, '203.0.113.9');
    assert.ok(messages[0].created_at <= messages[1].created_at && messages[1].created_at <= messages[2].created_at);
    const attachments = (await db.query<Json>('SELECT * FROM ticket_attachments WHERE message_id = $1', [first])).rows;
    assert.deepEqual(attachments.map((a) => [Number(a.id), a.filename, a.storage_key]), [[attachment, 'receipt.pdf', 'support/att/1.pdf']]);
  });

  it('reopens a pending or solved ticket on a customer message and marks it unread', async () => {
    for (const status of ['PendingOnCustomer', 'Solved', 'Open'] as const) {
      const from = address('reopen');
      const ticket = await db.transaction((tx) => openTicket(tx, opening(from)));
      await db.transaction(async (tx) => {
        await setTicketStatus(tx, ticket.id, status);
        await tx.query(`UPDATE support_tickets SET unread = false, last_message_direction = 'Outbound' WHERE id = $1`, [ticket.id]);
      });
      const result = await db.transaction(async (tx) => {
        const found = await ticketForCustomerMessage(tx, ticket.id, opening(from));
        await addInboundEmail(tx, found.ticket.id, inbound(from, `back from ${status}`));
        return found;
      });
      assert.equal(result.opened, false, status);
      assert.equal(result.ticket.id, ticket.id);
      assert.equal(result.ticket.status, 'Open');
      const row = await ticketRow(ticket.id);
      assert.equal(row.status, 'Open');
      assert.equal(row.unread, true);
      assert.equal(row.last_message_direction, 'Inbound');
      assert.ok(row.latest_inbound_update);
    }
  });

  it('opens a follow-up ticket when a closed one is answered, and sends later messages to that follow-up', async () => {
    const from = address('closed');
    const closed = await db.transaction((tx) => openTicket(tx, opening(from)));
    await db.transaction((tx) => setTicketStatus(tx, closed.id, 'Closed'));
    const first = await db.transaction(async (tx) => {
      const found = await ticketForCustomerMessage(tx, closed.id, opening(from, 'Re: My order never came'));
      await addInboundEmail(tx, found.ticket.id, inbound(from, 'one more thing'));
      return found;
    });
    assert.equal(first.opened, true);
    assert.notEqual(first.ticket.id, closed.id);
    assert.equal(first.ticket.status, 'Open');
    assert.equal(first.ticket.subject, 'Re: My order never came');
    assert.equal((await ticketRow(first.ticket.id)).follow_up_of, closed.id);
    assert.equal((await ticketRow(closed.id)).status, 'Closed', 'the closed ticket stays closed');
    assert.equal((await messagesOf(closed.id)).length, 0);

    const second = await db.transaction((tx) => ticketForCustomerMessage(tx, closed.id, opening(from)));
    assert.equal(second.opened, false);
    assert.equal(second.ticket.id, first.ticket.id, 'the follow-up takes the next message');
  });

  it('lands two messages that arrive at once for one ticket, and leaves its status consistent', async () => {
    const from = address('race');
    const ticket = await db.transaction((tx) => openTicket(tx, opening(from)));
    await db.transaction((tx) => setTicketStatus(tx, ticket.id, 'Solved'));
    const arrive = (text: string) =>
      db.transaction(async (tx) => {
        const found = await ticketForCustomerMessage(tx, ticket.id, opening(from));
        await addInboundEmail(tx, found.ticket.id, inbound(from, text));
        return found;
      });
    const results = await Promise.all([arrive('at once A'), arrive('at once B')]);
    assert.deepEqual(results.map((r) => [r.ticket.id, r.opened]), [[ticket.id, false], [ticket.id, false]]);
    const row = await ticketRow(ticket.id);
    assert.equal(row.status, 'Open');
    assert.equal(row.unread, true);
    assert.deepEqual((await messagesOf(ticket.id)).map((m) => m.body_text).sort(), ['at once A', 'at once B']);

    // The same race on a closed ticket opens one follow-up, not two.
    const closedFrom = address('race-closed');
    const closed = await db.transaction((tx) => openTicket(tx, opening(closedFrom)));
    await db.transaction((tx) => setTicketStatus(tx, closed.id, 'Closed'));
    const arriveClosed = (text: string) =>
      db.transaction(async (tx) => {
        const found = await ticketForCustomerMessage(tx, closed.id, opening(closedFrom));
        await addInboundEmail(tx, found.ticket.id, inbound(closedFrom, text));
        return found;
      });
    const closedResults = await Promise.all([arriveClosed('late A'), arriveClosed('late B')]);
    assert.equal(closedResults[0]!.ticket.id, closedResults[1]!.ticket.id);
    assert.deepEqual(closedResults.map((r) => r.opened).sort(), [false, true]);
    const followUps = (await db.query<Json>('SELECT id FROM support_tickets WHERE follow_up_of = $1', [closed.id])).rows;
    assert.equal(followUps.length, 1);
    assert.equal((await messagesOf(Number(followUps[0].id))).length, 2);
  });

  it('finds the ticket a reply names by an inbound Message-ID or by the Message-ID of our sent reply', async () => {
    const from = address('thread');
    const ticket = await db.transaction((tx) => openTicket(tx, opening(from)));
    await db.transaction((tx) => addInboundEmail(tx, ticket.id, inbound(from, 'hello', '<cust-1@mail.example>')));
    const sent = await db.transaction((tx) =>
      queue.add(tx, { to: from, content: { subject: 'Re: hello', html: '<p>Hi</p>', text: 'Hi' }, templateName: null, category: 'support' }),
    );
    await db.transaction((tx) =>
      addOutboundEmail(tx, ticket.id, { sentEmailId: sent, sendersUserId: null, sendersEmail: null, subject: 'Re: hello', text: 'Hi', toEmail: from }),
    );
    const { rows } = await db.query<{ external_id: string }>('SELECT external_id FROM sent_emails WHERE id = $1', [sent]);
    const ours = rows[0]!.external_id;

    assert.equal((await findTicketByMessageIds(db, ['<cust-1@mail.example>']))?.id, ticket.id);
    assert.equal((await findTicketByMessageIds(db, ['cust-1@mail.example']))?.id, ticket.id, 'with or without angle brackets');
    assert.equal((await findTicketByMessageIds(db, ['<unknown@x>', ours]))?.id, ticket.id, 'our reply\'s Message-ID');
    assert.equal((await findTicketByMessageIds(db, [`<${ours.replace(/^<|>$/g, '')}>`]))?.id, ticket.id);
    // A reply sent through SES: its id is kept bare, the customer's client names `<id@…amazonses.com>`.
    await db.query('UPDATE sent_emails SET external_id = $2 WHERE id = $1', [sent, '0100018c-ses-id-000000']);
    assert.equal((await findTicketByMessageIds(db, ['<0100018c-ses-id-000000@eu-west-1.amazonses.com>']))?.id, ticket.id);
    assert.equal(await findTicketByMessageIds(db, ['<0100018c-ses-id-000000@example.com>']), null, 'only SES\'s own domain');
    assert.equal(await findTicketByMessageIds(db, ['<unknown@x>']), null);
    assert.equal(await findTicketByMessageIds(db, []), null);
    assert.equal(await findTicketByMessageIds(db, ['  ']), null);
  });

  it('finds the customer\'s latest ticket that is not closed and was updated lately', async () => {
    const from = address('recent');
    const older = await db.transaction((tx) => openTicket(tx, opening(from)));
    const newer = await db.transaction((tx) => openTicket(tx, opening(from)));
    assert.equal((await findRecentTicketOf(db, from.toUpperCase(), 7))?.id, newer.id, 'case-insensitively, the latest');
    await db.transaction((tx) => setTicketStatus(tx, newer.id, 'Closed'));
    await db.query(`UPDATE support_tickets SET latest_update = now() - interval '1 day' WHERE id = $1`, [older.id]);
    assert.equal((await findRecentTicketOf(db, from, 7))?.id, older.id, 'a closed one is not joined');
    await db.query(`UPDATE support_tickets SET latest_update = now() - interval '10 days' WHERE id = $1`, [older.id]);
    assert.equal(await findRecentTicketOf(db, from, 7), null, 'nor one long quiet');
    assert.equal(await findRecentTicketOf(db, address('nobody'), 7), null);
  });
});
