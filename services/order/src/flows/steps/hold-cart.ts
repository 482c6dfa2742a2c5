import { ORDER_MESSAGES } from '@inkwell/contracts/order';
import { DomainError } from '@inkwell/platform';
import { done, failed, type FlowStep } from '../flow';
import type { PlaceContext } from './context';

/** Holds the cart for the purchase (Open → Purchasing), so nothing can change it while it is paid. */
export const holdCart: FlowStep<PlaceContext, { cartId: string }> = {
  name: 'hold-cart',
  async run(context) {
    const { deps, purchase } = context;
    try {
      context.held = await deps.cart.hold({ cartId: purchase.cartId, userId: purchase.userId ?? '', couponCode: purchase.couponCode ?? '', purchaseId: purchase.id });
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
      await deps.cart.release(output.cartId, purchase.id);
    } catch (error) {
      if (error instanceof DomainError && error.statusCode === 409) return;
      throw error;
    }
  },
};
