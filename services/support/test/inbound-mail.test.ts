import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { isPrivateFileKey, SmtpEmailSender } from '@inkwell/platform';
import { buildTestService, testLogger, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { replyAddressFor } from '../src/domain/reply-address';
import { InboundListener } from '../src/flows/inbound-listener';
import { MailQueue } from '../src/store/mail-queue';
import { addOutboundEmail, setTicketStatus } from '../src/store/ticket-writes';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { address } from './factories';
import { sendSmtp, SmtpClient, type SendResult } from './smtp-client';

const SUPPORT = 'support@inkwell.example';
const MAX_ATTACHMENT_BYTES = 20_000;

interface MimePart {
  filename: string;
  contentType: string;
  content: Buffer;
}

let sequence = 0;
/** A Message-ID of the sender's mail system. */
function messageId(): string {
  sequence += 1;
  return `<m${sequence}.${process.pid}.${Date.now()}@mail.example.com>`;
}

/** An RFC 5322 message as a mail program would write it. */
function mime(m: { from: string; to?: string; subject?: string; id?: string; headers?: Record<string, string>; text?: string; html?: string; attachments?: MimePart[] }): string {
  const head = [
    `From: ${m.from}`,
    `To: ${m.to ?? SUPPORT}`,
    `Subject: ${m.subject ?? 'Help with my order'}`,
    `Message-ID: ${m.id ?? messageId()}`,
    'Date: Fri, 27 Nov 2026 07:00:00 +0000',
    'MIME-Version: 1.0',
    ...Object.entries(m.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  const text = m.text ?? 'My order never arrived.';
  const bodyParts: string[] = [];
  if (m.html) {
    bodyParts.push(
      ['Content-Type: multipart/alternative; boundary="alt"', '', '--alt', 'Content-Type: text/plain; charset=utf-8', '', text, '--alt', 'Content-Type: text/html; charset=utf-8', '', m.html, '--alt--'].join('\r\n'),
    );
  } else {
    bodyParts.push(['Content-Type: text/plain; charset=utf-8', '', text].join('\r\n'));
  }
  if (!m.attachments || m.attachments.length === 0) {
    const [inner] = bodyParts;
    return `${head.join('\r\n')}\r\n${inner}\r\n`;
  }
  const parts = [
    ...bodyParts,
    ...m.attachments.map((a) =>
      [
        `Content-Type: ${a.contentType}; name="${a.filename}"`,
        `Content-Disposition: attachment; filename="${a.filename}"`,
        'Content-Transfer-Encoding: base64',
        '',
        a.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
      ].join('\r\n'),
    ),
  ];
  return `${head.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="mixed"\r\n\r\n${parts.map((part) => `--mixed\r\n${part}`).join('\r\n')}\r\n--mixed--\r\n`;
}

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A zip holding one entry that inflates from a few KB to 50 MB (a small zip bomb); it must never be unpacked. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(50 * 1024 * 1024));
  const name = Buffer.from('zeros.bin');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(50 * 1024 * 1024, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

interface TicketRow {
  id: number;
  status: string;
  from_email: string;
  subject: string;
  reply_token: string;
  follow_up_of: number | null;
  unread: boolean;
}

interface MessageRow {
  id: number;
  ticket_id: number;
  subject: string;
  body_text: string;
  body_html: string | null;
  from_email: string;
  bucket_location_key: string;
  message_id_header: string | null;
  size_bytes: number;
}

describe('inbound support email', () => {
  let service: TestService<SupportParts>;
  let links: AccountLinksStandIn;
  let dataDir: string;
  let port: number;

  const db = () => service.context.db;
  const ticketsOf = async (from: string) =>
    (await db().query<TicketRow>('SELECT * FROM support_tickets WHERE from_email = $1 ORDER BY id', [from.toLowerCase()])).rows.map((row) => ({ ...row, id: Number(row.id) }));
  const messagesOf = async (ticketId: number) => (await db().query<MessageRow>('SELECT * FROM ticket_messages WHERE ticket_id = $1 ORDER BY id', [ticketId])).rows;
  const rejectionsFrom = async (from: string) => (await db().query<{ reason: string; subject: string | null }>('SELECT reason, subject FROM inbound_rejections WHERE mail_from = $1 ORDER BY id', [from])).rows;
  const send = (from: string, message: string | Buffer, to: readonly string[] = [SUPPORT]) => sendSmtp(port, { from, to, message });
  const accepted = (result: SendResult) => {
    assert.equal(result.end?.code, 250, `the listener took the mail: ${JSON.stringify(result)}`);
  };

  beforeAll(async () => {
    links = await startAccountLinks();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-inbound-'));
    const defaults = testServiceConfig('support', 'postgres://unused');
    service = await buildTestService(supportService, {
      config: {
        ...links.config,
        dataDir,
        support: { ...defaults.support, address: SUPPORT, inboundSmtp: { host: '127.0.0.1', port: 0 }, maxAttachmentBytes: MAX_ATTACHMENT_BYTES },
      },
    });
    await service.bus.start();
    const bound = service.exposed.inboundSmtpPort();
    assert.ok(bound, 'the listener is up on a free port');
    port = bound;
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('announces SIZE, takes mail only for the support address and its reply addresses, and at most 20 recipients', async () => {
    const { client, greeting } = await SmtpClient.connect(port);
    try {
      assert.equal(greeting.code, 220);
      const ehlo = await client.command('EHLO test.example');
      assert.equal(ehlo.code, 250);
      assert.match(ehlo.text, new RegExp(`SIZE ${service.context.config.support.maxMessageBytes}`));
      assert.doesNotMatch(ehlo.text, /STARTTLS|AUTH/);
      assert.equal((await client.command('MAIL FROM:<mia@example.com>')).code, 250);
      assert.equal((await client.command('RCPT TO:<someone@elsewhere.example>')).code, 550);
      assert.equal((await client.command('RCPT TO:<sales@inkwell.example>')).code, 550);
      assert.equal((await client.command(`RCPT TO:<${SUPPORT}>`)).code, 250);
      assert.equal((await client.command(`RCPT TO:<${replyAddressFor(SUPPORT, 'a'.repeat(32))}>`)).code, 250);
      for (let i = 0; i < 18; i += 1) assert.equal((await client.command(`RCPT TO:<support+${'b'.repeat(20)}${i}@inkwell.example>`)).code, 250);
      assert.equal((await client.command('RCPT TO:<support+toomany0000000000000@inkwell.example>')).code, 452);
    } finally {
      await client.quit();
    }
  });

  it('opens a ticket for a new mail, stores the raw message privately, and keeps the message once however often it comes', async () => {
    const from = address('mia');
    const id = messageId();
    const raw = mime({ from: `Mia Wong <${from}>`, subject: 'Where is my order?', id, text: 'Order 1234 never arrived.' });
    accepted(await send(from, raw));
    const [ticket, ...others] = await ticketsOf(from);
    assert.ok(ticket);
    assert.equal(others.length, 0);
    assert.equal(ticket.status, 'Open');
    assert.equal(ticket.subject, 'Where is my order?');
    assert.equal(ticket.unread, true);
    assert.match(ticket.reply_token, /^[a-z0-9]{32}$/);
    const [message] = await messagesOf(ticket.id);
    assert.ok(message);
    assert.match(message.body_text, /Order 1234 never arrived\./);
    assert.equal(message.from_email, from);
    assert.equal(message.message_id_header, id);
    assert.match(message.bucket_location_key, /^support\/raw\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.eml$/);
    assert.ok(isPrivateFileKey(message.bucket_location_key), 'never served at /media/');
    const stored = await readFile(path.join(dataDir, 'media', message.bucket_location_key), 'utf8');
    assert.match(stored, /Order 1234 never arrived\./);
    assert.equal(message.size_bytes, Buffer.byteLength(stored));

    // The sender's server retries (it lost our answer): the message is not added twice.
    accepted(await send(from, raw));
    assert.equal((await messagesOf(ticket.id)).length, 1);
    assert.equal((await ticketsOf(from)).length, 1);
  });

  it('threads a reply to the reply address into its ticket, even with no threading headers and another subject', async () => {
    const from = address('ana');
    accepted(await send(from, mime({ from, subject: 'Broken download' })));
    const [ticket] = await ticketsOf(from);
    assert.ok(ticket);
    const replyAddress = replyAddressFor(SUPPORT, ticket.reply_token);
    accepted(await send(from, mime({ from, to: replyAddress, subject: 'more details', text: 'It stops at 80%.' }), [replyAddress]));
    const tickets = await ticketsOf(from);
    assert.equal(tickets.length, 1);
    const messages = await messagesOf(ticket.id);
    assert.equal(messages.length, 2);
    assert.match(messages[1]!.body_text, /It stops at 80%\./);
  });

  it('threads a reply that carries only In-Reply-To: to the customer\'s earlier mail or to our staff reply', async () => {
    const from = address('leo');
    const first = messageId();
    accepted(await send(from, mime({ from, id: first, subject: 'Refund please' })));
    const [ticket] = await ticketsOf(from);
    assert.ok(ticket);
    accepted(await send(from, mime({ from, subject: 'Re: Refund please', headers: { 'In-Reply-To': first } })));
    assert.equal((await ticketsOf(from)).length, 1);
    assert.equal((await messagesOf(ticket.id)).length, 2);

    // Our reply, sent through the queue with its Message-ID; the customer answers it.
    const queue = new MailQueue('Inkwell <no-reply@inkwell.example>');
    const sentEmailId = await db().transaction(async (tx) => {
      const id = await queue.add(tx, {
        to: from,
        content: { subject: 'Re: Refund please', html: '<p>Done.</p>', text: 'Done.' },
        templateName: null,
        category: 'support',
        from: SUPPORT,
        replyTo: replyAddressFor(SUPPORT, ticket.reply_token),
      });
      await addOutboundEmail(tx, ticket.id, { sentEmailId: id, sendersUserId: null, sendersEmail: 'staff@inkwell.example', subject: 'Re: Refund please', text: 'Done.', toEmail: from });
      return id;
    });
    await service.exposed.sendQueuedEmails();
    const { rows } = await db().query<{ external_id: string }>('SELECT external_id FROM sent_emails WHERE id = $1', [sentEmailId]);
    const ours = rows[0]!.external_id;
    accepted(await send(from, mime({ from, subject: 'Re: Re: Refund please', headers: { 'In-Reply-To': ours, References: `${first} ${ours}` }, text: 'Thanks!' })));
    const messages = await messagesOf(ticket.id);
    assert.equal((await ticketsOf(from)).length, 1);
    assert.equal(messages.length, 4);
    assert.match(messages[3]!.body_text, /Thanks!/);
    assert.equal((await ticketsOf(from))[0]!.status, 'Open');
  });

  it('does not let someone else join a ticket by naming its Message-IDs: their mail opens a ticket of its own', async () => {
    const owner = address('owner');
    const first = messageId();
    accepted(await send(owner, mime({ from: owner, id: first })));
    const intruder = address('intruder');
    accepted(await send(intruder, mime({ from: intruder, headers: { 'In-Reply-To': first, References: first } })));
    const [ownerTicket] = await ticketsOf(owner);
    assert.equal((await messagesOf(ownerTicket!.id)).length, 1);
    assert.equal((await ticketsOf(intruder)).length, 1);
  });

  it('reopens a Solved ticket on the customer\'s reply, and opens a follow-up ticket for a reply to a Closed one', async () => {
    const from = address('sam');
    accepted(await send(from, mime({ from, subject: 'Wrong issue sent' })));
    const [ticket] = await ticketsOf(from);
    assert.ok(ticket);
    const replyAddress = replyAddressFor(SUPPORT, ticket.reply_token);
    await db().transaction((tx) => setTicketStatus(tx, ticket.id, 'Solved'));
    accepted(await send(from, mime({ from, to: replyAddress, subject: 'Re: Wrong issue sent', text: 'Still wrong.' }), [replyAddress]));
    let tickets = await ticketsOf(from);
    assert.equal(tickets.length, 1);
    assert.equal(tickets[0]!.status, 'Open');
    assert.equal((await messagesOf(ticket.id)).length, 2);

    await db().transaction((tx) => setTicketStatus(tx, ticket.id, 'Closed'));
    accepted(await send(from, mime({ from, to: replyAddress, subject: 'Re: Wrong issue sent', text: 'Hello again.' }), [replyAddress]));
    tickets = await ticketsOf(from);
    assert.equal(tickets.length, 2);
    assert.equal(tickets[0]!.status, 'Closed');
    assert.equal((await messagesOf(ticket.id)).length, 2, 'the closed ticket is left as it was');
    const followUp = tickets[1]!;
    assert.equal(followUp.status, 'Open');
    assert.equal(Number(followUp.follow_up_of), ticket.id);
    const [message] = await messagesOf(followUp.id);
    assert.match(message!.body_text, /Hello again\./);
  });

  it('refuses a 30 MB message with 552 — announced or not — opens no ticket, and takes the next mail', async () => {
    const from = address('huge');
    const big = mime({ from, text: 'x'.repeat(76).concat('\r\n').repeat(Math.ceil((30 * 1024 * 1024) / 78)) });
    assert.ok(big.length > 30 * 1024 * 1024);
    const announced = await sendSmtp(port, { from, to: [SUPPORT], message: big, mailFromParams: `SIZE=${big.length}` });
    assert.equal(announced.mailFrom.code, 552);
    const streamed = await send(from, big);
    assert.equal(streamed.end?.code, 552);
    assert.equal((await ticketsOf(from)).length, 0);
    accepted(await send(from, mime({ from, subject: 'A small one' })));
    assert.equal((await ticketsOf(from)).length, 1);
  });

  it('takes a mail sent by nodemailer (through the SMTP driver) and threads the next one through In-Reply-To', async () => {
    const from = address('nm');
    const sender = new SmtpEmailSender(`smtp://127.0.0.1:${port}`);
    try {
      const first = `<nm-${Date.now()}@mail.example.com>`;
      const receipt = await sender.send({ messageId: first, from: `Nina <${from}>`, to: SUPPORT, subject: 'Sent by nodemailer', html: '<p>Hello <i>there</i></p>', text: 'Hello there' });
      assert.match(receipt.response, /^250/);
      const [ticket] = await ticketsOf(from);
      assert.ok(ticket);
      assert.equal(ticket.subject, 'Sent by nodemailer');
      await sender.send({ messageId: `<nm2-${Date.now()}@mail.example.com>`, from, to: SUPPORT, subject: 'Re: Sent by nodemailer', html: '<p>again</p>', text: 'again', inReplyTo: first, references: first });
      assert.equal((await ticketsOf(from)).length, 1);
      const messages = await messagesOf(ticket.id);
      assert.equal(messages.length, 2);
      assert.equal(messages[0]!.body_html, '<p>Hello <i>there</i></p>');
    } finally {
      await sender.close();
    }
  });

  it('refuses a message with more attachments than allowed (21 of 20) with 554, and one of 1,000 the same way; no ticket', async () => {
    const from21 = address('over');
    const over = Array.from({ length: 21 }, (_, i) => ({ filename: `note-${i}.txt`, contentType: 'text/plain', content: Buffer.from(`note ${i}`) }));
    const refused = await send(from21, mime({ from: from21, attachments: over }));
    assert.equal(refused.end?.code, 554);
    assert.equal((await ticketsOf(from21)).length, 0);
    assert.deepEqual((await rejectionsFrom(from21)).map((row) => row.reason), ['too-many-attachments']);

    const from = address('many');
    const attachments = Array.from({ length: 1000 }, (_, i) => ({ filename: `note-${i}.txt`, contentType: 'text/plain', content: Buffer.from(`note ${i}`) }));
    const result = await send(from, mime({ from, attachments }));
    assert.equal(result.end?.code, 554);
    assert.match(result.end?.text ?? '', /Too many attachments/);
    assert.equal((await ticketsOf(from)).length, 0);
    assert.deepEqual((await rejectionsFrom(from)).map((row) => row.reason), ['too-many-attachments']);
  });

  it('keeps safe attachments and drops a zip bomb, executables, a disguised file and an oversized one, with notes', async () => {
    const from = address('files');
    const bomb = zipBomb();
    assert.ok(bomb.length < 200_000);
    const attachments: MimePart[] = [
      { filename: 'photo.png', contentType: 'image/png', content: PNG },
      { filename: 'receipt.txt', contentType: 'text/plain', content: Buffer.from('Order 1234') },
      { filename: 'zeros.zip', contentType: 'application/zip', content: bomb },
      { filename: 'setup.exe', contentType: 'application/octet-stream', content: Buffer.from('MZ\x90\x00rest of a program') },
      { filename: 'invoice.pdf', contentType: 'application/pdf', content: Buffer.from('MZ\x90\x00not a pdf at all') },
      { filename: 'run.sh', contentType: 'text/x-shellscript', content: Buffer.from('#!/bin/sh\nrm -rf /\n') },
      { filename: 'big.png', contentType: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES)]) },
    ];
    accepted(await send(from, mime({ from, attachments })));
    const [ticket] = await ticketsOf(from);
    assert.ok(ticket);
    const [message] = await messagesOf(ticket.id);
    const { rows } = await db().query<{ filename: string; content_type: string; storage_key: string | null; note: string | null; size_bytes: number }>(
      'SELECT filename, content_type, storage_key, note, size_bytes FROM ticket_attachments WHERE message_id = $1 ORDER BY id',
      [message!.id],
    );
    const byName = new Map(rows.map((row) => [row.filename, row]));
    assert.equal(rows.length, 7);
    for (const kept of ['photo.png', 'receipt.txt']) {
      const row = byName.get(kept)!;
      assert.ok(row.storage_key, `${kept} is kept`);
      assert.match(row.storage_key, /^support\/attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(png|txt)$/);
      assert.ok(isPrivateFileKey(row.storage_key));
      assert.equal(row.note, null);
    }
    assert.deepEqual(await readFile(path.join(dataDir, 'media', byName.get('photo.png')!.storage_key!)), PNG);
    for (const dropped of ['zeros.zip', 'setup.exe', 'invoice.pdf', 'run.sh', 'big.png']) {
      const row = byName.get(dropped)!;
      assert.equal(row.storage_key, null, `${dropped} is dropped`);
      assert.match(row.note ?? '', /^Dropped: /);
    }
    assert.equal(byName.get('zeros.zip')!.size_bytes, bomb.length, 'the zip was never inflated');
    assert.match(byName.get('big.png')!.note!, /larger than/);
    assert.match(byName.get('invoice.pdf')!.note!, /executable|not the/);
  });

  it('survives malformed MIME (garbage boundaries, broken base64, binary noise) and answers the next mail', async () => {
    const from = address('broken');
    const garbage = [
      `From: ${from}`,
      `To: ${SUPPORT}`,
      'Subject: broken',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="never-closed',
      '',
      '--not-the-boundary',
      'Content-Type: text/plain',
      'Content-Transfer-Encoding: base64',
      '',
      '!!!!not base64 at all====%%%%',
      '--never-closed',
      'Content-Type: application/pdf; name="x.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      'JVBERi0x@@@@broken',
      '',
    ].join('\r\n');
    const results = [await send(from, garbage), await send(from, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)))];
    for (const result of results) assert.ok(result.end && [250, 554].includes(result.end.code), `answered: ${JSON.stringify(result.end)}`);
    accepted(await send(from, mime({ from, subject: 'after the noise' })));
    const tickets = await ticketsOf(from);
    assert.ok(tickets.some((ticket) => ticket.subject === 'after the noise'));
  });

  it('stores HTML sanitised: no scripts, handlers, javascript: links, styles or tracking pixels; links open safely', async () => {
    const from = address('html');
    const html = [
      '<html><head><style>body{background:url(https://track.example/css.gif)}</style><script>alert(1)</script></head><body>',
      '<p onclick="steal()">Hello <b>team</b></p>',
      '<img src="https://track.example/pixel.gif?u=1" width="1" height="1">',
      '<img src="x" onerror="alert(2)" alt="logo">',
      '<a href="javascript:alert(3)">click</a> <a href="https://inkwell.example/orders/1">my order</a>',
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form>',
      '<div style="background-image:url(https://track.example/div.gif)">styled</div>',
      '</body></html>',
    ].join('');
    accepted(await send(from, mime({ from, html, text: 'Hello team' })));
    const [ticket] = await ticketsOf(from);
    const [message] = await messagesOf(ticket!.id);
    const stored = message!.body_html ?? '';
    assert.match(stored, /Hello <b>team<\/b>/);
    for (const forbidden of [/<script/i, /alert/, /onclick/i, /onerror/i, /javascript:/i, /track\.example/, /<iframe/i, /<form/i, /<input/i, /style=/i, /<style/i]) {
      assert.doesNotMatch(stored, forbidden);
    }
    assert.match(stored, /<a href="https:\/\/inkwell\.example\/orders\/1" rel="noopener noreferrer nofollow" target="_blank">my order<\/a>/);
    assert.match(stored, /\[image: logo\]/);
    assert.match(message!.body_text, /Hello team/);
  });

  it('keeps a header injection in the subject on one line', async () => {
    const from = address('inject');
    // "Hi\r\nBcc: all@example.com" encoded, as a crafted subject arrives.
    const encoded = `=?utf-8?B?${Buffer.from('Hi\r\nBcc: all@example.com').toString('base64')}?=`;
    accepted(await send(from, mime({ from, subject: encoded })));
    const [ticket] = await ticketsOf(from);
    assert.equal(ticket!.subject, 'Hi Bcc: all@example.com');
  });

  it('opens no ticket for mail forged as from our own addresses or domain, auto-replies, lists, bulk mail or spam', async () => {
    const cases: Array<{ envelope: string; from: string; headers?: Record<string, string>; subject?: string; reason: string }> = [
      { envelope: address('forged'), from: `Inkwell Support <${SUPPORT}>`, reason: 'own-address' },
      { envelope: address('forged'), from: 'Inkwell <no-reply@inkwell.example>', reason: 'own-address' },
      { envelope: address('forged'), from: 'The Boss <staff@INKWELL.example>', reason: 'own-address' },
      { envelope: address('auto'), from: 'x', headers: { 'Auto-Submitted': 'auto-replied' }, reason: 'auto-reply' },
      { envelope: address('auto'), from: 'x', headers: { 'X-Autoreply': 'yes' }, reason: 'auto-reply' },
      { envelope: address('auto'), from: 'x', subject: 'Out of Office: back Monday', reason: 'auto-reply' },
      { envelope: address('list'), from: 'x', headers: { 'List-Id': '<comics.lists.example>' }, reason: 'mailing-list' },
      { envelope: address('bulk'), from: 'x', headers: { Precedence: 'bulk' }, reason: 'bulk' },
      { envelope: address('spam'), from: 'x', headers: { 'X-Spam-Flag': 'YES' }, reason: 'spam' },
    ];
    for (const c of cases) {
      const from = c.from === 'x' ? c.envelope : c.from;
      accepted(await send(c.envelope, mime({ from, headers: c.headers, ...(c.subject ? { subject: c.subject } : {}) })));
      assert.equal((await ticketsOf(c.envelope)).length, 0, `${c.reason}: no ticket`);
      assert.deepEqual((await rejectionsFrom(c.envelope)).map((row) => row.reason), [c.reason]);
    }
    const { rows } = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets WHERE from_email LIKE '%inkwell.example'`);
    assert.equal(rows[0]!.n, 0);
  });

  it('records a bounce report on the mail we sent (Bounced, the address suppressed) and a complaint report (Complained), opening no ticket', async () => {
    const queue = new MailQueue('Inkwell <no-reply@inkwell.example>');
    const sendOne = async (to: string) => {
      const id = await db().transaction((tx) => queue.add(tx, { to, content: { subject: 'Your receipt', html: '<p>Thanks</p>', text: 'Thanks' }, templateName: null }));
      await service.exposed.sendQueuedEmails();
      const { rows } = await db().query<{ external_id: string }>('SELECT external_id FROM sent_emails WHERE id = $1', [id]);
      return { id, messageId: rows[0]!.external_id };
    };
    const gone = address('gone');
    const mail = await sendOne(gone);
    const dsn = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>',
      `To: ${SUPPORT}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: ${messageId()}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn"',
      '',
      '--dsn',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--dsn',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.com',
      '',
      `Final-Recipient: rfc822; ${gone}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '',
      '--dsn',
      'Content-Type: text/rfc822-headers',
      '',
      'From: Inkwell <no-reply@inkwell.example>',
      `To: ${gone}`,
      'Subject: Your receipt',
      `Message-ID: ${mail.messageId}`,
      '',
      '--dsn--',
      '',
    ].join('\r\n');
    accepted(await send('', dsn));
    const status = async (id: string) => (await db().query<{ status: string }>('SELECT status FROM sent_emails WHERE id = $1', [id])).rows[0]!.status;
    assert.equal(await status(mail.id), 'Bounced');
    const suppressed = await db().query<{ reason: string }>('SELECT reason FROM email_suppressions WHERE address = $1', [gone]);
    assert.deepEqual(suppressed.rows.map((row) => row.reason), ['Bounce']);
    const events = await db().query<{ event_type: string; detail: string }>(`SELECT event_type, detail FROM sent_email_events WHERE sent_email_id = $1 AND event_type = 'Bounce'`, [mail.id]);
    assert.equal(events.rows.length, 1);
    assert.match(events.rows[0]!.detail, /5\.1\.1/);
    // The same report again is recorded once.
    accepted(await send('', dsn));
    assert.equal((await db().query(`SELECT 1 FROM sent_email_events WHERE sent_email_id = $1 AND event_type = 'Bounce'`, [mail.id])).rows.length, 1);
    assert.equal((await ticketsOf('mailer-daemon@mx.example.com')).length, 0);

    const annoyed = address('annoyed');
    const other = await sendOne(annoyed);
    const arf = [
      'From: abuse@isp.example.net',
      `To: ${SUPPORT}`,
      'Subject: FW: Your receipt',
      `Message-ID: ${messageId()}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="arf"',
      '',
      '--arf',
      'Content-Type: text/plain',
      '',
      'This is an abuse report.',
      '--arf',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: isp/1.0',
      'Version: 1',
      `Original-Rcpt-To: ${annoyed}`,
      '',
      '--arf',
      'Content-Type: message/rfc822',
      '',
      'From: Inkwell <no-reply@inkwell.example>',
      `To: ${annoyed}`,
      'Subject: Your receipt',
      `Message-ID: ${other.messageId}`,
      '',
      'Thanks',
      '--arf--',
      '',
    ].join('\r\n');
    accepted(await send('abuse@isp.example.net', arf));
    assert.equal(await status(other.id), 'Complained');
    assert.equal((await db().query('SELECT 1 FROM email_suppressions WHERE address = $1', [annoyed])).rows.length, 1);
    assert.equal((await ticketsOf('abuse@isp.example.net')).length, 0);

    // A bounce for a mail that is not ours: recorded as such, no ticket.
    const stray = dsn.replace(mail.messageId, '<unknown@elsewhere.example>').replace(/Message-ID: <m[^>]+>/, `Message-ID: ${messageId()}`);
    accepted(await send('', stray));
    const { rows } = await db().query<{ reason: string }>(`SELECT reason FROM inbound_rejections WHERE reason = 'unmatched-report'`);
    assert.ok(rows.length >= 1);
  });
});

describe('the inbound SMTP listener on its own', () => {
  it('answers 451 when storing a mail fails, and goes on taking mail', async () => {
    let fail = true;
    const taken: string[] = [];
    const listener = new InboundListener(
      { host: '127.0.0.1', port: 0, supportAddress: SUPPORT, maxMessageBytes: 100_000 },
      async (raw) => {
        if (fail) throw new Error('database is down');
        taken.push(raw.toString('utf8'));
        return { kind: 'rejected', reason: 'spam' };
      },
      testLogger,
    );
    const bound = await listener.start();
    try {
      const failed = await sendSmtp(bound, { from: 'mia@example.com', to: [SUPPORT], message: mime({ from: 'mia@example.com' }) });
      assert.equal(failed.end?.code, 451);
      fail = false;
      const ok = await sendSmtp(bound, { from: 'mia@example.com', to: [SUPPORT], message: mime({ from: 'mia@example.com', text: 'second try' }) });
      assert.equal(ok.end?.code, 250);
      assert.equal(taken.length, 1);
      assert.match(taken[0]!, /second try/);
    } finally {
      await listener.close();
    }
  });

  it('limits connections per client address (421 past the limit) and frees the slot when one closes', async () => {
    const listener = new InboundListener(
      { host: '127.0.0.1', port: 0, supportAddress: SUPPORT, maxMessageBytes: 100_000, maxClientsPerAddress: 2 },
      async () => ({ kind: 'rejected', reason: 'spam' }),
      testLogger,
    );
    const bound = await listener.start();
    const open: SmtpClient[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const { client, greeting } = await SmtpClient.connect(bound);
        assert.equal(greeting.code, 220);
        open.push(client);
      }
      // Refused ones give back no slot they never had, however many there are.
      for (let i = 0; i < 5; i += 1) {
        const refused = await SmtpClient.connect(bound);
        assert.equal(refused.greeting.code, 421);
        await refused.client.quit();
      }
      const stillFull = await SmtpClient.connect(bound);
      assert.equal(stillFull.greeting.code, 421);
      await stillFull.client.quit();
      await open.shift()!.quit();
      // The slot is given back once the server has seen the close; a new client then gets in.
      let greeting = 0;
      for (let attempt = 0; attempt < 50 && greeting !== 220; attempt += 1) {
        const next = await SmtpClient.connect(bound);
        greeting = next.greeting.code;
        await next.client.quit();
      }
      assert.equal(greeting, 220);
    } finally {
      for (const client of open) await client.quit();
      await listener.close();
    }
  });
});
