import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { SplitError, allotCoupon, round4, splitPurchase, sum4, type PurchaseItem, type SplitOrder } from '../../src/domain';

const NOW = new Date('2026-11-25T12:00:00Z');
let nextId = 1;
const item = (overrides: Partial<PurchaseItem> = {}): PurchaseItem => {
  const id = nextId++;
  return { productId: id, variantId: 100 + id, distributionType: 'Digital', price: 1000, quantity: 1, scheduleDate: null, isPreOrder: false, ...overrides };
};
const shape = (orders: SplitOrder[]) =>
  orders.map((order) => ({ key: order.key, releaseAt: order.releaseAt?.toISOString() ?? null, isPreOrder: order.isPreOrder, hasPrint: order.hasPrint, subtotal: order.subtotal, couponSaveAmount: order.couponSaveAmount, shippingCost: order.shippingCost, total: order.total }));

describe('splitPurchase: one order for now, one per release day, pre-orders apart', () => {
  it('puts everything available now in one order', () => {
    const orders = splitPurchase([item(), item({ distributionType: 'Print', price: 2599, quantity: 2 }), item({ scheduleDate: '2026-01-01T00:00:00Z' })], NOW);
    assert.deepEqual(shape(orders), [{ key: 'now', releaseAt: null, isPreOrder: false, hasPrint: true, subtotal: 1000 + 5198 + 1000, couponSaveAmount: 0, shippingCost: 0, total: 7198 }]);
  });

  it('groups by UTC release day, pre-orders apart, undated pre-orders last, the latest hour of a day as its release', () => {
    const orders = splitPurchase([
      item({ price: 799 }),
      item({ price: 999, isPreOrder: true, scheduleDate: '2026-12-10T05:00:00Z' }),
      item({ price: 1999, distributionType: 'Print', isPreOrder: true, scheduleDate: new Date('2026-12-10T20:00:00Z'), weightLb: 1 }),
      item({ price: 599, scheduleDate: '2027-01-05T00:00:00Z' }),
      item({ price: 499, isPreOrder: true, scheduleDate: null }),
      item({ price: 399, isPreOrder: true, scheduleDate: '2026-11-01T00:00:00Z' }),
      item({ price: 299, scheduleDate: '2026-12-10T09:00:00Z' }),
    ], NOW);
    assert.deepEqual(shape(orders), [
      { key: 'now', releaseAt: null, isPreOrder: false, hasPrint: false, subtotal: 799 + 399, couponSaveAmount: 0, shippingCost: 0, total: 1198 },
      { key: '2026-12-10', releaseAt: '2026-12-10T09:00:00.000Z', isPreOrder: false, hasPrint: false, subtotal: 299, couponSaveAmount: 0, shippingCost: 0, total: 299 },
      { key: '2026-12-10:pre-order', releaseAt: '2026-12-10T20:00:00.000Z', isPreOrder: true, hasPrint: true, subtotal: 2998, couponSaveAmount: 0, shippingCost: 0, total: 2998 },
      { key: '2027-01-05', releaseAt: '2027-01-05T00:00:00.000Z', isPreOrder: false, hasPrint: false, subtotal: 599, couponSaveAmount: 0, shippingCost: 0, total: 599 },
      { key: 'pre-order', releaseAt: null, isPreOrder: true, hasPrint: false, subtotal: 499, couponSaveAmount: 0, shippingCost: 0, total: 499 },
    ]);
  });

  it('an item released at this very moment is available now', () => {
    assert.equal(splitPurchase([item({ scheduleDate: NOW })], NOW)[0]?.key, 'now');
  });

  it('shares the coupon by amount and shipping to the orders with Print items', () => {
    const orders = splitPurchase([item({ price: 1000 }), item({ price: 2000, distributionType: 'Print', isPreOrder: true, scheduleDate: '2026-12-10T00:00:00Z', weightLb: 1 })], NOW, { couponSaveAmount: 100, shippingCost: 500 });
    assert.deepEqual(shape(orders), [
      { key: 'now', releaseAt: null, isPreOrder: false, hasPrint: false, subtotal: 1000, couponSaveAmount: 33.33, shippingCost: 0, total: 966.67 },
      { key: '2026-12-10:pre-order', releaseAt: '2026-12-10T00:00:00.000Z', isPreOrder: true, hasPrint: true, subtotal: 2000, couponSaveAmount: 66.67, shippingCost: 500, total: 2433.33 },
    ]);
    assert.deepEqual(orders.flatMap((order) => order.lines.map((line) => [line.couponShare, line.taxableAmount])), [[33.33, 966.67], [66.67, 1933.33]]);
  });

  it('shares shipping by Print weight, or by Print units when a weight is unknown', () => {
    const now = item({ distributionType: 'Print', price: 500, quantity: 1, weightLb: 3 });
    const later = item({ distributionType: 'Print', price: 500, quantity: 2, weightLb: 0.5, scheduleDate: '2027-02-01T00:00:00Z' });
    assert.deepEqual(splitPurchase([now, later], NOW, { shippingCost: 1000 }).map((order) => order.shippingCost), [750, 250]);
    const unknown = { ...later, weightLb: null };
    assert.deepEqual(splitPurchase([now, unknown], NOW, { shippingCost: 1000 }).map((order) => order.shippingCost), [333.33, 666.67]);
  });

  it('gives the coupon only to the lines it covers', () => {
    const orders = splitPurchase([item({ price: 1000, couponCovered: false }), item({ price: 500, scheduleDate: '2027-01-01T00:00:00Z' })], NOW, { couponSaveAmount: 500 });
    assert.deepEqual(orders.map((order) => order.couponSaveAmount), [0, 500]);
    assert.equal(orders[1]?.total, 0);
  });
});

describe('the parts add up exactly to the purchase', () => {
  // A small deterministic generator, so a failure can be replayed.
  let seed = 20261125;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const DATES = [null, '2026-01-01T00:00:00Z', '2026-12-10T05:00:00Z', '2026-12-10T21:00:00Z', '2027-03-01T00:00:00Z'];

  for (let run = 0; run < 200; run += 1) {
    const items = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
      item({
        distributionType: pick(['Digital', 'Print'] as const),
        price: Math.floor(random() * 5000),
        quantity: 1 + Math.floor(random() * 3),
        scheduleDate: pick(DATES),
        isPreOrder: random() < 0.4,
        couponCovered: random() < 0.8,
        weightLb: pick([null, 0.5, 1.25, 3]),
      }),
    );
    const covered = items.reduce((sum, line) => sum + (line.couponCovered === false ? 0 : line.price * line.quantity), 0);
    const couponSaveAmount = round4(random() * covered);
    const hasPrint = items.some((line) => line.distributionType === 'Print');
    const shippingCost = hasPrint ? round4(random() * 9000) : 0;
    it(`purchase ${run + 1}: ${items.length} items, coupon ${couponSaveAmount}, shipping ${shippingCost}`, () => {
      const orders = splitPurchase(items, NOW, { couponSaveAmount, shippingCost });
      const subtotal = items.reduce((sum, line) => sum + line.price * line.quantity, 0);
      assert.equal(orders.flatMap((order) => order.lines).length, items.length);
      assert.equal(orders.reduce((sum, order) => sum + order.subtotal, 0), subtotal);
      assert.equal(sum4(orders.map((order) => order.couponSaveAmount)), couponSaveAmount);
      assert.equal(sum4(orders.map((order) => order.shippingCost)), shippingCost);
      assert.equal(sum4(orders.map((order) => order.total)), round4(subtotal - couponSaveAmount + shippingCost));
      for (const order of orders) {
        assert.equal(sum4(order.lines.map((line) => line.couponShare)), order.couponSaveAmount);
        if (!order.hasPrint) assert.equal(order.shippingCost, 0);
        for (const line of order.lines) {
          assert.ok(line.couponShare >= 0 && line.couponShare <= line.amount);
          assert.equal(round4(line.taxableAmount + line.couponShare), line.amount);
          if (line.couponCovered === false) assert.equal(line.couponShare, 0);
        }
      }
    });
  }
});

describe('bad purchases', () => {
  const cases: Array<[string, () => unknown]> = [
    ['no items', () => splitPurchase([], NOW)],
    ['a negative price', () => splitPurchase([item({ price: -1 })], NOW)],
    ['a price in fractions of a cent', () => splitPurchase([item({ price: 10.5 })], NOW)],
    ['no units', () => splitPurchase([item({ quantity: 0 })], NOW)],
    ['a distribution type that is neither', () => splitPurchase([item({ distributionType: 'Audio' as 'Digital' })], NOW)],
    ['a schedule date that is not a date', () => splitPurchase([item({ scheduleDate: 'soon' })], NOW)],
    ['a negative weight', () => splitPurchase([item({ weightLb: -2 })], NOW)],
    ['a coupon saving more than what it covers', () => splitPurchase([item({ price: 100 })], NOW, { couponSaveAmount: 100.01 })],
    ['a coupon saving on lines it does not cover', () => allotCoupon([item({ couponCovered: false })], 1)],
    ['a negative coupon saving', () => splitPurchase([item()], NOW, { couponSaveAmount: -1 })],
    ['shipping on a Digital-only purchase', () => splitPurchase([item()], NOW, { shippingCost: 500 })],
    ['shipping that is not a number', () => splitPurchase([item({ distributionType: 'Print' })], NOW, { shippingCost: Number.NaN })],
  ];
  for (const [name, run] of cases) it(`refuses ${name}`, () => assert.throws(run, SplitError));
});
