import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_STRENGTH_OPTIONS, passwordProblem, passwordStrengthMessage, passwordUserInputs } from '@inkwell/contracts/account-rules';

/**
 * The account service's check of a new password (issue 26), everywhere one is set: sign-up,
 * change, reset. First the length rule of the spec's messages, then the strength rule both ends
 * share (contracts/account-rules): zxcvbn-ts with its common-password list (drawn from breached
 * passwords) and English dictionaries, the person's email as their own words.
 */
let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  // Built on first use: ranking the dictionaries takes a moment that start-up need not pay.
  estimator ??= new ZxcvbnFactory({
    ...PASSWORD_STRENGTH_OPTIONS,
    maxLength: PASSWORD_MAX_LENGTH,
    translations: zxcvbnEn.translations,
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
  });
  return estimator;
}

/** zxcvbn's estimate of `password`, with the owner's email as their own words. */
export function estimatePassword(password: string, email?: string | null): ZxcvbnResult {
  return zxcvbn().check(password, passwordUserInputs(email));
}

/** The problem with a new password for the account of `email`, or undefined when it may be set. */
export function newPasswordProblem(password: string, email?: string | null): string | undefined {
  const problem = passwordProblem(password);
  if (problem) return problem;
  const { score, feedback } = estimatePassword(password, email);
  return passwordStrengthMessage({ score, warning: feedback.warning, suggestions: feedback.suggestions });
}
