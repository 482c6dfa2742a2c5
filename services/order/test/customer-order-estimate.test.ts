import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { deliveryEstimate, type DeliveryFacts } from '../src/domain';

/** The order page's delivery estimate (domain/delivery-estimate.ts), rule by rule. */
describe('deliveryEstimate', () => {
  const base: DeliveryFacts = { status: 'PendingProcessing', hasPrint: true, orderDate: new Date('2026-03-10T22:30:00Z'), scheduleDate: null, deliveryTimeInDays: 5, shipments: [] };

  it('counts the rate’s days from the order date, the release day of a pre-order, or the latest parcel', () => {
    assert.deepEqual(deliveryEstimate(base), { basis: 'ordered', arrivesBy: '2026-03-15', deliveryTimeInDays: 5 });
    assert.deepEqual(deliveryEstimate({ ...base, scheduleDate: new Date('2026-04-01T00:00:00Z') }), { basis: 'release', arrivesBy: '2026-04-06', deliveryTimeInDays: 5 });
    assert.equal(deliveryEstimate({ ...base, scheduleDate: new Date('2026-03-01T00:00:00Z') })?.basis, 'ordered', 'a release day already past does not count');
    const shipments = [
      { shippedAt: new Date('2026-03-12T09:00:00Z'), deliveredAt: null },
      { shippedAt: new Date('2026-03-14T09:00:00Z'), deliveredAt: null },
    ];
    assert.deepEqual(deliveryEstimate({ ...base, status: 'Processing', shipments }), { basis: 'shipped', arrivesBy: '2026-03-19', deliveryTimeInDays: 5 });
  });

  it('says delivered once every parcel arrived', () => {
    const shipments = [{ shippedAt: new Date('2026-03-12T09:00:00Z'), deliveredAt: new Date('2026-03-16T15:00:00Z') }];
    assert.deepEqual(deliveryEstimate({ ...base, status: 'Completed', shipments }), { basis: 'delivered', arrivesBy: '2026-03-16', deliveryTimeInDays: 5 });
  });

  it('has none without Print items or a rate, and none once cancelled', () => {
    assert.equal(deliveryEstimate({ ...base, hasPrint: false }), null);
    assert.equal(deliveryEstimate({ ...base, deliveryTimeInDays: null }), null);
    assert.equal(deliveryEstimate({ ...base, status: 'Cancelled' }), null);
  });
});
