import type { AddressForm } from '../checkout-rules';
import type { PaymentMethodName } from '../types';

/** What the checkout form holds (react-hook-form's values). */
export interface CheckoutValues {
  billing: AddressForm;
  shipping: AddressForm;
  /** The cart has Print items, so a shipping address is asked for (spec §3: Shipping kind). */
  needsShipping: boolean;
  sameAsBilling: boolean;
  paymentMethod: PaymentMethodName;
  cardNumber: string;
  /** The simulated card form's other fields (issue 26): never sent, never kept. */
  cardExpiry: string;
  cardCvc: string;
  cardName: string;
}

/** One line of the cart as checkout lists it. */
export interface CheckoutLine {
  key: string;
  name: string;
  distributionType: 'Digital' | 'Print';
  quantity: number;
  /** The line's price, minor units. */
  price: number;
  currency: string;
}
