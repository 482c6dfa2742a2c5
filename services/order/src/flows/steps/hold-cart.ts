import { ORDER_MESSAGES } from '@inkwell/contracts/order';
import { DomainError, type HoldCartRequest } from '@inkwell/platform';
import type { PurchaseRecord } from '../../store/purchases';
import { done, failed, type FlowStep } from '../flow';
import type { PlaceContext } from './context';

/** The cart hold for the purchase's current payment attempt (by purchase alone for one older than attempts' holds). */
export const holdRequest = (purchase: PurchaseRecord): HoldCartRequest => ({
  cartId: purchase.cartId,
  userId: purchase.userId ?? '',
  couponCode: purchase.couponCode ?? '',
  purchaseId: purchase.id,
  holdId: purchase.holdId ?? '',
});

/** Holds the cart for the purchase (Open → Purchasing), so nothing can change it while it is paid. */
export const holdCart: FlowStep<PlaceContext, { cartId: string }> = {
  name: 'hold-cart',
  async run(context) {
    const { deps, purchase } = context;
    try {
      context.held = await deps.cart.hold(holdRequest(purchase));
    } catch (error) {
      // Held by another purchase, closed or emptied: the shopper's cart is not what was quoted.
      if (error instanceof DomainError && error.statusCode === 409) return failed({ reason: 'cartChanged', message: ORDER_MESSAGES.cartChanged });
      throw error;
    }
    return done({ cartId: purchase.cartId });
  },
  /** Gives the cart back (Purchasing → Open), unless the purchase closed it; a cart that is no longer ours to give is left. */
  async undo({ deps, purchase }, output, log) {
    if (log.get('close-cart')?.status === 'done') return;
    try {
      await deps.cart.release(output.cartId, purchase.id, purchase.holdId ?? '');
    } catch (error) {
      if (error instanceof DomainError && error.statusCode === 409) return;
      throw error;
    }
  },
};
