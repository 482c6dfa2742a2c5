import type { CartStatus } from '@inkwell/contracts/cart';

/**
 * Storefront spec §4: Open → Purchasing → Closed. Checkout may give a Purchasing cart back (a failed
 * or cancelled payment); a Closed cart stays closed, and the storefront starts a new id.
 */
const NEXT: Readonly<Record<CartStatus, readonly CartStatus[]>> = {
  Open: ['Purchasing'],
  Purchasing: ['Closed', 'Open'],
  Closed: [],
};

export function canMoveCart(from: CartStatus, to: CartStatus): boolean {
  return NEXT[from].includes(to);
}

/** Only an Open cart takes changes. */
export function acceptsChanges(status: CartStatus): boolean {
  return status === 'Open';
}
