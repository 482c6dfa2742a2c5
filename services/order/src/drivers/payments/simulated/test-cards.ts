/**
 * Stripe's test cards and test PaymentMethod ids, and what Stripe's test mode does with each: the
 * behaviour the simulated processor copies, so a shopper, an API client or a test pays the same way
 * against either driver. Pure: no database, no clock.
 */

export type Decline = { code: string; declineCode?: string };

export type CardOutcome =
  | { kind: 'succeed'; refundFails?: boolean }
  | { kind: 'decline'; decline: Decline }
  /** 3-D Secure: the shopper must authorise first; then the charge succeeds or is declined. */
  | { kind: 'authenticate'; then: { kind: 'succeed' } | { kind: 'decline'; decline: Decline } };

export interface TestCard {
  brand: string;
  numbers: readonly string[];
  paymentMethods: readonly string[];
  outcome: CardOutcome;
}

const succeed: CardOutcome = { kind: 'succeed' };
const declined = (code: string, declineCode?: string): CardOutcome => ({ kind: 'decline', decline: { code, ...(declineCode ? { declineCode } : {}) } });
const authenticateThen = (then: CardOutcome & { kind: 'succeed' | 'decline' }): CardOutcome => ({ kind: 'authenticate', then });

export const TEST_CARDS: readonly TestCard[] = [
  // Successful payments, by brand.
  { brand: 'visa', numbers: ['4242424242424242', '4000056655665556'], paymentMethods: ['pm_card_visa', 'pm_card_visa_debit'], outcome: succeed },
  {
    brand: 'mastercard',
    numbers: ['5555555555554444', '2223003122003222', '5200828282828210', '5105105105105100'],
    paymentMethods: ['pm_card_mastercard', 'pm_card_mastercard_debit', 'pm_card_mastercard_prepaid'],
    outcome: succeed,
  },
  { brand: 'amex', numbers: ['378282246310005', '371449635398431'], paymentMethods: ['pm_card_amex'], outcome: succeed },
  { brand: 'discover', numbers: ['6011111111111117', '6011000990139424'], paymentMethods: ['pm_card_discover'], outcome: succeed },
  { brand: 'diners', numbers: ['3056930009020004', '36227206271667'], paymentMethods: ['pm_card_diners'], outcome: succeed },
  { brand: 'jcb', numbers: ['3566002020360505'], paymentMethods: ['pm_card_jcb'], outcome: succeed },
  { brand: 'unionpay', numbers: ['6200000000000005'], paymentMethods: ['pm_card_unionpay'], outcome: succeed },
  { brand: 'visa', numbers: ['4000000000000077'], paymentMethods: ['pm_card_bypassPending'], outcome: succeed },
  // 3-D Secure supported but not required: no extra step.
  { brand: 'visa', numbers: ['4000000000003055'], paymentMethods: ['pm_card_threeDSecureOptional'], outcome: succeed },
  // Succeeds; refunds of it fail (Stripe: the refund fails after it was created).
  { brand: 'visa', numbers: ['4000000000005126'], paymentMethods: ['pm_card_refundFail'], outcome: { kind: 'succeed', refundFails: true } },
  // Declines.
  { brand: 'visa', numbers: ['4000000000000002'], paymentMethods: ['pm_card_visa_chargeDeclined', 'pm_card_chargeDeclined'], outcome: declined('card_declined', 'generic_decline') },
  {
    brand: 'visa',
    numbers: ['4000000000009995'],
    paymentMethods: ['pm_card_visa_chargeDeclinedInsufficientFunds', 'pm_card_chargeDeclinedInsufficientFunds'],
    outcome: declined('card_declined', 'insufficient_funds'),
  },
  { brand: 'visa', numbers: ['4000000000009987'], paymentMethods: ['pm_card_visa_chargeDeclinedLostCard', 'pm_card_chargeDeclinedLostCard'], outcome: declined('card_declined', 'lost_card') },
  { brand: 'visa', numbers: ['4000000000009979'], paymentMethods: ['pm_card_visa_chargeDeclinedStolenCard', 'pm_card_chargeDeclinedStolenCard'], outcome: declined('card_declined', 'stolen_card') },
  { brand: 'visa', numbers: ['4000000000000069'], paymentMethods: ['pm_card_chargeDeclinedExpiredCard'], outcome: declined('expired_card') },
  { brand: 'visa', numbers: ['4000000000000127'], paymentMethods: ['pm_card_chargeDeclinedIncorrectCvc'], outcome: declined('incorrect_cvc') },
  { brand: 'visa', numbers: ['4000000000000101'], paymentMethods: ['pm_card_cvcCheckFail'], outcome: declined('incorrect_cvc') },
  { brand: 'visa', numbers: ['4000000000000119'], paymentMethods: ['pm_card_chargeDeclinedProcessingError'], outcome: declined('processing_error') },
  {
    brand: 'visa',
    numbers: ['4000000000006975'],
    paymentMethods: ['pm_card_visa_chargeDeclinedVelocityLimitExceeded'],
    outcome: declined('card_declined', 'card_velocity_exceeded'),
  },
  { brand: 'visa', numbers: ['4000000000000341'], paymentMethods: ['pm_card_chargeCustomerFail'], outcome: declined('card_declined', 'generic_decline') },
  // Blocked by fraud rules (Radar).
  { brand: 'visa', numbers: ['4100000000000019'], paymentMethods: ['pm_card_radarBlock'], outcome: declined('card_declined', 'fraudulent') },
  { brand: 'visa', numbers: ['4000000000004954'], paymentMethods: ['pm_card_riskLevelHighest'], outcome: declined('card_declined', 'fraudulent') },
  // Authentication (3-D Secure) required.
  {
    brand: 'visa',
    numbers: ['4000002760003184', '4000002500003155', '4000000000003220', '4000000000003063'],
    paymentMethods: ['pm_card_authenticationRequired', 'pm_card_authenticationRequiredOnSetup', 'pm_card_threeDSecure2Required', 'pm_card_threeDSecureRequired'],
    outcome: authenticateThen({ kind: 'succeed' }),
  },
  {
    brand: 'visa',
    numbers: ['4000008260003178'],
    paymentMethods: ['pm_card_authenticationRequiredChargeDeclinedInsufficientFunds'],
    outcome: authenticateThen({ kind: 'decline', decline: { code: 'card_declined', declineCode: 'insufficient_funds' } }),
  },
  {
    brand: 'visa',
    numbers: ['4000008400001629'],
    paymentMethods: ['pm_card_threeDSecureRequiredChargeDeclined'],
    outcome: authenticateThen({ kind: 'decline', decline: { code: 'card_declined', declineCode: 'generic_decline' } }),
  },
];

const BY_NUMBER = new Map(TEST_CARDS.flatMap((card) => card.numbers.map((number) => [number, card] as const)));
const BY_PAYMENT_METHOD = new Map(TEST_CARDS.flatMap((card) => card.paymentMethods.map((id) => [id, card] as const)));

/** What a card nonce stands for; card numbers are never kept, only their brand and last four digits. */
export type ResolvedCard =
  | { found: true; brand: string; last4: string; outcome: CardOutcome }
  /** Stripe answers an unknown PaymentMethod with resource_missing: nothing is charged. */
  | { found: false };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const CARD_NUMBER = /^\d{12,19}$/;

/**
 * A card nonce: one of Stripe's test PaymentMethod ids, or a card number (spaces and dashes allowed)
 * as a shopper types it into the simulated checkout. Like Stripe's test mode, a number failing the
 * Luhn check is incorrect_number, and a number that is not a test card is declined.
 */
export function resolveCard(nonce: string): ResolvedCard {
  const byId = BY_PAYMENT_METHOD.get(nonce);
  if (byId) return { found: true, brand: byId.brand, last4: byId.numbers[0]!.slice(-4), outcome: byId.outcome };
  const digits = nonce.replace(/[\s-]/g, '');
  if (!CARD_NUMBER.test(digits)) return { found: false };
  const last4 = digits.slice(-4);
  const card = BY_NUMBER.get(digits);
  if (card) return { found: true, brand: card.brand, last4, outcome: card.outcome };
  if (!luhnValid(digits)) return { found: true, brand: 'unknown', last4, outcome: declined('incorrect_number') };
  return { found: true, brand: 'unknown', last4, outcome: declined('card_declined', 'test_mode_live_card') };
}
