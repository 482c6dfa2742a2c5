/**
 * The account rule as the storefront's forms use it while the reader types (login, sign-up, account
 * pages, the guest checkout's email). The rule is contracts' (the account service checks with the
 * same one); these are the answers the forms rely on.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ACCOUNT_MESSAGES, emailProblem, isValidEmail, passwordProblem } from '@inkwell/contracts/account-rules';

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

describe('passwordProblem: at least 8 characters, at most 256', () => {
  test('7 characters are too short', () => assert.equal(passwordProblem('1234567'), ACCOUNT_MESSAGES.passwordTooShort));
  test('8 characters are enough', () => assert.equal(passwordProblem('12345678'), undefined));
  test('characters, not UTF-16 units, are counted', () => assert.equal(passwordProblem('🦊🦊🦊🦊'), ACCOUNT_MESSAGES.passwordTooShort));
  test('256 characters are still enough', () => assert.equal(passwordProblem('a'.repeat(256)), undefined));
  test('257 characters are too long, in the service’s words', () => assert.equal(passwordProblem('a'.repeat(257)), 'Password must be at most 256 characters.'));
});
