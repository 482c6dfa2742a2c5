import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Outbox, textLinks } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { accountEvent, address, mailsTo } from './factories';

/**
 * The account events the support service consumes, published on the bus as the account service's
 * relay publishes them, and the mails that come out, read back through the staff API. The events
 * name links by id; the links come from the account service's gRPC contract.
 */
describe('account emails', () => {
  let service: TestService<SupportParts>;
  let publicUrl: string;
  let links: AccountLinksStandIn;

  beforeAll(async () => {
    links = await startAccountLinks();
    service = await buildTestService(supportService, { config: links.config });
    await service.bus.start();
    publicUrl = service.context.config.publicUrl;
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
  });

  it('mails the verification link after sign-up, stored and delivered', async () => {
    const email = address();
    const link = `${publicUrl}/email-verified/?token=verify%2Bme%2F1`;
    await service.bus.publish(accountEvent('account.created', { userId: 'user-1', email, verificationLinkId: links.request(link) }));
    const [mail, ...others] = await mailsTo(service, email);
    assert.equal(others.length, 0);
    assert.ok(mail);
    assert.equal(mail.subject, 'Verify your email for Inkwell');
    assert.equal(mail.from, service.context.config.email.from);
    assert.equal(mail.templateName, 'verify-email');
    assert.equal(mail.userId, 'user-1');
    assert.equal(mail.status, 'Delivered');
    assert.match(mail.externalId ?? '', /^<[0-9a-f-]{36}@inkwell\.example>$/);
    assert.ok(mail.textBody.includes(link), 'the link in the text part');
    assert.ok(mail.htmlBody.includes(`href="${link}"`), 'the link as a button');
    assert.ok(mail.htmlBody.includes(email));
    assert.deepEqual(textLinks(mail.textBody), [link, `${publicUrl}/`]);
    assert.deepEqual(mail.events.map((event) => event.eventType), ['Queued', 'Send', 'Delivery']);
    assert.ok(mail.events.every((event) => event.sentEmailId === mail.id));
    assert.match(mail.events[2]!.completeEventString, /Stored/);
  });

  it('sends nothing for an account created without a verification link, and asks for no link', async () => {
    const email = address('staff-made');
    const issued = links.issued();
    await service.bus.publish(accountEvent('account.created', { userId: 'user-2', email }));
    assert.deepEqual(await mailsTo(service, email), []);
    assert.equal(links.issued(), issued);
  });

  it('mails the verification link again when the reader asks', async () => {
    const email = address();
    await service.bus.publish(accountEvent('account.verification-requested', { userId: 'user-3', email, verificationLinkId: links.request(`${publicUrl}/email-verified/?token=again`) }));
    const mails = await mailsTo(service, email);
    assert.deepEqual(mails.map((mail) => mail.templateName), ['verify-email']);
    assert.ok(mails[0]!.textBody.includes(`${publicUrl}/email-verified/?token=again`));
  });

  it('mails the password-reset link', async () => {
    const email = address();
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-4', email, resetLinkId: links.request(`${publicUrl}/reset-password/?token=reset-1`) }));
    const [mail] = await mailsTo(service, email);
    assert.equal(mail?.subject, 'Reset your Inkwell password');
    assert.ok(mail.textBody.includes(`${publicUrl}/reset-password/?token=reset-1`));
    assert.ok(mail.htmlBody.includes(`href="${publicUrl}/reset-password/?token=reset-1"`));
  });

  it('sends a requested email change to the new address and the finished change to the old one', async () => {
    const oldEmail = address('old');
    const newEmail = address('new');
    const confirmationLinkId = links.request(`${publicUrl}/change-email/?token=change-1`);
    await service.bus.publish(accountEvent('account.email-changed', { userId: 'user-5', oldEmail, newEmail, confirmationLinkId }));
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
    const issued = links.issued();
    const event = accountEvent('account.password-reset-requested', { userId: 'user-6', email, resetLinkId: links.request(`${publicUrl}/reset-password/?token=once`) });
    await service.bus.publish(event);
    await service.bus.publish(event);
    await Promise.all([service.bus.publish(event), service.bus.publish(event)]);
    const mails = await mailsTo(service, email);
    assert.equal(mails.length, 1);
    assert.deepEqual(mails[0]!.events.map((e) => e.eventType), ['Queued', 'Send', 'Delivery']);
    assert.equal(links.issued(), issued + 1, 'the link was asked for once');
  });

  it('sends no mail, and does not retry, when the account service no longer issues the link', async () => {
    const email = address();
    const spent = links.request(`${publicUrl}/reset-password/?token=spent`);
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-10', email: address('first'), resetLinkId: spent }));
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-10', email, resetLinkId: spent }));
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-10', email, resetLinkId: '00000000-0000-4000-8000-000000000000' }));
    assert.deepEqual(await mailsTo(service, email), []);
  });

  it('leaves the event undelivered while the account service cannot be reached', async () => {
    const unreachable = await startAccountLinks();
    await unreachable.close();
    // Port 1 rather than the closed stand-in's: a port let go can be taken by another test file's
    // server at once, which would then answer.
    const { peers } = unreachable.config;
    const offline = await buildTestService(supportService, { config: { peers: { ...peers, account: { ...peers.account, grpcAddress: '127.0.0.1:1' } } } });
    try {
      await offline.bus.start();
      const event = accountEvent('account.password-reset-requested', { userId: 'user-11', email: address(), resetLinkId: unreachable.request('unused') });
      await offline.bus.publish(event);
      await offline.bus.idle();
      // Queued to be delivered again, or, given up on, kept among the service's dead letters to be re-driven.
      const queued = await offline.bus.deliveries('support.emails');
      const { rows: kept } = await offline.context.db.query<{ event_id: string; attempts: number }>('SELECT event_id, attempts FROM dead_letters WHERE consumer_group = $1', ['support.emails']);
      const [delivery, ...others] = [...queued, ...kept.map((row) => ({ eventId: row.event_id, attempts: row.attempts }))];
      assert.equal(others.length, 0);
      assert.equal(delivery?.eventId, event.id, 'the event is kept, to be delivered again or re-driven');
      assert.ok(delivery.attempts >= 1);
      const handled = await offline.context.db.query('SELECT 1 FROM inbox WHERE event_id = $1', [event.id]);
      assert.equal(handled.rowCount, 0, 'nothing recorded as handled');
    } finally {
      await offline.close();
    }
  });

  it('escapes the values it puts into the HTML', async () => {
    const email = `o'brien&co-${process.pid}@example.com`;
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'user-7', email, resetLinkId: links.request(`${publicUrl}/reset-password/?token=r`) }));
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
    const verificationLinkId = links.request(`${publicUrl}/email-verified/?token=via-outbox`);
    await service.context.db.transaction((tx) => outbox.add(tx, { type: 'account.created', key: 'user-9', data: { userId: 'user-9', email, verificationLinkId } }));
    await service.relay.drain();
    const mails = await mailsTo(service, email);
    assert.equal(mails.length, 1);
    assert.ok(mails[0]!.textBody.includes(`${publicUrl}/email-verified/?token=via-outbox`));
  });
});
