import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { CREDENTIAL_MESSAGES, emailProblem, isValidEmail, newPasswordProblem } from './credentials';

describe('isValidEmail: the general pattern and the stricter one (TLD of 2 to 12 letters)', () => {
  const valid = ['reader@example.com', 'first.last+comics@mail.example.co.uk', 'a@b.io', '  padded@example.com  ', 'x@example.photography'];
  const invalid = [
    '',
    'reader',
    'reader@',
    'reader@example',
    '@example.com',
    'reader@example.c',
    'reader@example.abcdefghijklm',
    'reader@example.c0m',
    'two words@example.com',
    'reader@@example.com',
    'reader@-example.com',
    'reader..dots@example.com',
    `${'a'.repeat(250)}@example.com`,
  ];
  for (const email of valid) test(`accepts '${email}'`, () => assert.equal(isValidEmail(email), true));
  for (const email of invalid) test(`refuses '${email.length > 40 ? `${email.slice(0, 20)}…` : email}'`, () => assert.equal(isValidEmail(email), false));
});

describe('emailProblem: the message only once something invalid is typed', () => {
  test('empty or blank says nothing', () => {
    assert.equal(emailProblem(''), undefined);
    assert.equal(emailProblem('   '), undefined);
  });
  test('invalid says the spec message', () => assert.equal(emailProblem('reader@example'), 'Please enter a valid email.'));
  test('valid says nothing', () => assert.equal(emailProblem('reader@example.com'), undefined));
});

describe('newPasswordProblem: at least 8 characters', () => {
  test('7 characters are too short', () => assert.equal(newPasswordProblem('1234567'), CREDENTIAL_MESSAGES.passwordTooShort));
  test('8 characters are enough', () => assert.equal(newPasswordProblem('12345678'), undefined));
  test('characters, not UTF-16 units, are counted', () => assert.equal(newPasswordProblem('🦊🦊🦊🦊'), CREDENTIAL_MESSAGES.passwordTooShort));
});
