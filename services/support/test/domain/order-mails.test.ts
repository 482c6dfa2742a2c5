import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { InvalidEventError, type EventData } from '@inkwell/platform';
import { formatMoney, formatReleaseDate, itemLine, mailForOrderEvent, type OrderMailRequest } from '../../src/domain/order-mails';
import { renderEmail, type EmailContent } from '../../src/domain/render';
import { ORDER_TEMPLATE_CONTENT } from '../../src/domain/order-templates';

const PUBLIC_URL = 'https://store.example';

type Item = EventData<'orderPlaced'>['items'][number];

const digital = (overrides: Partial<Item> = {}): Item => ({
  productId: '101',
  variantId: '1',
  name: 'Saga, Volume 1',
  distributionType: 'Digital',
  quantity: 1,
  price: { cents: 999, currency: 'USD' },
  ...overrides,
});
const print = (overrides: Partial<Item> = {}): Item => digital({ productId: '202', variantId: '2', name: 'Saga, Volume 1 (hardcover)', distributionType: 'Print', quantity: 2, price: { cents: 2499, currency: 'USD' }, ...overrides });

function placed(overrides: Partial<EventData<'orderPlaced'>> = {}): EventData<'orderPlaced'> {
  return {
    orderId: 'order-1',
    purchaseId: 'purchase-1',
    userId: 'user-1',
    email: 'mia@example.com',
    status: 'Completed',
    accountingId: 'INK-001234',
    total: { cents: 999, currency: 'USD' },
    items: [digital()],
    ...overrides,
  };
}

function released(overrides: Partial<EventData<'orderCompleted'>> = {}): EventData<'orderCompleted'> {
  return {
    orderId: 'order-2',
    userId: 'user-1',
    email: 'mia@example.com',
    total: { cents: 999, currency: 'USD' },
    items: [{ productId: '101', variantId: '1', distributionType: 'Digital', quantity: 1, price: { cents: 999, currency: 'USD' } }],
    preOrderReleased: true,
    ...overrides,
  };
}

function request(type: string, data: unknown): OrderMailRequest {
  const mail = mailForOrderEvent(type, data, PUBLIC_URL);
  assert.ok(mail, `${type} asks for a mail`);
  return mail;
}

/** The mail as the shipped template renders it. */
function rendered(mail: OrderMailRequest): EmailContent {
  const template = ORDER_TEMPLATE_CONTENT.find((candidate) => candidate.name === mail.template);
  assert.ok(template, `a shipped template named ${mail.template}`);
  return renderEmail(template, mail.values);
}

describe('money in order mails', () => {
  it.each([
    [{ cents: 4997, currency: 'USD' }, '$49.97'],
    [{ cents: 5, currency: 'USD' }, '$0.05'],
    [{ cents: 0, currency: 'USD' }, '$0.00'],
    [{ cents: 123456789, currency: 'USD' }, '$1,234,567.89'],
    [{ cents: 1999, currency: 'EUR' }, '€19.99'],
    [{ cents: 1999, currency: 'eur' }, '€19.99'],
    [{ cents: 1999, currency: 'CAD' }, 'CA$19.99'],
    // Whole minor units are the currency's own: yen have none below the unit, dinars have 1000.
    [{ cents: 500, currency: 'JPY' }, '¥500'],
    [{ cents: 1500, currency: 'KWD' }, 'KWD 1.500'],
  ])('formats %o as %s', (money, expected) => {
    assert.equal(formatMoney(money).replace(/\u00a0/g, ' '), expected);
  });

  it('still shows an amount whose currency code Intl refuses', () => {
    assert.equal(formatMoney({ cents: 1234, currency: '1$a' }), '12.34 1$A');
  });

  it('prices an item line by its quantity', () => {
    assert.equal(itemLine(print()), '2 × Saga, Volume 1 (hardcover) (print): $49.98');
    assert.equal(itemLine(digital({ price: { cents: 1000, currency: 'JPY' } })), '1 × Saga, Volume 1 (digital): ¥1,000');
  });
});

describe('release dates', () => {
  it('shows the day in UTC, the zone releases are compared in', () => {
    assert.equal(formatReleaseDate('2026-12-05T00:00:00.000Z'), 'December 5, 2026');
    assert.equal(formatReleaseDate('2026-12-05T23:30:00.000Z'), 'December 5, 2026');
  });

  it('gives nothing for a missing or broken date', () => {
    assert.equal(formatReleaseDate(undefined), null);
    assert.equal(formatReleaseDate(''), null);
    assert.equal(formatReleaseDate('soon'), null);
  });
});

describe('order confirmation', () => {
  it('lists the items with names and quantities, the total and the order number', () => {
    const mail = request('order.placed', placed({ total: { cents: 5997, currency: 'USD' }, items: [digital(), print()] }));
    assert.equal(mail.template, 'order-confirmation');
    assert.equal(mail.to, 'mia@example.com');
    assert.equal(mail.userId, 'user-1');
    assert.equal(mail.orderId, 'order-1');
    const { subject, text, html } = rendered(mail);
    assert.equal(subject, 'Your Inkwell order INK-001234 is confirmed');
    assert.ok(text.includes('1 × Saga, Volume 1 (digital): $9.99\n2 × Saga, Volume 1 (hardcover) (print): $49.98\nTotal: $59.97'), text);
    assert.ok(html.includes('Total: $59.97'));
    assert.ok(html.includes('Order INK-001234'));
  });

  it('tells an account holder their Digital items are in My Comics now, with a link to the library', () => {
    const { text, html } = rendered(request('order.placed', placed()));
    assert.ok(text.includes('Your digital comics are in My Comics now, ready to read.'));
    assert.ok(text.includes('Open My Comics:\nhttps://store.example/library/\n'));
    assert.ok(html.includes('href="https://store.example/library/"'));
    assert.doesNotMatch(text, /ship/);
  });

  it('tells a guest how to read their Digital items rather than that they can', () => {
    const { text } = rendered(request('order.placed', placed({ userId: undefined, email: 'guest@example.com' })));
    assert.ok(text.includes('create a free Reader account with guest@example.com and verify it'));
    assert.doesNotMatch(text, /in My Comics now/);
  });

  it('says Print items are shipped, and links the store when there is nothing to read', () => {
    const { text } = rendered(request('order.placed', placed({ status: 'PendingProcessing', items: [print()] })));
    assert.ok(text.includes('We will ship your print items to your shipping address.'));
    assert.doesNotMatch(text, /My Comics now/);
    assert.ok(text.includes('Visit Inkwell:\nhttps://store.example/\n'));
  });

  it('tells a pre-order it is paid now and unlocks on its date', () => {
    const mail = request('order.placed', placed({ status: 'Scheduled', scheduleDate: '2026-12-05T00:00:00.000Z', items: [digital(), print()] }));
    const { text } = rendered(mail);
    assert.ok(text.includes('This is a pre-order: it is paid for now and unlocks on December 5, 2026.'), text);
    assert.ok(text.includes('On that day your digital comics appear in My Comics, and we will email you.'));
    assert.ok(text.includes('Print items are shipped to your shipping address once they are released.'));
    assert.doesNotMatch(text, /in My Comics now/);
  });

  it('does not call a free pre-order paid, and falls back to the release date in words', () => {
    const { text } = rendered(request('order.placed', placed({ status: 'Scheduled', total: { cents: 0, currency: 'USD' }, items: [digital({ price: { cents: 0, currency: 'USD' } })] })));
    assert.ok(text.includes('This is a pre-order: it unlocks on its release date.'), text);
    assert.ok(text.includes('1 × Saga, Volume 1 (digital): $0.00'));
  });

  it('names an item without a name by its product, and an order without an accounting id by its id', () => {
    const mail = request('order.placed', placed({ accountingId: undefined, items: [digital({ name: undefined }), print({ name: '   ' })] }));
    const { subject, text } = rendered(mail);
    assert.equal(subject, 'Your Inkwell order order-1 is confirmed');
    assert.ok(text.includes('1 × Item #101 (digital): $9.99'));
    assert.ok(text.includes('2 × Item #202 (print): $49.98'));
  });

  it('escapes names in the HTML part and keeps them as they are in the text part', () => {
    const { html, text } = rendered(request('order.placed', placed({ items: [digital({ name: 'Tom & Jerry <Special>' })] })));
    assert.ok(html.includes('Tom &amp; Jerry &lt;Special&gt;'));
    assert.ok(!html.includes('<Special>'));
    assert.ok(text.includes('Tom & Jerry <Special>'));
  });
});

describe('pre-order released', () => {
  it('tells an account holder the pre-order is now in their library', () => {
    const mail = request('order.completed', released());
    assert.equal(mail.template, 'pre-order-released');
    const { subject, text, html } = rendered(mail);
    assert.equal(subject, 'Your pre-order is now in your library');
    // order.completed carries no item names.
    assert.ok(text.includes('1 × Item #101 (digital): $9.99'));
    assert.ok(text.includes('Your digital comics are in My Comics now, ready to read.'));
    assert.ok(html.includes('href="https://store.example/library/"'));
  });

  it('does not say "in your library" to a guest or of Print items', () => {
    const guest = rendered(request('order.completed', released({ userId: undefined })));
    assert.equal(guest.subject, 'Your pre-order is out');
    assert.ok(guest.text.includes('create a free Reader account with mia@example.com'));
    const printed = rendered(request('order.completed', released({ items: [{ productId: '202', variantId: '2', distributionType: 'Print', quantity: 1, price: { cents: 2499, currency: 'USD' } }] })));
    assert.equal(printed.subject, 'Your pre-order is out');
    assert.ok(printed.text.includes('We will ship your print items'));
  });

  it('asks for no mail when an order completes without a release (the confirmation said it all)', () => {
    assert.equal(mailForOrderEvent('order.completed', released({ preOrderReleased: undefined }), PUBLIC_URL), null);
    assert.equal(mailForOrderEvent('order.completed', released({ preOrderReleased: false }), PUBLIC_URL), null);
  });
});

describe('cancelled and refunded orders', () => {
  it('gives the reason for a cancellation where there is one', () => {
    const mail = request('order.cancelled', { orderId: 'order-3', purchaseId: 'purchase-3', userId: 'user-1', email: 'mia@example.com', reason: ' The item is no longer available. ' });
    assert.equal(mail.template, 'order-cancelled');
    const { subject, text, html } = rendered(mail);
    assert.equal(subject, 'Your Inkwell order order-3 was cancelled');
    assert.ok(text.includes('Your order order-3 has been cancelled. Reason: The item is no longer available.\n'));
    assert.ok(text.includes('If you paid for this order, the payment is refunded.'));
    assert.ok(html.includes('href="https://store.example/support-center/"'));
  });

  it('leaves out a blank reason', () => {
    const { text } = rendered(request('order.cancelled', { orderId: 'order-3', purchaseId: 'purchase-3', email: 'mia@example.com', reason: '  ' }));
    assert.doesNotMatch(text, /Reason/);
  });

  it('states the refunded amount in its currency', () => {
    const mail = request('order.refunded', { orderId: 'order-4', email: 'mia@example.com', amount: { cents: 1250, currency: 'EUR' }, productIds: ['101'] });
    assert.equal(mail.template, 'order-refunded');
    assert.equal(mail.userId, null);
    const { subject, text } = rendered(mail);
    assert.equal(subject, 'Your Inkwell refund for order order-4');
    assert.ok(text.includes('We have refunded €12.50 for your order order-4.'));
  });
});

describe('order events without a mail', () => {
  it('names no recipient when the event has no address, or a blank one', () => {
    assert.equal(request('order.placed', placed({ email: undefined })).to, null);
    assert.equal(request('order.refunded', { orderId: 'o', email: ' ', amount: { cents: 1, currency: 'USD' }, productIds: [] }).to, null);
  });

  it('refuses data that breaks the event catalogue', () => {
    assert.throws(() => mailForOrderEvent('order.placed', { ...placed(), total: { cents: 9.99, currency: 'USD' } }, PUBLIC_URL), InvalidEventError);
    assert.throws(() => mailForOrderEvent('order.cancelled', { orderId: 'o', purchaseId: 'p' }, PUBLIC_URL), InvalidEventError);
    assert.throws(() => mailForOrderEvent('order.refunded', { orderId: 'o', amount: { cents: 1, currency: 'DOLLARS' }, productIds: [] }, PUBLIC_URL), InvalidEventError);
  });

  it('asks for no mail for other events', () => {
    assert.equal(mailForOrderEvent('account.verified', { userId: 'u1', email: 'mia@example.com' }, PUBLIC_URL), null);
  });
});

describe('shipped order templates', () => {
  it('fill every placeholder from what the events give, in both parts, with no secret in them', () => {
    const requests = [
      request('order.placed', placed({ items: [digital(), print()] })),
      request('order.placed', placed({ status: 'Scheduled', scheduleDate: '2026-12-05T00:00:00.000Z' })),
      request('order.completed', released()),
      request('order.cancelled', { orderId: 'o', purchaseId: 'p', email: 'mia@example.com', reason: '' }),
      request('order.refunded', { orderId: 'o', email: 'mia@example.com', amount: { cents: 100, currency: 'USD' }, productIds: [] }),
      request('order.shipped', { orderId: 'o', email: 'mia@example.com', accountingId: 'INK-001234', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://track.example/1Z999AA10123456784' }),
    ];
    assert.deepEqual(new Set(requests.map((mail) => mail.template)), new Set(ORDER_TEMPLATE_CONTENT.map((template) => template.name)));
    for (const mail of requests) {
      const { subject, html, text } = rendered(mail);
      assert.match(subject, /\S/);
      assert.doesNotMatch(subject + html + text, /\{\{/, `${mail.template}: nothing left unfilled`);
      assert.match(html, /^<!DOCTYPE html>/);
      assert.ok(text.includes('https://store.example/'), `${mail.template}: links built from the public URL`);
      assert.doesNotMatch(html + text, /token|password|secret/i);
    }
  });
});
