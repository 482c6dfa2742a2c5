import { ORDER_MESSAGES } from '@inkwell/contracts/order';
import { sameCart } from '../quote';
import { done, failed, type FlowStep } from '../flow';
import type { PlaceContext } from './context';
import { holdRequest } from './hold-cart';

/** The held cart is what was quoted (same lines, prices and coupon saving); else the shopper checks it again. */
export const checkCart: FlowStep<PlaceContext, Record<string, never>> = {
  name: 'check-cart',
  recordWithNext: true,
  async run(context) {
    const { deps, purchase } = context;
    // After a crash between the two steps the hold is asked again: the same purchase gets the same held cart.
    const held = context.held ?? (await deps.cart.hold(holdRequest(purchase)));
    if (!sameCart(purchase.lines, held, purchase.couponSaveAmount)) return failed({ reason: 'cartChanged', message: ORDER_MESSAGES.cartChanged });
    return done({});
  },
};
