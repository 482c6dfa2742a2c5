import cardValidator from 'card-validator';
import { CARD_MESSAGES, cardNonce, cardNumberProblem } from './checkout-rules';

/**
 * The simulated processor's card form (issue 26): the number grouped as it is typed, with its brand;
 * the expiry as MM/YY; the security code of the brand's length; the name on the card. Each field's
 * problem in the words Stripe's card form uses (spec §5: card number, expiration date and CCV
 * invalid are payment error kinds). Only the number goes to the processor, as the nonce; the rest
 * is checked here, as a real card form checks it before the card is sent anywhere.
 */

export const CARD_FIELD_MESSAGES = {
  ...CARD_MESSAGES,
  expiryMissing: "Enter your card's expiration date.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcMissing: "Enter your card's security code.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Enter the name on the card.',
} as const;

/** Gaps after the 4th, 8th and 12th digit when the brand is not known yet. */
const DEFAULT_GAPS = [4, 8, 12];
const MAX_DIGITS = 19;

export interface CardBrand {
  /** card-validator's type, e.g. `visa`, `american-express`. */
  type: string;
  /** The brand as people write it: Visa, American Express. */
  name: string;
  /** Digits of its security code: 3, or 4 for American Express. */
  cvcLength: number;
  /** What the security code is called on this brand (CVV, CVC, CID). */
  cvcName: string;
}

/** The brand a number's first digits show, once they show one. */
export function cardBrand(value: string): CardBrand | null {
  const digits = value.replace(/\D/g, '');
  if (digits === '') return null;
  const { card } = cardValidator.number(digits);
  if (!card) return null;
  return { type: card.type, name: card.niceType, cvcLength: card.code.size, cvcName: card.code.name };
}

/** The number as typed, digits only, grouped the brand's way (4-4-4-4; American Express 4-6-5), no longer than the brand's longest. */
export function formatCardNumber(value: string): string {
  if (/^\s*pm_/.test(value)) return value.trim();
  const digits = value.replace(/\D/g, '');
  const { card } = cardValidator.number(digits);
  const max = card ? Math.max(...card.lengths) : MAX_DIGITS;
  const gaps = card ? card.gaps : DEFAULT_GAPS;
  const kept = digits.slice(0, max);
  let grouped = '';
  for (let index = 0; index < kept.length; index += 1) {
    if (gaps.includes(index) && index > 0) grouped += ' ';
    grouped += kept[index];
  }
  return grouped;
}

/** The expiry as typed, turned into MM/YY: "4" becomes "04/" once a second digit cannot follow; the slash comes by itself. */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit, as a shopper expects of a backspace there.
  if (previous.endsWith('/') && value === previous.slice(0, -1)) digits = digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return value.length < previous.length ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export { cardNonce };

export function cardNumberFieldProblem(value: string): string | undefined {
  return cardNumberProblem(value);
}

/** Month and two-digit year of an MM/YY expiry, the card being good through the month's last day. */
export function expiryProblem(value: string, now = new Date()): string | undefined {
  const digits = value.replace(/\D/g, '');
  if (digits === '') return CARD_FIELD_MESSAGES.expiryMissing;
  if (digits.length < 4) return CARD_FIELD_MESSAGES.expiryIncomplete;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2, 4));
  if (month < 1 || month > 12) return CARD_FIELD_MESSAGES.expiryInvalid;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return CARD_FIELD_MESSAGES.expiryPast;
  // Cards are not issued for more than twenty years ahead: a typo rather than a card.
  if (year > thisYear + 20) return CARD_FIELD_MESSAGES.expiryInvalid;
  return undefined;
}

/** The security code: 3 digits, 4 for American Express (its brand from the number). */
export function cvcProblem(value: string, number: string): string | undefined {
  const digits = value.trim();
  if (digits === '') return CARD_FIELD_MESSAGES.cvcMissing;
  const length = cardBrand(number)?.cvcLength ?? 3;
  return /^\d+$/.test(digits) && digits.length === length ? undefined : CARD_FIELD_MESSAGES.cvcIncomplete;
}

export function cardNameProblem(value: string): string | undefined {
  return value.trim() === '' ? CARD_FIELD_MESSAGES.nameMissing : undefined;
}

export interface CardFields {
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  cardName: string;
}

/** Every field's problem, in the form's order; empty when the card may be sent. A pm_… id (API clients, tests) needs nothing else. */
export function cardProblems(card: CardFields, now = new Date()): Array<{ field: keyof CardFields; message: string }> {
  const found: Array<{ field: keyof CardFields; message: string | undefined }> = [
    { field: 'cardNumber', message: cardNumberFieldProblem(card.cardNumber) },
  ];
  if (!/^\s*pm_/.test(card.cardNumber)) {
    found.push(
      { field: 'cardExpiry', message: expiryProblem(card.cardExpiry, now) },
      { field: 'cardCvc', message: cvcProblem(card.cardCvc, card.cardNumber) },
      { field: 'cardName', message: cardNameProblem(card.cardName) },
    );
  }
  return found.filter((entry): entry is { field: keyof CardFields; message: string } => entry.message !== undefined);
}
