import { done, type FlowStep } from '../flow';
import type { PlaceContext } from './context';

/** Closes the held cart (Purchasing → Closed): the storefront starts a new one. Final: a closed cart is not given back. */
export const closeCart: FlowStep<PlaceContext, Record<string, never>> = {
  name: 'close-cart',
  async run({ deps, purchase }) {
    await deps.cart.close(purchase.cartId, purchase.id);
    return done({});
  },
};
