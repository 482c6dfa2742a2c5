import { describe, expect, it } from 'vitest';
import { deliveryText, formatAmount, safeTrackingUrl, timelineOf } from './order-rules';

describe('order page rules', () => {
  it('shows 4-decimal amounts as whole cents, half up', () => {
    expect(formatAmount(850.5, 'USD')).toBe('$8.51');
    expect(formatAmount(362.49, 'USD')).toBe('$3.62');
    expect(formatAmount(0, 'USD')).toBe('$0.00');
  });

  it('says how the delivery day was reckoned', () => {
    expect(deliveryText({ basis: 'ordered', arrivesBy: '2026-03-13', deliveryTimeInDays: 3 }, 'Priority Mail')).toEqual({ headline: 'Estimated delivery by Mar 13, 2026', detail: 'Priority Mail: 3 days from your order date.' });
    expect(deliveryText({ basis: 'shipped', arrivesBy: '2026-03-20', deliveryTimeInDays: 1 }, null).headline).toBe('Arriving by Mar 20, 2026');
    expect(deliveryText({ basis: 'delivered', arrivesBy: '2026-03-19', deliveryTimeInDays: 3 }, 'Media Mail').headline).toBe('Delivered on Mar 19, 2026');
  });

  it('merges status moves and parcels oldest first, the placing first', () => {
    const timeline = timelineOf({
      statusHistory: [
        { status: 'PendingPayment', label: 'Pending Payment', at: '2026-03-10T10:00:00Z' },
        { status: 'PendingProcessing', label: 'Pending Processing', at: '2026-03-10T10:01:00Z' },
        { status: 'Processing', label: 'Processing', at: '2026-03-11T09:00:00Z' },
      ],
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z9', trackingUrl: null, shippedAt: '2026-03-11T09:00:00Z', deliveredAt: '2026-03-14T12:00:00Z' }],
    });
    expect(timeline.map((entry) => entry.label)).toEqual(['Order placed', 'Pending Processing', 'Processing', 'Shipped', 'Delivered']);
    expect(timeline[0]!.detail).toBe('Status: Pending Payment');
  });

  it('follows only web tracking links', () => {
    expect(safeTrackingUrl('https://www.ups.com/track?tracknum=1Z9')).toBe('https://www.ups.com/track?tracknum=1Z9');
    expect(safeTrackingUrl('javascript:alert(1)')).toBeNull();
    expect(safeTrackingUrl(null)).toBeNull();
  });
});
