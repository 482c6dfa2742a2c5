import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Outbox } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { supportService } from '../src';
import { accountEvent, address, linksInText, mailsTo } from './factories';

/**
 * The account events the support service consumes, published on the bus as the account service's
 * relay publishes them, and the mails that come out, read back through the staff API.
 */
describe('account emails', () => {
  let service: TestService;
  let publicUrl: string;

  before(async () => {
    service = await buildTestService(supportService);
    await service.bus.start();
    publicUrl = service.context.config.publicUrl;
  });
  after(() => service.close());

  it('mails the verification link after sign-up, stored and delivered', async () => {
    const email = address();
    await service.bus.publish(accountEvent('account.created', { userId: 'user-1', email, verificationToken: 'verify+me/1' }));
    const [mail, ...others] = await mailsTo(service, email);
    assert.equal(others.length, 0);
    assert.ok(mail);
    const link = `${publicUrl}/email-verified/?token=verify%2Bme%2F1`;
    assert.equal(mail.subject, 'Verify your email for Inkwell');
    assert.equal(mail.from, service.context.config.email.from);
    assert.equal(mail.templateName, 'verify-email');
    assert.equal(mail.userId, 'user-1');
    assert.equal(mail.status, 'Sent');
    assert.match(mail.externalId ?? '', /^<[0-9a-f-]{36}@inkwell\.example>$/);
    assert.ok(mail.textBody.includes(link), 'the link in the text part');
    assert.ok(mail.htmlBody.includes(`href="${link}"`), 'the link as a button');
    assert.ok(mail.htmlBody.includes(email));
    assert.deepEqual(linksInText(mail.textBody), [link, `${publicUrl}/`]);
    assert.deepEqual(mail.events.map((event) => event.eventType), ['Send', 'Delivery']);
    assert.ok(mail.events.every((event) => event.sentEmailId === mail.id));
    assert.match(mail.events[1]!.completeEventString, /Stored/);
  });

  it('sends nothing for an account created without a verification token', async () => {
    const email = address('staff-made');
    await service.bus.publish(accountEvent('account.created', { userId: 'user-2', email }));
    assert.deepEqual(await mailsTo(service, email), []);
  });

  it('mails the verification link again when the reader asks', async () => {
    const email = address();
    await service.bus.publish(accountEvent('account.verification-requested', { userId: 'user-3', email, verificationToken: 'again' }));
    const mails = await mailsTo(service, email);
    assert.deepEqual(mails.map((mail) => mail.templateName), ['verify-email']);
    assert.ok(mails[0]!.textBody.includes(`${publicUrl}/email-verified/?token=again`));
  });

  it('mails the password-reset link', async () => {
    const email = address();
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-4', email, resetToken: 'reset-1' }));
    const [mail] = await mailsTo(service, email);
    assert.equal(mail?.subject, 'Reset your Inkwell password');
    assert.ok(mail.textBody.includes(`${publicUrl}/reset-password/?token=reset-1`));
    assert.ok(mail.htmlBody.includes(`href="${publicUrl}/reset-password/?token=reset-1"`));
  });

  it('sends a requested email change to the new address and the finished change to the old one', async () => {
    const oldEmail = address('old');
    const newEmail = address('new');
    await service.bus.publish(accountEvent('account.email-changed', { userId: 'user-5', oldEmail, newEmail, confirmationToken: 'change-1' }));
    const [confirm, ...more] = await mailsTo(service, newEmail);
    assert.equal(more.length, 0);
    assert.equal(confirm?.subject, 'Confirm your new Inkwell email address');
    assert.ok(confirm.textBody.includes(`${publicUrl}/change-email/?token=change-1`));
    assert.ok(confirm.textBody.includes(oldEmail) && confirm.textBody.includes(newEmail));
    assert.deepEqual(await mailsTo(service, oldEmail), [], 'nothing to the old address until the change is done');

    await service.bus.publish(accountEvent('account.email-changed', { userId: 'user-5', oldEmail, newEmail }));
    const [notice] = await mailsTo(service, oldEmail);
    assert.equal(notice?.subject, 'Your Inkwell email address was changed');
    assert.ok(notice.textBody.includes(newEmail), 'the old address learns the new one');
    assert.ok(notice.textBody.includes(`${publicUrl}/support-center/`));
    assert.equal((await mailsTo(service, newEmail)).length, 1, 'the new address gets no second mail');
  });

  it('sends one mail for an event delivered again, one after the other or at the same time', async () => {
    const email = address();
    const event = accountEvent('account.password-reset-requested', { userId: 'user-6', email, resetToken: 'once' });
    await service.bus.publish(event);
    await service.bus.publish(event);
    await Promise.all([service.bus.publish(event), service.bus.publish(event)]);
    const mails = await mailsTo(service, email);
    assert.equal(mails.length, 1);
    assert.deepEqual(mails[0]!.events.map((e) => e.eventType), ['Send', 'Delivery']);
  });

  it('escapes the values it puts into the HTML', async () => {
    const email = `o'brien&co-${process.pid}@example.com`;
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-7', email, resetToken: 'r' }));
    const [mail] = await mailsTo(service, email);
    assert.ok(mail);
    assert.ok(mail.htmlBody.includes(`o&#39;brien&amp;co-${process.pid}@example.com`));
    assert.ok(!mail.htmlBody.includes(email));
    assert.ok(mail.textBody.includes(email));
  });

  it('skips an event whose data breaks the catalogue instead of retrying it forever', async () => {
    const email = address();
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-8', email }));
    assert.deepEqual(await mailsTo(service, email), []);
  });

  it('mails what arrives through an outbox and its relay, the way the account service writes it', async () => {
    const email = address();
    const outbox = new Outbox('account');
    await service.context.db.transaction((tx) => outbox.add(tx, { type: 'account.created', key: 'user-9', data: { userId: 'user-9', email, verificationToken: 'via-outbox' } }));
    await service.relay.drain();
    const mails = await mailsTo(service, email);
    assert.equal(mails.length, 1);
    assert.ok(mails[0]!.textBody.includes(`${publicUrl}/email-verified/?token=via-outbox`));
  });
});
