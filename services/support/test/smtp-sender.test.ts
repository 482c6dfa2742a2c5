import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { SendFailure, SmtpEmailSender, buildService, freePort, type BuiltService } from '@inkwell/platform';
import { createTestDatabase, createTestEventBus, testCache, testLogger, testServiceConfig, type TestDatabase, type TestEventBus } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { accountEvent, address } from './factories';

interface Received {
  mailFrom: string;
  rcptTo: string[];
  user: unknown;
  raw: string;
}

const USER = 'mailer';
const PASSWORD = 'p@ss word';

/**
 * A real SMTP server (the `smtp-server` package) on a free local port: it speaks the protocol,
 * checks the login, refuses `bounce-…` recipients with 550 and keeps every message it accepts.
 */
async function startSmtpServer(port?: number, received: Received[] = []): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(rcpt, _session, callback) {
      if (rcpt.address.startsWith('bounce-')) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null, `Message queued as test-${received.length}`);
      });
    },
  });
  const listenOn = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  return { port: listenOn, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of entity.slice(0, at).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: entity.slice(at + 4) };
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      // Soft line breaks go; =XX is a byte; everything else is ASCII as written.
      const text = body.replace(/=\r\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i += 1) {
        const hex = text[i] === '=' ? /^[0-9A-F]{2}/i.exec(text.slice(i + 1, i + 3)) : null;
        if (hex) {
          bytes.push(parseInt(hex[0], 16));
          i += 2;
        } else {
          bytes.push(text.charCodeAt(i));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** The message's headers and its text and HTML parts, decoded (multipart/alternative as nodemailer writes it). */
function parseMessage(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const { headers, body } = splitEntity(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  assert.ok(boundary, `a multipart message: ${headers.get('content-type')}`);
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => splitEntity(part.replace(/^\r\n/, '')));
  const decoded = (type: string) => {
    const part = parts.find((p) => p.headers.get('content-type')?.startsWith(type));
    assert.ok(part, `a ${type} part`);
    return decodeBody(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding'));
  };
  return { headers, text: decoded('text/plain'), html: decoded('text/html') };
}

describe('SMTP email driver against a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let url: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    url = `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${smtp.port}`;
  });
  afterAll(() => smtp.close());

  const email = (to: string) => ({
    messageId: `<${to.split('@')[0]}@inkwell.example>`,
    from: 'Inkwell <no-reply@inkwell.example>',
    to,
    subject: 'Verify your email for Inkwell — ünïcode',
    html: `<p>Hello &amp; welcome, <a href="https://store.example/email-verified/?token=abc%2B1">Verify my email</a></p><p>${'long line '.repeat(20)}</p>`,
    text: 'Hello & welcome.\nVerify my email:\nhttps://store.example/email-verified/?token=abc%2B1\n',
  });

  it('logs in and hands the message over, bodies, headers and envelope intact', async () => {
    const sender = new SmtpEmailSender(url);
    try {
      const to = address('smtp');
      const receipt = await sender.send(email(to));
      assert.match(receipt.response, /^250 .*Message queued as test-\d+/);
      assert.equal(receipt.messageId, email(to).messageId);
      const message = smtp.received.at(-1)!;
      assert.equal(message.user, USER);
      assert.equal(message.mailFrom, 'no-reply@inkwell.example');
      assert.deepEqual(message.rcptTo, [to]);
      const parsed = parseMessage(message.raw);
      assert.equal(parsed.headers.get('message-id'), email(to).messageId);
      assert.equal(parsed.headers.get('to'), to);
      assert.equal(parsed.headers.get('from'), 'Inkwell <no-reply@inkwell.example>');
      assert.match(parsed.headers.get('subject') ?? '', /^=\?UTF-8\?/, 'the non-ASCII subject is encoded');
      assert.equal(parsed.text.replace(/\r\n/g, '\n'), email(to).text);
      assert.equal(parsed.html, email(to).html);
    } finally {
      await sender.close();
    }
  });

  it('reports a recipient the server refuses as a permanent failure', async () => {
    const sender = new SmtpEmailSender(url);
    try {
      await assert.rejects(sender.send(email(address('bounce'))), (error: unknown) => error instanceof SendFailure && error.permanent && /550/.test(error.message));
    } finally {
      await sender.close();
    }
  });

  it('reports refused credentials and an unreachable server as failures worth retrying', async () => {
    const wrongLogin = new SmtpEmailSender(`smtp://${USER}:wrong@127.0.0.1:${smtp.port}`);
    const closedPort = new SmtpEmailSender(`smtp://127.0.0.1:${await freePort()}`);
    try {
      await assert.rejects(wrongLogin.send(email(address('smtp'))), (error: unknown) => error instanceof SendFailure && !error.permanent && /535|Invalid/.test(error.message));
      await assert.rejects(closedPort.send(email(address('smtp'))), (error: unknown) => error instanceof SendFailure && !error.permanent && /ECONNREFUSED|connect/i.test(error.message));
    } finally {
      await wrongLogin.close();
      await closedPort.close();
    }
  });

  describe('the support service with SMTP_URL set', () => {
    let database: TestDatabase;
    let service: BuiltService<SupportParts>;
    let bus: TestEventBus;
    const cache = testCache();
    let links: AccountLinksStandIn;

    beforeAll(async () => {
      links = await startAccountLinks();
      bus = await createTestEventBus();
      database = await createTestDatabase('support');
      const config = testServiceConfig('support', database.url, links.config);
      service = await buildService(supportService, {
        config: { ...config, publicUrl: 'https://store.example', email: { ...config.email, smtpUrl: url, from: 'Inkwell Store <hello@store.example>' } },
        logger: testLogger,
        bus,
        cache,
      });
      await bus.start();
    });
    afterAll(async () => {
      await bus.close();
      await service.stop();
      await links.close();
      await cache.close();
      await database.drop();
    });

    const stored = async (to: string) => {
      const { rows } = await service.context.db.query<{ id: string; status: string; external_id: string; attempts: number; next_attempt_at: Date; last_error: string | null }>(
        'SELECT id, status, external_id, attempts, next_attempt_at, last_error FROM sent_emails WHERE to_address = $1',
        [to],
      );
      assert.equal(rows.length, 1, `one mail to ${to}`);
      const events = await service.context.db.query<{ event_type: string; detail: string }>('SELECT event_type, detail FROM sent_email_events WHERE sent_email_id = $1 ORDER BY id', [rows[0]!.id]);
      return { ...rows[0]!, events: events.rows };
    };

    it('sends the verification mail of a sign-up through the server and records its delivery', async () => {
      const to = address('signup');
      const verificationLinkId = links.request('https://store.example/email-verified/?token=tok%2F1');
      await bus.publish(accountEvent('account.created', { userId: 'user-smtp', email: to, verificationLinkId }));
      await bus.idle();
      await service.exposed.sendQueuedEmails();
      const message = smtp.received.find((m) => m.rcptTo.includes(to));
      assert.ok(message, 'the server received the mail');
      assert.equal(message.mailFrom, 'hello@store.example');
      const parsed = parseMessage(message.raw);
      assert.equal(parsed.headers.get('subject'), 'Verify your email for Inkwell');
      assert.ok(parsed.text.includes('https://store.example/email-verified/?token=tok%2F1'));
      assert.ok(parsed.html.includes('href="https://store.example/email-verified/?token=tok%2F1"'));

      const row = await stored(to);
      assert.equal(row.status, 'Delivered');
      assert.equal(parsed.headers.get('message-id'), row.external_id);
      assert.match(row.external_id, /@store\.example>$/);
      assert.deepEqual(row.events.map((e) => e.event_type), ['Queued', 'Send', 'Delivery']);
      assert.match(row.events[1]!.detail, /smtp driver/);
      assert.match(row.events[2]!.detail, /^250 .*Message queued as test-/);
    });

    it('gives up at once on a refused recipient: a hard bounce that suppresses the address', async () => {
      const to = address('bounce');
      await bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-bounce', email: to, resetLinkId: links.request('https://store.example/reset-password/?token=r') }));
      await bus.idle();
      await service.exposed.sendQueuedEmails();
      const row = await stored(to);
      assert.equal(row.status, 'Bounced');
      assert.equal(row.attempts, 1);
      assert.deepEqual(row.events.map((e) => e.event_type), ['Queued', 'Send', 'Bounce']);
      assert.match(row.events[2]!.detail, /550/);
      const suppressed = await service.context.db.query('SELECT reason FROM email_suppressions WHERE address = $1', [to.toLowerCase()]);
      assert.deepEqual(suppressed.rows, [{ reason: 'Bounce' }]);
    });

    it('keeps a mail the server could not take queued for a later attempt, then sends it', async () => {
      const to = address('later');
      await smtp.close();
      try {
        await bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-later', email: to, resetLinkId: links.request('https://store.example/reset-password/?token=r2') }));
        await bus.idle();
        await service.exposed.sendQueuedEmails();
        const row = await stored(to);
        assert.equal(row.status, 'Queued');
        assert.equal(row.attempts, 1);
        assert.ok(row.next_attempt_at.getTime() > Date.now(), 'the retry waits');
        assert.deepEqual(row.events.map((e) => e.event_type), ['Queued', 'Send', 'Failure']);
        assert.match(row.events[2]!.detail, /Will retry in \d+ s/);
      } finally {
        smtp = await startSmtpServer(smtp.port, smtp.received);
      }
      // The retry falls due (as if its wait were over) and the server is back.
      await service.context.db.query('UPDATE sent_emails SET next_attempt_at = now() WHERE to_address = $1', [to]);
      await service.exposed.sendQueuedEmails();
      const row = await stored(to);
      assert.equal(row.status, 'Delivered');
      assert.equal(row.attempts, 2);
      assert.deepEqual(row.events.map((e) => e.event_type), ['Queued', 'Send', 'Failure', 'Send', 'Delivery']);
      assert.equal(smtp.received.filter((m) => m.rcptTo.includes(to)).length, 1);
    });
  });
});
