import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { InvalidEventError } from '@inkwell/platform';
import { mailForAccountEvent } from '../../src/domain/account-mails';

const PUBLIC_URL = 'https://store.example';
const LINK_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('account events to mails', () => {
  it('mails the verification link on sign-up when the event names one', () => {
    const mail = mailForAccountEvent('account.created', { userId: 'u1', email: 'mia@example.com', verificationLinkId: LINK_ID }, PUBLIC_URL);
    assert.deepEqual(mail, {
      template: 'verify-email',
      to: 'mia@example.com',
      userId: 'u1',
      values: { email: 'mia@example.com', storeUrl: 'https://store.example/' },
      linkId: LINK_ID,
    });
  });

  it('sends nothing for an account created without a link', () => {
    assert.equal(mailForAccountEvent('account.created', { userId: 'u1', email: 'mia@example.com' }, PUBLIC_URL), null);
  });

  it('mails the verification link again when asked', () => {
    const mail = mailForAccountEvent('account.verification-requested', { userId: 'u1', email: 'mia@example.com', verificationLinkId: LINK_ID }, PUBLIC_URL);
    assert.equal(mail?.template, 'verify-email');
    assert.equal(mail?.linkId, LINK_ID);
  });

  it('mails the reset link', () => {
    const mail = mailForAccountEvent('account.password-reset-requested', { userId: 'u1', email: 'mia@example.com', resetLinkId: LINK_ID }, PUBLIC_URL);
    assert.equal(mail?.template, 'reset-password');
    assert.equal(mail?.to, 'mia@example.com');
    assert.equal(mail?.linkId, LINK_ID);
  });

  it('mails a requested email change to the NEW address with the confirmation link', () => {
    const mail = mailForAccountEvent('account.email-changed', { userId: 'u1', oldEmail: 'old@example.com', newEmail: 'new@example.com', confirmationLinkId: LINK_ID }, PUBLIC_URL);
    assert.equal(mail?.template, 'change-email');
    assert.equal(mail?.to, 'new@example.com');
    assert.equal(mail?.linkId, LINK_ID);
    assert.equal(mail?.values.oldEmail, 'old@example.com');
  });

  it('tells the OLD address once the change is done, linking the support center', () => {
    const mail = mailForAccountEvent('account.email-changed', { userId: 'u1', oldEmail: 'old@example.com', newEmail: 'new@example.com' }, PUBLIC_URL);
    assert.equal(mail?.template, 'email-changed');
    assert.equal(mail?.to, 'old@example.com');
    assert.equal(mail?.values.newEmail, 'new@example.com');
    assert.equal(mail?.values.link, 'https://store.example/support-center/');
    assert.equal(mail?.linkId, undefined);
  });

  it('refuses data that breaks the event catalogue, such as a token where a link id belongs', () => {
    assert.throws(() => mailForAccountEvent('account.password-reset-requested', { userId: 'u1', email: 'mia@example.com' }, PUBLIC_URL), InvalidEventError);
    assert.throws(() => mailForAccountEvent('account.password-reset-requested', { userId: 'u1', email: 'mia@example.com', resetLinkId: 'a-raw-token' }, PUBLIC_URL), InvalidEventError);
  });

  it('asks for no mail for other account events', () => {
    assert.equal(mailForAccountEvent('account.verified', { userId: 'u1', email: 'mia@example.com' }, PUBLIC_URL), null);
  });
});
