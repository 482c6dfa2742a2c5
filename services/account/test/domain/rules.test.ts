import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { isValidEmail, passwordProblem } from '@inkwell/contracts/account-rules';
import { ACCOUNT_THROTTLE, checkSetting, decodeBase64Text, lockRemaining, recordFailure, tooManyLoginsMessage, type ThrottleState } from '../../src/domain';

// The one email rule (contracts/account-rules) needs both of the spec's patterns, as the storefront
// always did. The service used to accept an address the general pattern alone allows (reader@example.c):
// the storefront refused it, the API took it; now both ends refuse it.
describe('email rule (storefront spec §5): the general and the stricter pattern', () => {
  const cases: Array<[string, boolean]> = [
    ['reader@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['reader@example.c', false],
    ['reader@example.abcdefghijkl', true],
    ['reader@example.abcdefghijklm', false],
    ['reader@example.c0m', false],
    ['reader@localhost', false],
    ['reader@@example.com', false],
    ['two words@example.com', false],
    ['reader@exa..mple.com', false],
    ['', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ];
  for (const [email, valid] of cases) {
    it(`${JSON.stringify(email.length > 40 ? `${email.slice(0, 12)}…` : email)}: ${valid ? 'valid' : 'refused'}`, () => {
      assert.equal(isValidEmail(email), valid);
    });
  }
});

describe('passwords', () => {
  it('needs at least 8 characters, counted as characters rather than bytes', () => {
    assert.equal(passwordProblem('1234567'), 'Password must be at least 8 characters.');
    assert.equal(passwordProblem('12345678'), undefined);
    assert.equal(passwordProblem('ドラゴンの巣窟へ'), undefined);
    assert.equal(passwordProblem('🐉🐉🐉🐉🐉🐉🐉'), 'Password must be at least 8 characters.');
    assert.equal(passwordProblem('x'.repeat(257)), 'Password must be at most 256 characters.');
  });
});

describe('base64 of the newer sign-up call', () => {
  it('decodes padded base64 of UTF-8 text', () => {
    assert.equal(decodeBase64Text(Buffer.from('reader@example.com').toString('base64')), 'reader@example.com');
    assert.equal(decodeBase64Text(Buffer.from('pässwörd').toString('base64')), 'pässwörd');
  });
  it('refuses what is not base64, or not UTF-8', () => {
    for (const bad of ['', 'abc', 'ab$d', 'YWJj ZA==', 'YQ=', Buffer.from([0xc3, 0x28]).toString('base64')]) {
      assert.equal(decodeBase64Text(bad), undefined, bad);
    }
  });
});

describe('settings', () => {
  it('accepts the five age ratings for maxshownratingkey, case-insensitively, and clears on empty', () => {
    assert.deepEqual(checkSetting('maxshownratingkey', 'T'), { ok: true, key: 'maxshownratingkey', value: 't' });
    assert.deepEqual(checkSetting('MaxShownRatingKey', ''), { ok: true, key: 'maxshownratingkey', value: null });
    assert.deepEqual(checkSetting('maxshownratingkey', 'r'), { ok: false, field: 'value', message: 'The maximum shown rating must be one of e, e7, pg, t or m.' });
    assert.deepEqual(checkSetting('theme', 'dark'), { ok: false, field: 'key', message: 'Unknown setting.' });
  });
});

describe('failed-login lock-out', () => {
  const start = new Date('2026-01-01T10:00:00Z');
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  it('locks on the fifth failure inside the window, for 15 minutes', () => {
    let state: ThrottleState | undefined;
    for (let i = 0; i < 4; i += 1) state = recordFailure(state, ACCOUNT_THROTTLE, at(i * 10));
    assert.equal(state!.lockedUntil, null);
    assert.equal(lockRemaining(state, at(40)), 0);
    state = recordFailure(state, ACCOUNT_THROTTLE, at(50));
    assert.deepEqual(state.lockedUntil, at(50 + 900));
    assert.equal(lockRemaining(state, at(60)), 890);
    assert.equal(tooManyLoginsMessage(890), 'Too many failed login attempts. Try again in 15 minutes.');
    assert.equal(tooManyLoginsMessage(30), 'Too many failed login attempts. Try again in 1 minute.');
  });

  it('forgets failures older than the window', () => {
    let state: ThrottleState | undefined;
    for (let i = 0; i < 4; i += 1) state = recordFailure(state, ACCOUNT_THROTTLE, at(i));
    state = recordFailure(state, ACCOUNT_THROTTLE, at(901));
    assert.equal(state.failures, 1);
    assert.equal(state.lockedUntil, null);
  });

  it('starts a fresh count once a lock has passed', () => {
    let state: ThrottleState | undefined;
    for (let i = 0; i < 5; i += 1) state = recordFailure(state, ACCOUNT_THROTTLE, at(i));
    assert.equal(lockRemaining(state, at(905)), 0);
    state = recordFailure(state, ACCOUNT_THROTTLE, at(905));
    assert.equal(state.failures, 1);
    assert.equal(state.lockedUntil, null);
  });
});
