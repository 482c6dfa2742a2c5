import type { AddressForm } from './checkout-rules';
import type { PaymentMethodName } from './types';

/**
 * What the shopper had typed at checkout, kept in session storage only while the browser is away
 * at the payment provider's page (3-D Secure, a wallet): a payment that fails there comes back to
 * the same form instead of an empty one. Never the card number. Cleared once the purchase is paid.
 */
export interface CheckoutDraft {
  guestEmail: string | null;
  billing: AddressForm;
  shipping: AddressForm;
  sameAsBilling: boolean;
  paymentMethod: PaymentMethodName;
  couponCode: string | null;
  shippingMethod: string | null;
}

const KEY = 'checkoutDraft';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the form comes back empty, nothing else is lost.
  }
}

export function readCheckoutDraft(): CheckoutDraft | null {
  try {
    const text = storage()?.getItem(KEY);
    return text ? (JSON.parse(text) as CheckoutDraft) : null;
  } catch {
    return null;
  }
}

export function clearCheckoutDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
