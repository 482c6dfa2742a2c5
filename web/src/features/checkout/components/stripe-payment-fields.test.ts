import { describe, expect, it } from 'vitest';
import { methodOfPaymentMethod } from './stripe-payment-fields';

describe("a Stripe PaymentMethod as the order's payment method", () => {
  it.each([
    [{ type: 'card', card: { wallet: null } }, 'Card'],
    [{ type: 'card', card: { wallet: { type: 'google_pay' } } }, 'GooglePay'],
    [{ type: 'card', card: { wallet: { type: 'apple_pay' } } }, 'ApplePay'],
    [{ type: 'paypal' }, 'PayPal'],
  ] as const)('%j → %s', (paymentMethod, method) => {
    expect(methodOfPaymentMethod(paymentMethod as never)).toBe(method);
  });
});
