import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, type EventEnvelope } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { address, adminToken, mailsTo } from './factories';

function orderEvent(type: string, data: { orderId: string } & Record<string, unknown>): EventEnvelope {
  return createEnvelope('order', { type, key: data.orderId, data });
}

/**
 * Issue 23's order mails through the real support service on PostgreSQL: `order.shipped` (staff
 * marked the Print items shipped) and `order.refunded` from a staff refund, in part or in full.
 */
describe('shipped and staff refund emails', () => {
  let service: TestService<SupportParts>;

  beforeAll(async () => {
    service = await buildTestService(supportService);
    await service.bus.start();
  });
  afterAll(async () => {
    await service?.close();
  });

  it('installs the shipped template as a database template staff can read and edit', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/dashboard/emailTemplates/db-templates',
      headers: { authorization: `Bearer ${await adminToken()}` },
      payload: { pageNumber: 1, pageSize: 50, search: 'order-shipped' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const template = response.json().response.items.find((candidate: { name: string }) => candidate.name === 'order-shipped');
    assert.ok(template, 'order-shipped is installed');
    for (const placeholder of ['orderNumber', 'carrier', 'tracking', 'link', 'linkLabel']) assert.ok(template.placeholders.includes(placeholder), placeholder);
  });

  it('mails the shipped email with the tracking link, then a partial refund and the last refund', async () => {
    const email = address('shipped');
    const orderId = randomUUID();
    const base = { orderId, userId: 'user-7', email, accountingId: 'INK-001234' };
    await service.bus.publish(orderEvent('order.shipped', { ...base, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' }));
    const [shipped] = await mailsTo(service, email);
    assert.equal(shipped?.templateName, 'order-shipped');
    assert.equal(shipped.subject, 'Your order INK-001234 has shipped');
    assert.equal(shipped.userId, 'user-7');
    assert.ok(shipped.textBody.includes('Tracking number: 1Z999AA10123456784'));
    assert.ok(shipped.htmlBody.includes('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"'));

    await service.bus.publish(orderEvent('order.refunded', { ...base, amount: { cents: 1086, currency: 'USD' }, productIds: ['101'], reason: 'Damaged file', full: false, refundId: randomUUID() }));
    await service.bus.publish(orderEvent('order.refunded', { ...base, amount: { cents: 5437, currency: 'USD' }, productIds: [], reason: 'Order cancelled', full: true, refundId: randomUUID() }));
    const mails = await mailsTo(service, email);
    const refunds = mails.filter((mail) => mail.templateName === 'order-refunded');
    assert.equal(refunds.length, 2);
    const partial = refunds.find((mail) => mail.textBody.includes('$10.86'));
    const last = refunds.find((mail) => mail.textBody.includes('$54.37'));
    assert.ok(partial && last, refunds.map((mail) => mail.textBody).join('\n---\n'));
    assert.equal(partial.subject, 'Your Inkwell refund for order INK-001234');
    assert.ok(partial.textBody.includes('This is a partial refund: the rest of your order stands.'));
    assert.ok(partial.textBody.includes('Reason: Damaged file'));
    assert.ok(partial.textBody.includes('The digital comics refunded are no longer in My Comics.'));
    assert.ok(last.textBody.includes('so the order is now cancelled.'));
    assert.ok(last.textBody.includes('Reason: Order cancelled'));
  });
});
