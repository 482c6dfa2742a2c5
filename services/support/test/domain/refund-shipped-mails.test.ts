import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ORDER_MAIL_EVENTS, mailForOrderEvent, type OrderMailRequest } from '../../src/domain/order-mails';
import { ORDER_TEMPLATE_CONTENT } from '../../src/domain/order-templates';
import { renderEmail, type EmailContent } from '../../src/domain/render';

const PUBLIC_URL = 'https://store.example';

function rendered(type: string, data: unknown): EmailContent & { mail: OrderMailRequest } {
  const mail = mailForOrderEvent(type, data, PUBLIC_URL);
  assert.ok(mail, `${type} asks for a mail`);
  const template = ORDER_TEMPLATE_CONTENT.find((candidate) => candidate.name === mail.template);
  assert.ok(template, `a shipped template named ${mail.template}`);
  return { ...renderEmail(template, mail.values), mail };
}

/** Staff refunds (issue 23): the refund mail says how much, whether in part or in full, and why. */
describe('refund mails for staff refunds', () => {
  const refunded = (overrides: Record<string, unknown> = {}) => ({
    orderId: 'order-9',
    userId: 'user-1',
    email: 'mia@example.com',
    accountingId: 'INK-001009',
    amount: { cents: 1086, currency: 'USD' },
    productIds: ['101'],
    reason: 'Damaged file',
    full: false,
    refundId: '6f1c1c52-4bb7-4a9e-9a63-5bd0f1e6e0a1',
    ...overrides,
  });

  it('a partial refund: the amount, its reason, that the rest of the order stands, the digital comics that leave My Comics', () => {
    const { subject, text, html, mail } = rendered('order.refunded', refunded());
    assert.equal(mail.template, 'order-refunded');
    assert.equal(mail.to, 'mia@example.com');
    assert.equal(mail.userId, 'user-1');
    assert.equal(subject, 'Your Inkwell refund for order INK-001009');
    assert.ok(text.includes('We have refunded $10.86 for your order INK-001009.'));
    assert.ok(text.includes('This is a partial refund: the rest of your order stands.'));
    assert.ok(text.includes('Reason: Damaged file'));
    assert.ok(text.includes('The digital comics refunded are no longer in My Comics.'));
    assert.ok(html.includes('Reason: Damaged file'));
    assert.doesNotMatch(text, /cancelled/);
  });

  it('the last refund of an order says it is cancelled; no Digital item, no My Comics sentence; no reason, no reason line', () => {
    const { text } = rendered('order.refunded', refunded({ full: true, productIds: [], reason: ' ' }));
    assert.ok(text.includes('This refunds everything left on your order, so the order is now cancelled.'));
    assert.doesNotMatch(text, /Reason:|My Comics\./);
  });

  it("the checkout's own refunds (no staff fields) still read right", () => {
    const { text } = rendered('order.refunded', { orderId: 'order-7', email: 'mia@example.com', amount: { cents: 500, currency: 'USD' }, productIds: [] });
    assert.ok(text.includes('We have refunded $5.00 for your order order-7.'));
    assert.ok(text.includes('This refunds your order.'));
  });

  it('escapes the reason in the HTML part', () => {
    const { html } = rendered('order.refunded', refunded({ reason: '<b>late</b>' }));
    assert.ok(html.includes('&lt;b&gt;late&lt;/b&gt;'));
    assert.doesNotMatch(html, /<b>late/);
  });
});

/** Print fulfilment (issue 23): order.shipped → the shipped mail with the carrier and a tracking link. */
describe('shipped mails', () => {
  const shipped = (overrides: Record<string, unknown> = {}) => ({
    orderId: 'order-5',
    userId: 'user-1',
    email: 'mia@example.com',
    accountingId: 'INK-001005',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    ...overrides,
  });

  it('is one of the order mail events', () => {
    assert.ok((ORDER_MAIL_EVENTS as readonly string[]).includes('order.shipped'));
  });

  it('names the order, the carrier and the tracking number, and links the tracking page', () => {
    const { subject, text, html, mail } = rendered('order.shipped', shipped());
    assert.equal(mail.template, 'order-shipped');
    assert.equal(subject, 'Your order INK-001005 has shipped');
    assert.ok(text.includes('your order INK-001005 have shipped with UPS.'));
    assert.ok(text.includes('Carrier: UPS\nTracking number: 1Z999AA10123456784'));
    assert.ok(text.includes('Track your parcel:\nhttps://www.ups.com/track?tracknum=1Z999AA10123456784'));
    assert.ok(html.includes('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"'));
    assert.ok(html.includes('Track your parcel'));
  });

  it('without a tracking link (or with one that is not a web address) it links support instead', () => {
    for (const trackingUrl of [undefined, 'javascript:alert(1)']) {
      const { text, html } = rendered('order.shipped', shipped({ trackingUrl }));
      assert.ok(text.includes('Contact support:\nhttps://store.example/support-center/'));
      assert.doesNotMatch(html + text, /javascript:/);
      assert.doesNotMatch(text, /Track it:/);
    }
  });

  it('names no recipient without an address', () => {
    assert.equal(mailForOrderEvent('order.shipped', shipped({ email: undefined }), PUBLIC_URL)?.to, null);
  });
});
