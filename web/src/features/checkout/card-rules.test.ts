import { describe, expect, it } from 'vitest';
import { CARD_FIELD_MESSAGES, cardBrand, cardProblems, cvcProblem, expiryProblem, formatCardNumber, formatExpiry } from './card-rules';

const NOW = new Date(2026, 10, 27);

describe('the simulated card form (issue 26)', () => {
  it('groups the number as typed: 4-4-4-4, American Express 4-6-5, and names the brand', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
    expect(cardBrand('4242')?.name).toBe('Visa');
    expect(cardBrand('37')).toMatchObject({ name: 'American Express', cvcLength: 4 });
    expect(cardBrand('')).toBeNull();
  });

  it('writes the expiry as MM/YY, the slash by itself', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('refuses a past, impossible or incomplete expiry and a short code, in words beside each field', () => {
    expect(expiryProblem('10/26', NOW)).toBe(CARD_FIELD_MESSAGES.expiryPast);
    expect(expiryProblem('11/26', NOW)).toBeUndefined();
    expect(expiryProblem('13/30', NOW)).toBe(CARD_FIELD_MESSAGES.expiryInvalid);
    expect(expiryProblem('1/3', NOW)).toBe(CARD_FIELD_MESSAGES.expiryIncomplete);
    expect(cvcProblem('123', '4242424242424242')).toBeUndefined();
    expect(cvcProblem('123', '378282246310005')).toBe(CARD_FIELD_MESSAGES.cvcIncomplete);
    expect(cvcProblem('1234', '378282246310005')).toBeUndefined();
  });

  it('checks the number by Luhn; a pm_ id needs nothing else', () => {
    const card = { cardNumber: '4242 4242 4242 4241', cardExpiry: '12/30', cardCvc: '123', cardName: 'Ada Lovelace' };
    expect(cardProblems(card, NOW)).toEqual([{ field: 'cardNumber', message: 'Your card number is invalid.' }]);
    expect(cardProblems({ ...card, cardNumber: '4242 4242 4242 4242' }, NOW)).toEqual([]);
    expect(cardProblems({ cardNumber: 'pm_card_visa', cardExpiry: '', cardCvc: '', cardName: '' }, NOW)).toEqual([]);
    expect(cardProblems({ cardNumber: '', cardExpiry: '', cardCvc: '', cardName: '' }, NOW).map((problem) => problem.field)).toEqual(['cardNumber', 'cardExpiry', 'cardCvc', 'cardName']);
  });
});
