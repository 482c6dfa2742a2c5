import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { couponShares, planRefund, refundableLeft, refundableStatus, refundCents, type RefundableOrder, type RefundPlan } from '../../src/domain';

/**
 * A Digital volume ($9.99, tax 87.41 cents) and three Print box sets ($49.99 each, 1312.23 cents of tax for the
 * line), $12.3456 shipping (1234.56 cents). Amounts are cents with 2 decimals: 4 decimals of the dollar.
 */
function order(overrides: Partial<RefundableOrder> = {}): RefundableOrder {
  return {
    lines: [
      { position: 0, productId: 11, variantId: 110, name: 'Vol. 1', distributionType: 'Digital', quantity: 1, price: 999, tax: 87.41, couponShare: 0 },
      { position: 1, productId: 12, variantId: 120, name: 'Box Set', distributionType: 'Print', quantity: 3, price: 4999, tax: 1312.23, couponShare: 0 },
    ],
    refunded: new Map(),
    shippingCost: 1234.56,
    refundedShipping: 0,
    // 999 + 3 × 4999 + 1234.56 + 87.41 + 1312.23 + shipping tax 108.02
    totalPrice: 18738.22,
    refundedTotal: 0,
    ...overrides,
  };
}

const planned = (result: ReturnType<typeof planRefund>): RefundPlan => {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.plan;
};

describe('planRefund: what a staff refund gives back', () => {
  it('one unit of a line: its price and its share of the line tax, rounded half up at the 4th decimal', () => {
    const plan = planned(planRefund(order(), { items: [{ position: 1, quantity: 1 }] }));
    // 1312.23 / 3 = 437.41 exactly.
    assert.deepEqual(plan.items.map((item) => [item.position, item.quantity, item.amount, item.tax, item.lineDone]), [[1, 1, 5436.41, 437.41, false]]);
    assert.equal(plan.amount, 5436.41);
    assert.equal(plan.full, false);
    assert.deepEqual(plan.revokedProductIds, []);
    // A tax share of half a grain (a grain is 0.01 cent) rounds up: 1 grain / 2 → 1 grain.
    const odd = order({ lines: [{ position: 0, productId: 1, variantId: 1, name: 'x', distributionType: 'Print', quantity: 2, price: 100, tax: 0.01, couponShare: 0 }], shippingCost: 0, totalPrice: 200.01 });
    assert.equal(planned(planRefund(odd, { items: [{ position: 0, quantity: 1 }] })).items[0]!.tax, 0.01);
    const third = order({ lines: [{ position: 0, productId: 1, variantId: 1, name: 'x', distributionType: 'Print', quantity: 3, price: 100, tax: 0.02, couponShare: 0 }], shippingCost: 0, totalPrice: 300.02 });
    // 2 grains / 3 = 0.667 → 1 grain; the last two units take exactly what is left (1 grain).
    const first = planned(planRefund(third, { items: [{ position: 0, quantity: 1 }] }));
    assert.equal(first.items[0]!.tax, 0.01);
    const rest = planned(
      planRefund({ ...third, refunded: new Map([[0, { quantity: 1, amount: first.items[0]!.amount, tax: 0.01 }]]), refundedTotal: first.amount }, { items: [{ position: 0, quantity: 2 }] }),
    );
    assert.equal(rest.items[0]!.tax, 0.01);
    assert.equal(rest.items[0]!.amount, 200.01);
    assert.equal(rest.full, true);
  });

  it('the Digital line in full names its product to take back; shipping is given back as asked', () => {
    const plan = planned(planRefund(order(), { items: [{ position: 0, quantity: 1 }], shippingAmount: 100 }));
    assert.equal(plan.amount, 1186.41);
    assert.equal(plan.shippingAmount, 100);
    assert.deepEqual(plan.revokedProductIds, [11]);
  });

  it('everything left (no items, no shipping): exactly the rest of the order total, full', () => {
    const plan = planned(planRefund(order(), {}));
    assert.equal(plan.full, true);
    assert.equal(plan.amount, 18738.22, 'shipping tax and roundings included');
    assert.equal(plan.shippingAmount, 1234.56);
    assert.deepEqual(plan.items.map((item) => [item.position, item.quantity]), [[0, 1], [1, 3]]);
    // After one box set and some shipping were refunded: the rest, to the grain.
    const after = order({ refunded: new Map([[1, { quantity: 1, amount: 5436.41, tax: 437.41 }]]), refundedShipping: 34.56, refundedTotal: 5470.97 });
    const rest = planned(planRefund(after, {}));
    assert.equal(rest.amount, 13267.25);
    assert.deepEqual(rest.items.map((item) => [item.position, item.quantity]), [[0, 1], [1, 2]]);
    assert.equal(rest.shippingAmount, 1200);
  });

  it('the last units of a line take exactly what is left of it', () => {
    const after = order({ refunded: new Map([[1, { quantity: 2, amount: 10872.82, tax: 874.82 }]]), refundedTotal: 10872.82 });
    const plan = planned(planRefund(after, { items: [{ position: 1, quantity: 1 }] }));
    assert.equal(plan.items[0]!.amount, 5436.41);
    assert.equal(plan.items[0]!.tax, 437.41);
    assert.equal(plan.items[0]!.lineDone, true);
  });

  it('takes the coupon saving off the lines it was shared over', () => {
    const withCoupon = order({ lines: [{ position: 0, productId: 1, variantId: 1, name: 'x', distributionType: 'Digital', quantity: 2, price: 1000, tax: 0, couponShare: 300 }], shippingCost: 0, totalPrice: 1700 });
    const one = planned(planRefund(withCoupon, { items: [{ position: 0, quantity: 1 }] }));
    assert.equal(one.amount, 850);
    assert.equal(planned(planRefund(withCoupon, {})).amount, 1700);
    assert.deepEqual(couponShares(300, [{ price: 1000, quantity: 2 }, { price: 500, quantity: 2 }]), [200, 100]);
    assert.deepEqual(couponShares(0, [{ price: 1000, quantity: 2 }]), [0]);
  });

  it('refuses: unknown position, a line refunded already, more units than are left, more shipping than is left, nothing chosen, nothing left', () => {
    const gone = order({ refunded: new Map([[0, { quantity: 1, amount: 1086.41, tax: 87.41 }]]), refundedTotal: 1086.41 });
    const refused = (state: RefundableOrder, request: Parameters<typeof planRefund>[1]) => {
      const result = planRefund(state, request);
      assert.equal(result.ok, false);
      return result.ok ? undefined : [result.reason, result.field, result.message];
    };
    assert.deepEqual(refused(order(), { items: [{ position: 0, quantity: 1 }, { position: 5, quantity: 1 }] }), ['unknownItem', 'items[1].position', 'The order has no item 5.']);
    assert.deepEqual(refused(gone, { items: [{ position: 0, quantity: 1 }] }), ['itemAlreadyRefunded', 'items[0].position', 'Item 0 is refunded already.']);
    assert.deepEqual(refused(order(), { items: [{ position: 1, quantity: 4 }] }), ['refundTooLarge', 'items[0].quantity', 'The refund is more than is left to refund on this order.']);
    assert.deepEqual(refused(order(), { items: [{ position: 1, quantity: 2 }, { position: 1, quantity: 2 }] }), ['refundTooLarge', 'items[1].quantity', 'The refund is more than is left to refund on this order.']);
    assert.deepEqual(refused(order({ refundedShipping: 1000, refundedTotal: 1000 }), { shippingAmount: 234.57 }), ['refundTooLarge', 'shippingAmount', 'The refund is more than is left to refund on this order.']);
    assert.deepEqual(refused(order(), { items: [] }), ['nothingToRefund', '', 'Nothing to refund: choose items or a shipping amount.']);
    assert.deepEqual(refused(order(), { shippingAmount: 0 }), ['nothingToRefund', '', 'Nothing to refund: choose items or a shipping amount.']);
    const all = order({
      refunded: new Map([
        [0, { quantity: 1, amount: 1086.41, tax: 87.41 }],
        [1, { quantity: 3, amount: 16309.23, tax: 1312.23 }],
      ]),
      refundedShipping: 1234.56,
      refundedTotal: 18738.22,
    });
    assert.deepEqual(refused(all, {}), ['refundTooLarge', '', 'The refund is more than is left to refund on this order.']);
    // Items worth more than what is left of the total (an order paid less than its lines' worth).
    assert.deepEqual(refused(order({ totalPrice: 500 }), { items: [{ position: 0, quantity: 1 }] }), ['refundTooLarge', '', 'The refund is more than is left to refund on this order.']);
  });

  it('refundableLeft counts units, shipping and total left', () => {
    const left = refundableLeft(order({ refunded: new Map([[1, { quantity: 2, amount: 1, tax: 0 }]]), refundedShipping: 34.56, refundedTotal: 100 }));
    assert.deepEqual([...left.quantities], [[0, 1], [1, 1]]);
    assert.equal(left.shipping, 1200);
    assert.equal(left.total, 18638.22);
  });
});

describe('refundableStatus: only a paid order is refunded', () => {
  it('paid statuses and OnHold when paid; Cancelled only after staff refunds; never unpaid', () => {
    for (const status of ['Scheduled', 'PendingProcessing', 'Processing', 'Completed', 'OnHold'] as const) assert.equal(refundableStatus(status, { paid: true, refundedBefore: false }), true, status);
    for (const status of ['PendingPayment', 'ConfirmedByClient', 'OnHold', 'Completed'] as const) assert.equal(refundableStatus(status, { paid: false, refundedBefore: false }), false, status);
    assert.equal(refundableStatus('Cancelled', { paid: true, refundedBefore: false }), false);
    assert.equal(refundableStatus('Cancelled', { paid: true, refundedBefore: true }), true);
  });
});

describe('refundCents: whole cents at the processor', () => {
  it('rounds cumulatively half up, so partial refunds add up to the rounding of their sum and never pass the charge', () => {
    assert.equal(refundCents({ amount: 1086.41, before: 0, amountDue: 18738 }), 1086);
    assert.equal(refundCents({ amount: 0.5, before: 0, amountDue: 100 }), 1, 'half a cent rounds up');
    assert.equal(refundCents({ amount: 0.49, before: 0, amountDue: 100 }), 0);
    // Three refunds of 0.4 cents: 0, 1 (0.8 → 1), 0 (1.2 → 1).
    assert.deepEqual([refundCents({ amount: 0.4, before: 0, amountDue: 100 }), refundCents({ amount: 0.4, before: 0.4, amountDue: 100 }), refundCents({ amount: 0.4, before: 0.8, amountDue: 100 })], [0, 1, 0]);
    // Everything: exactly the charge (amountDue is the total rounded half up).
    const parts = [1086.41, 5436.41, 12215.4];
    let before = 0;
    let cents = 0;
    for (const amount of parts) {
      cents += refundCents({ amount, before, amountDue: 18738 });
      before = Math.round((before + amount) * 100) / 100;
    }
    assert.equal(cents, 18738);
    assert.equal(refundCents({ amount: 50, before: 0, amountDue: 10 }), 10, 'never more than the charge');
    assert.equal(refundCents({ amount: 5, before: 8, amountDue: 10 }), 2);
  });
});
