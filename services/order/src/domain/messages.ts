/**
 * The order service's own words, for what only its API says (the words the storefront shows too are
 * in contracts: ORDER_MESSAGES in order.ts and the address messages in order-rules.ts).
 */
export const ORDER_SERVICE_MESSAGES = {
  /** The summary of a refusal that lists no problem (never expected: every refusal names one). */
  cannotPrice: 'The purchase cannot be priced.',
  cartUnavailable: 'The cart cannot be reached just now. Try again in a moment.',
  unknownVerification: 'That earlier verification is no longer known. Verify the address again without it.',
  accountUnavailable: 'The account service cannot be reached just now: the orders were anonymised; try again to erase the account.',
  paymentProviderUnavailable: 'The payment provider cannot be reached just now: nothing was erased; try again in a moment.',
  refundBeingSettled: 'A staff refund of this purchase is being settled; send the event again in a moment.',
} as const;
