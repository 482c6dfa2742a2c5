import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import pino from 'pino';
import { StoredEmailSender, type OutgoingEmail } from '@inkwell/platform';
import { logLines } from '@inkwell/platform/testing';

/** A logger at the level `npm start` uses, whose JSON lines are kept for reading. */
function capturedLogger() {
  const { lines, destination } = logLines();
  return { logger: pino({ level: 'info' }, destination), lines };
}

const LINK = 'http://localhost:8080/email-verified/?token=f0e1d2c3b4a5';

function verificationEmail(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    messageId: '<verify-1@inkwell.example>',
    from: 'Inkwell <no-reply@inkwell.example>',
    to: 'new-reader@example.com',
    subject: 'Verify your email for Inkwell',
    html: `<p>Welcome!</p><a href="${LINK}">Verify my email</a>`,
    text: `Welcome to Inkwell!\n\nVerify my email:\n${LINK}\n\nThe link works for 7 days.`,
    ...overrides,
  };
}

describe('the stored email driver', () => {
  it('writes the recipient, the subject and the link to the log at info level, in the message a person reads', async () => {
    const { logger, lines } = capturedLogger();
    const receipt = await new StoredEmailSender(logger).send(verificationEmail());

    assert.equal(receipt.messageId, '<verify-1@inkwell.example>');
    assert.equal(lines.length, 1);
    const [line] = lines as [Record<string, unknown>];
    assert.equal(line.level, pino.levels.values.info);
    assert.equal(line.to, 'new-reader@example.com');
    assert.equal(line.subject, 'Verify your email for Inkwell');
    assert.deepEqual(line.links, [LINK]);
    const message = String(line.msg);
    assert.ok(message.includes('new-reader@example.com'), message);
    assert.ok(message.includes('"Verify your email for Inkwell"'), message);
    assert.ok(message.includes(LINK), message);
  });

  it('takes the links from the HTML when the mail has no text body, entities decoded', async () => {
    const { logger, lines } = capturedLogger();
    const reset = 'http://localhost:8080/reset-password/?token=abc&email=new-reader%40example.com';
    await new StoredEmailSender(logger).send(verificationEmail({ text: '', html: `<a href="${reset.replace('&', '&amp;')}">Choose a new password</a>` }));
    assert.deepEqual(lines[0]!.links, [reset]);
    assert.ok(String(lines[0]!.msg).includes(reset));
  });

  it('says so when a mail has no link', async () => {
    const { logger, lines } = capturedLogger();
    await new StoredEmailSender(logger).send(verificationEmail({ text: 'Your email was changed.', html: '<p>Your email was changed.</p>' }));
    assert.deepEqual(lines[0]!.links, []);
    assert.match(String(lines[0]!.msg), /no links$/);
  });
});
