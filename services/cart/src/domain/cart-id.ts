import { CART_ID_PATTERN } from '@inkwell/contracts/cart';

const CART_ID = new RegExp(CART_ID_PATTERN);

/**
 * A cart id is the browser's random uuid (122 random bits): knowing it is what lets a guest use the
 * cart, so anything shorter or otherwise shaped is refused rather than stored.
 */
export function isCartId(value: string): boolean {
  return CART_ID.test(value);
}

/** Ids compare in lower case, as Postgres prints a uuid. */
export function normalizeCartId(value: string): string {
  return value.toLowerCase();
}
