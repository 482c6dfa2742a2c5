import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Outbox, createEnvelope, type EventData, type EventEnvelope } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { ORDER_TEMPLATE_CONTENT } from '../src/domain/order-templates';
import { installShippedTemplates, type EmailTemplate } from '../src/store/templates';
import { address, adminToken, mailsTo } from './factories';

type Item = EventData<'orderPlaced'>['items'][number];

const item = (overrides: Partial<Item> = {}): Item => ({
  productId: '101',
  variantId: '1',
  name: 'Saga, Volume 1',
  distributionType: 'Digital',
  quantity: 1,
  price: { cents: 999, currency: 'USD' },
  ...overrides,
});

/** An order event as the order service's outbox writes it: keyed by the order. */
function orderEvent(type: string, data: { orderId: string } & Record<string, unknown>): EventEnvelope {
  return createEnvelope('order', { type, key: data.orderId, data });
}

function placed(email: string | undefined, overrides: Partial<EventData<'orderPlaced'>> = {}): EventEnvelope {
  const orderId = randomUUID();
  const data: EventData<'orderPlaced'> = {
    orderId,
    purchaseId: randomUUID(),
    userId: 'user-1',
    status: 'Completed',
    accountingId: 'INK-000042',
    total: { cents: 5997, currency: 'USD' },
    items: [item(), item({ productId: '202', variantId: '2', name: 'Saga, Volume 1 (hardcover)', distributionType: 'Print', quantity: 2, price: { cents: 2499, currency: 'USD' } })],
    ...overrides,
  };
  return orderEvent('order.placed', { ...data, ...(email ? { email } : {}) });
}

/**
 * The order events the support service consumes, published on the bus as the order service's
 * relay publishes them, and the mails that come out, read back through the staff API.
 */
describe('order emails', () => {
  let service: TestService<SupportParts>;
  let publicUrl: string;

  const staffRequest = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await service.app.inject({ method, url, headers: { authorization: `Bearer ${await adminToken()}` }, ...(payload ? { payload } : {}) });
    assert.equal(response.statusCode, 200, response.body);
    return response.json().response;
  };
  const deadLetterIds = async (event: EventEnvelope) =>
    (await service.context.db.query<{ id: string }>('SELECT id FROM dead_letters WHERE event_id = $1', [event.id])).rows.map((row) => row.id);
  const dbTemplate = async (name: string): Promise<EmailTemplate> => {
    const page = await staffRequest('POST', '/api/dashboard/emailTemplates/db-templates', { pageNumber: 1, pageSize: 50, search: name });
    const found = (page.items as EmailTemplate[]).find((template) => template.name === name);
    assert.ok(found, `database template ${name}`);
    return found;
  };
  const handled = async (event: EventEnvelope) =>
    (await service.context.db.query("SELECT 1 FROM inbox WHERE consumer = 'support.order-emails' AND event_id = $1", [event.id])).rowCount;

  beforeAll(async () => {
    service = await buildTestService(supportService);
    await service.bus.start();
    publicUrl = service.context.config.publicUrl;
  });
  afterAll(async () => {
    await service?.close();
  });

  it('installs the order templates as database templates staff can read and edit', async () => {
    for (const name of ['order-confirmation', 'pre-order-released', 'order-cancelled', 'order-refunded']) {
      const template = await dbTemplate(name);
      assert.ok(template.placeholders.includes('orderNumber'), name);
    }
  });

  it('mails the order confirmation, stored and delivered', async () => {
    const email = address();
    const event = placed(email);
    await service.bus.publish(event);
    const [mail, ...others] = await mailsTo(service, email);
    assert.equal(others.length, 0);
    assert.ok(mail);
    assert.equal(mail.subject, 'Your Inkwell order INK-000042 is confirmed');
    assert.equal(mail.templateName, 'order-confirmation');
    assert.equal(mail.userId, 'user-1');
    assert.equal(mail.from, service.context.config.email.from);
    assert.equal(mail.status, 'Delivered');
    assert.deepEqual(mail.events.map((e) => e.eventType), ['Queued', 'Send', 'Delivery']);
    assert.ok(mail.textBody.includes('1 × Saga, Volume 1 (digital): $9.99\n2 × Saga, Volume 1 (hardcover) (print): $49.98\nTotal: $59.97'), mail.textBody);
    assert.ok(mail.textBody.includes('Your digital comics are in My Comics now, ready to read.'));
    assert.ok(mail.textBody.includes('We will ship your print items to your shipping address.'));
    assert.ok(mail.htmlBody.includes(`href="${publicUrl}/library/"`));
    assert.ok(mail.htmlBody.includes('Total: $59.97'));
  });

  it('confirms a pre-order with its date, then mails its release once its day comes', async () => {
    const email = address('pre-order');
    const order = placed(email, { status: 'Scheduled', scheduleDate: '2027-03-01T00:00:00.000Z', total: { cents: 999, currency: 'USD' }, items: [item()] });
    await service.bus.publish(order);
    const { orderId } = order.data as { orderId: string };
    // The same order completing on its day; without the release flag it is no news to the reader.
    const completion = { orderId, userId: 'user-1', email, total: { cents: 999, currency: 'USD' }, items: [{ productId: '101', variantId: '1', distributionType: 'Digital', quantity: 1, price: { cents: 999, currency: 'USD' } }] };
    const plainCompletion = orderEvent('order.completed', completion);
    await service.bus.publish(plainCompletion);
    await service.bus.publish(orderEvent('order.completed', { ...completion, preOrderReleased: true }));

    const [confirmation, release, ...others] = await mailsTo(service, email);
    assert.equal(others.length, 0);
    assert.equal(confirmation?.templateName, 'order-confirmation');
    assert.ok(confirmation.textBody.includes('This is a pre-order: it is paid for now and unlocks on March 1, 2027.'), confirmation.textBody);
    assert.equal(release?.templateName, 'pre-order-released');
    assert.equal(release.subject, 'Your pre-order is now in your library');
    assert.ok(release.textBody.includes(`${publicUrl}/library/`));
    assert.equal(await handled(plainCompletion), 1, 'the plain completion was handled, with no mail');
  });

  it('mails a cancellation with its reason and a refund with its amount', async () => {
    const email = address('cancelled');
    const orderId = randomUUID();
    await service.bus.publish(orderEvent('order.cancelled', { orderId, purchaseId: randomUUID(), email, reason: 'The payment could not be completed.' }));
    await service.bus.publish(orderEvent('order.refunded', { orderId, email, amount: { cents: 1999, currency: 'EUR' }, productIds: ['101'] }));
    const [cancelled, refunded, ...others] = await mailsTo(service, email);
    assert.equal(others.length, 0);
    assert.equal(cancelled?.subject, `Your Inkwell order ${orderId} was cancelled`);
    assert.ok(cancelled.textBody.includes('Reason: The payment could not be completed.'));
    assert.equal(cancelled.userId, null);
    assert.equal(refunded?.templateName, 'order-refunded');
    assert.ok(refunded.textBody.includes('We have refunded €19.99 for your order'));
    assert.ok(refunded.htmlBody.includes(`href="${publicUrl}/support-center/"`));
  });

  it('sends one mail for an event delivered again, one after the other or at the same time', async () => {
    const email = address('twice');
    const event = placed(email);
    await service.bus.publish(event);
    await service.bus.publish(event);
    await Promise.all([service.bus.publish(event), service.bus.publish(event)]);
    const mails = await mailsTo(service, email);
    assert.equal(mails.length, 1);
    assert.deepEqual(mails[0]!.events.map((e) => e.eventType), ['Queued', 'Send', 'Delivery']);
    const { rows } = await service.context.db.query('SELECT count(*)::int AS n FROM sent_emails WHERE source_event_id = $1', [event.id]);
    assert.equal(rows[0]!.n, 1);
  });

  it('skips an event without an email address: handled, nothing sent, no retry', async () => {
    const before = (await service.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sent_emails')).rows[0]!.n;
    const events = [placed(undefined), orderEvent('order.refunded', { orderId: randomUUID(), amount: { cents: 100, currency: 'USD' }, productIds: [] })];
    for (const event of events) {
      await service.bus.publish(event);
      await service.bus.idle();
      assert.equal(await handled(event), 1);
    }
    await service.exposed.sendQueuedEmails();
    const after = (await service.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sent_emails')).rows[0]!.n;
    assert.equal(after, before);
  });

  it('skips an event whose data breaks the catalogue instead of retrying it forever', async () => {
    const email = address('broken');
    const event = orderEvent('order.placed', { orderId: randomUUID(), email, status: 'Completed', total: { cents: 1, currency: 'USD' }, items: [] });
    await service.bus.publish(event);
    await service.bus.idle();
    assert.equal(await handled(event), 1);
    assert.deepEqual(await mailsTo(service, email), []);
  });

  it('uses the template as staff edited it, and keeps the edit across a restart', async () => {
    const refund = await dbTemplate('order-refunded');
    await staffRequest('POST', `/api/dashboard/emailTemplates/db-templates/${refund.id}/alter`, { subject: 'Refund of {{amount}} for order {{orderNumber}}' });
    const email = address('edited');
    const orderId = randomUUID();
    await service.bus.publish(orderEvent('order.refunded', { orderId, email, amount: { cents: 500, currency: 'USD' }, productIds: [] }));
    const [mail] = await mailsTo(service, email);
    assert.equal(mail?.subject, `Refund of $5.00 for order ${orderId}`);

    // A second start-up installs what is missing and leaves the edited template alone.
    await installShippedTemplates(service.context.db, ORDER_TEMPLATE_CONTENT);
    assert.equal((await dbTemplate('order-refunded')).subject, 'Refund of {{amount}} for order {{orderNumber}}');
  });

  it('keeps an event undelivered while its template asks for a value order mails lack, and mails it once fixed', async () => {
    const cancelled = await dbTemplate('order-cancelled');
    const alter = (subject: string) => staffRequest('POST', `/api/dashboard/emailTemplates/db-templates/${cancelled.id}/alter`, { subject });
    await alter('Order {{orderNumber}} cancelled, {{customerName}}');
    const email = address('held');
    const event = orderEvent('order.cancelled', { orderId: randomUUID(), purchaseId: randomUUID(), email, reason: '' });
    try {
      await service.bus.publish(event);
      await service.bus.idle();
      // Still queued for another delivery, or given up on and kept among the service's dead letters.
      const queued = (await service.bus.deliveries('support.order-emails')).some((delivery) => delivery.eventId === event.id && delivery.attempts >= 1);
      assert.ok(queued || (await deadLetterIds(event)).length === 1, 'the event failed and is kept');
      assert.equal(await handled(event), 0);
      assert.deepEqual(await mailsTo(service, email), []);
    } finally {
      await alter(cancelled.subject);
    }
    // Retried, or re-driven (from the System area) once it was set aside as a dead letter.
    for (const id of await deadLetterIds(event)) {
      assert.equal((await staffRequest('POST', `/api/dashboard/system/support/dead-letters/${id}/redrive`)).outcome, 'handled');
    }
    const mails = await mailsTo(service, email);
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, cancelled.subject.replace('{{orderNumber}}', (event.data as { orderId: string }).orderId));
  });

  it('mails what arrives through an outbox and its relay, the way the order service writes it', async () => {
    const email = address('relayed');
    const outbox = new Outbox('order');
    const event = placed(email);
    await service.context.db.transaction((tx) => outbox.add(tx, { type: 'order.placed', key: (event.data as { orderId: string }).orderId, data: event.data }));
    await service.relay.drain();
    const mails = await mailsTo(service, email);
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.templateName, 'order-confirmation');
  });
});
