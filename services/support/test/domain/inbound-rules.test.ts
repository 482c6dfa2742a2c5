import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  attachmentVerdict,
  classifyInbound,
  isPermanentFailure,
  messageIdInHeaders,
  messageIdsIn,
  parseDeliveryStatus,
  parseFeedbackReport,
  reportTypeOf,
  type InboundFacts,
} from '../../src/domain/inbound-rules';

const OWN = { addresses: ['Inkwell <no-reply@inkwell.example>', 'support@inkwell.example'] };

function facts(over: Partial<Omit<InboundFacts, 'header'>> & { headers?: Record<string, string> } = {}): InboundFacts {
  const headers = new Map(Object.entries(over.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    envelopeFrom: over.envelopeFrom ?? 'mia@example.com',
    fromAddress: over.fromAddress ?? 'Mia <mia@example.com>',
    subject: over.subject ?? 'Where is my order?',
    header: (name) => headers.get(name),
  };
}

describe('what an inbound email is', () => {
  it('opens a ticket for an ordinary customer mail', () => {
    assert.deepEqual(classifyInbound(facts(), OWN), { action: 'ticket' });
    assert.deepEqual(classifyInbound(facts({ headers: { 'Auto-Submitted': 'no' } }), OWN), { action: 'ticket' });
    assert.deepEqual(classifyInbound(facts({ subject: 'My office is out of paper' }), OWN), { action: 'ticket' });
    assert.deepEqual(classifyInbound(facts({ headers: { 'X-Auto-Response-Suppress': 'All' } }), OWN), { action: 'ticket' });
  });

  it('treats delivery-status and feedback reports as reports, whoever sends them', () => {
    assert.deepEqual(classifyInbound(facts({ envelopeFrom: '', headers: { 'Content-Type': 'multipart/report; report-type=delivery-status; boundary="x"' } }), OWN), { action: 'bounce-report' });
    assert.deepEqual(classifyInbound(facts({ headers: { 'Content-Type': 'multipart/report; report-type="feedback-report"' } }), OWN), { action: 'complaint-report' });
    assert.equal(reportTypeOf('multipart/mixed; report-type=delivery-status'), null);
  });

  it('rejects loops and forged senders of our own addresses and domains', () => {
    for (const fromAddress of ['support@inkwell.example', 'Inkwell <NO-REPLY@inkwell.example>', 'boss@inkwell.example']) {
      assert.deepEqual(classifyInbound(facts({ fromAddress }), OWN), { action: 'reject', reason: 'own-address' }, fromAddress);
    }
    assert.deepEqual(classifyInbound(facts({ envelopeFrom: 'no-reply@inkwell.example' }), OWN), { action: 'reject', reason: 'own-address' });
  });

  it('rejects bounces that are not reports: the null sender and daemons', () => {
    assert.deepEqual(classifyInbound(facts({ envelopeFrom: '' }), OWN), { action: 'reject', reason: 'bounce' });
    assert.deepEqual(classifyInbound(facts({ fromAddress: 'MAILER-DAEMON@mx.example.com' }), OWN), { action: 'reject', reason: 'bounce' });
    assert.deepEqual(classifyInbound(facts({ envelopeFrom: 'postmaster@mx.example.com' }), OWN), { action: 'reject', reason: 'bounce' });
  });

  it('rejects auto-replies, bulk and list mail, spam and mail with no sender', () => {
    const cases: Array<[Parameters<typeof facts>[0], string]> = [
      [{ headers: { 'Auto-Submitted': 'auto-replied' } }, 'auto-reply'],
      [{ headers: { 'Auto-Submitted': 'auto-generated' } }, 'auto-reply'],
      [{ headers: { 'X-Autoreply': 'yes' } }, 'auto-reply'],
      [{ headers: { 'X-Autorespond': 'on vacation' } }, 'auto-reply'],
      [{ headers: { Precedence: 'auto_reply' } }, 'auto-reply'],
      [{ subject: 'Out of Office: back Monday' }, 'auto-reply'],
      [{ subject: 'Automatic reply: Your order' }, 'auto-reply'],
      [{ subject: 'Abwesenheitsnotiz' }, 'auto-reply'],
      [{ headers: { Precedence: 'Bulk' } }, 'bulk'],
      [{ headers: { Precedence: 'junk' } }, 'bulk'],
      [{ headers: { Precedence: 'list' } }, 'bulk'],
      [{ headers: { 'List-Id': '<comics.lists.example>' } }, 'mailing-list'],
      [{ headers: { 'X-Spam-Flag': 'YES' } }, 'spam'],
      [{ fromAddress: '' }, 'no-sender'],
    ];
    for (const [over, reason] of cases) assert.deepEqual(classifyInbound(facts(over), OWN), { action: 'reject', reason }, JSON.stringify(over));
  });
});

describe('delivery reports', () => {
  const body = [
    'Reporting-MTA: dns; mx.example.com',
    'Arrival-Date: Fri, 27 Nov 2026 07:00:00 +0000',
    '',
    'Final-Recipient: rfc822; Gone@Example.com',
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1',
    '  user unknown',
    '',
    'Final-Recipient: rfc822; slow@example.com',
    'Action: delayed',
    'Status: 4.4.1',
  ].join('\r\n');

  it('reads each recipient of a delivery-status report, a failed 5.x.x being permanent', () => {
    const recipients = parseDeliveryStatus(body);
    assert.equal(recipients.length, 2);
    assert.deepEqual(recipients[0], { recipient: 'gone@example.com', action: 'failed', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 user unknown' });
    assert.equal(isPermanentFailure(recipients[0]!), true);
    assert.equal(isPermanentFailure(recipients[1]!), false);
    assert.equal(isPermanentFailure({ recipient: 'a@b', action: 'failed', status: '4.2.2', diagnostic: '' }), false);
  });

  it('reads a feedback report and the Message-ID of returned headers', () => {
    assert.deepEqual(parseFeedbackReport('Feedback-Type: abuse\r\nVersion: 1\r\nOriginal-Rcpt-To: <Mia@Example.com>\r\n'), { feedbackType: 'abuse', recipient: 'mia@example.com' });
    assert.equal(messageIdInHeaders('From: a@b\r\nMessage-ID:\r\n <abc@inkwell.example>\r\nSubject: x'), '<abc@inkwell.example>');
    assert.equal(messageIdInHeaders('From: a@b'), null);
  });

  it('collects the Message-IDs of In-Reply-To and References once each', () => {
    assert.deepEqual(messageIdsIn('<a@x>', ['<b@x> <a@x>', '<c@x>'], undefined, 'junk'), ['<a@x>', '<b@x>', '<c@x>']);
  });
});

describe('attachments', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const verdict = (filename: string, contentType: string, head: Buffer, size = head.length) => attachmentVerdict({ filename, contentType, size, head }, 1000);

  it('keeps images, PDFs, text and office documents of their own kind', () => {
    assert.deepEqual(verdict('a.png', 'image/png', png), { keep: true, contentType: 'image/png', extension: 'png' });
    assert.deepEqual(verdict('a.PDF', 'application/octet-stream', Buffer.from('%PDF-1.7')), { keep: true, contentType: 'application/pdf', extension: 'pdf' });
    assert.deepEqual(verdict('notes.txt', 'text/plain; charset=utf-8', Buffer.from('hello')), { keep: true, contentType: 'text/plain', extension: 'txt' });
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    assert.deepEqual(verdict('letter.docx', docx, Buffer.from('PK\u0003\u0004')), { keep: true, contentType: docx, extension: 'docx' });
  });

  it('drops archives, executables, scripts, HTML, SVG, disguised and oversized files', () => {
    const dropped = [
      verdict('bomb.zip', 'application/zip', Buffer.from('PK\u0003\u0004')),
      verdict('a.exe', 'application/octet-stream', Buffer.from('MZ')),
      verdict('a.pdf', 'application/pdf', Buffer.from('MZ\u0090\u0000')),
      verdict('a.txt', 'text/plain', Buffer.from('PK\u0003\u0004')),
      verdict('run.sh', 'application/x-sh', Buffer.from('#!/bin/sh')),
      verdict('page.html', 'text/html', Buffer.from('<script>')),
      verdict('logo.svg', 'image/svg+xml', Buffer.from('<svg')),
      verdict('fake.png', 'image/png', Buffer.from('GIF89a')),
      verdict('noext', 'application/octet-stream', Buffer.from('hi')),
      verdict('big.png', 'image/png', png, 1001),
    ];
    for (const result of dropped) {
      assert.equal(result.keep, false);
      if (!result.keep) assert.match(result.note, /^Dropped: /);
    }
  });
});
