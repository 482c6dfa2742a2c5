import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidEventError } from '@inkwell/platform';
import { mailForAccountEvent, tokenLink } from '../../src/domain/account-mails';

const PUBLIC_URL = 'https://store.example';

describe('account events to mails', () => {
  it('builds links from the public address, the page path and the encoded token', () => {
    assert.equal(tokenLink('https://store.example/', '/email-verified/', 'a+b/c='), 'https://store.example/email-verified/?token=a%2Bb%2Fc%3D');
  });

  it('mails the verification link on sign-up when the event carries a token', () => {
    const mail = mailForAccountEvent('account.created', { userId: 'u1', email: 'mia@example.com', verificationToken: 'tok1' }, PUBLIC_URL);
    assert.deepEqual(mail, {
      template: 'verify-email',
      to: 'mia@example.com',
      userId: 'u1',
      values: { email: 'mia@example.com', storeUrl: 'https://store.example/', link: 'https://store.example/email-verified/?token=tok1' },
    });
  });

  it('sends nothing for an account created without a token', () => {
    assert.equal(mailForAccountEvent('account.created', { userId: 'u1', email: 'mia@example.com' }, PUBLIC_URL), null);
  });

  it('mails the verification link again when asked', () => {
    const mail = mailForAccountEvent('account.verification-requested', { userId: 'u1', email: 'mia@example.com', verificationToken: 'tok2' }, PUBLIC_URL);
    assert.equal(mail?.template, 'verify-email');
    assert.equal(mail?.values.link, 'https://store.example/email-verified/?token=tok2');
  });

  it('mails the reset link', () => {
    const mail = mailForAccountEvent('account.password-reset-requested', { userId: 'u1', email: 'mia@example.com', resetToken: 'r1' }, PUBLIC_URL);
    assert.equal(mail?.template, 'reset-password');
    assert.equal(mail?.to, 'mia@example.com');
    assert.equal(mail?.values.link, 'https://store.example/reset-password/?token=r1');
  });

  it('mails a requested email change to the NEW address with the confirmation link', () => {
    const mail = mailForAccountEvent('account.email-changed', { userId: 'u1', oldEmail: 'old@example.com', newEmail: 'new@example.com', confirmationToken: 'c1' }, PUBLIC_URL);
    assert.equal(mail?.template, 'change-email');
    assert.equal(mail?.to, 'new@example.com');
    assert.equal(mail?.values.link, 'https://store.example/change-email/?token=c1');
    assert.equal(mail?.values.oldEmail, 'old@example.com');
  });

  it('tells the OLD address once the change is done', () => {
    const mail = mailForAccountEvent('account.email-changed', { userId: 'u1', oldEmail: 'old@example.com', newEmail: 'new@example.com' }, PUBLIC_URL);
    assert.equal(mail?.template, 'email-changed');
    assert.equal(mail?.to, 'old@example.com');
    assert.equal(mail?.values.newEmail, 'new@example.com');
    assert.equal(mail?.values.link, 'https://store.example/support-center/');
  });

  it('refuses data that breaks the event catalogue', () => {
    assert.throws(() => mailForAccountEvent('account.password-reset-requested', { userId: 'u1', email: 'mia@example.com' }, PUBLIC_URL), InvalidEventError);
  });

  it('asks for no mail for other account events', () => {
    assert.equal(mailForAccountEvent('account.verified', { userId: 'u1', email: 'mia@example.com' }, PUBLIC_URL), null);
  });
});
