import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_SCORE, passwordStrengthMessage, passwordUserInputs } from '@inkwell/contracts/account-rules';
import { loadPasswordEstimator } from './password-strength';

describe('the storefront\'s password strength (issue 26), by the service\'s rule', () => {
  it('scores as the account service does: "password" refused with the same words, a few uncommon words accepted', async () => {
    const zxcvbn = await loadPasswordEstimator();
    const weak = zxcvbn.check('password', passwordUserInputs('ada@example.com'));
    expect(weak.score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(passwordStrengthMessage({ score: weak.score, warning: weak.feedback.warning, suggestions: weak.feedback.suggestions })).toBe(
      'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
    );
    const strong = zxcvbn.check('lighthouse keeper of the north', passwordUserInputs('ada@example.com'));
    expect(strong.score).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    expect(passwordStrengthMessage({ score: strong.score, warning: strong.feedback.warning, suggestions: strong.feedback.suggestions })).toBeUndefined();
  });

  it('counts the email as the person\'s own words', async () => {
    expect(passwordUserInputs(' Ada.Lovelace@Example.com ')).toEqual(['ada.lovelace@example.com', 'ada.lovelace']);
    expect(passwordUserInputs(null)).toEqual([]);
    const zxcvbn = await loadPasswordEstimator();
    expect(zxcvbn.check('ada.lovelace1', passwordUserInputs('ada.lovelace@example.com')).score).toBeLessThan(PASSWORD_MIN_SCORE);
  });
});
