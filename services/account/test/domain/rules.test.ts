import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  ACCOUNT_THROTTLE,
  checkSetting,
  decodeBase64Text,
  isStrictEmail,
  isValidEmail,
  lockRemaining,
  passwordProblem,
  recordFailure,
  tooManyLoginsMessage,
  type ThrottleState,
} from '../../src/domain';

describe('email rules (storefront spec §5)', () => {
  const cases: Array<[string, boolean, boolean]> = [
    ['reader@example.com', true, true],
    ['first.last+tag@sub.example.co.uk', true, true],
    ['reader@example.c', true, false],
    ['reader@example.abcdefghijkl', true, true],
    ['reader@example.abcdefghijklm', true, false],
    ['reader@example.c0m', true, false],
    ['reader@localhost', false, false],
    ['reader@@example.com', false, false],
    ['two words@example.com', false, false],
    ['reader@exa..mple.com', true, false],
    ['', false, false],
    [`${'a'.repeat(250)}@example.com`, false, false],
  ];
  for (const [email, general, strict] of cases) {
    it(`${JSON.stringify(email.length > 40 ? `${email.slice(0, 12)}…` : email)}: general ${general}, strict ${strict}`, () => {
      assert.equal(isValidEmail(email), general);
      assert.equal(isStrictEmail(email), strict);
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
    assert.deepEqual(checkSetting('maxshownratingkey', 'r'), { ok: false, message: 'The maximum shown rating must be one of e, e7, pg, t or m.' });
    assert.deepEqual(checkSetting('theme', 'dark'), { ok: false, message: 'Unknown setting.' });
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
