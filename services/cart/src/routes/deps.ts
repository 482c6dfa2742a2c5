import type { ServiceContext } from '@inkwell/platform';
import type { CartDeps } from '../flows/cart-session';

/** What the cart's routes are given: the service context and the cart flows' parts. */
export interface CartRouteDeps {
  context: ServiceContext;
  cart: CartDeps;
}
