import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { lastSendOf, RESEND_WINDOW_MS, resendBlockedUntil } from './verification-window';

const account = { userid: 'u1', verificationSentAt: null };
const at = Date.parse('2026-03-01T12:00:00.000Z');

describe('lastSendOf: the later of this browser’s send and the server’s', () => {
  test('nothing known: null', () => assert.equal(lastSendOf(account, null), null));
  test('only the server knows (sent at sign-up)', () => {
    assert.equal(lastSendOf({ ...account, verificationSentAt: new Date(at).toISOString() }, null), at);
  });
  test('only this browser knows', () => assert.equal(lastSendOf(account, { userId: 'u1', sentAt: at }), at));
  test('another reader’s send on this browser does not count', () => assert.equal(lastSendOf(account, { userId: 'u2', sentAt: at }), null));
  test('the later of both wins', () => {
    const server = { ...account, verificationSentAt: new Date(at).toISOString() };
    assert.equal(lastSendOf(server, { userId: 'u1', sentAt: at + 5_000 }), at + 5_000);
    assert.equal(lastSendOf(server, { userId: 'u1', sentAt: at - 5_000 }), at);
  });
  test('an unreadable server time is ignored', () => assert.equal(lastSendOf({ ...account, verificationSentAt: 'soon' }, null), null));
});

describe('resendBlockedUntil: 3 minutes after the last send', () => {
  test('never sent: may send', () => assert.equal(resendBlockedUntil(null, at), null));
  test('just sent: blocked until 3 minutes later', () => assert.equal(resendBlockedUntil(at, at + 1_000), at + RESEND_WINDOW_MS));
  test('one millisecond before the end: still blocked', () => assert.equal(resendBlockedUntil(at, at + RESEND_WINDOW_MS - 1), at + RESEND_WINDOW_MS));
  test('at the end: may send again', () => assert.equal(resendBlockedUntil(at, at + RESEND_WINDOW_MS), null));
});
