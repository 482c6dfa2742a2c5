import { ordersOfPurchase } from '../../store/purchases';
import { done, failed, type FlowStep } from '../flow';
import type { PlaceContext } from './context';

/**
 * Counts the coupon's use for the purchase (once: the cart answers a repeat as redeemed). A coupon
 * that can no longer be redeemed (its last use went to another purchase) fails the flow, which
 * refunds and cancels the purchase.
 */
export const redeemCoupon: FlowStep<PlaceContext, { code: string | null }> = {
  name: 'redeem-coupon',
  async run({ deps, purchase }) {
    if (!purchase.couponCode) return done({ code: null });
    const [first] = await ordersOfPurchase(deps.db, purchase.id);
    const redemption = await deps.cart.redeemCoupon({
      code: purchase.couponCode,
      userId: purchase.userId ?? `guest:${(purchase.email ?? purchase.id).toLowerCase()}`,
      orderId: first?.id ?? purchase.id,
      saveAmount: purchase.couponSaveAmount,
      currency: purchase.currency,
    });
    if (!redemption.redeemed) {
      return failed({
        reason: 'couponRefused',
        message: `The coupon ${purchase.couponCode} could no longer be used (${redemption.problem}), so we could not complete the order. Your payment has been refunded in full.`,
      });
    }
    return done({ code: purchase.couponCode });
  },
};
