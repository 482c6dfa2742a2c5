/** Shapes of the cart service's answers (storefront spec §3): the API's contract. */
import type { Cart, CartChange, CartItem, CartStatus } from '@inkwell/contracts/cart';

export type { CartStatus };
export type CartItemView = CartItem;
export type CartView = Cart;
export type CartChangeBody = CartChange;
