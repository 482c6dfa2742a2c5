import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, EVENTS } from '@inkwell/platform';
import { buildTestService, rowsMentioning, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { ERASED_TICKET_TEXT } from '../src/consumers/account-erasure';
import { MailQueue } from '../src/store/mail-queue';
import { addAttachment, addFormMessage, addInboundEmail, addOutboundEmail, openTicket, ticketForCustomerMessage } from '../src/store/ticket-writes';

// Rows are checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('support: erasing a person takes them out of their tickets (account.deleted)', () => {
  let service: TestService<SupportParts>;
  const queue = new MailQueue('Inkwell <support@inkwell.example>');
  beforeAll(async () => {
    service = await buildTestService(supportService);
    await service.bus.start();
  });
  afterAll(() => service?.close());

  /** A ticket by email with a stored raw message, a kept attachment, a staff reply, then a form. */
  const conversation = async (email: string, userId: string | null, tag: string) => {
    const { db, files } = service.context;
    const rawKey = `support/raw/${tag}-${randomUUID()}.eml`;
    const attachmentKey = `support/attachments/${tag}-${randomUUID()}.pdf`;
    await files.put(rawKey, Buffer.from(`From: ${email}\r\nSubject: Lost order\r\n\r\nMy address is 1 Main St`), 'message/rfc822');
    await files.put(attachmentKey, Buffer.from('%PDF-1.4 receipt'), 'application/pdf');
    const ticketId = await db.transaction(async (tx) => {
      const ticket = await openTicket(tx, { fromEmail: email, fromName: `Named ${tag}`, userId, subject: `Lost order of ${email}`, type: 'Email', platform: null });
      const message = await addInboundEmail(tx, ticket.id, {
        subject: `Lost order of ${email}`,
        text: 'My address is 1 Main St',
        html: '<p>My address is 1 Main St</p>',
        fromEmail: email,
        fromName: `Named ${tag}`,
        toEmail: 'support@inkwell.example',
        ccEmail: `friend-${tag}@example.com`,
        sizeBytes: 200,
        bucketLocationKey: rawKey,
        messageIdHeader: `<${tag}@mail.example>`,
        inReplyTo: null,
      });
      await addAttachment(tx, message, { filename: 'receipt-1-main-st.pdf', contentType: 'application/pdf', sizeBytes: 16, storageKey: attachmentKey, note: null });
      const sent = await queue.add(tx, { to: email, content: { subject: 'Re: Lost order', html: '<p>We will look</p>', text: 'We will look' }, templateName: null, category: 'support' });
      await addOutboundEmail(tx, ticket.id, { sentEmailId: sent, sendersUserId: randomUUID(), sendersEmail: 'staff@inkwell.example', subject: 'Re: Lost order', text: 'We will look', toEmail: email });
      return ticket.id;
    });
    await db.transaction(async (tx) => {
      const { ticket } = await ticketForCustomerMessage(tx, ticketId, { fromEmail: email, fromName: null, userId, subject: 'x', type: 'SubmittedForm', platform: 'Web' });
      await addFormMessage(tx, ticket.id, {
        formType: 'Support',
        submittedEmail: email,
        submittedUserId: userId,
        subject: 'Any news?',
        text: 'Still waiting at 1 Main St',
        userAgent: 'Mozilla/5.0 (X11)',
        ipAddress: '203.0.113.7',
        feedbackUrl: '/support-center',
        platform: 'Web',
      });
    });
    return { ticketId, rawKey, attachmentKey };
  };

  it('keeps their tickets counted without their address, name, words, files or client details, and leaves others\' tickets', async () => {
    const { db, files } = service.context;
    const userId = randomUUID();
    const email = `Ticket.Reader-${userId.slice(0, 8)}@example.com`;
    const theirs = await conversation(email, userId, 'theirs');
    const other = await conversation(`other-${userId.slice(0, 8)}@example.com`, randomUUID(), 'other');
    await db.query(`INSERT INTO inbound_rejections (mail_from, subject, reason, bucket_location_key) VALUES ($1, 'auto reply', 'auto-reply', NULL)`, [email.toLowerCase()]);
    assert.ok((await rowsMentioning(db, [userId, email])).length > 0);

    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();

    assert.deepEqual(await rowsMentioning(db, [userId, email, '1 Main St', 'Named theirs', 'friend-theirs', '203.0.113.7', 'Mozilla/5.0 (X11)']).then((rows) => rows.filter((row) => !row.includes('other-'))), []);
    const ticket = (await db.query<Json>('SELECT * FROM support_tickets WHERE id = $1', [theirs.ticketId])).rows[0];
    assert.deepEqual([ticket.from_email, ticket.from_name, ticket.user_id, ticket.subject], ['erased', null, null, ERASED_TICKET_TEXT]);
    assert.equal(ticket.status, 'Open', 'the ticket is still counted as it stood');
    const messages = (await db.query<Json>('SELECT * FROM ticket_messages WHERE ticket_id = $1 ORDER BY id', [theirs.ticketId])).rows;
    assert.equal(messages.length, 3);
    for (const message of messages) {
      assert.equal(message.body_text, ERASED_TICKET_TEXT);
      assert.equal(message.body_html, null);
      assert.equal(message.bucket_location_key, null);
      assert.equal(message.ip_address, null);
      assert.equal(message.user_agent, null);
      assert.equal(message.submitted_user_id, null);
    }
    assert.equal(messages[1].senders_email, 'staff@inkwell.example', 'who answered stays');
    const attachment = (await db.query<Json>('SELECT a.* FROM ticket_attachments a JOIN ticket_messages m ON m.id = a.message_id WHERE m.ticket_id = $1', [theirs.ticketId])).rows[0];
    assert.deepEqual([attachment.filename, attachment.storage_key], ['erased', null]);
    assert.equal(await files.exists(theirs.rawKey), false, 'the raw message is deleted');
    assert.equal(await files.exists(theirs.attachmentKey), false, 'the attachment is deleted');
    const rejection = (await db.query<Json>("SELECT mail_from, subject FROM inbound_rejections WHERE mail_from = 'erased'")).rows;
    assert.deepEqual(rejection, [{ mail_from: 'erased', subject: null }]);

    // Someone else's ticket and files are untouched.
    const others = (await db.query<Json>('SELECT from_email, subject FROM support_tickets WHERE id = $1', [other.ticketId])).rows[0];
    assert.match(others.from_email, /^other-/);
    assert.match(others.subject, /^Lost order of other-/);
    assert.equal(await files.exists(other.rawKey), true);
    assert.equal(await files.exists(other.attachmentKey), true);

    // A repeat of the event finds nothing more to do and fails on nothing.
    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();
    assert.equal((await db.query<Json>('SELECT subject FROM support_tickets WHERE id = $1', [theirs.ticketId])).rows[0].subject, ERASED_TICKET_TEXT);
  });
});
