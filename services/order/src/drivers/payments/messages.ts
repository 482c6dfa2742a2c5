import type { PaymentFailure, PaymentFailureKind } from './port';

/**
 * What the shopper reads when a payment fails: the spec's card error messages (§8), one per kind
 * of failure the payment provider reports, written once here. Unknown failures are 'Purchase Failed'.
 */
export const PAYMENT_ERROR_MESSAGES = {
  connectionFailure: 'We could not connect to the payment provider. Please check your connection and try again.',
  couldNotCommunicate: 'We could not communicate with the payment provider. Please try again.',
  noSecureConnection: 'We could not make a secure connection to the payment provider. Please try again later.',
  cardError: 'There was an error with your card.',
  communicationError: 'There was a communication error with the payment provider. Please try again.',
  requestNotUnderstood: 'The payment provider did not understand the request.',
  rateLimited: 'The payment provider rejected the request because too many were made. Please wait a moment and try again.',
  couldNotValidateCard: 'We could not validate your card. Please check its details and try again.',
  chargeFailed: 'Your payment could not be completed.',
} as const;

export { PURCHASE_FAILED } from '@inkwell/contracts/order-rules';

/** What the webhook answers a processor (or anyone else) posting an event it refuses. */
export const WEBHOOK_MESSAGES = {
  notJson: 'Send the event as application/json.',
  invalidJson: 'The event is not valid JSON.',
  noSignature: 'The event carries no signature.',
  malformedSignature: 'The event signature is malformed.',
  wrongSignature: 'The event signature does not match.',
  stale: 'The event is older than the tolerance: a replay.',
  noStripeSignature: 'The event carries no Stripe-Signature header.',
} as const;

/** The provider's error type (Stripe's names) → the spec's message for it. */
export function providerErrorMessage(type: string | undefined): string {
  switch (type) {
    case 'api_connection_error':
      return PAYMENT_ERROR_MESSAGES.connectionFailure;
    case 'api_error':
      return PAYMENT_ERROR_MESSAGES.couldNotCommunicate;
    case 'authentication_error':
    case 'permission_error':
      return PAYMENT_ERROR_MESSAGES.noSecureConnection;
    case 'card_error':
      return PAYMENT_ERROR_MESSAGES.cardError;
    case 'idempotency_error':
      return PAYMENT_ERROR_MESSAGES.communicationError;
    case 'invalid_request_error':
      return PAYMENT_ERROR_MESSAGES.requestNotUnderstood;
    case 'rate_limit_error':
      return PAYMENT_ERROR_MESSAGES.rateLimited;
    case 'validation_error':
      return PAYMENT_ERROR_MESSAGES.couldNotValidateCard;
    default:
      return PAYMENT_ERROR_MESSAGES.chargeFailed;
  }
}

/**
 * The reason after 'There was an error with your card.', by Stripe's code and decline code. Lost,
 * stolen and fraud-flagged cards read as a plain decline, as Stripe advises: telling the person
 * holding the card that it was reported helps only a thief.
 */
const CARD_REASONS: Readonly<Record<string, string>> = {
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is invalid.",
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is invalid.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  processing_error: 'An error occurred while processing your card. Try again in a little while.',
  payment_intent_authentication_failure: 'We could not authenticate your payment method. Please choose a different payment method and try again.',
  authentication_required: 'Your bank asks you to authenticate this payment.',
  payment_method_provider_decline: 'The payment provider declined the payment.',
  refund_failed: 'The refund could not be made to this card.',
  test_mode_live_card: 'Your card was declined: a real card cannot be used for a test payment.',
};
const CARD_DECLINED = 'Your card was declined.';

export function cardReason(code: string, declineCode?: string): string {
  return (declineCode && CARD_REASONS[declineCode]) || CARD_REASONS[code] || CARD_DECLINED;
}

const KIND_OF_TYPE: Readonly<Record<string, PaymentFailureKind>> = {
  card_error: 'CardError',
  validation_error: 'CardError',
  invalid_request_error: 'InvalidRequestError',
  idempotency_error: 'IdempotencyError',
};
const TYPE_OF_KIND: Readonly<Record<PaymentFailureKind, string>> = {
  CardError: 'card_error',
  InvalidRequestError: 'invalid_request_error',
  IdempotencyError: 'idempotency_error',
  ApiError: 'api_error',
};

/**
 * A failure the provider reported with its error type (Stripe's names), with the message the
 * shopper reads: for a card error the spec's sentence and the reason; otherwise the spec's message
 * for the type. Every other type (connection, authentication, rate limit, server) is an ApiError.
 */
export function providerFailure(type: string | undefined, code: string | undefined, declineCode?: string | null): PaymentFailure {
  const kind = (type && KIND_OF_TYPE[type]) || 'ApiError';
  const resolvedCode = code || type || 'api_error';
  const message = type === 'card_error' ? `${PAYMENT_ERROR_MESSAGES.cardError} ${cardReason(resolvedCode, declineCode ?? undefined)}` : providerErrorMessage(type);
  return { kind, code: resolvedCode, ...(declineCode ? { declineCode } : {}), message };
}

/** A failure of `kind`, with the message the shopper reads for it. */
export function paymentFailure(kind: PaymentFailureKind, code: string, declineCode?: string): PaymentFailure {
  return providerFailure(TYPE_OF_KIND[kind], code, declineCode);
}
